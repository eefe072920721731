/// Facts about the types of a whole run, merged across files: each class's superclass, each
/// type's conformances (extensions included), its members, and protocols' class-boundness.
/// Rules ask it "is this a view controller?" and get an answer that follows chains across files.
///
/// Types are keyed by their qualified name (`ProfileScreen.Footer`), so two nested types that
/// share a simple name stay apart. A name as written in code is turned into a key by `key(for:from:)`,
/// which looks it up the way Swift does: the enclosing scopes first, then a unique match anywhere.
public struct ProjectIndex: Sendable {
    /// What the run declares under one key.
    public struct TypeFacts: Sendable {
        public var kinds: Set<TypeKind> = []
        /// The key of the superclass (first entry of a class's inheritance clause that is not a
        /// protocol), as resolved from the declaring scope.
        public var superclass: String?
        /// Keys of adopted protocols (and of other inherited names), from every declaration and extension.
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
        /// The key of the type a property's annotation or initializer names, when evident.
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
        /// Whether the first argument is a local or parameter at the call site (not a property).
        public var firstArgumentIsLocal: Bool
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

    /// The shape of a value assigned to a member.
    public enum AssignedValue: Sendable, Equatable {
        /// `self`.
        case selfReference
        /// A new object: `Foo()`, `Foo(bar:)`, `.init()`.
        case creation
        /// `nil`: the member is cleared.
        case nilLiteral
        /// Anything else: a parameter, another property, a call result.
        case other
    }

    public private(set) var types: [String: TypeFacts] = [:]
    /// Members by type key, then member name.
    public private(set) var members: [String: [String: MemberFacts]] = [:]
    /// Remembered calls by the key of the type whose code makes them.
    public private(set) var callsByType: [String: [IndexedCall]] = [:]
    /// Functions by full name (`embed(_:in:)`).
    public private(set) var functionsByName: [String: [FunctionFacts]] = [:]
    /// What is assigned to members of this name anywhere in the run (`x.delegate = self`,
    /// `animator = FadeAnimator()`), by the member name the left-hand side ends with.
    public private(set) var assignedValues: [String: [Assignment]] = [:]
    /// What each function of the run does to its arguments, `self` and `self`'s properties.
    public private(set) var summaries = CallSummaries()
    /// The declared types of the run's strong stored properties: what some object may keep.
    public private(set) var storedPropertyTypes = Set<String>()

    /// An index of nothing: every name is a framework name.
    public static let empty = ProjectIndex(trees: [])

    /// One assignment to a member.
    public struct Assignment: Sendable {
        public var value: AssignedValue
        /// Written as `name = ...` or `self.name = ...` in the code of `typeKey`; otherwise `x.name = ...`.
        public var isOwnMember: Bool
        /// The type whose code makes the assignment.
        public var typeKey: String?
        /// For `x.name = ...`, the key of `x`'s type when it is evident.
        public var receiverType: String?
    }
    public let controllerBases: Set<String>
    public let viewBases: Set<String>
    /// Qualified names of the types the run declares (extensions excluded).
    private var declared: Set<String> = []
    /// Qualified names by simple name.
    private var bySimpleName: [String: [String]] = [:]
    /// What an unqualified name resolves to when no enclosing scope declares it, by simple name.
    private var unscopedResolution: [String: String] = [:]
    private var controllerCache: [String: Bool] = [:]
    private var viewCache: [String: Bool] = [:]
    /// What each `typealias` of the run stands for, by its key.
    private var aliases: [String: AliasTarget] = [:]

    enum AliasTarget: Sendable {
        /// A nominal type, as written, with the scope to look it up from.
        case type(String, scope: String?)
        /// A function type such as `(IndexPath) -> Void`.
        case function
        /// Something else (a tuple, a composition, a collection).
        case other
    }

    public init(trees: [SyntaxTree], extraControllerBases: Set<String> = [], extraViewBases: Set<String> = [],
                indexedCallNames: Set<String> = []) {
        controllerBases = UIKitCatalog.controllerClasses.union(extraControllerBases)
        viewBases = UIKitCatalog.viewClasses.union(extraViewBases)
        let qualifiedNames = trees.map(Self.qualifiedNames)
        for (tree, names) in zip(trees, qualifiedNames) {
            for (index, type) in tree.outline.types.enumerated() where type.kind != .extension {
                declared.insert(names[index])
                bySimpleName[Self.lastComponent(names[index]), default: []].append(names[index])
            }
        }
        for (tree, names) in zip(trees, qualifiedNames) {
            for alias in tree.outline.typeAliases {
                var scope: String?
                if alias.enclosingType >= 0 {
                    let typeIndex = tree.outline.nodes[alias.enclosingType].detail
                    let type = tree.outline.types[typeIndex]
                    scope = type.kind == .extension ? Self.withoutGenerics(type.name) : names[typeIndex]
                }
                let key = scope.map { $0 + "." + alias.name } ?? alias.name
                declared.insert(key)
                bySimpleName[alias.name, default: []].append(key)
                if TypeNames.isFunctionType(tree, alias.target) {
                    aliases[key] = .function
                } else if let target = TypeNames.annotated(tree, alias.target) {
                    aliases[key] = .type(target, scope: scope)
                } else {
                    aliases[key] = .other
                }
            }
        }
        for (simple, candidates) in bySimpleName {
            unscopedResolution[simple] = Self.resolveAmong(candidates, name: simple, simple: simple)
        }
        // Protocols first: a class's first inherited name is its superclass unless it is one.
        var protocols = Set<String>()
        for (tree, names) in zip(trees, qualifiedNames) {
            for (index, type) in tree.outline.types.enumerated() where type.kind == .protocol {
                protocols.insert(names[index])
            }
        }
        for (tree, names) in zip(trees, qualifiedNames) {
            for (index, type) in tree.outline.types.enumerated() {
                let key = type.kind == .extension ? self.key(for: type.name, from: nil) : names[index]
                let scope = type.kind == .extension ? key : Self.parentScope(names[index])
                var facts = types[key] ?? TypeFacts()
                if type.kind != .extension { facts.kinds.insert(type.kind) }
                var inherited = type.inheritedTypes.map { self.key(for: $0.name, from: scope) }
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
                types[key] = facts
            }
        }
        for key in types.keys {
            controllerCache[key] = resolves(key, to: controllerBases)
            viewCache[key] = resolves(key, to: viewBases)
        }
        // Members, then assignments and calls (which resolve receivers through every file's members),
        // are read from each file in parallel and merged in file order, so the result does not
        // depend on scheduling.
        let files = Array(zip(trees, qualifiedNames))
        let snapshot = self
        let memberParts = Parallel.map(files) { file in snapshot.members(of: file.0, names: file.1) }
        for part in memberParts {
            for (type, entries) in part { members[type, default: [:]].merge(entries) { first, _ in first } }
        }
        for (_, entries) in members {
            for (_, facts) in entries where facts.isProperty && facts.isStored && !facts.isWeakOrUnowned {
                if let type = facts.typeName { storedPropertyTypes.insert(type) }
            }
        }
        let withMembers = self
        let parts = Parallel.map(files) { file in
            (withMembers.assignments(in: file.0, names: file.1),
             indexedCallNames.isEmpty ? ([:], [:]) : withMembers.calls(in: file.0, names: file.1, callNames: indexedCallNames))
        }
        for (assignmentPart, callPart) in parts {
            for (name, values) in assignmentPart { assignedValues[name, default: []].append(contentsOf: values) }
            for (type, values) in callPart.0 { callsByType[type, default: []].append(contentsOf: values) }
            for (name, values) in callPart.1 { functionsByName[name, default: []].append(contentsOf: values) }
        }
        guard !trees.isEmpty else { return }
        var declaredBaseNames = Set<String>()
        for tree in trees {
            for function in tree.outline.functions where function.kind == .function { declaredBaseNames.insert(function.name) }
        }
        let baseNames = declaredBaseNames
        let fileSummaries = Parallel.map(files) { file in
            FileSummaries.extract(file.0, qualifiedTypeNames: file.1, declaredBaseNames: baseNames)
        }
        let resolver = self
        var superclasses: [String: String] = [:]
        for (key, facts) in types { if let superclass = facts.superclass { superclasses[key] = superclass } }
        summaries = CallSummaries(files: fileSummaries, superclasses: superclasses) { function in
            guard let name = function.typeName else { return nil }
            return function.isExtension ? resolver.key(for: name, from: nil) : name
        }
    }

    // MARK: - Names

    /// The qualified name of every type declaration of a file: `Outer.Inner` for a type nested in
    /// `Outer` (or in an extension of it); an extension's own entry is the name it extends.
    static func qualifiedNames(_ tree: SyntaxTree) -> [String] {
        let outline = tree.outline
        var result: [String] = []
        result.reserveCapacity(outline.types.count)
        for type in outline.types {
            var name = Self.withoutGenerics(type.name)
            var parent = outline.nodes[type.node].enclosingType
            while parent >= 0 {
                let enclosing = outline.types[outline.nodes[parent].detail]
                name = Self.withoutGenerics(enclosing.name) + "." + name
                parent = outline.nodes[parent].enclosingType
            }
            result.append(name)
        }
        return result
    }

    /// `Base<T>` → `Base`; `UIKit.UIViewController` stays as written.
    // These run for every type name of the run, so they search UTF-8 bytes, not Characters.
    static func withoutGenerics(_ name: String) -> String {
        let bytes = name.utf8
        guard let angle = bytes.firstIndex(of: UInt8(ascii: "<")) else { return name }
        var result = String(name[..<angle])
        // `Outer<T>.Inner`
        if let close = bytes.lastIndex(of: UInt8(ascii: ">")), bytes.index(after: close) < bytes.endIndex {
            result += name[bytes.index(after: close)...]
        }
        return result
    }

    static func lastComponent(_ name: String) -> String {
        let bytes = name.utf8
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")) else { return name }
        return String(name[bytes.index(after: dot)...])
    }

    static func parentScope(_ name: String) -> String? {
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")) else { return nil }
        return String(name[..<dot])
    }

    /// `Outer.Inner` → `Inner`; `Base<T>` → `Base`.
    public static func simpleName(_ name: String) -> String {
        lastComponent(withoutGenerics(name))
    }

    /// The key of the type a name written inside `scope` (a type key, or `nil` at file level)
    /// refers to: the innermost enclosing scope that declares it, else the only type of the run
    /// with that name, else — for names the run does not declare, such as UIKit's — the simple name.
    public func key(for written: String, from scope: String?) -> String {
        var key = lookUp(written, from: scope)
        // `typealias PlatformViewController = UIViewController` stands for its target.
        var hops = 0
        while hops < 8, case .type(let target, let targetScope)? = aliases[key] {
            key = lookUp(target, from: targetScope)
            hops += 1
        }
        return key
    }

    /// Whether a type key names a function type through a `typealias`.
    public func isFunctionAlias(_ name: String, from scope: String? = nil) -> Bool {
        if case .function? = aliases[lookUp(name, from: scope)] { return true }
        if case .function? = aliases[key(for: name, from: scope)] { return true }
        return false
    }

    private func lookUp(_ written: String, from scope: String?) -> String {
        let name = Self.withoutGenerics(written)
        if declared.contains(name) { return name }
        let simple = Self.lastComponent(name)
        // Most names in annotations are the framework's (`String`, `UILabel`): nothing to search.
        guard bySimpleName[simple] != nil else { return simple }
        var current = scope
        while let outer = current {
            let candidate = outer + "." + name
            if declared.contains(candidate) { return candidate }
            current = Self.parentScope(outer)
        }
        if name == simple, let resolved = unscopedResolution[simple] { return resolved }
        if let candidates = bySimpleName[simple] { return Self.resolveAmong(candidates, name: name, simple: simple) }
        return simple
    }

    /// Which of the run's types named `simple` a name means when no enclosing scope decides.
    private static func resolveAmong(_ candidates: [String], name: String, simple: String) -> String {
        let matching = candidates.filter { $0 == name || $0.hasSuffix("." + name) }
        if matching.count == 1 { return matching[0] }
        if name != simple, let exact = matching.first(where: { $0 == name }) { return exact }
        // Ambiguous: prefer a top-level declaration, as Swift would from outside both.
        if matching.contains(simple) { return simple }
        // A module-qualified framework name (`UIKit.UIView`) matches nothing.
        return matching.min() ?? simple
    }

    /// `where Self: UIViewController` makes a protocol class-bound.
    static func whereClauseBindsSelfToClass(_ tree: SyntaxTree, _ clause: Range<Int>) -> Bool {
        let text = tree.text(ofTokens: clause)
        return text.contains("Self") && (text.contains("AnyObject") || text.contains("Controller") || text.contains("View"))
    }

    // MARK: - Building

    private func assignments(in tree: SyntaxTree, names: [String]) -> [String: [Assignment]] {
        var assignedValues: [String: [Assignment]] = [:]
        let outline = tree.outline
        for assignment in outline.assignments {
            guard let lhs = ExpressionChain(tree, tokens: assignment.lhs), let member = lhs.lastName else { continue }
            let value: AssignedValue
            let rhs = tree.significantTokens(in: assignment.rhs)
            if rhs.count == 1, tree.token(rhs[0], is: "self") {
                value = .selfReference
            } else if rhs.count == 1, tree.tokens[rhs[0]].isKeyword(.nil) {
                value = .nilLiteral
            } else if Self.isCreation(tree, assignment.rhs, rhs) {
                value = .creation
            } else if rhs.count == 1, tree.tokens[rhs[0]].kind == .identifier,
                      let local = tree.localVariable(named: tree.text(ofToken: rhs[0]), visibleAt: assignment.node),
                      let initializer = tree.outline.variables[local].initializer,
                      Self.isCreation(tree, initializer, tree.significantTokens(in: initializer)) {
                // `let source = PhotoSource(photo); self.source = source` stores a new object too.
                value = .creation
            } else {
                value = .other
            }
            let typeNode = outline.nodes[assignment.node].enclosingType
            var typeKey: String?
            if typeNode >= 0 {
                let typeIndex = outline.nodes[typeNode].detail
                let type = outline.types[typeIndex]
                typeKey = type.kind == .extension ? key(for: type.name, from: nil) : names[typeIndex]
            }
            var receiverType: String?
            if lhs.names.count == 2, let root = lhs.names.first {
                receiverType = typeOfName(root, viaSelf: lhs.startsWithSelf, at: assignment.node, tree: tree, typeKey: typeKey)
            }
            assignedValues[member, default: []].append(
                Assignment(value: value, isOwnMember: lhs.names.count == 1, typeKey: typeKey, receiverType: receiverType))
        }
        return assignedValues
    }

    /// `Foo(...)`, `Foo.init(...)` or `.init(...)`.
    private static func isCreation(_ tree: SyntaxTree, _ range: Range<Int>, _ significant: [Int]) -> Bool {
        TypeNames.initialized(tree, range) != nil
            || (significant.count >= 3 && tree.tokens[significant[0]].kind == .period && tree.token(significant[1], is: "init"))
    }

    /// The type a name has where it is used: a local's or parameter's declaration, or a member's.
    private func typeOfName(_ name: String, viaSelf: Bool, at node: Int, tree: SyntaxTree, typeKey: String?) -> String? {
        if !viaSelf {
            if let local = tree.localVariable(named: name, visibleAt: node) {
                let variable = tree.outline.variables[local]
                let written = variable.typeAnnotation.flatMap { TypeNames.annotated(tree, $0) }
                    ?? variable.initializer.flatMap { TypeNames.initialized(tree, $0) }
                return written.map { key(for: $0, from: typeKey) }
            }
            if let (_, parameter) = tree.parameter(named: name, visibleAt: node) {
                return TypeNames.annotated(tree, tree.outline.parameters[parameter].type).map { key(for: $0, from: typeKey) }
            }
        }
        guard let typeKey else { return nil }
        return member(name, of: typeKey)?.typeName
    }

    private func members(of tree: SyntaxTree, names: [String]) -> [String: [String: MemberFacts]] {
        var members: [String: [String: MemberFacts]] = [:]
        let outline = tree.outline
        func typeKey(ofParent parent: Int) -> String {
            let typeIndex = outline.nodes[parent].detail
            let type = outline.types[typeIndex]
            return type.kind == .extension ? key(for: type.name, from: nil) : names[typeIndex]
        }
        for variable in outline.variables {
            let node = outline.nodes[variable.node]
            guard node.parent >= 0, outline.nodes[node.parent].kind == .type else { continue }
            let typeKey = typeKey(ofParent: node.parent)
            var named = variable.typeAnnotation.flatMap { TypeNames.annotated(tree, $0) }
            if named == nil, let initializer = variable.initializer { named = TypeNames.initialized(tree, initializer) }
            let facts = MemberFacts(
                isProperty: true, isStored: variable.storage != .computed,
                isWeakOrUnowned: variable.modifiers.contains(.weak) || variable.modifiers.contains(.unowned),
                isLazy: variable.modifiers.contains(.lazy), typeName: named.map { key(for: $0, from: typeKey) },
                holdsClosure: variable.typeAnnotation.map { TypeNames.isFunctionType(tree, $0) } ?? false
                    || named.map { isFunctionAlias($0, from: typeKey) } ?? false,
                isOutlet: variable.attributes.contains("IBOutlet"))
            members[typeKey, default: [:]][variable.name] = facts
        }
        for function in outline.functions where function.kind == .function {
            let node = outline.nodes[function.node]
            guard node.parent >= 0, outline.nodes[node.parent].kind == .type else { continue }
            let typeKey = typeKey(ofParent: node.parent)
            if members[typeKey]?[function.name] == nil {
                members[typeKey, default: [:]][function.name] = MemberFacts(
                    isProperty: false, isStored: false, isWeakOrUnowned: false, isLazy: false, typeName: nil,
                    holdsClosure: false)
            }
        }
        return members
    }

    private func calls(in tree: SyntaxTree, names: [String], callNames: Set<String>)
        -> (byType: [String: [IndexedCall]], functions: [String: [FunctionFacts]]) {
        var callsByType: [String: [IndexedCall]] = [:]
        var functionsByName: [String: [FunctionFacts]] = [:]
        let outline = tree.outline
        let lengths = Set(callNames.map(\.utf8.count))
        var functionCalls: [Int: [IndexedCall]] = [:]
        func typeKey(ofNode typeNode: Int) -> String {
            let typeIndex = outline.nodes[typeNode].detail
            let type = outline.types[typeIndex]
            return type.kind == .extension ? key(for: type.name, from: nil) : names[typeIndex]
        }
        for call in outline.calls {
            let nameRange = tree.tokens[call.nameToken].range
            guard lengths.contains(nameRange.count) else { continue }
            let name = tree.text(ofToken: call.nameToken)
            guard callNames.contains(name) else { continue }
            let node = outline.nodes[call.node]
            let functionNode = node.enclosingFunction
            let function = functionNode >= 0 ? outline.functions[outline.nodes[functionNode].detail] : nil
            let arguments = outline.arguments[call.arguments]
            let firstChain = arguments.first.flatMap { ExpressionChain(tree, tokens: $0.expression) }
            var firstIsLocal = false
            if let firstChain, !firstChain.startsWithSelf, let root = firstChain.names.first {
                firstIsLocal = tree.localVariable(named: root, visibleAt: call.node) != nil
                    || tree.parameter(named: root, visibleAt: call.node) != nil
            }
            let indexed = IndexedCall(
                name: name, receiver: call.receiver.flatMap { ExpressionChain(tree, tokens: $0)?.key },
                firstArgument: firstChain?.key, firstArgumentIsLocal: firstIsLocal,
                labels: arguments.map { $0.label ?? "_" }, function: function?.fullName,
                inDeinit: function?.kind == .deinitializer)
            if node.enclosingType >= 0 {
                callsByType[typeKey(ofNode: node.enclosingType), default: []].append(indexed)
            }
            if functionNode >= 0 { functionCalls[functionNode, default: []].append(indexed) }
        }
        for function in outline.functions where function.kind != .accessor {
            let node = outline.nodes[function.node]
            let facts = FunctionFacts(
                fullName: function.fullName, typeName: node.enclosingType >= 0 ? typeKey(ofNode: node.enclosingType) : nil,
                parameterNames: outline.parameters[function.parameters].map(\.name),
                calls: functionCalls[function.node] ?? [])
            functionsByName[function.fullName, default: []].append(facts)
        }
        return (callsByType, functionsByName)
    }

    // MARK: - Questions

    private func resolves(_ key: String, to bases: Set<String>) -> Bool {
        var current = key
        var seen = Set<String>()
        while seen.insert(current).inserted {
            if bases.contains(current) || bases.contains(Self.lastComponent(current)) && !declared.contains(current) {
                return true
            }
            guard let next = types[current]?.superclass else { return false }
            current = next
        }
        return false
    }

    /// The key a name (or key) stands for; idempotent on keys.
    func canonical(_ name: String, from scope: String? = nil) -> String {
        key(for: name, from: scope)
    }

    /// The superclass the run declares for `name`, if any.
    public func superclass(of name: String, from scope: String? = nil) -> String? {
        types[canonical(name, from: scope)]?.superclass
    }

    /// Whether `name` is a view controller class: a UIKit controller, a configured base, or a class
    /// whose superclass chain (across all files) reaches one.
    public func isController(_ name: String, from scope: String? = nil) -> Bool {
        let key = canonical(name, from: scope)
        return controllerCache[key] ?? controllerBases.contains(key)
    }

    /// Whether `name` is a `UIView` subclass, in the same sense.
    public func isView(_ name: String, from scope: String? = nil) -> Bool {
        let key = canonical(name, from: scope)
        return viewCache[key] ?? viewBases.contains(key)
    }

    /// Whether `name` has reference semantics: a class or actor of the run, or a known framework class.
    public func isClass(_ name: String, from scope: String? = nil) -> Bool {
        let key = canonical(name, from: scope)
        if let facts = types[key] {
            if facts.kinds.contains(.class) || facts.kinds.contains(.actor) { return true }
            if !facts.kinds.isEmpty { return false }
        }
        return controllerBases.contains(key) || viewBases.contains(key) || UIKitCatalog.otherClasses.contains(key)
    }

    /// What the run declares `name` as, when it declares it (extensions alone do not count).
    public func declaredKinds(of name: String, from scope: String? = nil) -> Set<TypeKind> {
        types[canonical(name, from: scope)]?.kinds ?? []
    }

    /// `true` or `false` for a protocol the run declares; `nil` when it is not declared here.
    /// Class-bound through `AnyObject`, `class`, `@objc`, `where Self: SomeClass`, or a parent
    /// protocol that is class-bound.
    public func isClassBoundProtocol(_ name: String, from scope: String? = nil) -> Bool? {
        let key = canonical(name, from: scope)
        if UIKitCatalog.classBoundProtocols.contains(key) { return true }
        guard let facts = types[key], facts.kinds.contains(.protocol) else { return nil }
        var pending = [key]
        var seen = Set<String>()
        while let current = pending.popLast() {
            guard seen.insert(current).inserted else { continue }
            if UIKitCatalog.classBoundProtocols.contains(current) { return true }
            // `protocol Screen: UIViewController`: a class requirement binds it to classes.
            if current != key, isClass(current) { return true }
            guard let currentFacts = types[current] else { continue }
            if currentFacts.declaresClassBound { return true }
            pending.append(contentsOf: currentFacts.conformances)
            if let superclass = currentFacts.superclass { pending.append(superclass) }
        }
        return false
    }

    /// Whether `name` (or a superclass the run declares) adopts `protocolName` anywhere in the run.
    public func conforms(_ name: String, to protocolName: String, from scope: String? = nil) -> Bool {
        var current: String? = canonical(name, from: scope)
        var seen = Set<String>()
        while let type = current, seen.insert(type).inserted {
            guard let facts = types[type] else { return false }
            if facts.conformances.contains(protocolName) { return true }
            current = facts.superclass
        }
        return false
    }

    /// Whether `name`'s superclass chain reaches `base` (by simple name, for framework bases).
    public func inherits(_ name: String, from base: String, scope: String? = nil) -> Bool {
        var current: String? = canonical(name, from: scope)
        var seen = Set<String>()
        while let type = current, seen.insert(type).inserted {
            if type == base || Self.lastComponent(type) == base { return true }
            current = types[type]?.superclass
        }
        return false
    }

    /// The member `name` of type `typeName` (or of a superclass the run declares).
    public func member(_ name: String, of typeName: String, from scope: String? = nil) -> MemberFacts? {
        var current: String? = canonical(typeName, from: scope)
        var seen = Set<String>()
        while let type = current, seen.insert(type).inserted {
            if let facts = members[type]?[name] { return facts }
            current = types[type]?.superclass
        }
        return nil
    }

    /// For a class of the run whose superclass chain ends in a class the run does not declare and
    /// Lifeguard does not know, that class; `nil` otherwise.
    public func unresolvedSuperclass(of name: String, from scope: String? = nil) -> String? {
        var current = canonical(name, from: scope)
        var seen = Set<String>()
        while seen.insert(current).inserted, seen.count <= 32 {
            guard let facts = types[current], facts.kinds.contains(.class) else { break }
            guard let superclass = facts.superclass else { return nil }
            if types[superclass]?.kinds.contains(.class) != true {
                let known = controllerBases.contains(superclass) || viewBases.contains(superclass)
                    || UIKitCatalog.otherClasses.contains(superclass)
                return known ? nil : superclass
            }
            current = superclass
        }
        return nil
    }

    /// Whether some stored property of the run may keep an object of this type: one declared with
    /// the type itself, a superclass of it, or a protocol it adopts.
    public func mayBeKeptByAProperty(_ name: String, from scope: String? = nil) -> Bool {
        var current: String? = canonical(name, from: scope)
        var seen = Set<String>()
        while let type = current, seen.insert(type).inserted, seen.count <= 32 {
            if storedPropertyTypes.contains(type) { return true }
            if let facts = types[type], !facts.conformances.isDisjoint(with: storedPropertyTypes) { return true }
            current = types[type]?.superclass
        }
        return false
    }

    /// Remembered calls made in the code of a type (all its declarations and extensions).
    public func calls(inType typeName: String, from scope: String? = nil) -> [IndexedCall] {
        callsByType[canonical(typeName, from: scope)] ?? []
    }
}
