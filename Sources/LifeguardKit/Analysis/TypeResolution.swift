/// What kind of object a type name is, as far as the run and UIKit tell.
public enum TypeClass: Sendable, Equatable {
    case controller, view, other, unknown

    /// A controller, or something that might be one.
    public var mayBeController: Bool { self == .controller || self == .unknown }

    /// Declared in the run or known from UIKit: classified by its class chain. Otherwise judged
    /// by the name (`...ViewController`, `...Controller`, `...VC`; `...View`, `...Cell`), and
    /// SpriteKit/SceneKit nodes (`SKShapeNode`, `...Node`) are never controllers.
    public init(typeKey name: String, index: ProjectIndex) {
        if index.isController(name) {
            self = .controller
        } else if index.isView(name) {
            self = .view
        } else if let root = index.unresolvedSuperclass(of: name),
                  case let guess = TypeClass(guessingFromName: ProjectIndex.simpleName(root)),
                  guess == .controller || guess == .view {
            // A class of the run whose ancestry leaves the run through a framework class Lifeguard
            // does not know (`ASCredentialProviderViewController`): judged by that class's name.
            // (A first inherited name like `ObservableObject` may be a protocol: it decides nothing.)
            self = guess
        } else if !index.declaredKinds(of: name).isEmpty || index.isClass(name)
                    || UIKitCatalog.classBoundProtocols.contains(name) {
            self = .other
        } else {
            // A named type the run cannot see (a package's `DDXMLElement`, a binary framework's
            // class) whose name says neither controller nor view: nothing visible makes it one,
            // so it is not treated as a possible controller. (`.unknown` stays for objects whose
            // type cannot be named at all.)
            let guess = TypeClass(guessingFromName: ProjectIndex.simpleName(name))
            self = guess == .unknown && index.seesTheRun ? .other : guess
        }
    }

    /// A type (or variable, capitalized) name read as a hint: `SettingsViewController`,
    /// `PhotoCell`, `SKLabelNode`.
    public init(guessingFromName name: String) {
        if UIKitVocabulary.looksLikeSceneNode(name) {
            self = .other
        } else if UIKitVocabulary.looksLikeController(name) {
            self = .controller
        } else if name.hasSuffix("View") || name.hasSuffix("Cell") {
            self = .view
        } else {
            self = .unknown
        }
    }
}

/// UIKit naming conventions the rules rely on when a type is not visible.
public enum UIKitVocabulary {
    /// Collections of a container's existing children: a controller found there is already a child.
    public static let childCollections: Set<String> = ["children", "childViewControllers", "viewControllers"]

    /// Whether a type name reads like a view controller's, for types declared outside the run.
    public static func looksLikeController(_ name: String) -> Bool {
        name.hasSuffix("Controller") || name.hasSuffix("VC")
    }

    /// SpriteKit and SceneKit nodes also have `addChild(_:)` and `removeFromParent()`: a type
    /// from those frameworks (`SKShapeNode`, `SCNNode`), or a name that reads like a node.
    public static func looksLikeSceneNode(_ name: String) -> Bool {
        if name.hasSuffix("Node") || name.hasSuffix("Scene") { return true }
        for prefix in ["SK", "SCN"] where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            if let next = rest.first, next.isUppercase, rest.dropFirst().first?.isLowercase == true { return true }
        }
        return false
    }
}

extension FileModel {
    /// The index key of the type a chain's object evidently has: `self`'s type, a property's
    /// declared type (through each member link), a local's or parameter's annotation, the type
    /// its initializer creates or casts to, or the type of what it aliases. `nil` when the
    /// visible code does not say.
    public func typeKey(of chain: ExpressionChain, at node: NodeID) -> String? {
        guard case .name(let rootName)? = chain.links.first, !chain.isImplicitMember else { return nil }
        var visited = VisitedLocals()
        var key = typeKeyOfName(rootName, token: TokenID(chain.linkTokens[0]), at: node, hops: 0, visited: &visited)
        for link in chain.links.dropFirst() {
            guard let current = key else { return nil }
            switch link {
            case .name(let name):
                key = index.member(name, of: current)?.typeName
            case .call, .subscript, .closure:
                return nil
            }
        }
        return key
    }

    /// What a chain's object is: by its resolved type, else (for a name the run cannot type) by
    /// the last name in the chain (`settingsVC`, `headerView`).
    public func typeClass(of chain: ExpressionChain, at node: NodeID) -> TypeClass {
        if let key = typeKey(of: chain, at: node) { return TypeClass(typeKey: key, index: index) }
        guard let last = chain.names.last else { return .unknown }
        if last == "vc" || last == "controller" || last == "viewController" { return .controller }
        return TypeClass(guessingFromName: last.prefix(1).uppercased() + last.dropFirst())
    }

    private func typeKeyOfName(_ name: String, token: TokenID, at node: NodeID, hops: Int,
                               visited: inout VisitedLocals) -> String? {
        switch binding(of: name, at: token) {
        case .selfValue:
            return enclosingRole(of: node.index)?.key
        case .free(let free):
            return member(free, at: node.index)?.typeName
        case .local(let variable):
            return typeKeyOfLocal(variable, hops: hops, visited: &visited)
        case .parameter(let function, let position):
            let parameters = outline.functions[function.index].parameters
            let parameter = outline.parameters[parameters.lowerBound + position]
            return TypeNames.annotated(tree, parameter.type).map { typeKey($0, at: node.index) }
        case .accessorValue(let function, _):
            guard let property = outline.functions[function.index].property, property >= 0 else { return nil }
            return typeKeyOfLocalDeclaration(VariableID(property))
        case .capture(let closure, let position):
            let capture = outline.captures[outline.closures[closure.index].captures.lowerBound + position]
            guard hops < Self.aliasHopLimit, let expression = capture.expression,
                  let source = ExpressionChain(tree, tokens: expression) else { return nil }
            return typeKey(of: source, at: outline.closures[closure.index].nodeID)
        case .closureParameter(let closure, let position):
            // `child.do { $0... }` passes the receiver itself.
            let item = outline.closures[closure.index]
            guard position == 0, hops < Self.aliasHopLimit, let callIndex = item.call else { return nil }
            let call = outline.calls[callIndex]
            guard ClosureReceiverRelation.selfCalls.contains(tree.text(ofToken: call.nameToken)),
                  let receiver = call.receiver.flatMap({ ExpressionChain(tree, tokens: $0) }) else { return nil }
            return typeKey(of: receiver, at: call.nodeID)
        case .pattern:
            return nil
        }
    }

    private func typeKeyOfLocal(_ variable: VariableID, hops: Int, visited: inout VisitedLocals) -> String? {
        if let declared = typeKeyOfLocalDeclaration(variable) { return declared }
        let declaration = outline.variables[variable.index]
        guard hops < Self.aliasHopLimit, visited.insert(variable), enclosingLoop(ofBinding: variable) == nil else {
            return nil
        }
        guard let initializer = declaration.initializer else {
            guard declaration.isConditionalBinding else { return nil }
            return typeKeyOfName(tree.name(of: declaration), token: TokenID(declaration.nameToken), at: declaration.nodeID,
                                 hops: hops + 1, visited: &visited)
        }
        guard let source = ExpressionChain(tree, tokens: initializer),
              case .name(let rootName)? = source.links.first, !source.isImplicitMember else { return nil }
        var key = typeKeyOfName(rootName, token: TokenID(source.linkTokens[0]), at: declaration.nodeID, hops: hops + 1,
                                visited: &visited)
        for link in source.links.dropFirst() {
            guard let current = key, case .name(let name) = link else { return nil }
            key = index.member(name, of: current)?.typeName
        }
        return key
    }

    /// A declaration's own annotation, creation (`Foo()`) or cast (`as? Foo`).
    private func typeKeyOfLocalDeclaration(_ variable: VariableID) -> String? {
        let declaration = outline.variables[variable.index]
        if let annotation = declaration.typeAnnotation, let written = TypeNames.annotated(tree, annotation) {
            return typeKey(written, at: declaration.node)
        }
        if let initializer = declaration.initializer, let written = TypeNames.initialized(tree, initializer) {
            return typeKey(written, at: declaration.node)
        }
        return nil
    }
}
