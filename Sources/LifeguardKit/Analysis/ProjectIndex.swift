/// Facts about the types of a whole run, merged across files: each class's superclass, each
/// type's conformances (extensions included), its members, and protocols' class-boundness.
/// Rules ask it "is this a view controller?" and get an answer that follows chains across files.
///
/// Types are keyed by their qualified name (`ProfileScreen.Footer`), so two nested types that
/// share a simple name stay apart. A name as written in code is turned into a key by `key(for:from:)`,
/// which looks it up the way Swift does: the enclosing scopes first, then a unique match anywhere.
///
/// The index is built once per run from each file's `ProjectIndexFacts` and then only read, by
/// every file's rules on every thread: it is a class so that holding it costs one reference,
/// not a copy of its tables. Every walk it makes over input-derived chains is bounded (see
/// `maxQualifiedDepth` and `maxChainLength`), so no input shape makes a query super-linear.
public final class ProjectIndex: Sendable {
    /// What the run declares under one key.
    public struct TypeFacts: Sendable {
        /// What the run declares the key as (several when declarations disagree).
        public var kinds: Set<TypeKind> { Set(TypeKind.allCases.filter(isDeclared(as:))) }
        /// `kinds` as a bit per kind: a run declares tens of thousands of types, and a `Set`
        /// each is an allocation each.
        var kindMask: UInt8 = 0

        func isDeclared(as kind: TypeKind) -> Bool { kindMask & Self.bit(kind) != 0 }

        static func bit(_ kind: TypeKind) -> UInt8 {
            switch kind {
            case .class: return 1
            case .struct: return 2
            case .enum: return 4
            case .actor: return 8
            case .protocol: return 16
            case .extension: return 32
            }
        }
        /// The key of the superclass (first entry of a class's inheritance clause that is not a
        /// protocol), as resolved from the declaring scope.
        public var superclass: String?
        /// Keys of adopted protocols (and of other inherited names), from every declaration and extension.
        public var conformances: Set<String> { Set(conformanceList) }
        /// `conformances` in the order first written, each once: a type adopts a handful, which a
        /// list searched in place holds and finds for less than a set's hashing (a set per type was
        /// a tenth of the index's merge); past `searchedInPlace` a set beside it keeps a type
        /// extended thousands of times from making the merge quadratic.
        private(set) var conformanceList: [String] = []
        private var conformanceSet: Set<String>?
        private static let searchedInPlace = 16

        func conforms(to key: String) -> Bool {
            conformanceSet.map { $0.contains(key) } ?? conformanceList.contains(key)
        }

        mutating func addConformances(_ keys: ArraySlice<String>) {
            for key in keys {
                if conformanceSet != nil {
                    guard conformanceSet!.insert(key).inserted else { continue }
                } else if conformanceList.contains(key) {
                    continue
                }
                conformanceList.append(key)
                if conformanceSet == nil, conformanceList.count > Self.searchedInPlace { conformanceSet = Set(conformanceList) }
            }
        }
        /// For a protocol: written with `AnyObject`, `class`, `@objc`, or a class constraint.
        public var declaresClassBound = false
    }

    /// A member a type declares somewhere in the run (main declaration or extension).
    /// The string first, the flags after it: 24 bytes a member, where flags before it padded it to 32.
    public struct MemberFacts: Sendable {
        /// The key of the type a property's annotation or initializer names, when evident.
        public var typeName: String?
        public var isProperty: Bool
        /// A stored property (plain or with observers), not a computed one or a method.
        public var isStored: Bool
        public var isWeakOrUnowned: Bool
        public var isLazy: Bool
        /// A property of function type, such as `var onTap: (() -> Void)?`.
        public var holdsClosure: Bool
        /// `@IBOutlet`: weak, but kept alive by the view hierarchy `self` owns.
        public var isOutlet: Bool = false
        /// A `static let` holding a new instance of the declaring type itself (`static let shared = Player()`).
        public var holdsSharedInstance: Bool = false
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

    /// The shape of a value assigned to a member.
    public enum AssignedValue: Sendable, Equatable {
        /// `self`.
        case selfReference
        /// A new object: `Foo()`, `Foo(bar:)`, `.init()`.
        case creation
        /// `nil`: the member is cleared.
        case nilLiteral
        /// `[]` or `[:]`: the collection is emptied (what it held is let go).
        case emptyCollection
        /// Anything else: a parameter, another property, a call result.
        case other
    }

    /// One assignment to a member.
    public struct Assignment: Sendable {
        public var value: AssignedValue
        /// Written as `name = ...` or `self.name = ...` in the code of `typeKey`; otherwise `x.name = ...`.
        public var isOwnMember: Bool
        /// The type whose code makes the assignment.
        public var typeKey: String?
        /// For `x.name = ...`, the key of `x`'s type when it is evident.
        public var receiverType: String?
        /// The full name of the function that makes the assignment, when it is one.
        public var function: String? = nil
        public var inDeinit: Bool = false
    }

    enum AliasTarget: Sendable {
        /// A nominal type, as written, with the scope to look it up from.
        case type(String, scope: String?)
        /// A function type such as `(IndexPath) -> Void`.
        case function
        /// Something else (a tuple, a composition, a collection).
        case other
    }

    /// How many enclosing types a qualified name spells out. Deeper nests are named by their
    /// innermost levels only: real code nests a handful of levels, and spelling out every level
    /// of a pathological 16,000-deep nest would make the names alone quadratic in size.
    public static let maxQualifiedDepth = 8
    /// How many superclass links a query follows. Real hierarchies are a few links deep; the
    /// bound keeps a generated chain of thousands of classes from making each query linear.
    public static let maxChainLength = 64

    /// What is assigned to members of this name anywhere in the run — empty unless an enabled rule
    /// asks for assignments (`RuleDescription.indexesAssignments`) — (`x.delegate = self`,
    /// `animator = FadeAnimator()`), by the member name the left-hand side ends with.
    public let assignedValues: [String: [Assignment]]
    /// `assignedValues` written as a type's own member (`name = ...`, `self.name = ...`), grouped
    /// by type the first time a name is asked: a rule asking for each type's own assignments to a
    /// name read every type's (thousands of classes each assigning their `handler`: quadratic),
    /// and grouping every name up front hashed every assignment of the run for the few names asked.
    private let ownAssignments = LockedMemo<String, [String?: [Assignment]]>()

    /// The assignments to `name` made as a member of the type `typeKey` in its own code, in run order.
    public func ownAssignments(to name: String, inType typeKey: String) -> [Assignment] {
        ownAssignments.value(for: name) {
            var grouped: [String?: [Assignment]] = [:]
            for assignment in assignedValues[name] ?? [] where assignment.isOwnMember {
                grouped[assignment.typeKey, default: []].append(assignment)
            }
            return grouped
        }[typeKey] ?? []
    }
    /// `assignedValues` tallied by the types that make or receive them, one name at a time, the
    /// first time the name is asked (`assignmentTallies(of:)`).
    let assignmentTallyCache = LockedMemo<String, AssignmentTallies>()
    /// `targets(of:inTypeChainOf:)`, by type and effect, the first time each is asked.
    let chainTargetCache = LockedMemo<String, Set<CallSummaries.Target>>()
    public let controllerBases: Set<String>
    public let viewBases: Set<String>
    /// The two sets as name tables, for lookups.
    private let controllerBaseNames: NameSlots
    private let viewBaseNames: NameSlots
    /// What each function of the run does to its arguments, `self` and `self`'s properties.
    public let summaries: CallSummaries

    /// Hands `body` the summaries in place: a read of `summaries` from outside copies the struct,
    /// retaining and releasing each of its two dozen tables, which pass 2 would pay per call.
    func withSummaries<Result>(_ body: (borrowing CallSummaries) -> Result) -> Result { body(summaries) }

    /// An index of nothing: every name is a framework name.
    public static let empty = ProjectIndex(facts: [])

    /// Whether the index holds the run's declarations: the empty index of pass one knows no type,
    /// so nothing may be concluded there from a type being absent.
    public var seesTheRun: Bool { typeIDs.count > 0 }

    /// How written names become keys.
    let names: NameTable
    /// Every key the run declares or extends, by id; the tables below are indexed by the same id.
    /// A name table: hashing a key's bytes costs a few instructions, where a `Dictionary` of
    /// strings runs a seeded SipHash, and every type question of every model starts here.
    private let typeIDs: NameSlots
    private let typeKeys: [String]
    private let typeFacts: [TypeFacts]
    /// The id of each type's superclass when the run declares or extends it, else -1.
    private let superclassIDs: [Int32]
    private let controllerFlags: [Bool]
    private let viewFlags: [Bool]
    /// Members of the run's types, found by type id and name (see `MemberTable`).
    private let members: MemberTable
    /// Ids of the types that keep an instance of themselves in a `static let`.
    private let sharedInstanceTypes: Set<Int32>
    /// Remembered calls by the id of the type whose code makes them.
    private let callTables: [[IndexedCall]]

    /// An index of `trees`; unless `requests` says otherwise, it remembers assignments (for
    /// readers outside a run, whose needs are not known) but no call sites.
    public convenience init(trees: [SyntaxTree], extraControllerBases: Set<String> = [], extraViewBases: Set<String> = [],
                            requests: IndexRequests = IndexRequests(assignments: true)) {
        let facts = Parallel.map(trees) { ProjectIndexFacts(tree: $0, requests: requests) }
        self.init(facts: facts, extraControllerBases: extraControllerBases, extraViewBases: extraViewBases)
    }

    /// Builds the index from every file's facts, in file order (the order decides which file's
    /// declaration wins when two declare the same member). `keepsMergeTablesUntilExit`: the
    /// per-file tables the merge makes on the way (names resolved, type ids, calls by file) are
    /// never freed, for a process that exits after the run (see `KeptUntilExit`): freeing them
    /// at the end of the merge took some 5 ms on the tuning set, on the thread the rest of the
    /// run waits for.
    public init(facts files: [ProjectIndexFacts], extraControllerBases: Set<String> = [],
                extraViewBases: Set<String> = [], keepsMergeTablesUntilExit: Bool = false) {
        controllerBases = UIKitCatalog.controllerClasses.union(extraControllerBases)
        viewBases = UIKitCatalog.viewClasses.union(extraViewBases)
        controllerBaseNames = NameSlots(controllerBases)
        viewBaseNames = NameSlots(viewBases)
        // Call summaries need only names, then their functions' type keys, and superclasses once
        // their calls resolve: they are merged on a thread of their own, from the start, while
        // names, types, members, assignments and calls are merged here.
        let typeKeysOfSummaries = Deferred<[[String]]>()
        let superclassesOfSummaries = Deferred<ClassLinks>()
        let pendingSummaries: Deferred<CallSummaries>
        if files.isEmpty {
            pendingSummaries = Deferred(ready: CallSummaries())
        } else {
            let fileSummaries = files.map(\.summaries)
            pendingSummaries = Deferred {
                CallSummaries(files: fileSummaries, typeKeys: typeKeysOfSummaries, superclasses: superclassesOfSummaries,
                              keepsMergeTablesUntilExit: keepsMergeTablesUntilExit)
            }
        }
        let names = NameTable(files: files)
        self.names = names

        // Types: ids for every declared or extended key, in first-seen order.
        // A name table gives slots in insertion order: a key's slot is its id.
        var ids = NameSlots(capacity: files.reduce(0) { $0 + $1.types.count })
        var keys: [String] = []
        var facts: [TypeFacts] = []
        // Name tables, not `Set`s: every class's first inherited name is looked up here and in the
        // framework's class-bound protocols, where a `Set` ran SipHash for each.
        var protocols = NameSlots()
        // Files and their entries are read in place, by position: copying one out retains each of
        // its strings and arrays, a cache miss apiece in a run-wide merge.
        for file in files.indices {
            files[file].types.withUnsafeBufferPointer { types in
                for type in types.indices where types[type].kind == .protocol { _ = protocols.insert(types[type].qualified) }
            }
        }
        let classBoundProtocols = Self.classBoundProtocolNames
        // Names in inheritance clauses resolve in parallel (they only read the name table); the
        // facts are then merged in file order.
        let resolvedTypes = Parallel.map(Array(files.indices)) { position in
            files[position].types.withUnsafeBufferPointer { types in
                types.indices.map { index -> (key: String, inherited: [String]) in
                    let isExtension = types[index].kind == .extension
                    let key = isExtension ? names.key(for: types[index].written, from: nil) : types[index].qualified
                    let scope = isExtension ? key : NameTable.parentScope(types[index].qualified)
                    return (key, types[index].inherited.map { names.key(for: $0, from: scope) })
                }
            }
        }
        typeKeysOfSummaries.fulfill(resolvedTypes.map { $0.map(\.key) })
        var fileTypeIDs: [[Int32]] = []
        fileTypeIDs.reserveCapacity(files.count)
        for file in resolvedTypes.indices {
            var positions: [Int32] = []
            positions.reserveCapacity(resolvedTypes[file].count)
            resolvedTypes[file].withUnsafeBufferPointer { resolved in
                for position in resolved.indices {
                    let kind = files[file].types[position].kind
                    let id = ids.insert(resolved[position].key)
                    if Int(id) == keys.count {
                        keys.append(resolved[position].key)
                        facts.append(TypeFacts())
                    }
                    positions.append(id)
                    if kind != .extension { facts[Int(id)].kindMask |= TypeFacts.bit(kind) }
                    let inherited = resolved[position].inherited
                    var conformances = inherited[...]
                    if kind == .class, let first = inherited.first, protocols.slot(of: first) == nil,
                       classBoundProtocols.slot(of: first) == nil, facts[Int(id)].superclass == nil {
                        facts[Int(id)].superclass = first
                        conformances = inherited.dropFirst()
                    }
                    if !conformances.isEmpty { facts[Int(id)].addConformances(conformances) }
                    if files[file].types[position].declaresClassBound { facts[Int(id)].declaresClassBound = true }
                }
            }
            fileTypeIDs.append(positions)
        }
        typeIDs = ids
        self.typeKeys = keys
        typeFacts = facts
        superclassIDs = facts.indices.map { facts[$0].superclass.flatMap { ids.slot(of: $0) } ?? -1 }
        // Handed over before the base walks below, which the summaries do not need: the summaries'
        // thread may be waiting for the links already.
        superclassesOfSummaries.fulfill(ClassLinks(ids: ids, superclassIDs: superclassIDs))
        let matches = Self.baseMatches(keys: keys, superclassIDs: superclassIDs, facts: facts, names: names,
                                       controllerBases: controllerBaseNames, viewBases: viewBaseNames)
        controllerFlags = Self.resolveChains(superclassIDs: superclassIDs, matches: matches, bit: Self.controllerBit)
        viewFlags = Self.resolveChains(superclassIDs: superclassIDs, matches: matches, bit: Self.viewBit)

        let fileTypes = fileTypeIDs
        let typeKeys = keys
        // Members: one pass in file order decides which member of a type and name counts (see
        // `MemberTable`); a member's facts are worked out when it is asked for.
        let members = MemberTable(files: files, typeIDs: fileTypes, typeKeys: typeKeys, names: names)
        self.members = members
        var shared = members.typesHoldingSharedInstances
        for file in files.indices {
            for written in files[file].globalInstances {
                if let id = ids.slot(of: names.key(for: written, from: nil)) { shared.insert(id) }
            }
        }
        sharedInstanceTypes = shared

        // Assignments and calls resolve receivers through members, so they come last.
        let lookup = MemberLookup(typeIDs: ids, superclassIDs: superclassIDs, members: members)
        let parts = Parallel.map(Array(files.indices)) { position in
            let typeIDs = fileTypes[position]
            func key(_ type: Int32) -> String? { type >= 0 ? typeKeys[Int(typeIDs[Int(type)])] : nil }
            let assignments = files[position].assignments.map { entry -> (String, Assignment) in
                let typeKey = key(entry.type)
                var receiverType: String?
                switch entry.receiver {
                case .none: break
                case .written(let written): receiverType = written.map { names.key(for: $0, from: typeKey) }
                case .member(let name):
                    if let typeKey { receiverType = lookup.member(name, ofKey: typeKey)?.typeName }
                }
                return (entry.member, Assignment(value: entry.value, isOwnMember: entry.isOwnMember, typeKey: typeKey,
                                                 receiverType: receiverType, function: entry.function, inDeinit: entry.inDeinit))
            }
            let calls = files[position].calls.map { (typeIDs[Int($0.type)], $0.call) }
            return (assignments, calls)
        }
        var assigned: [String: [Assignment]] = [:]
        assigned.reserveCapacity(parts.reduce(0) { $0 + $1.0.count })
        var callTables = [[IndexedCall]](repeating: [], count: keys.count)
        for (assignmentPart, callPart) in parts {
            for (name, value) in assignmentPart { assigned[name, default: []].append(value) }
            for (id, call) in callPart { callTables[Int(id)].append(call) }
        }
        assignedValues = assigned
        self.callTables = callTables
        summaries = pendingSummaries.value
        if keepsMergeTablesUntilExit { KeptUntilExit.keep((resolvedTypes, fileTypes, parts)) }
    }

    /// The facts of a member, its type name resolved from the declaring type.
    /// The entry is read in place: a copy of it retains and releases its name, a cache miss per member.
    fileprivate static func memberFacts(_ entries: UnsafeBufferPointer<ProjectIndexFacts.MemberEntry>, _ index: Int, scope: String,
                                        names: NameTable) -> MemberFacts {
        let writtenType = entries[index].writtenType
        let resolved = writtenType.map { names.resolve($0, from: scope) }
        return MemberFacts(typeName: resolved?.key, isProperty: entries[index].isProperty, isStored: entries[index].isStored,
                           isWeakOrUnowned: entries[index].isWeakOrUnowned, isLazy: entries[index].isLazy,
                           holdsClosure: entries[index].annotatedAsFunction || resolved?.isFunctionAlias == true,
                           isOutlet: entries[index].isOutlet,
                           holdsSharedInstance: entries[index].isStaticInstance && (resolved?.key == scope || writtenType == "Self"))
    }

    /// Whether the type keeps an instance of itself in a `static let` (`static let shared = Player()`),
    /// or a file-scope constant holds one (`private let monitor = Monitor()`): a shared instance
    /// lives as long as the app, so a cycle through it leaks nothing that was ever going away.
    /// (Other instances of such a type are not told apart: rules stay silent.)
    public func hasSharedInstance(_ key: String) -> Bool {
        guard let id = typeIDs.slot(of: key) else { return false }
        return sharedInstanceTypes.contains(id)
    }

    /// `UIKitCatalog.classBoundProtocols` as a name table, for the merge's lookups.
    private static let classBoundProtocolNames = NameSlots(UIKitCatalog.classBoundProtocols)

    private static let controllerBit: UInt8 = 1
    private static let viewBit: UInt8 = 2

    /// For every type id, which kinds of base (`controllerBit`, `viewBit`) it matches: the type
    /// itself, in the low bits, and, when the run neither declares nor extends its superclass,
    /// that superclass, in the same bits shifted left by four. A key matches a base when it is
    /// one, or when it is a framework name (one the run does not declare) whose simple name is
    /// one. Each key is hashed once here for both walks.
    private static func baseMatches(keys: [String], superclassIDs: [Int32], facts: [TypeFacts], names: NameTable,
                                    controllerBases: NameSlots, viewBases: NameSlots) -> [UInt8] {
        func kinds(_ key: String) -> UInt8 {
            var kinds: UInt8 = 0
            if controllerBases.slot(of: key) != nil { kinds |= controllerBit }
            if viewBases.slot(of: key) != nil { kinds |= viewBit }
            guard kinds != controllerBit | viewBit else { return kinds }
            let last = NameTable.lastComponent(key)
            let lastKinds = (controllerBases.slot(of: last) != nil ? controllerBit : 0) | (viewBases.slot(of: last) != nil ? viewBit : 0)
            if lastKinds & ~kinds != 0, !names.declares(key) { kinds |= lastKinds }
            return kinds
        }
        return keys.withUnsafeBufferPointer { keys in
            keys.indices.map { index in
                let own = kinds(keys[index])
                guard superclassIDs[index] < 0, let superclass = facts[index].superclass else { return own }
                return own | kinds(superclass) << 4
            }
        }
    }

    /// For every type id, whether its superclass chain reaches a base of the kind `bit` (see
    /// `baseMatches`). Each chain is walked once, with the answers of its links remembered, so the
    /// whole is linear; a cycle answers no.
    private static func resolveChains(superclassIDs: [Int32], matches: [UInt8], bit: UInt8) -> [Bool] {
        // 0: unknown, 1: on the current path, 2: no, 3: yes.
        var state = [UInt8](repeating: 0, count: matches.count)
        var path: [Int] = []
        for start in matches.indices where state[start] == 0 {
            var current = start
            var answer = false
            while true {
                if state[current] >= 2 { answer = state[current] == 3; break }
                if state[current] == 1 { answer = false; break }
                if matches[current] & bit != 0 {
                    answer = true
                    state[current] = 3
                    break
                }
                state[current] = 1
                path.append(current)
                let next = superclassIDs[current]
                if next >= 0 {
                    current = Int(next)
                    continue
                }
                // A superclass the run neither declares nor extends ends the chain.
                answer = matches[current] & (bit << 4) != 0
                break
            }
            for link in path { state[link] = answer ? 3 : 2 }
            path.removeAll(keepingCapacity: true)
        }
        return state.map { $0 == 3 }
    }

    // MARK: - Names

    /// The qualified name of every type declaration of a file: `Outer.Inner` for a type nested in
    /// `Outer` (or in an extension of it); an extension's own entry is the name it extends. At most
    /// `maxQualifiedDepth` enclosing types are spelled out.
    static func qualifiedNames(_ tree: SyntaxTree) -> [String] {
        let outline = tree.outline
        var result: [String] = []
        result.reserveCapacity(outline.types.count)
        let types = outline.types
        for index in types.indices {
            var name = Self.withoutGenerics(types[index].name)
            var parent = outline.nodes[types[index].node].enclosingType
            var depth = 0
            while parent >= 0, depth < maxQualifiedDepth {
                name = Self.withoutGenerics(types[outline.nodes[parent].detail].name) + "." + name
                parent = outline.nodes[parent].enclosingType
                depth += 1
            }
            result.append(name)
        }
        return result
    }

    /// `Base<T>` → `Base`; `UIKit.UIViewController` stays as written.
    static func withoutGenerics(_ name: String) -> String { NameTable.withoutGenerics(name) }

    static func lastComponent(_ name: String) -> String { NameTable.lastComponent(name) }

    static func parentScope(_ name: String) -> String? { NameTable.parentScope(name) }

    /// `Outer.Inner` → `Inner`; `Base<T>` → `Base`.
    public static func simpleName(_ name: String) -> String {
        lastComponent(withoutGenerics(name))
    }

    /// The key of the type a name written inside `scope` (a type key, or `nil` at file level)
    /// refers to: the innermost enclosing scope that declares it, else the only type of the run
    /// with that name, else — for names the run does not declare, such as UIKit's — the simple name.
    public func key(for written: String, from scope: String?) -> String {
        names.key(for: written, from: scope)
    }

    /// Whether a type key names a function type through a `typealias`.
    public func isFunctionAlias(_ name: String, from scope: String? = nil) -> Bool {
        names.isFunctionAlias(name, from: scope)
    }

    // MARK: - Questions

    /// The key a name (or key) stands for; idempotent on keys.
    func canonical(_ name: String, from scope: String? = nil) -> String {
        names.key(for: name, from: scope)
    }

    private func facts(ofKey key: String) -> TypeFacts? {
        typeIDs.slot(of: key).map { typeFacts[Int($0)] }
    }

    /// The superclass the run declares for `name`, if any.
    public func superclass(of name: String, from scope: String? = nil) -> String? {
        facts(ofKey: canonical(name, from: scope))?.superclass
    }

    /// For a class of the run whose superclass chain ends in a class the run does not declare and
    /// Lifeguard does not know, that class; `nil` otherwise.
    public func unresolvedSuperclass(of name: String, from scope: String? = nil) -> String? {
        var current = canonical(name, from: scope)
        var steps = 0
        while steps < Self.maxChainLength {
            steps += 1
            guard let facts = facts(ofKey: current), facts.isDeclared(as: .class) else { return nil }
            guard let superclass = facts.superclass else { return nil }
            if self.facts(ofKey: superclass)?.isDeclared(as: .class) != true {
                let known = controllerBaseNames.slot(of: superclass) != nil || viewBaseNames.slot(of: superclass) != nil
                    || UIKitCatalog.otherClassNames.slot(of: superclass) != nil
                return known ? nil : superclass
            }
            current = superclass
        }
        return nil
    }

    /// Whether `name` is a view controller class: a UIKit controller, a configured base, or a class
    /// whose superclass chain (across all files) reaches one.
    public func isController(_ name: String, from scope: String? = nil) -> Bool {
        let key = canonical(name, from: scope)
        if let id = typeIDs.slot(of: key) { return controllerFlags[Int(id)] }
        return controllerBaseNames.slot(of: key) != nil
    }

    /// `isController` and `isView` of a key together, from one lookup: every type declaration of
    /// every model asks both.
    func controllerAndView(ofKey key: String) -> (isController: Bool, isView: Bool) {
        controllerAndView(ofCanonicalKey: canonical(key))
    }

    private func controllerAndView(ofCanonicalKey key: String) -> (isController: Bool, isView: Bool) {
        if let id = typeIDs.slot(of: key) { return (controllerFlags[Int(id)], viewFlags[Int(id)]) }
        return (controllerBaseNames.slot(of: key) != nil, viewBaseNames.slot(of: key) != nil)
    }

    /// `controllerAndView(ofKey:)` and `isClass(_:)` of one key, which is made canonical once:
    /// a file's model asks both for each of its types.
    func roles(ofKey key: String) -> (isController: Bool, isView: Bool, isClass: Bool) {
        let key = canonical(key)
        let roles = controllerAndView(ofCanonicalKey: key)
        return (roles.isController, roles.isView, isClassKey(key))
    }

    /// Whether `name` is a `UIView` subclass, in the same sense.
    public func isView(_ name: String, from scope: String? = nil) -> Bool {
        let key = canonical(name, from: scope)
        if let id = typeIDs.slot(of: key) { return viewFlags[Int(id)] }
        return viewBaseNames.slot(of: key) != nil
    }

    /// Whether `name` has reference semantics: a class or actor of the run, or a known framework class.
    public func isClass(_ name: String, from scope: String? = nil) -> Bool {
        isClassKey(canonical(name, from: scope))
    }

    private func isClassKey(_ key: String) -> Bool {
        if let facts = facts(ofKey: key) {
            if facts.isDeclared(as: .class) || facts.isDeclared(as: .actor) { return true }
            if facts.kindMask != 0 { return false }
        }
        return controllerBaseNames.slot(of: key) != nil || viewBaseNames.slot(of: key) != nil
            || UIKitCatalog.otherClassNames.slot(of: key) != nil
    }

    /// What the run declares `name` as, when it declares it (extensions alone do not count).
    public func declaredKinds(of name: String, from scope: String? = nil) -> Set<TypeKind> {
        facts(ofKey: canonical(name, from: scope))?.kinds ?? []
    }

    /// `true` or `false` for a protocol the run declares; `nil` when it is not declared here.
    /// Class-bound through `AnyObject`, `class`, `@objc`, `where Self: SomeClass`, or a parent
    /// protocol that is class-bound.
    public func isClassBoundProtocol(_ name: String, from scope: String? = nil) -> Bool? {
        let key = canonical(name, from: scope)
        if UIKitCatalog.classBoundProtocols.contains(key) { return true }
        guard let facts = facts(ofKey: key), facts.isDeclared(as: .protocol) else { return nil }
        var pending = [key]
        var seen = Set<String>()
        while let current = pending.popLast() {
            guard seen.insert(current).inserted else { continue }
            if UIKitCatalog.classBoundProtocols.contains(current) { return true }
            // `protocol Screen: UIViewController`: a class requirement binds it to classes.
            if current != key, isClassKey(canonical(current)) { return true }
            guard let currentFacts = self.facts(ofKey: current) else { continue }
            if currentFacts.declaresClassBound { return true }
            pending.append(contentsOf: currentFacts.conformanceList)
            if let superclass = currentFacts.superclass { pending.append(superclass) }
        }
        return false
    }

    /// Whether `name` (or a superclass the run declares) adopts `protocolName` anywhere in the run.
    public func conforms(_ name: String, to protocolName: String, from scope: String? = nil) -> Bool {
        guard var id = typeIDs.slot(of: canonical(name, from: scope)) else { return false }
        for _ in 0..<Self.maxChainLength {
            if typeFacts[Int(id)].conforms(to: protocolName) { return true }
            let next = superclassIDs[Int(id)]
            guard next >= 0 else { return false }
            id = next
        }
        return false
    }

    /// Whether `name`'s superclass chain reaches `base` (by simple name, for framework bases).
    /// Every `base` for which `inherits(name, from: base)` holds: each type on `name`'s chain
    /// (at most `maxChainLength` of them) as its key and as its last component, added to `bases`.
    func inheritedBases(of name: String, into bases: inout Set<String>) {
        var current: String? = canonical(name)
        for _ in 0..<Self.maxChainLength {
            guard let type = current else { return }
            bases.insert(type)
            bases.insert(Self.lastComponent(type))
            current = facts(ofKey: type)?.superclass
        }
    }

    public func inherits(_ name: String, from base: String, scope: String? = nil) -> Bool {
        var current: String? = canonical(name, from: scope)
        for _ in 0..<Self.maxChainLength {
            guard let type = current else { return false }
            if type == base || Self.lastComponent(type) == base { return true }
            current = facts(ofKey: type)?.superclass
        }
        return false
    }

    /// The member `name` of type `typeName` (or of a superclass the run declares).
    public func member(_ name: String, of typeName: String, from scope: String? = nil) -> MemberFacts? {
        // The tables are read in place: a lookup made of them copied each, retained and released
        // per member a rule resolves.
        MemberLookup.member(name, ofKey: canonical(typeName, from: scope), typeIDs: typeIDs, superclassIDs: superclassIDs,
                            members: members)
    }

    /// Remembered calls made in the code of a type (all its declarations and extensions).
    public func calls(inType typeName: String, from scope: String? = nil) -> [IndexedCall] {
        guard let id = typeIDs.slot(of: canonical(typeName, from: scope)) else { return [] }
        return callTables[Int(id)]
    }
}

/// Every member the run's types declare, merged across files in file order: within a file a later
/// property replaces an earlier one of the same type and name, and a method never replaces
/// anything; across files the earlier file's member wins. A member is found by its type's id and
/// its name's slot in one table of member names, so a lookup of a name no type declares stops at
/// one probe. The merge hashes each member's name once, in the run-wide table: tables of each
/// file's names, merged into it, hashed most names twice and cost two tables a file.
///
/// The files' entries are kept as they are, and a member's facts (its type name resolved from
/// its type) are worked out when it is asked for: a run asks for a few thousand of its 140,000
/// members, and resolving every one up front was a fifth of the index's build.
struct MemberTable: Sendable {
    private var names: NameSlots
    /// Where each member's entry is in `entries` (the file's position, high half, and the
    /// member's), by the value `positions` gives `key(type:name:)`.
    private var positions: IntegerTable
    private let entries: [[ProjectIndexFacts.MemberEntry]]
    private let winners: [Int64]
    /// What resolves a member's type name: each type's key (its scope) by id, and the run's names.
    private let typeKeys: [String]
    private let typeNames: NameTable
    /// Ids of the types with a `static let` holding an instance of themselves.
    let typesHoldingSharedInstances: Set<Int32>

    /// `typeIDs[file][type]` is the id of `files[file].types[type]`, and `typeKeys[id]` its key.
    init(files: [ProjectIndexFacts], typeIDs: [[Int32]], typeKeys: [String], names typeNames: NameTable) {
        let count = files.reduce(0) { $0 + $1.members.count }
        // Sized for a name per two members, and for the bytes of every member's name: on the
        // tuning set over 65,000 of some 150,000 names are distinct, many of them methods' full
        // names (`tableView(_:cellForRowAt:)`), and room for sixteen bytes a name was copied as
        // it grew, to 5 MB; buckets for every member took 4 MB.
        var nameBytes = 0
        for file in files.indices {
            files[file].members.withUnsafeBufferPointer { members in
                for index in members.indices { nameBytes += members[index].name.utf8.count }
            }
        }
        var names = NameSlots(capacity: count / 2, bytes: nameBytes)
        var positions = IntegerTable(capacity: count)
        // The member that counts for each key so far, by the index `positions` gives the key: a
        // later property of the same file moves it, which a table that keeps its first value cannot.
        var winners: [Int64] = []
        var winnerTypes: [Int32] = []
        // Whether each winner is a `static let` made with an initializer, noted as it wins: the
        // walk over winners below then reads no entry of the others (reaching one through the
        // files' arrays retained and released the file's array per member).
        var winnerIsStaticInstance: [Bool] = []
        winners.reserveCapacity(count)
        winnerTypes.reserveCapacity(count)
        winnerIsStaticInstance.reserveCapacity(count)
        // Files and members are read in place: copying a member out would retain its strings.
        for file in files.indices {
            let fileTypes = typeIDs[file]
            files[file].members.withUnsafeBufferPointer { members in
                for index in members.indices {
                    let type = fileTypes[Int(members[index].type)]
                    let key = Self.key(type: type, name: names.insert(members[index].name))
                    let position = Int64(file) << 32 | Int64(index)
                    let slot = positions.valueInsertingIfAbsent(key, Int64(winners.count))
                    guard !slot.inserted else {
                        winners.append(position)
                        winnerTypes.append(type)
                        winnerIsStaticInstance.append(members[index].isStaticInstance)
                        continue
                    }
                    let winner = Int(slot.value)
                    guard members[index].isProperty, winners[winner] >> 32 == Int64(file) else { continue }
                    winners[winner] = position
                    winnerIsStaticInstance[winner] = members[index].isStaticInstance
                }
            }
        }
        let entries = files.map(\.members)
        // Only a `static let` made with an initializer can hold its own type's instance: only
        // those are resolved here.
        var shared = Set<Int32>()
        for winner in winners.indices where winnerIsStaticInstance[winner] {
            let file = Int(winners[winner] >> 32)
            let index = Int(winners[winner] & 0xFFFF_FFFF)
            let facts = entries[file].withUnsafeBufferPointer {
                ProjectIndex.memberFacts($0, index, scope: typeKeys[Int(winnerTypes[winner])], names: typeNames)
            }
            if facts.holdsSharedInstance { shared.insert(winnerTypes[winner]) }
        }
        self.names = names
        self.positions = positions
        self.entries = entries
        self.winners = winners
        self.typeKeys = typeKeys
        self.typeNames = typeNames
        typesHoldingSharedInstances = shared
    }

    /// The slot of a member name, when some type of the run declares a member so named.
    func slot(of name: String) -> Int32? { names.slot(of: name) }

    func member(_ slot: Int32, ofType type: Int32) -> ProjectIndex.MemberFacts? {
        positions.value(for: Self.key(type: type, name: slot)).map {
            let position = winners[Int($0)]
            return entries[Int(position >> 32)].withUnsafeBufferPointer {
                ProjectIndex.memberFacts($0, Int(position & 0xFFFF_FFFF), scope: typeKeys[Int(type)], names: typeNames)
            }
        }
    }

    private static func key(type: Int32, name: Int32) -> Int64 {
        Int64(type) << 32 | Int64(UInt32(bitPattern: name))
    }
}

/// Member lookup along superclass chains, shared by the finished index and by its construction.
private struct MemberLookup: Sendable {
    let typeIDs: NameSlots
    let superclassIDs: [Int32]
    let members: MemberTable

    func member(_ name: String, ofKey key: String) -> ProjectIndex.MemberFacts? {
        Self.member(name, ofKey: key, typeIDs: typeIDs, superclassIDs: superclassIDs, members: members)
    }

    static func member(_ name: String, ofKey key: String, typeIDs: borrowing NameSlots, superclassIDs: borrowing [Int32],
                       members: borrowing MemberTable) -> ProjectIndex.MemberFacts? {
        guard let slot = members.slot(of: name), var id = typeIDs.slot(of: key) else { return nil }
        for _ in 0..<ProjectIndex.maxChainLength {
            if let facts = members.member(slot, ofType: id) { return facts }
            let next = superclassIDs[Int(id)]
            guard next >= 0 else { return nil }
            id = next
        }
        return nil
    }
}

/// How the names of a run resolve: which qualified names it declares (types and type aliases),
/// what a name resolves to when no enclosing scope decides, and what each alias stands for.
struct NameTable: Sendable {
    /// Qualified names of the types and aliases the run declares (extensions excluded). Name
    /// tables rather than `Set`s and `Dictionary`s: these are asked for every type name the run
    /// writes, and a `NameSlots` lookup hashes a short name in a few instructions.
    private var declared = NameSlots()
    /// What a name resolves to when no enclosing scope declares it, for every name that is a
    /// trailing part of a declared one (`Inner` and `Outer.Inner` for `Outer.Inner`): computed
    /// once here, so a lookup is one hash however many types share a simple name. The name's
    /// slot in `resolvedNames` indexes `resolutions`.
    private var resolvedNames = NameSlots()
    private var resolutions: [String] = []
    /// What each `typealias` of the run stands for, by its key.
    /// `aliasNames`' slot of a key indexes `aliasTargets`; a later alias of the same key replaces an earlier one.
    private var aliasNames = NameSlots()
    private var aliasTargets: [ProjectIndex.AliasTarget] = []
    /// The key each `.type` alias target resolves to from its scope ("" for other targets):
    /// worked out once here, where a hop through an alias looked its target up again every time.
    private var aliasKeys: [String] = []

    init(files: [ProjectIndexFacts]) {
        // A trailing part most often belongs to one declaration, which is then its resolution;
        // only parts that several share keep their candidates, to choose among at the end.
        var shared: [String: [String]] = [:]
        // Sized up front: growing a table of strings hashes every string again. For the names a
        // table takes, not for every type: extensions add none, and most keys have one part, so
        // room for two parts a key gave the trailing parts' table five buckets a name (2 MB).
        var count = 0
        var keyBytes = 0
        for file in files.indices {
            count += files[file].aliases.count
            files[file].types.withUnsafeBufferPointer { types in
                for type in types.indices where types[type].kind != .extension {
                    count += 1
                    keyBytes += types[type].qualified.utf8.count
                }
            }
        }
        // The room past what the names take is never written (see `NameSlots`): sized for twice
        // the keys' bytes, for aliases' keys and the trailing parts, it does not grow.
        declared = NameSlots(capacity: count, bytes: 2 * keyBytes)
        resolvedNames = NameSlots(capacity: count, bytes: 2 * keyBytes)
        resolutions.reserveCapacity(count * 2)
        func add(_ key: String) {
            _ = declared.insert(key)
            // Qualified names have at most `maxQualifiedDepth + 1` parts, so each adds a bounded number.
            // Parts are interned from the key's bytes: a string is made only for a shared one.
            NameSlots.withBytes(of: key) { bytes in
                var start = 0
                while true {
                    let part = UnsafeBufferPointer(rebasing: bytes[start...])
                    let slot = Int(resolvedNames.insert(bytes: part))
                    if slot == resolutions.count {
                        resolutions.append(key)
                    } else {
                        shared[String(decoding: part, as: UTF8.self), default: [resolutions[slot]]].append(key)
                        resolutions[slot] = key
                    }
                    guard let dot = part.firstIndex(of: UInt8(ascii: ".")) else { break }
                    start += dot + 1
                }
            }
        }
        // Files and their types are read in place, by position: a copy retains every string.
        for file in files.indices {
            files[file].types.withUnsafeBufferPointer { types in
                for type in types.indices where types[type].kind != .extension { add(types[type].qualified) }
            }
        }
        for file in files.indices {
            for alias in files[file].aliases {
                let scope = alias.scopeType >= 0 ? files[file].types[Int(alias.scopeType)].qualified : nil
                let key = scope.map { $0 + "." + alias.name } ?? alias.name
                add(key)
                var target = alias.target
                if case .type(let name, _) = alias.target { target = .type(name, scope: scope) }
                let slot = Int(aliasNames.insert(key))
                if slot == aliasTargets.count { aliasTargets.append(target) } else { aliasTargets[slot] = target }
            }
        }
        for (name, candidates) in shared {
            guard let slot = resolvedNames.slot(of: name) else { continue }
            resolutions[Int(slot)] = Self.resolveAmong(candidates, name: name, simple: Self.lastComponent(name))
        }
        // Last: a target is looked up in the finished tables, as `resolve` would look it up.
        aliasKeys = aliasTargets.map { target in
            guard case .type(let name, let scope) = target else { return "" }
            return lookUp(name, from: scope)
        }
    }

    /// Whether the run declares a type or alias with this qualified name.
    func declares(_ name: String) -> Bool { declared.slot(of: name) != nil }

    func key(for written: String, from scope: String?) -> String {
        resolve(written, from: scope).key
    }

    func isFunctionAlias(_ name: String, from scope: String?) -> Bool {
        resolve(name, from: scope).isFunctionAlias
    }

    /// The key `written` stands for from `scope`, following `typealias`es to nominal types
    /// (`typealias PlatformViewController = UIViewController` stands for its target), and whether
    /// it names a function type through an alias.
    func resolve(_ written: String, from scope: String?) -> (key: String, isFunctionAlias: Bool) {
        var key: String
        var alias: Int32?
        if let quick = quickLookUp(written, from: scope) {
            (key, alias) = quick
        } else {
            key = lookUp(written, from: scope)
            alias = aliasTargets.isEmpty ? nil : aliasNames.slot(of: key)
        }
        var hops = 0
        while let slot = alias {
            switch aliasTargets[Int(slot)] {
            case .function:
                return (key, true)
            case .other:
                return (key, false)
            case .type:
                guard hops < 8 else { return (key, false) }
                key = aliasKeys[Int(slot)]
                hops += 1
            }
            alias = aliasNames.slot(of: key)
        }
        return (key, false)
    }

    /// `lookUp` of an ASCII name without generic arguments (nearly every name the run resolves),
    /// with the alias slot of the key it finds, decided on the name's bytes: hashed once for the
    /// three tables, where each lookup hashed it again, and no string made unless the key is a
    /// part of the name. `nil` for any other name.
    private func quickLookUp(_ written: String, from scope: String?) -> (key: String, alias: Int32?)? {
        NameSlots.withBytes(of: written) { bytes -> (key: String, alias: Int32?)? in
            guard bytes.firstIndex(of: UInt8(ascii: "<")) == nil, let hash = NameSlots.asciiHash(bytes) else { return nil }
            // Without generic arguments the name is as written, so `written` is returned as it is.
            if declared.slot(of: bytes, hash: hash) != nil { return (written, aliasSlot(of: bytes, hash: hash)) }
            guard let slot = resolvedNames.slot(of: bytes, hash: hash) else {
                guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")) else { return (written, aliasSlot(of: bytes, hash: hash)) }
                let last = String(decoding: UnsafeBufferPointer(rebasing: bytes[(dot + 1)...]), as: UTF8.self)
                return (last, aliasTargets.isEmpty ? nil : aliasNames.slot(of: last))
            }
            let unscoped = resolutions[Int(slot)]
            let key = scope.flatMap { scopedDeclaration(of: written, from: $0) } ?? unscoped
            return (key, aliasTargets.isEmpty ? nil : aliasNames.slot(of: key))
        }
    }

    private func aliasSlot(of bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int32? {
        aliasTargets.isEmpty ? nil : aliasNames.slot(of: bytes, hash: hash)
    }

    private func lookUp(_ written: String, from scope: String?) -> String {
        let name = Self.withoutGenerics(written)
        if declares(name) { return name }
        // Most names in annotations are the framework's (`String`, `UILabel`): no declared name
        // ends with them, so no enclosing scope can declare them either.
        guard let slot = resolvedNames.slot(of: name) else { return Self.lastComponent(name) }
        let unscoped = resolutions[Int(slot)]
        guard let scope else { return unscoped }
        return scopedDeclaration(of: name, from: scope) ?? unscoped
    }

    /// The first of `scope.name`, `parent-of-scope.name`, ... the run declares. Scopes are qualified
    /// names, so this visits at most `maxQualifiedDepth + 1` of them; the bound holds for any scope a
    /// caller passes. Each candidate is spelled in one scratch buffer and looked up as bytes: a
    /// string is made only for the one found (this runs for every type name the run resolves).
    private func scopedDeclaration(of name: String, from scope: String) -> String? {
        var scope = scope
        var name = name
        return scope.withUTF8 { outer in
            name.withUTF8 { inner in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: outer.count + 1 + inner.count) { buffer in
                    guard let base = buffer.baseAddress else { return nil }
                    if let start = outer.baseAddress { base.update(from: start, count: outer.count) }
                    var end = outer.count
                    var steps = 0
                    while steps <= ProjectIndex.maxQualifiedDepth {
                        base[end] = UInt8(ascii: ".")
                        if let start = inner.baseAddress { (base + end + 1).update(from: start, count: inner.count) }
                        let candidate = UnsafeBufferPointer(start: base, count: end + 1 + inner.count)
                        if declared.slot(of: candidate) != nil { return String(decoding: candidate, as: UTF8.self) }
                        // The parent scope: everything before the scope's last dot.
                        guard let dot = UnsafeBufferPointer(start: base, count: end).lastIndex(of: UInt8(ascii: ".")) else {
                            return nil
                        }
                        end = dot
                        steps += 1
                    }
                    return nil
                }
            }
        }
    }

    /// Which of the declarations `name` is a trailing part of it means when no enclosing scope decides.
    private static func resolveAmong(_ matching: [String], name: String, simple: String) -> String {
        if matching.count == 1 { return matching[0] }
        if name != simple, let exact = matching.first(where: { $0 == name }) { return exact }
        // Ambiguous: prefer a top-level declaration, as Swift would from outside both.
        if matching.contains(simple) { return simple }
        // A module-qualified framework name (`UIKit.UIView`) matches nothing.
        return matching.min() ?? simple
    }

    // These run for every type name of the run, so they search UTF-8 bytes, not Characters, and
    // in the string's own storage (`ASCIIBytes`) rather than through its index type.
    static func withoutGenerics(_ name: String) -> String {
        guard ASCIIBytes.firstOffset(of: UInt8(ascii: "<"), in: name) != nil else { return name }
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
        guard let dot = ASCIIBytes.lastOffset(of: UInt8(ascii: "."), in: name) else { return name }
        return ASCIIBytes.suffix(of: name, from: dot + 1)
    }

    static func parentScope(_ name: String) -> String? {
        guard let dot = ASCIIBytes.lastOffset(of: UInt8(ascii: "."), in: name) else { return nil }
        return ASCIIBytes.prefix(of: name, upTo: dot)
    }
}

/// Searches for an ASCII delimiter (`.`, `<`, `(`) in a string's UTF-8 storage. An ASCII byte
/// never occurs inside a multi-byte character, so an offset found is a character boundary and the
/// pieces around it are the same strings slicing by `String.Index` would give.
enum ASCIIBytes {
    static func firstOffset(of byte: UInt8, in text: String) -> Int? {
        if let found = text.utf8.withContiguousStorageIfAvailable({ $0.firstIndex(of: byte) }) { return found }
        return text.utf8.firstIndex(of: byte).map { text.utf8.distance(from: text.utf8.startIndex, to: $0) }
    }

    static func lastOffset(of byte: UInt8, in text: String) -> Int? {
        if let found = text.utf8.withContiguousStorageIfAvailable({ $0.lastIndex(of: byte) }) { return found }
        return text.utf8.lastIndex(of: byte).map { text.utf8.distance(from: text.utf8.startIndex, to: $0) }
    }

    /// The text before UTF-8 offset `end`.
    static func prefix(of text: String, upTo end: Int) -> String {
        String(text[..<text.utf8.index(text.utf8.startIndex, offsetBy: end)])
    }

    /// The text from UTF-8 offset `start` on.
    static func suffix(of text: String, from start: Int) -> String {
        String(text[text.utf8.index(text.utf8.startIndex, offsetBy: start)...])
    }
}
