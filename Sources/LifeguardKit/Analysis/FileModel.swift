/// Facts about one parsed file that several rules ask for, computed once: which type and which
/// function encloses each node, and what each type is (controller, view, class).
public final class FileModel: Sendable {
    public let tree: SyntaxTree
    public let index: ProjectIndex
    /// What takes each expression's value, by the raw token it starts at.
    let destinations: [Int: ValueDestination]
    /// Call indices by base name, so a rule looks up `addSubview` instead of scanning every call.
    public let callsByName: [String: [Int]]
    /// For each type declaration (by index into `outline.types`), what it is.
    public let typeRoles: [TypeRole]

    /// What a type (or the type an extension extends) is.
    public struct TypeRole: Sendable {
        /// The simple name (the extended type's, for an extension), for messages.
        public var name: String
        /// The type's key in the project index (`Outer.Inner`): use it for index questions.
        public var key: String
        public var isController: Bool
        public var isView: Bool
        /// A class or actor (or an extension of one): reference semantics, so retain cycles matter.
        public var isReferenceType: Bool
    }

    public init(tree: SyntaxTree, index: ProjectIndex) {
        self.tree = tree
        self.index = index
        self.destinations = FileModel.computeDestinations(tree.outline)
        var byName: [String: [Int]] = [:]
        for (position, call) in tree.outline.calls.enumerated() {
            byName[tree.text(ofToken: call.nameToken), default: []].append(position)
        }
        self.callsByName = byName
        let qualified = ProjectIndex.qualifiedNames(tree)
        typeRoles = tree.outline.types.enumerated().map { position, type in
            let key = type.kind == .extension ? index.key(for: type.name, from: nil) : qualified[position]
            let isReference: Bool
            switch type.kind {
            case .class, .actor: isReference = true
            case .struct, .enum: isReference = false
            case .extension, .protocol: isReference = index.isClass(key)
            }
            return TypeRole(name: ProjectIndex.simpleName(type.name), key: key,
                            isController: type.kind != .protocol && index.isController(key),
                            isView: type.kind != .protocol && index.isView(key), isReferenceType: isReference)
        }
    }

    public var outline: Outline { tree.outline }

    /// A file written for AppKit (it imports `AppKit` or `Cocoa` and not `UIKit`): UIKit's
    /// lifecycle contracts do not apply to its view controllers.
    public var isAppKitOnly: Bool {
        let imports = outline.imports
        return (imports.contains("AppKit") || imports.contains("Cocoa")) && !imports.contains("UIKit")
    }

    /// Calls named any of `names`, in source order.
    public func calls(named names: String...) -> [Int] {
        names.flatMap { callsByName[$0] ?? [] }.sorted()
    }

    /// The base name of a call.
    public func name(ofCall call: Int) -> String { tree.text(ofToken: outline.calls[call].nameToken) }

    /// The type declaration enclosing `node`, as an index into `outline.types`.
    public func enclosingType(of node: Int) -> Int? {
        let typeNode = outline.nodes[node].enclosingType
        return typeNode >= 0 ? outline.nodes[typeNode].detail : nil
    }

    /// The function enclosing `node`, as an index into `outline.functions`.
    public func enclosingFunction(of node: Int) -> Int? {
        let functionNode = outline.nodes[node].enclosingFunction
        return functionNode >= 0 ? outline.nodes[functionNode].detail : nil
    }

    /// The role of the type enclosing `node`.
    public func enclosingRole(of node: Int) -> TypeRole? {
        enclosingType(of: node).map { typeRoles[$0] }
    }

    /// The descendants of `node` of one kind, as detail indices, in source order.
    public func descendants(of node: Int, kind: NodeKind) -> [Int] {
        let nodes = outline.nodes
        var result: [Int] = []
        var index = node + 1
        while index < nodes[node].subtreeEnd {
            if nodes[index].kind == kind { result.append(nodes[index].detail) }
            index += 1
        }
        return result
    }

    /// The functions whose nearest enclosing type is type `typeIndex`, in source order.
    public func functions(ofType typeIndex: Int) -> [Int] {
        let typeNode = outline.types[typeIndex].node
        var result: [Int] = []
        let nodes = outline.nodes
        var index = typeNode + 1
        while index < nodes[typeNode].subtreeEnd {
            if nodes[index].kind == .function, nodes[index].enclosingType == typeNode {
                result.append(nodes[index].detail)
            }
            index += 1
        }
        return result
    }

    /// The types of this file that are `name` or extensions of it (several may share a name).
    public func declarations(named name: String) -> [Int] {
        outline.types.indices.filter { typeRoles[$0].name == name || typeRoles[$0].key == name }
    }

    /// The innermost node whose tokens contain raw token `token`, or `nil` at file level.
    public func innermostNode(containing token: Int) -> Int? {
        let nodes = outline.nodes
        var found: Int?
        var start = 0
        var end = nodes.count
        while start < end {
            // Among the siblings in `start..<end`, the narrowest one that contains the token.
            var best: Int?
            var index = start
            while index < end {
                let node = nodes[index]
                if node.tokens.contains(token), best.map({ node.tokens.count < nodes[$0].tokens.count }) ?? true {
                    best = index
                }
                index = node.subtreeEnd
            }
            guard let chosen = best else { break }
            found = chosen
            start = chosen + 1
            end = nodes[chosen].subtreeEnd
        }
        return found
    }

    /// Whether `node` lies inside function `function`'s subtree.
    public func isInside(_ node: Int, function: Int) -> Bool {
        let functionNode = outline.functions[function].node
        return node > functionNode && node < outline.nodes[functionNode].subtreeEnd
    }
}
