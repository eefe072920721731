/// Facts about the types of a whole run, merged across files: each class's superclass, each
/// type's conformances (extensions included), and protocols' class-boundness. Rules ask it
/// "is this a view controller?" and get an answer that follows chains across files.
public struct ProjectIndex: Sendable {
    /// What the run declares under one simple name (several declarations may share it).
    public struct TypeFacts: Sendable {
        public var kinds: Set<TypeKind> = []
        /// First entry of a class's inheritance clause, when it is not a known protocol.
        public var superclass: String?
        public var conformances: Set<String> = []
        /// For a protocol: written with `AnyObject`, `class`, `@objc`, or a class constraint.
        public var declaresClassBound = false
    }

    /// A member a type declares somewhere in the run (main declaration or extension).
    public struct MemberFacts: Sendable {
        public var isProperty: Bool
        /// A stored property (plain or with observers), not a computed one or a method.
        public var isStored: Bool
        public var isWeakOrUnowned: Bool
        public var isLazy: Bool
        /// The type a property's annotation or initializer names, when evident.
        public var typeName: String?
        /// A property of function type, such as `var onTap: (() -> Void)?`.
        public var holdsClosure: Bool
        /// `@IBOutlet`: weak, but kept alive by the view hierarchy `self` owns.
        public var isOutlet: Bool = false
    }

    /// A call the rules asked the index to remember (see `RuleDescription.indexedCalls`).
    public struct IndexedCall: Sendable {
        public var name: String
        /// The receiver's `ExpressionChain.key` (`child`, `NotificationCenter.default`).
        public var receiver: String?
        /// The first argument's `ExpressionChain.key`, when it is a chain.
        public var firstArgument: String?
        /// The argument labels, `_` for unlabelled ones.
        public var labels: [String]
        /// The enclosing function's full name.
        public var function: String?
        public var inDeinit: Bool
    }

    /// A function of the run and the remembered calls in its body.
    public struct FunctionFacts: Sendable {
        public var fullName: String
        public var typeName: String?
        public var parameterNames: [String]
        public var calls: [IndexedCall]
    }

    public private(set) var types: [String: TypeFacts] = [:]
    /// Members by type name, then member name.
    public private(set) var members: [String: [String: MemberFacts]] = [:]
    /// Remembered calls by the name of the type whose code makes them.
    public private(set) var callsByType: [String: [IndexedCall]] = [:]
    /// Functions by full name (`embed(_:in:)`).
    public private(set) var functionsByName: [String: [FunctionFacts]] = [:]
    /// What is assigned to members of this name anywhere in the run (`x.delegate = self`,
    /// `animator = FadeAnimator()`), by the member name the left-hand side ends with.
    public private(set) var assignedValues: [String: [AssignedValue]] = [:]

    /// The shape of a value assigned to a member.
    public enum AssignedValue: Sendable, Equatable {
        /// `self`.
        case selfReference
        /// A new object: `Foo()`, `Foo(bar:)`, `.init()`.
        case creation
        /// Anything else: a parameter, another property, a call result.
        case other
    }
    public let controllerBases: Set<String>
    public let viewBases: Set<String>
    private var controllerCache: [String: Bool] = [:]
    private var viewCache: [String: Bool] = [:]

    public init(trees: [SyntaxTree], extraControllerBases: Set<String> = [], extraViewBases: Set<String> = [],
                indexedCallNames: Set<String> = []) {
        controllerBases = UIKitCatalog.controllerClasses.union(extraControllerBases)
        viewBases = UIKitCatalog.viewClasses.union(extraViewBases)
        // Protocol names first: a class's first inherited name is its superclass unless it is one.
        var protocols = Set<String>()
        for tree in trees {
            for type in tree.outline.types where type.kind == .protocol {
                protocols.insert(Self.simpleName(type.name))
            }
        }
        for tree in trees {
            for type in tree.outline.types {
                let name = Self.simpleName(type.name)
                var facts = types[name] ?? TypeFacts()
                if type.kind != .extension { facts.kinds.insert(type.kind) }
                var inherited = type.inheritedTypes.map(\.name)
                if type.kind == .class, let first = inherited.first, !protocols.contains(first),
                   !UIKitCatalog.classBoundProtocols.contains(first), facts.superclass == nil {
                    facts.superclass = first
                    inherited.removeFirst()
                }
                facts.conformances.formUnion(inherited)
                if type.kind == .protocol {
                    let bound = type.inheritedTypes.contains { $0.name == "AnyObject" || $0.name == "class" }
                        || type.attributes.contains("objc")
                        || (type.whereClause.map { Self.whereClauseBindsSelfToClass(tree, $0) } ?? false)
                    if bound { facts.declaresClassBound = true }
                }
                types[name] = facts
            }
        }
        for name in types.keys {
            controllerCache[name] = resolves(name, to: controllerBases)
            viewCache[name] = resolves(name, to: viewBases)
        }
        for tree in trees {
            indexMembers(tree)
            indexAssignments(tree)
            if !indexedCallNames.isEmpty { indexCalls(tree, names: indexedCallNames) }
        }
    }

    private mutating func indexAssignments(_ tree: SyntaxTree) {
        for assignment in tree.outline.assignments {
            guard let lhs = ExpressionChain(tree, tokens: assignment.lhs), let member = lhs.lastName else { continue }
            let value: AssignedValue
            let rhs = tree.significantTokens(in: assignment.rhs)
            if rhs.count == 1, tree.token(rhs[0], is: "self") {
                value = .selfReference
            } else if TypeNames.initialized(tree, assignment.rhs) != nil
                        || (rhs.count >= 3 && tree.tokens[rhs[0]].kind == .period && tree.token(rhs[1], is: "init")) {
                value = .creation
            } else {
                value = .other
            }
            assignedValues[member, default: []].append(value)
        }
    }

    private mutating func indexMembers(_ tree: SyntaxTree) {
        let outline = tree.outline
        for variable in outline.variables {
            let node = outline.nodes[variable.node]
            guard node.parent >= 0, outline.nodes[node.parent].kind == .type else { continue }
            let typeName = Self.simpleName(outline.types[outline.nodes[node.parent].detail].name)
            var named = variable.typeAnnotation.flatMap { TypeNames.annotated(tree, $0) }
            if named == nil, let initializer = variable.initializer { named = TypeNames.initialized(tree, initializer) }
            let facts = MemberFacts(
                isProperty: true, isStored: variable.storage != .computed,
                isWeakOrUnowned: variable.modifiers.contains(.weak) || variable.modifiers.contains(.unowned),
                isLazy: variable.modifiers.contains(.lazy), typeName: named,
                holdsClosure: variable.typeAnnotation.map { TypeNames.isFunctionType(tree, $0) } ?? false,
                isOutlet: variable.attributes.contains("IBOutlet"))
            members[typeName, default: [:]][variable.name] = facts
        }
        for function in outline.functions where function.kind == .function {
            let node = outline.nodes[function.node]
            guard node.parent >= 0, outline.nodes[node.parent].kind == .type else { continue }
            let typeName = Self.simpleName(outline.types[outline.nodes[node.parent].detail].name)
            if members[typeName]?[function.name] == nil {
                members[typeName, default: [:]][function.name] = MemberFacts(
                    isProperty: false, isStored: false, isWeakOrUnowned: false, isLazy: false, typeName: nil,
                    holdsClosure: false)
            }
        }
    }

    private mutating func indexCalls(_ tree: SyntaxTree, names: Set<String>) {
        let outline = tree.outline
        let lengths = Set(names.map(\.utf8.count))
        var functionCalls: [Int: [IndexedCall]] = [:]
        for call in outline.calls {
            let nameRange = tree.tokens[call.nameToken].range
            guard lengths.contains(nameRange.count) else { continue }
            let name = tree.text(ofToken: call.nameToken)
            guard names.contains(name) else { continue }
            let node = outline.nodes[call.node]
            let functionNode = node.enclosingFunction
            let function = functionNode >= 0 ? outline.functions[outline.nodes[functionNode].detail] : nil
            let arguments = outline.arguments[call.arguments]
            let first = arguments.first.flatMap { ExpressionChain(tree, tokens: $0.expression)?.key }
            let indexed = IndexedCall(
                name: name, receiver: call.receiver.flatMap { ExpressionChain(tree, tokens: $0)?.key },
                firstArgument: first, labels: arguments.map { $0.label ?? "_" }, function: function?.fullName,
                inDeinit: function?.kind == .deinitializer)
            if node.enclosingType >= 0 {
                let typeName = Self.simpleName(outline.types[outline.nodes[node.enclosingType].detail].name)
                callsByType[typeName, default: []].append(indexed)
            }
            if functionNode >= 0 { functionCalls[functionNode, default: []].append(indexed) }
        }
        for function in outline.functions where function.kind != .accessor {
            let node = outline.nodes[function.node]
            let typeName = node.enclosingType >= 0
                ? Self.simpleName(outline.types[outline.nodes[node.enclosingType].detail].name) : nil
            let facts = FunctionFacts(
                fullName: function.fullName, typeName: typeName,
                parameterNames: outline.parameters[function.parameters].map(\.name),
                calls: functionCalls[function.node] ?? [])
            functionsByName[function.fullName, default: []].append(facts)
        }
    }

    /// The member `name` of type `typeName` (or of a superclass the run declares).
    public func member(_ name: String, of typeName: String) -> MemberFacts? {
        var current: String? = Self.simpleName(typeName)
        var seen = Set<String>()
        while let type = current, seen.insert(type).inserted {
            if let facts = members[type]?[name] { return facts }
            current = types[type]?.superclass.map(Self.simpleName)
        }
        return nil
    }

    /// Remembered calls made in the code of `typeName` (all its declarations and extensions).
    public func calls(inType typeName: String) -> [IndexedCall] {
        callsByType[Self.simpleName(typeName)] ?? []
    }

    /// `Outer.Inner` → `Inner`; `Base<T>` → `Base`.
    public static func simpleName(_ name: String) -> String {
        var name = Substring(name)
        if let angle = name.firstIndex(of: "<") { name = name[..<angle] }
        if let dot = name.lastIndex(of: ".") { name = name[name.index(after: dot)...] }
        return String(name)
    }

    /// `where Self: UIViewController` makes a protocol class-bound.
    static func whereClauseBindsSelfToClass(_ tree: SyntaxTree, _ clause: Range<Int>) -> Bool {
        let text = tree.text(ofTokens: clause)
        return text.contains("Self") && (text.contains("AnyObject") || text.contains("Controller") || text.contains("View"))
    }

    private func resolves(_ name: String, to bases: Set<String>) -> Bool {
        var current = Self.simpleName(name)
        var seen = Set<String>()
        while seen.insert(current).inserted {
            if bases.contains(current) { return true }
            guard let next = types[current]?.superclass else { return false }
            current = Self.simpleName(next)
        }
        return false
    }

    /// The superclass the run declares for `name`, if any.
    public func superclass(of name: String) -> String? {
        types[Self.simpleName(name)]?.superclass
    }

    /// Whether `name` is a view controller class: a UIKit controller, a configured base, or a class
    /// whose superclass chain (across all files) reaches one.
    public func isController(_ name: String) -> Bool {
        let simple = Self.simpleName(name)
        return controllerCache[simple] ?? controllerBases.contains(simple)
    }

    /// Whether `name` is a `UIView` subclass, in the same sense.
    public func isView(_ name: String) -> Bool {
        let simple = Self.simpleName(name)
        return viewCache[simple] ?? viewBases.contains(simple)
    }

    /// Whether `name` has reference semantics: a class or actor of the run, or a known framework class.
    public func isClass(_ name: String) -> Bool {
        let simple = Self.simpleName(name)
        if let facts = types[simple] {
            if facts.kinds.contains(.class) || facts.kinds.contains(.actor) { return true }
            if !facts.kinds.isEmpty { return false }
        }
        return controllerBases.contains(simple) || viewBases.contains(simple) || UIKitCatalog.otherClasses.contains(simple)
    }

    /// What the run declares `name` as, when it declares it (extensions alone do not count).
    public func declaredKinds(of name: String) -> Set<TypeKind> {
        types[Self.simpleName(name)]?.kinds ?? []
    }

    /// `true` or `false` for a protocol the run declares; `nil` when it is not declared here.
    /// Class-bound through `AnyObject`, `class`, `@objc`, `where Self: SomeClass`, or a parent
    /// protocol that is class-bound.
    public func isClassBoundProtocol(_ name: String) -> Bool? {
        let simple = Self.simpleName(name)
        if UIKitCatalog.classBoundProtocols.contains(simple) { return true }
        guard let facts = types[simple], facts.kinds.contains(.protocol) else { return nil }
        var pending = [simple]
        var seen = Set<String>()
        while let current = pending.popLast() {
            guard seen.insert(current).inserted else { continue }
            if UIKitCatalog.classBoundProtocols.contains(current) { return true }
            guard let currentFacts = types[current] else { continue }
            if currentFacts.declaresClassBound { return true }
            pending.append(contentsOf: currentFacts.conformances)
            if let superclass = currentFacts.superclass { pending.append(superclass) }
        }
        return false
    }

    /// Whether `name` (or a superclass the run declares) adopts `protocolName` anywhere in the run.
    public func conforms(_ name: String, to protocolName: String) -> Bool {
        var current: String? = Self.simpleName(name)
        var seen = Set<String>()
        while let type = current, seen.insert(type).inserted {
            guard let facts = types[type] else { return false }
            if facts.conformances.contains(protocolName) { return true }
            current = facts.superclass.map(Self.simpleName)
        }
        return false
    }
}
