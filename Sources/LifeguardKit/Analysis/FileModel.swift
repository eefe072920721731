#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The semantic model of one file, built once and shared by every rule: which type and function
/// encloses each node, what each type is (controller, view, class), what every name refers to
/// (`Scopes`), which object a chain names (`ObjectIdentity`), what type it has
/// (`TypeResolution`), and, through the project index, what the run's functions do with their
/// arguments (`CallSummaries`). Rules ask it instead of comparing spellings.
public final class FileModel: Sendable {
    public let tree: SyntaxTree
    public let index: ProjectIndex
    /// Calls grouped by base name, so a rule looks up `addSubview` instead of scanning every
    /// call: each name's slot, and its calls (in source order) from `callsInNameOrder[callStarts[slot]]`
    /// to the next slot's start (one array for the file, not one per name).
    let callSlots: NameSlots
    let callStarts: [Int32]
    /// Call positions: the grouping's own array, kept as it is (mapped to `CallID`s it was a
    /// second array to fill and free for every model of the run).
    let callsInNameOrder: [Int32]
    /// What the file's types are, worked out in `init` against a run's index; against pass 1's
    /// empty index, on first use (the facts pass 1 extracts seldom ask, and a type's role there
    /// says little).
    private let builtTypeFacts: TypeFacts?
    var typeFacts: TypeFacts { builtTypeFacts ?? memo.typeFacts { TypeFacts(tree: tree, index: index, qualifiedNames: nil) } }
    /// For each type declaration, what it is.
    var typeRoles: [TypeRole] { typeFacts.roles }
    /// Type declarations (and extensions) by key, in source order; empty for a file of at most
    /// `typesScannedByKey` types, which a lookup scans instead (most files declare one to three:
    /// a dictionary of them, its keys hashed, cost more than every scan its rules make).
    var typesByKey: [String: [TypeID]] { typeFacts.byKey }
    static let typesScannedByKey = 8
    /// Names declared as generic parameters anywhere in the file (`Sheet` in `Container<Sheet>`):
    /// only these send a type name through the enclosing declarations' generic clauses.
    var genericParameterNames: Set<String> { typeFacts.genericNames }
    /// What is computed when a rule first asks: every local declaration with its visibility
    /// (`ScopeTable`), the `self` tokens, where values go, protocol events, the locals `self`
    /// keeps, the object each local stands for.
    let memo: Memo

    /// What this file's fixes work out once (see `FixBuilder`).
    var fixLayout: FixLayout { memo.fixLayout() }

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

    /// `qualifiedNames`: `ProjectIndex.qualifiedNames(tree)`, when the caller has them already.
    public init(tree: SyntaxTree, index: ProjectIndex, qualifiedNames: [String]? = nil) {
        self.tree = tree
        self.index = index
        memo = Memo(variables: tree.outline.variables.count)
        let calls = tree.outline.calls
        var slots = NameSlots(capacity: calls.count)
        var slotOfCall = [Int32](filledWith: 0, count: calls.count)
        // Interned from the source bytes: a string is made once per distinct name, not per call.
        tree.source.bytes.withUnsafeBufferPointer { source in
            for position in calls.indices {
                let range = tree.tokens[calls[position].nameToken].nameRange
                slotOfCall[position] = slots.insert(bytes: UnsafeBufferPointer(rebasing: source[range]))
            }
        }
        let grouping = SlotGrouping(slots: slotOfCall, slotCount: slots.count)
        callSlots = slots
        callStarts = grouping.starts
        callsInNameOrder = grouping.order
        builtTypeFacts = index.seesTheRun ? TypeFacts(tree: tree, index: index, qualifiedNames: qualifiedNames) : nil
    }

    /// What a file's types are, with the lookups `FileModel` makes of them.
    struct TypeFacts: Sendable {
        let roles: [TypeRole]
        let byKey: [String: [TypeID]]
        let genericNames: Set<String>

        init(tree: SyntaxTree, index: ProjectIndex, qualifiedNames: [String]?) {
            let qualified = qualifiedNames ?? ProjectIndex.qualifiedNames(tree)
            let typeRoles = tree.outline.types.enumerated().map { position, type in
                let key = type.kind == .extension ? index.key(for: type.name, from: nil) : qualified[position]
                let isReference: Bool
                let isController: Bool
                let isView: Bool
                switch type.kind {
                case .class, .actor, .struct, .enum:
                    isReference = type.kind == .class || type.kind == .actor
                    (isController, isView) = index.controllerAndView(ofKey: key)
                case .extension:
                    (isController, isView, isReference) = index.roles(ofKey: key)
                case .protocol:
                    (isController, isView, isReference) = (false, false, index.isClass(key))
                }
                return TypeRole(name: ProjectIndex.simpleName(type.name), key: key, isController: isController,
                                isView: isView, isReferenceType: isReference)
            }
            roles = typeRoles
            var typesByKey: [String: [TypeID]] = [:]
            if typeRoles.count > FileModel.typesScannedByKey {
                for (position, role) in typeRoles.enumerated() { typesByKey[role.key, default: []].append(TypeID(position)) }
            }
            byKey = typesByKey
            var genericNames = Set<String>()
            // Name tokens read in place: a declaration copied whole counts a reference per string and array in it.
            let types = tree.outline.types
            for index in types.indices {
                genericNames.formUnion(GenericParameters.declared(tree, afterName: types[index].nameToken, whereClause: nil).keys)
            }
            let functions = tree.outline.functions
            for index in functions.indices where functions[index].kind != .accessor {
                genericNames.formUnion(GenericParameters.declared(tree, afterName: functions[index].nameToken).keys)
            }
            self.genericNames = genericNames
        }
    }

    /// A model's answers computed on first use, behind one lock (a model is used by one thread at
    /// a time; the lock keeps a misuse from corrupting it). One object and one lock per model:
    /// every file of a run gets a model in pass 1, most of which never compute any of these.
    /// Work runs outside the lock, so a computation may ask for another memoized answer; two
    /// threads racing would compute the same answer twice, and the first stored is kept.
    ///
    /// Every field is read and written only inside `lock`, in closures that touch no other field
    /// and call nothing that could reach the memo again: the runtime's exclusivity check on each
    /// access (a thread-local lookup and a table insert, some hundred instructions) guards
    /// nothing the lock does not, and pass 1 asks the memo for every local its summaries resolve.
    final class Memo: @unchecked Sendable {
        private let lock = Lock()
        @exclusivity(unchecked) private var events: EventIndex?
        @exclusivity(unchecked) private var typeFacts: TypeFacts?
        @exclusivity(unchecked) private var scopes: ScopeTable?
        @exclusivity(unchecked) private var ownedLocals: Set<VariableID>?
        @exclusivity(unchecked) private var indefiniteLoops: IndefiniteLoops?
        @exclusivity(unchecked) private var selfTokens: [Int]?
        @exclusivity(unchecked) private var destinations: [Int: ValueDestination]?
        @exclusivity(unchecked) private var memberVariables: [Int: [String: VariableID]] = [:]
        @exclusivity(unchecked) private var effectsByGroup: [ObjectInType: [[FunctionID]: Set<CallSummaries.Effect>]] = [:]
        @exclusivity(unchecked) private var anchorEvents: [AnchorEffects: [Int]] = [:]
        @exclusivity(unchecked) private var completingGroups: [CompletionQuery: [[FunctionID]]] = [:]
        @exclusivity(unchecked) private var layout: FixLayout?
        @exclusivity(unchecked) private var topLevelGuards: [Int: TopLevelGuards] = [:]
        @exclusivity(unchecked) private var localStores: [VariableID: [LocalStore]]?
        @exclusivity(unchecked) private var selfRebindings: [Int: Int] = [:]
        @exclusivity(unchecked) private var callsByReceiver: [String: [ObjectRef.Anchor: [CallID]]] = [:]
        /// The objects of the locals resolved so far (see `LocalObjects`).
        @exclusivity(unchecked) private var locals = LocalObjects()
        private let variableCount: Int

        init(variables count: Int) { variableCount = count }

        func events(_ compute: () -> EventIndex) -> EventIndex {
            remembered({ events }, { events = $0 }, compute)
        }

        func typeFacts(_ compute: () -> TypeFacts) -> TypeFacts {
            remembered({ typeFacts }, { typeFacts = $0 }, compute)
        }

        /// The file's scope table, built on first use: pass 1 builds a model for every file, and
        /// many files' summaries never resolve a name.
        func scopes(_ build: () -> ScopeTable) -> ScopeTable {
            remembered({ scopes }, { scopes = $0 }, build)
        }

        /// The `self` tokens, found on first use: only the rules about closures that keep `self`
        /// ask, in the files where they find a timer or an observer.
        func selfTokens(_ find: () -> [Int]) -> [Int] {
            remembered({ selfTokens }, { selfTokens = $0 }, find)
        }

        /// What takes each expression's value, computed on first use (the same rules ask).
        func destinations(_ compute: () -> [Int: ValueDestination]) -> [Int: ValueDestination] {
            remembered({ destinations }, { destinations = $0 }, compute)
        }

        func effectsByGroup(_ key: ObjectInType, _ compute: () -> [[FunctionID]: Set<CallSummaries.Effect>])
            -> [[FunctionID]: Set<CallSummaries.Effect>] {
            remembered({ effectsByGroup[key] }, { effectsByGroup[key] = $0 }, compute)
        }

        func completingGroups(_ key: CompletionQuery, _ compute: () -> [[FunctionID]]) -> [[FunctionID]] {
            remembered({ completingGroups[key] }, { completingGroups[key] = $0 }, compute)
        }

        func callsByReceiver(named name: String, _ compute: () -> [ObjectRef.Anchor: [CallID]]) -> [ObjectRef.Anchor: [CallID]] {
            remembered({ callsByReceiver[name] }, { callsByReceiver[name] = $0 }, compute)
        }

        func firstSelfRebinding(inClosure closure: Int, _ compute: () -> Int) -> Int {
            remembered({ selfRebindings[closure] }, { selfRebindings[closure] = $0 }, compute)
        }

        func localStores(_ compute: () -> [VariableID: [LocalStore]]) -> [VariableID: [LocalStore]] {
            remembered({ localStores }, { localStores = $0 }, compute)
        }

        func topLevelGuards(ofFunctionNode node: Int, _ compute: () -> TopLevelGuards) -> TopLevelGuards {
            remembered({ topLevelGuards[node] }, { topLevelGuards[node] = $0 }, compute)
        }

        /// Made on first use: most files get no fix.
        func fixLayout() -> FixLayout {
            remembered({ layout }, { layout = $0 }, { FixLayout() })
        }

        func anchorEvents(_ key: AnchorEffects, _ compute: () -> [Int]) -> [Int] {
            remembered({ anchorEvents[key] }, { anchorEvents[key] = $0 }, compute)
        }

        func memberVariables(ofType type: Int, _ compute: () -> [String: VariableID]) -> [String: VariableID] {
            remembered({ memberVariables[type] }, { memberVariables[type] = $0 }, compute)
        }

        func indefiniteLoops(_ count: () -> IndefiniteLoops) -> IndefiniteLoops {
            remembered({ indefiniteLoops }, { indefiniteLoops = $0 }, count)
        }

        func ownedLocals(_ compute: () -> Set<VariableID>) -> Set<VariableID> {
            remembered({ ownedLocals }, { ownedLocals = $0 }, compute)
        }

        /// The stored answer, or `compute`'s, stored unless another thread stored one first.
        private func remembered<Answer>(_ read: () -> Answer?, _ store: (Answer) -> Void,
                                        _ compute: () -> Answer) -> Answer {
            if let known = lock.withLock(read) { return known }
            let computed = compute()
            return lock.withLock {
                if let stored = read() { return stored }
                store(computed)
                return computed
            }
        }

        func object(of variable: VariableID) -> ObjectRef? {
            lock.withLock { locals.object(of: variable.index) }
        }

        func store(_ object: ObjectRef, for variable: VariableID) {
            lock.withLock { locals.store(object, for: variable.index, variableCount: variableCount) }
        }
    }

    /// The objects of a file's resolved locals, in the order stored, and each variable's position
    /// there (-1: none yet), sized on the first store (most files' models resolve no local). An
    /// optional object per variable of the file was created and destroyed for every variable,
    /// where a few are ever stored. One stored property: the memo is read under its lock, one
    /// access at a time.
    struct LocalObjects {
        private var objects: [ObjectRef] = []
        private var positions: [Int32] = []

        func object(of variable: Int) -> ObjectRef? {
            guard variable < positions.count else { return nil }
            let position = positions[variable]
            return position < 0 ? nil : objects[Int(position)]
        }

        mutating func store(_ object: ObjectRef, for variable: Int, variableCount: Int) {
            if positions.isEmpty {
                positions = Array(filledWith: -1, count: variableCount)
                // A file that resolves one local resolves a few: grown from empty by doubling,
                // the objects were copied at every doubling (3,664 times on NetNewsWire and mastodon).
                objects.reserveCapacity(min(variableCount, 32))
            }
            guard variable < positions.count else { return }
            let position = positions[variable]
            if position >= 0 {
                objects[Int(position)] = object
            } else {
                positions[variable] = Int32(truncatingIfNeeded: objects.count)
                objects.append(object)
            }
        }
    }

    /// Every local declaration with its visibility.
    var scopes: ScopeTable { memo.scopes { ScopeTable(tree: tree) } }

    /// The file's loops that may run until cancelled, counted on first use.
    public var indefiniteLoops: IndefiniteLoops { memo.indefiniteLoops { IndefiniteLoops(tree) } }

    /// Raw indices of the tokens that are the expression `self` (not `Type.self`), in order.
    var selfTokens: [Int] { memo.selfTokens { tree.selfTokens() } }

    /// What takes each expression's value, by the raw token it starts at.
    var destinations: [Int: ValueDestination] { memo.destinations { FileModel.computeDestinations(tree.outline) } }

    public var outline: Outline { tree.outline }

    /// A file written for AppKit (it imports `AppKit` or `Cocoa` and not `UIKit`): UIKit's
    /// lifecycle contracts do not apply to its view controllers.
    public var isAppKitOnly: Bool {
        let imports = outline.imports
        return (imports.contains("AppKit") || imports.contains("Cocoa")) && !imports.contains("UIKit")
    }

    // MARK: - Calls

    /// Calls named any of `names`, in source order.
    public func calls(named names: String...) -> [CallID] { calls(named: names) }

    /// Calls named any of `names`, in source order.
    public func calls(named names: [String]) -> [CallID] {
        if names.count == 1 { return callsNamed(names[0]) }
        return names.flatMap { callsNamed($0) }.sorted()
    }

    /// The calls with this base name, in source order.
    func callsNamed(_ name: String) -> [CallID] {
        guard let slot = callSlots.slot(of: name) else { return [] }
        return callsInNameOrder[Int(callStarts[Int(slot)])..<Int(callStarts[Int(slot) + 1])].map { CallID(Int($0)) }
    }

    /// Every base name the file calls, as its slot in `callSlots` (`callSlots.name(_:)` spells
    /// it), with its calls' positions in source order (`CallID(Int(position))` is the call).
    var callGroups: some Sequence<(slot: Int32, calls: ArraySlice<Int32>)> {
        (0..<(callStarts.count - 1)).lazy.map { slot in
            (Int32(truncatingIfNeeded: slot), self.callsInNameOrder[Int(self.callStarts[slot])..<Int(self.callStarts[slot + 1])])
        }
    }

    /// The base name of a call: `addSubview`.
    public func name(of call: CallID) -> String { tree.text(ofToken: outline.calls[call.index].nameToken) }

    /// The arguments inside a call's parentheses, in order.
    public func arguments(of call: CallID) -> ArraySlice<Argument> { outline.arguments[outline.calls[call.index].arguments] }

    /// The argument labelled `label` (`nil` for the first unlabelled one).
    public func argument(_ label: String?, of call: CallID) -> Argument? {
        arguments(of: call).first { tree.label(of: $0) == label }
    }

    /// The argument labels a call site spells, `_` for unlabelled ones.
    public func labels(of call: CallID) -> [String] { arguments(of: call).map { tree.label(of: $0) ?? "_" } }

    /// The full Swift name a call site spells: `embed(_:in:)` (trailing closures not counted).
    public func fullName(of call: CallID) -> String {
        withFullName(of: call) { String(decoding: $0, as: UTF8.self) }
    }

    /// Hands `body` the UTF-8 bytes of a call's full name, spelled straight from the source into
    /// scratch space with no array between: this runs for many calls of every file, and a caller
    /// that interns the name (`NameSlots.insert(bytes:)`) makes no string for one it has seen.
    func withFullName<Result>(of call: CallID, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        tree.withFullName(of: outline.calls[call.index], body)
    }

    /// The receiver of a call as a chain, when it has one and it is a chain.
    public func receiver(of call: CallID) -> ExpressionChain? {
        outline.calls[call.index].receiver.flatMap { ExpressionChain(tree, tokens: $0) }
    }

    /// The object a call is made on: its receiver's, or `self` for a bare call.
    public func receiverObject(of call: CallID) -> ObjectRef {
        let item = outline.calls[call.index]
        guard let range = item.receiver else {
            return item.isImplicitMember ? ObjectRef(root: .opaque(TokenID(item.nameToken))) : .selfObject
        }
        return object(ofTokens: range, at: item.nodeID)
    }

    /// The chain an argument's expression is, if it is one.
    public func chain(_ argument: Argument) -> ExpressionChain? {
        ExpressionChain(tree, tokens: argument.expression)
    }

    /// The closures a call is given: in its parentheses and trailing.
    public func closures(passedTo call: CallID) -> [ClosureID] {
        arguments(of: call).compactMap { $0.closure.map(ClosureID.init) }
            + outline.trailingClosures(of: call.index).map(ClosureID.init)
    }

    // MARK: - Structure

    /// The type declaration enclosing `node`.
    public func enclosingType(of node: NodeID) -> TypeID? {
        let typeNode = outline.nodes[node.index].enclosingType
        return typeNode >= 0 ? TypeID(outline.nodes[typeNode].detail) : nil
    }

    /// The function enclosing `node` (`func`, `init`, `deinit`, `subscript` or accessor); a
    /// function node is not its own encloser.
    public func enclosingFunction(of node: NodeID) -> FunctionID? {
        let functionNode = outline.nodes[node.index].enclosingFunction
        return functionNode >= 0 ? FunctionID(outline.nodes[functionNode].detail) : nil
    }

    /// The role of a type declaration.
    public func role(of type: TypeID) -> TypeRole { typeRoles[type.index] }

    /// The role of the type enclosing `node`.
    public func enclosingRole(of node: NodeID) -> TypeRole? {
        enclosingType(of: node).map { typeRoles[$0.index] }
    }

    /// The descendants of `node` of one kind, as detail indices, in source order.
    func descendants(of node: Int, kind: NodeKind) -> [Int] { outline.descendants(of: node, kind: kind) }

    /// The calls inside `node`'s subtree, in source order.
    public func calls(in node: NodeID) -> [CallID] { descendants(of: node.index, kind: .call).map(CallID.init) }

    /// The assignments inside `node`'s subtree, in source order.
    public func assignments(in node: NodeID) -> [AssignmentID] {
        descendants(of: node.index, kind: .assignment).map(AssignmentID.init)
    }

    /// The calls named `name` whose receiver may be `object` (anchored like it; `isSame(as:)`
    /// decides), in source order: the file's calls of the name are filed by receiver once, where
    /// a rule asking for each of thousands of objects read them all each time.
    public func calls(named name: String, onObjectAnchoredLike object: ObjectRef) -> [CallID] {
        memo.callsByReceiver(named: name) {
            var filed: [ObjectRef.Anchor: [CallID]] = [:]
            for call in calls(named: name) { filed[receiverObject(of: call).anchor, default: []].append(call) }
            return filed
        }[object.anchor] ?? []
    }

    /// An assignment whose value is (a path from) a local: `self.timer = timer`, `source = s`.
    public struct LocalStore: Sendable {
        public let assignment: AssignmentID
        /// The object the right-hand side reads.
        public let value: ObjectRef
        /// The object the left-hand side writes, when it is a chain.
        public let target: ObjectRef?
    }

    /// The assignments whose value's root is `variable`, in source order: found for the whole file
    /// with one reading of its assignments, the first time a rule asks. Rules asked, for each
    /// local timer or source, where it ends up, and each question read every assignment of its
    /// function (8,000 timers stored in one `viewDidLoad`: quadratic).
    public func stores(ofLocal variable: VariableID) -> [LocalStore] {
        memo.localStores {
            var stores: [VariableID: [LocalStore]] = [:]
            // In node order, as `assignments(in:)` lists a function's.
            let ordered = outline.assignments.indices.sorted { outline.assignments[$0].node < outline.assignments[$1].node }
            for assignment in ordered.map(AssignmentID.init) {
                let item = outline[assignment]
                let value = object(ofTokens: item.rhs, at: item.nodeID)
                guard case .local(let local) = value.root else { continue }
                let target = ExpressionChain(tree, tokens: item.lhs).map { object(of: $0, at: item.nodeID) }
                stores[local, default: []].append(LocalStore(assignment: assignment, value: value, target: target))
            }
            return stores
        }[variable] ?? []
    }

    /// The closures inside `node`'s subtree, in source order.
    public func closures(in node: NodeID) -> [ClosureID] { descendants(of: node.index, kind: .closure).map(ClosureID.init) }

    /// The conditionals inside `node`'s subtree, in source order.
    public func conditionals(in node: NodeID) -> [ConditionalID] {
        descendants(of: node.index, kind: .conditional).map(ConditionalID.init)
    }

    /// The variables declared inside `node`'s subtree, in source order.
    public func variables(in node: NodeID) -> [VariableID] {
        descendants(of: node.index, kind: .variable).map(VariableID.init)
    }

    /// The property declarations in a type declaration's body (its nested types' too), by name,
    /// the last of a name winning: read once per declaration, as rules ask for each of a type's
    /// properties in turn.
    public func memberVariables(of type: TypeID) -> [String: VariableID] {
        memo.memberVariables(ofType: type.index) {
            var result: [String: VariableID] = [:]
            for variable in variables(in: outline.types[type.index].nodeID) where isMemberDeclaration(variable) {
                result[tree.name(of: outline.variables[variable.index])] = variable
            }
            return result
        }
    }

    /// The functions whose nearest enclosing type is `type`, in source order.
    public func functions(ofType type: TypeID) -> [FunctionID] {
        let typeNode = outline.types[type.index].node
        var result: [FunctionID] = []
        let nodes = outline.nodes
        var index = typeNode + 1
        while index < nodes[typeNode].subtreeEnd {
            if nodes[index].kind == .function, nodes[index].enclosingType == typeNode {
                result.append(FunctionID(nodes[index].detail))
            }
            index += 1
        }
        return result
    }

    /// This file's declarations (and extensions) of the type with index key `key`.
    public func typeDeclarations(withKey key: String) -> [TypeID] {
        guard typeRoles.count <= Self.typesScannedByKey else { return typesByKey[key] ?? [] }
        return typeRoles.indices.filter { typeRoles[$0].key == key }.map(TypeID.init)
    }

    /// "The same function" of the contract: the function itself, or all accessors of one
    /// property together (`willSet` and `didSet` are one protocol on one property).
    public func functionGroup(of function: FunctionID) -> [FunctionID] {
        guard let property = outline.functions[function.index].property, property >= 0 else { return [function] }
        return descendants(of: outline.variables[property].node, kind: .function).map(FunctionID.init)
            .filter { outline.functions[$0.index].property == property }
    }

    /// Whether `node` lies inside function `function`'s subtree.
    public func isInside(_ node: NodeID, function: FunctionID) -> Bool {
        let functionNode = outline.functions[function.index].node
        return node.index > functionNode && node.index < outline.nodes[functionNode].subtreeEnd
    }

    /// Whether `node` lies in a closure nested in its function (it runs later, or repeatedly).
    public func isInsideClosure(_ node: NodeID) -> Bool { enclosingClosure(of: node) != nil }

    /// The innermost closure around `node` within its function.
    public func enclosingClosure(of node: NodeID) -> ClosureID? {
        var current = outline.nodes[node.index].parent
        var steps = 0
        while current >= 0, steps < Self.ancestorLimit {
            let kind = outline.nodes[current].kind
            if kind == .closure { return ClosureID(outline.nodes[current].detail) }
            if kind == .function || kind == .type { return nil }
            current = outline.nodes[current].parent
            steps += 1
        }
        return nil
    }

    /// How far an ancestor walk climbs before it stops: nesting deeper than this is not real code,
    /// and a bound keeps every walk linear in the file.
    static let ancestorLimit = 256

    /// The innermost node whose tokens contain raw token `token`, or `nil` at file level.
    public func innermostNode(containing token: Int) -> NodeID? {
        let nodes = outline.nodes
        // Nodes are in pre-order: the innermost container is the last node starting at or before
        // the token whose range still covers it; climb from the last starter.
        var candidate = Bisection.firstPosition(in: 0..<nodes.count) { nodes[$0].tokens.lowerBound <= token } - 1
        var steps = 0
        while candidate >= 0, steps < Self.ancestorLimit {
            if nodes[candidate].tokens.contains(token) { return NodeID(candidate) }
            candidate = nodes[candidate].parent
            steps += 1
        }
        return nil
    }

    // MARK: - Members

    /// The member `name` of the type enclosing `node`, from any file of the run.
    public func member(_ name: String, at node: NodeID) -> ProjectIndex.MemberFacts? {
        // An index that sees no type has no member (pass 1's): no role to work out for that.
        guard index.seesTheRun, let role = enclosingRole(of: node) else { return nil }
        return index.member(name, of: role.key)
    }

    func member(_ name: String, at node: Int) -> ProjectIndex.MemberFacts? { member(name, at: NodeID(node)) }

    /// The key of a type name written at `node`, looked up from the enclosing type's scope.
    public func typeKey(_ written: String, at node: NodeID) -> String {
        if genericParameterNames.contains(written), let constraint = genericConstraint(of: written, at: node) {
            // A generic parameter stands for its constraint; an unconstrained one for no type the run knows.
            return constraint.map { index.key(for: $0, from: enclosingRole(of: node)?.key) } ?? written
        }
        return index.key(for: written, from: enclosingRole(of: node)?.key)
    }

    /// The constraint of the innermost generic parameter named `name` that a function or type
    /// around `node` declares: `.some(nil)` when it has none, `nil` when no declaration has it.
    func genericConstraint(of name: String, at node: NodeID) -> String?? {
        var current = node.index
        var steps = 0
        while current >= 0, steps < Self.ancestorLimit {
            let item = outline.nodes[current]
            if item.kind == .function {
                let function = outline.functions[item.detail]
                if let found = GenericParameters.declared(tree, afterName: function.nameToken)[name] { return found }
            } else if item.kind == .type {
                let type = outline.types[item.detail]
                if let found = GenericParameters.declared(tree, afterName: type.nameToken, whereClause: type.whereClause)[name] {
                    return found
                }
            }
            current = item.parent
            steps += 1
        }
        return nil
    }

    func typeKey(_ written: String, at node: Int) -> String { typeKey(written, at: NodeID(node)) }

    func enclosingRole(of node: Int) -> TypeRole? { enclosingRole(of: NodeID(node)) }

    func enclosingFunction(of node: Int) -> Int? { enclosingFunction(of: NodeID(node))?.index }

    /// Whether `object` is a stored property of `self` (`self.child`, or anything aliasing it).
    public func storedProperty(_ object: ObjectRef, at node: NodeID) -> String? {
        guard let name = object.selfMember, let facts = member(name, at: node), facts.isProperty, facts.isStored else {
            return nil
        }
        return name
    }
}

extension FileModel {
    /// The methods (not accessors or initializers) with this full name, in source order.
    public func functions(fullName: String) -> [FunctionID] {
        outline.functions.indices.filter {
            outline.functions[$0].kind == .function && outline.functions[$0].fullName == fullName
        }.map(FunctionID.init)
    }
}

/// An object in one type's code, as a key.
struct ObjectInType: Hashable {
    var object: ObjectRef
    var typeKey: String
}

/// Effects looked for on an object of a type (a bit per effect), less those of a group that also
/// performs `start` (its raw value; `nil` for none): the key of the groups that complete it.
struct CompletionQuery: Hashable {
    var object: ObjectInType
    var effects: UInt64
    var start: UInt8?
}

/// An object's anchor and a set of effects (a bit per effect): the key of the anchor's events
/// with those effects.
struct AnchorEffects: Hashable {
    var anchor: ObjectRef.Anchor
    var type: String?
    var effects: UInt64
}
