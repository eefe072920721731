/// What the run's functions do to the objects they are given, across files: "`embed(_:)` adds
/// its parameter as a child and sends it `didMove(toParent:)`", "`stopTimers()` invalidates
/// `self.refreshTimer`". Rules ask these summaries instead of reading a helper's text, so a
/// protocol finished by a helper — or by a helper's helper — counts, and a helper the run
/// cannot see is known to be unknown.
///
/// Each file's functions are summarized on their own (`FileSummaries.extract`), then merged
/// and propagated through the calls between them to a fixed point, with a bound on rounds.
public struct CallSummaries: Sendable {
    /// What a step of a protocol is applied to, seen from inside a function.
    public enum Target: Hashable, Sendable {
        /// The function's parameter at this position.
        case parameter(Int)
        /// The object the function runs on.
        case selfObject
        /// A property of that object.
        case member(String)
        /// Something the function reaches that is none of those (a local's token passed to
        /// `removeObserver`): recorded only where "some object" is what matters.
        case other
    }

    /// A step of UIKit's object protocols.
    public enum Effect: UInt8, Hashable, Sendable, CaseIterable {
        /// `parent.addChild(x)`.
        case addedAsChild
        /// `x.didMove(toParent: parent)` with a parent (not `nil`).
        case didMoveToParent
        /// `x.willMove(toParent: nil)`.
        case willMoveToNil
        /// `x.removeFromParent()`.
        case removedFromParent
        /// `container.addSubview(x.view)` and friends.
        case viewAdded
        /// `x.view.removeFromSuperview()`.
        case viewRemoved
        /// Given to a UIKit container that manages its containment itself: `setViewControllers`,
        /// `pushViewController`, `present`, `show`, `viewControllers = [...]`, `rootViewController =`.
        case handedToContainer
        /// `x.invalidate()` or `x.cancel()`.
        case stopped
        /// `x = nil`.
        case released
        /// `NotificationCenter...removeObserver(x)` (or `x` is the observer removed).
        case observerRemoved
        /// `x.beginAppearanceTransition(...)`.
        case appearanceBegan
        /// `x.endAppearanceTransition()`.
        case appearanceEnded
        /// Handed to a function the run does not declare and Lifeguard does not know: anything may
        /// happen to it there.
        case escapesToUnknown
        /// Laid out by Auto Layout or autoresizing from here on: given constraints
        /// (`x.topAnchor.constraint(...)`, `x.snp.makeConstraints`), `translatesAutoresizingMaskIntoConstraints
        /// = false`, a flexible `autoresizingMask`, or arranged by a stack view.
        case constrained
    }

    /// One effect on one target.
    public struct TargetEffect: Hashable, Sendable {
        public var target: Target
        public var effect: Effect

        public init(_ target: Target, _ effect: Effect) {
            self.target = target
            self.effect = effect
        }
    }

    /// A function's summary after propagation.
    public struct Function: Sendable {
        public var fullName: String
        /// The key of the type the function belongs to, if any.
        public var typeKey: String?
        public var kind: FunctionKind
        /// `private` or `fileprivate`: only its own type (and file) can call it.
        public var isPrivate: Bool
        public var effects: Set<TargetEffect>
    }

    public private(set) var functions: [Function] = []
    /// Callable functions (not accessors) by full name (`embed(_:in:)`): the name's slot, and
    /// the functions of each slot.
    private var names = NameSlots()
    private var functionsByName: [[Int]] = []
    /// The slots of the type keys of callable functions.
    private var typeSlots = NameSlots()
    /// Functions by the key of their type.
    private var byType: [String: [Int]] = [:]
    /// Callable functions by their type's key (`nil` for free functions) and full name: a call on
    /// `self` looks up its class chain's few classes instead of filtering every same-named method.
    private var byTypeAndName: [NameInType: [Int]] = [:]
    /// Who calls each callable full name, filed under the first function of that name in
    /// `byName` (one slot per function, most empty): (calling function, index of the edge in its list).
    private var callersByName: [[(function: Int32, edge: Int32)]] = []
    /// Each function's calls, as pass one recorded them.
    private var edges: [[FileSummaries.Edge]] = []
    /// Each class's superclass in the run, by key.
    private var superclasses: [String: String] = [:]
    /// Base names of the callable functions.
    private var baseNames = Set<String>()

    /// A call site of a function of the run, seen from its caller.
    public struct Caller: Sendable {
        /// Index into `functions`.
        public var function: Int
        /// What the callee is called on, when that is a target of the caller (`self` for a bare call).
        public var receiver: Target?
        /// The call's arguments that are targets of the caller, by position.
        public var arguments: [(position: Int, target: Target)]
        /// The call's arguments that are the caller's locals, with what the caller does to them.
        public var localArguments: [(position: Int, effects: Set<Effect>)]

        /// What the caller does to the object it passes at `position`: its effects on that
        /// target or local; `nil` when the argument is neither (a new object, a literal).
        public func callerEffects(onArgument position: Int, in summaries: CallSummaries) -> Set<Effect>? {
            if let target = arguments.first(where: { $0.position == position })?.target {
                return Set(summaries.functions[function].effects.filter { $0.target == target }.map(\.effect))
            }
            return localArguments.first(where: { $0.position == position })?.effects
        }
    }

    /// Effects worth recording even on objects that are not targets (`.other`): where rules ask
    /// "does the type do this to anything?".
    static let recordedForAnyObject: Set<Effect> = [.observerRemoved, .appearanceBegan, .appearanceEnded]

    /// How many rounds of propagation run: helper chains deeper than this are not followed.
    static let propagationRounds = 8

    public init() {}

    /// Merges per-file summaries, resolving each function's type through `resolveType` (an
    /// extension's written name to its key), and propagates effects through calls.
    public init(files: [FileSummaries], superclasses: [String: String] = [:],
                resolveType: (FileSummaries.Function) -> String?) {
        self.init(files: files, superclasses: Deferred(ready: superclasses), resolveType: resolveType)
    }

    /// Merges `files`; the superclasses are needed only to resolve calls, after the tables are
    /// built, so the index can still be working them out when this starts.
    init(files: [FileSummaries], superclasses: Deferred<[String: String]>,
         resolveType: (FileSummaries.Function) -> String?) {
        let count = files.reduce(0) { $0 + $1.functions.count }
        functions.reserveCapacity(count)
        edges.reserveCapacity(count)
        for file in files {
            for function in file.functions {
                functions.append(Function(fullName: function.fullName, typeKey: resolveType(function), kind: function.kind,
                                          isPrivate: function.isPrivate, effects: function.effects))
                edges.append(function.edges)
            }
        }
        // The lookup tables are independent passes over the functions: built side by side.
        let merged = self
        var nameOfFunction: [Int32] = []
        var typeOfFunction: [Int32] = []
        let tables = Parallel.map([0, 1, 2]) { table -> LookupTable in
            switch table {
            case 0:
                var names = NameSlots()
                var groups: [[Int]] = []
                var slotOfFunction = [Int32](repeating: -1, count: merged.functions.count)
                for index in merged.functions.indices where merged.functions[index].kind != .accessor {
                    let slot = names.insert(merged.functions[index].fullName)
                    if Int(slot) == groups.count { groups.append([]) }
                    groups[Int(slot)].append(index)
                    slotOfFunction[index] = slot
                }
                return .byName(names, groups, slotOfFunction)
            case 1:
                var types = NameSlots()
                var slotOfFunction = [Int32](repeating: -1, count: merged.functions.count)
                for index in merged.functions.indices where merged.functions[index].kind != .accessor {
                    if let typeKey = merged.functions[index].typeKey { slotOfFunction[index] = types.insert(typeKey) }
                }
                return .types(types, slotOfFunction)
            default:
                var byType: [String: [Int]] = [:]
                var baseNames = Set<String>()
                for index in merged.functions.indices {
                    let function = merged.functions[index]
                    if let typeKey = function.typeKey { byType[typeKey, default: []].append(index) }
                    if function.kind != .accessor { baseNames.insert(Self.baseName(of: function.fullName)) }
                }
                return .byType(byType, baseNames)
            }
        }
        for table in tables {
            switch table {
            case .byName(let slots, let groups, let slotOfFunction):
                names = slots
                functionsByName = groups
                nameOfFunction = slotOfFunction
            case .types(let slots, let slotOfFunction):
                typeSlots = slots
                typeOfFunction = slotOfFunction
            case .byType(let table, let names):
                byType = table
                baseNames = names
            }
        }
        byTypeAndName.reserveCapacity(functions.count)
        for index in functions.indices where nameOfFunction[index] >= 0 {
            byTypeAndName[NameInType(type: typeOfFunction[index], name: nameOfFunction[index]), default: []].append(index)
        }
        // Where each call goes is an independent read of what is merged so far: resolved in slices
        // of callers side by side, each also noting which name it calls for `callers(of:)`.
        self.superclasses = superclasses.value
        let snapshot = self
        let resolved = Parallel.map(Self.slices(of: functions.count)) { snapshot.resolve($0) }
        callersByName = Array(repeating: [], count: functions.count)
        for slice in resolved {
            for (name, caller, edge) in slice.named { callersByName[Int(name)].append((caller, edge)) }
        }
        propagate(resolved)
    }

    /// One lookup table of the merge.
    private enum LookupTable: Sendable {
        case byName(NameSlots, [[Int]], [Int32])
        case types(NameSlots, [Int32])
        case byType([String: [Int]], Set<String>)
    }

    /// `embed` for `embed(_:in:)`, by bytes: this runs for every function of the run.
    static func baseName(of fullName: String) -> String {
        guard let paren = ASCIIBytes.firstOffset(of: UInt8(ascii: "("), in: fullName) else { return fullName }
        return ASCIIBytes.prefix(of: fullName, upTo: paren)
    }

    /// Where the calls of a slice of callers go, in caller and edge order.
    private struct ResolvedSlice: Sendable {
        /// (callee, caller, edge) for every call that reaches a function of the run.
        var calls: [(callee: Int32, caller: Int32, edge: Int32)] = []
        /// (caller, edge) for every call to unknown code that may keep its arguments.
        var escapes: [(caller: Int32, edge: Int32)] = []
        /// (first function of the callee's name, caller, edge) for every call spelling the full
        /// name of a callable function of the run.
        var named: [(name: Int32, caller: Int32, edge: Int32)] = []
    }

    /// Caller ranges of about equal size, a few per core so an uneven slice does not hold up the rest.
    private static func slices(of count: Int) -> [Range<Int>] {
        let parts = max(1, min(8, count / 2_000))
        let size = (count + parts - 1) / parts
        return stride(from: 0, to: count, by: max(size, 1)).map { $0..<min($0 + max(size, 1), count) }
    }

    /// Resolves the calls of `callers`: a call on `self` (or `super`) runs a method of the
    /// caller's own class chain; any other call, every function of that name. A call the run
    /// cannot resolve escapes its arguments unless it is a known passive framework call.
    private func resolve(_ callers: Range<Int>) -> ResolvedSlice {
        var slice = ResolvedSlice()
        var knownCalls: [String: Bool] = [:]
        for caller in callers {
            let typeKey = functions[caller].typeKey
            for position in edges[caller].indices {
                let callee = edges[caller][position].callee
                var resolved: [Int] = []
                if let slot = names.slot(of: callee), let first = functionsByName[Int(slot)].first {
                    slice.named.append((Int32(first), Int32(caller), Int32(position)))
                    resolved = edges[caller][position].receiver == .selfObject
                        ? functions(nameSlot: slot, inClassChainOf: typeKey) : functionsByName[Int(slot)]
                }
                guard !resolved.isEmpty else {
                    guard !edges[caller][position].arguments.isEmpty else { continue }
                    let passive = knownCalls[callee] ?? FrameworkCalls.keepsArguments(callee)
                    knownCalls[callee] = passive
                    if !passive { slice.escapes.append((Int32(caller), Int32(position))) }
                    continue
                }
                for callee in resolved where callee != caller {
                    slice.calls.append((Int32(callee), Int32(caller), Int32(position)))
                }
            }
        }
        return slice
    }

    /// Records the escapes of calls to unknown code, links callees to their callers, then
    /// propagates with a worklist: when a function gains effects, only its callers are looked at
    /// again. Effect sets only grow and are bounded (targets × effects), so this ends; the round
    /// limit bounds how deep a chain of helpers is followed. Effects travel packed into integers
    /// (`PackedEffects`), so propagation hashes no strings.
    private mutating func propagate(_ resolved: [ResolvedSlice]) {
        // The starting effects and the callers of each function are independent: built side by side.
        let snapshot = self
        var packer = PackedEffects()
        var effects: [Set<UInt64>] = []
        var callers = CallerLists()
        for part in Parallel.map([0, 1], { task -> PropagationStart in
            task == 0 ? snapshot.startingEffects(resolved) : .callers(CallerLists(resolved, functions: snapshot.functions.count))
        }) {
            switch part {
            case .effects(let start, let startPacker):
                effects = start
                packer = startPacker
            case .callers(let lists):
                callers = lists
            }
        }
        // Edges are packed when an effect first travels them: most calls reach nothing with effects.
        var packedEdges: [Int: PackedEffects.Edge] = [:]
        var depth = Array(repeating: 0, count: functions.count)
        var pending = functions.indices.filter { !effects[$0].isEmpty && callers.hasCallers($0) }
        var queued = Set(pending)
        while let callee = pending.popLast() {
            queued.remove(callee)
            guard depth[callee] < Self.propagationRounds else { continue }
            for (caller32, position) in callers.of(callee) {
                let caller = Int(caller32)
                let key = caller << 20 | Int(position)
                let edge: PackedEffects.Edge
                if let packed = packedEdges[key] {
                    edge = packed
                } else {
                    edge = packer.pack(edges[caller][Int(position)])
                    packedEdges[key] = edge
                }
                var grew = false
                for effect in effects[callee] {
                    if let mapped = PackedEffects.map(effect, through: edge), effects[caller].insert(mapped).inserted { grew = true }
                }
                if grew, callers.hasCallers(caller), queued.insert(caller).inserted {
                    depth[caller] = max(depth[caller], depth[callee] + 1)
                    pending.append(caller)
                }
            }
        }
        packedEdges = [:]
        for index in functions.indices where effects[index].count != functions[index].effects.count {
            functions[index].effects = Set(effects[index].map { packer.unpack($0) })
        }
    }

    /// What one task of the propagation's start produced.
    private enum PropagationStart: Sendable {
        case effects([Set<UInt64>], PackedEffects)
        case callers(CallerLists)
    }

    /// Each function's own effects, packed, with what it hands to unknown code.
    private func startingEffects(_ resolved: [ResolvedSlice]) -> PropagationStart {
        var packer = PackedEffects()
        var effects: [Set<UInt64>] = functions.map { $0.effects.isEmpty ? [] : Set($0.effects.map { packer.pack($0) }) }
        for slice in resolved {
            for (caller, position) in slice.escapes {
                for (_, target) in edges[Int(caller)][Int(position)].arguments {
                    effects[Int(caller)].insert(packer.pack(target) | UInt64(Effect.escapesToUnknown.rawValue))
                }
            }
        }
        return .effects(effects, packer)
    }

    /// The calls reaching each function, (caller, edge) in caller order, in one array sliced by
    /// callee (no array per function).
    private struct CallerLists: Sendable {
        private var starts: [Int32] = []
        private var sites: [(caller: Int32, edge: Int32)] = []

        init() {}

        init(_ resolved: [ResolvedSlice], functions: Int) {
            var starts = [Int32](repeating: 0, count: functions + 1)
            for slice in resolved {
                for call in slice.calls { starts[Int(call.callee) + 1] += 1 }
            }
            for index in 0..<functions { starts[index + 1] += starts[index] }
            var next = starts
            var sites = [(caller: Int32, edge: Int32)](repeating: (0, 0), count: Int(starts[functions]))
            for slice in resolved {
                for (callee, caller, edge) in slice.calls {
                    sites[Int(next[Int(callee)])] = (caller, edge)
                    next[Int(callee)] += 1
                }
            }
            self.starts = starts
            self.sites = sites
        }

        func hasCallers(_ function: Int) -> Bool { starts[function] < starts[function + 1] }

        func of(_ function: Int) -> ArraySlice<(caller: Int32, edge: Int32)> {
            sites[Int(starts[function])..<Int(starts[function + 1])]
        }
    }

    /// The callable functions named `fullName` of `start` and its superclasses of the run (at most
    /// 32 classes up, each once); free functions when `start` is `nil`.
    func functions(named fullName: String, inClassChainOf start: String?) -> [Int] {
        guard let slot = names.slot(of: fullName) else { return [] }
        return functions(nameSlot: slot, inClassChainOf: start)
    }

    private func functions(nameSlot: Int32, inClassChainOf start: String?) -> [Int] {
        guard let start else { return byTypeAndName[NameInType(type: -1, name: nameSlot)] ?? [] }
        // The classes seen so far, on the stack: this runs for most calls of the run.
        return withUnsafeTemporaryAllocation(of: String.self, capacity: 32) { visited in
            guard let base = visited.baseAddress else { return [] }
            var count = 0
            defer { base.deinitialize(count: count) }
            var result: [Int] = []
            var current: String? = start
            while let type = current, count < 32, !UnsafeBufferPointer(start: base, count: count).contains(type) {
                (base + count).initialize(to: type)
                count += 1
                if let typeSlot = typeSlots.slot(of: type), let found = byTypeAndName[NameInType(type: typeSlot, name: nameSlot)] {
                    if result.isEmpty { result = found } else { result += found }
                }
                current = superclasses[type]
            }
            return result
        }
    }

    /// The functions of the run with this full name (`embed(_:in:)`), accessors excluded.
    public func functions(named fullName: String) -> [Function] {
        (functionsNamed(fullName) ?? []).map { functions[$0] }
    }

    /// Whether the run declares a callable function with this full name.
    public func declares(_ fullName: String) -> Bool { names.slot(of: fullName) != nil }

    /// The callable functions with this full name, if the run declares any.
    private func functionsNamed(_ fullName: String) -> [Int]? {
        names.slot(of: fullName).map { functionsByName[Int($0)] }
    }

    /// Whether the run declares a callable function with this base name (`embed` for `embed(_:in:)`).
    public func declares(baseName: String) -> Bool { baseNames.contains(baseName) }

    /// What calling `fullName` with an object at argument `position` (or as the receiver, when
    /// `position` is `nil`) may do to that object: the union over every function of that name.
    /// `nil` when the run declares no such function.
    public func effects(ofCalling fullName: String, onArgument position: Int?, receiverType: String? = nil) -> Set<Effect>? {
        guard let named = functionsNamed(fullName) else { return nil }
        // When the receiver's class is known, only its own methods (and its superclasses') can run;
        // none there means a method the run does not declare (a library's extension): unknown.
        var candidates = named
        if let receiverType {
            candidates = functions(named: fullName, inClassChainOf: receiverType)
            if candidates.isEmpty { return nil }
        }
        var result = Set<Effect>()
        for candidate in candidates {
            for effect in functions[candidate].effects {
                switch (effect.target, position) {
                case (.parameter(let index), let position?) where index == position: result.insert(effect.effect)
                case (.selfObject, nil): result.insert(effect.effect)
                default: continue
                }
            }
        }
        return result
    }

    /// Effects the code of a type (every declaration and extension, in any file) has on `self` and
    /// on its properties, through its helpers too.
    public func effects(inType typeKey: String) -> Set<TargetEffect> {
        var result = Set<TargetEffect>()
        for index in byType[typeKey] ?? [] {
            for effect in functions[index].effects {
                switch effect.target {
                case .selfObject, .member, .other: result.insert(effect)
                case .parameter: continue
                }
            }
        }
        return result
    }

    /// The call sites of `fullName`, a function of the run, whose receiver or arguments are targets
    /// of their caller (calls that pass nothing traceable are not recorded). A name the run declares
    /// no callable function of (an accessor's `didSet`, a framework method) has none.
    public func callers(of fullName: String) -> [Caller] {
        guard let first = functionsNamed(fullName)?.first else { return [] }
        return callersByName[first].map { site in
            let edge = edges[Int(site.function)][Int(site.edge)]
            return Caller(function: Int(site.function), receiver: edge.receiver, arguments: edge.arguments,
                          localArguments: edge.localArguments)
        }
    }

    /// The summaries of a type's functions (every file).
    public func functions(inType typeKey: String) -> [Function] {
        (byType[typeKey] ?? []).map { functions[$0] }
    }
}

extension CallSummaries.Target {
    var isParameter: Bool {
        if case .parameter = self { return true }
        return false
    }
}

/// A function's type key (its slot in `CallSummaries.typeSlots`, -1 for a free function) and
/// full name (its slot in `CallSummaries.names`).
struct NameInType: Hashable {
    var type: Int32
    var name: Int32
}

/// Target-effect pairs packed into one integer each — the target's kind (2 bits), its parameter
/// position or interned member name (32 bits), the effect (8 bits) — so that propagating them is
/// integer work.
struct PackedEffects: Sendable {
    private var memberIDs: [String: UInt64] = [:]
    private var memberNames: [String] = []

    static let parameterKind: UInt64 = 0
    static let selfKind: UInt64 = 1 << 40
    static let memberKind: UInt64 = 2 << 40
    static let otherKind: UInt64 = 3 << 40
    static let kindMask: UInt64 = 3 << 40

    /// A call from the caller's point of view, with its targets packed (effect bits zero).
    struct Edge {
        var receiver: UInt64?
        var arguments: [(position: UInt64, target: UInt64)]
    }

    mutating func pack(_ target: CallSummaries.Target) -> UInt64 {
        switch target {
        case .parameter(let position): return Self.parameterKind | (UInt64(UInt32(truncatingIfNeeded: position)) << 8)
        case .selfObject: return Self.selfKind
        case .member(let name):
            if let id = memberIDs[name] { return Self.memberKind | (id << 8) }
            let id = UInt64(memberNames.count)
            memberIDs[name] = id
            memberNames.append(name)
            return Self.memberKind | (id << 8)
        case .other: return Self.otherKind
        }
    }

    mutating func pack(_ effect: CallSummaries.TargetEffect) -> UInt64 {
        pack(effect.target) | UInt64(effect.effect.rawValue)
    }

    mutating func pack(_ edge: FileSummaries.Edge) -> Edge {
        Edge(receiver: edge.receiver.map { pack($0) },
             arguments: edge.arguments.map { (UInt64(UInt32(truncatingIfNeeded: $0.position)), pack($0.target)) })
    }

    func unpack(_ packed: UInt64) -> CallSummaries.TargetEffect {
        let effect = CallSummaries.Effect(rawValue: UInt8(packed & 0xFF)) ?? .escapesToUnknown
        let value = Int((packed >> 8) & 0xFFFF_FFFF)
        let target: CallSummaries.Target
        switch packed & Self.kindMask {
        case Self.parameterKind: target = .parameter(value)
        case Self.selfKind: target = .selfObject
        case Self.memberKind: target = .member(memberNames[value])
        default: target = .other
        }
        return CallSummaries.TargetEffect(target, effect)
    }

    /// An effect on a callee's parameter or `self`, seen from the caller.
    static func map(_ effect: UInt64, through edge: Edge) -> UInt64? {
        let bits = effect & 0xFF
        switch effect & kindMask {
        case parameterKind:
            let position = (effect >> 8) & 0xFFFF_FFFF
            guard let target = edge.arguments.first(where: { $0.position == position })?.target else { return nil }
            return target | bits
        case selfKind:
            guard let receiver = edge.receiver else { return nil }
            return receiver | bits
        case memberKind:
            // A method called on `self` acts on `self`'s own properties.
            return edge.receiver == selfKind ? effect : nil
        default:
            return effect
        }
    }
}

/// Framework calls that take an object without doing anything Lifeguard's protocols care about
/// (and without keeping it somewhere the run cannot see): handing a controller to them is not an
/// escape.
enum FrameworkCalls {
    static let passive: Set<String> = [
        "print", "debugPrint", "dump", "assert", "precondition", "assertionFailure", "preconditionFailure",
        "append", "insert", "contains", "firstIndex", "lastIndex", "remove", "removeAll", "filter", "map",
        "addChild", "addChildViewController", "transition", "didMove", "willMove", "addSubview", "insertSubview",
        "addArrangedSubview", "insertArrangedSubview", "beginAppearanceTransition", "isKind", "isMember", "type",
        "String", "XCTAssertNotNil", "XCTAssertNil", "XCTAssertEqual", "XCTAssertTrue", "XCTAssertFalse",
        "XCTAssertIdentical", "XCTAssert", "Unmanaged", "ObjectIdentifier", "withExtendedLifetime",
    ]

    /// Whether a call spelled `fullName` (`print(_:)`) is a passive framework call.
    static func keepsArguments(_ fullName: String) -> Bool {
        passive.contains(CallSummaries.baseName(of: fullName))
    }
}

/// One file's functions, summarized without the project index (pass one of a run): names that
/// are not locals are taken to be properties of `self` when they are lowercase.
public struct FileSummaries: Sendable {
    /// A function as this file sees it.
    public struct Function: Sendable {
        public var fullName: String
        public var kind: FunctionKind
        public var isPrivate: Bool
        /// The enclosing type's qualified name, or an extension's written name (`isExtension`).
        public var typeName: String?
        public var isExtension: Bool
        public var effects: Set<CallSummaries.TargetEffect>
        public var edges: [Edge]
    }

    /// A call from one function of the run to another (or to an unknown one), with what it is given.
    public struct Edge: Sendable {
        /// The callee's full name as the call spells it.
        public var callee: String
        /// What it is called on, when that is a target of the caller: `self` for `helper()`.
        public var receiver: CallSummaries.Target?
        /// Arguments that are targets of the caller, by position.
        public var arguments: [(position: Int, target: CallSummaries.Target)]
        /// Arguments that are locals of the caller, by position, with what the caller itself
        /// does to them (`let vc = X(); addChild(vc); show(vc)`).
        public var localArguments: [(position: Int, effects: Set<CallSummaries.Effect>)] = []
    }

    public var functions: [Function] = []

    public init(functions: [Function] = []) { self.functions = functions }

    /// Summarizes every function of a parsed file.
    /// `declaredBaseNames` are the base names of the run's functions (`nil`: all count): a call
    /// to anything else is unknown code, which matters only for what the caller hands it of its
    /// own parameters.
    public static func extract(_ tree: SyntaxTree, qualifiedTypeNames: [String],
                               declaredBaseNames: Set<String>? = nil) -> FileSummaries {
        let model = FileModel(tree: tree, index: ProjectIndex.empty, withDestinations: false)
        return Extractor(model: model, qualifiedTypeNames: qualifiedTypeNames, declaredBaseNames: declaredBaseNames).run()
    }

    private struct Extractor {
        let model: FileModel
        let qualifiedTypeNames: [String]
        let declaredBaseNames: Set<String>?
        var outline: Outline { model.outline }

        func run() -> FileSummaries {
            var summaries: [Function?] = Array(repeating: nil, count: outline.functions.count)
            for (index, function) in outline.functions.enumerated() {
                var typeName: String?
                var isExtension = false
                let typeNode = outline.nodes[function.node].enclosingType
                if typeNode >= 0 {
                    let typeIndex = outline.nodes[typeNode].detail
                    isExtension = outline.types[typeIndex].kind == .extension
                    typeName = isExtension ? outline.types[typeIndex].name : qualifiedTypeNames[typeIndex]
                }
                let isPrivate = function.modifiers.contains(.private) || function.modifiers.contains(.fileprivate)
                summaries[index] = Function(fullName: function.fullName, kind: function.kind, isPrivate: isPrivate,
                                            typeName: typeName, isExtension: isExtension, effects: [], edges: [])
            }
            // What each function does to its own locals, for the edges that hand them on.
            let direct = model.directCalls()
            var localEffects: [FunctionID: [VariableID: Set<CallSummaries.Effect>]] = [:]
            for (call, effects) in direct {
                guard let function = model.enclosingFunction(of: outline.calls[call.index].nodeID) else { continue }
                for (object, effect) in effects {
                    if case .local(let variable) = object.root, object.path.isEmpty {
                        localEffects[function, default: [:]][variable, default: []].insert(effect)
                    }
                }
            }
            // Edges are gathered for the whole file, then handed to each function in one array of
            // the right size, rather than grown call by call.
            var edges: [(function: Int32, edge: Edge)] = []
            for (name, calls) in model.callGroups {
                let declared = declaredBaseNames?.contains(name) ?? true
                let passive = !declared && FrameworkCalls.passive.contains(name)
                for call in calls {
                    if passive, direct[call] == nil { continue }
                    guard let function = model.enclosingFunction(of: outline.calls[call.index].nodeID) else { continue }
                    if let edge = record(call, direct: direct[call] ?? [], declared: declared,
                                         locals: localEffects[function] ?? [:], into: &summaries[function.index]!,
                                         function: function) {
                        edges.append((Int32(truncatingIfNeeded: function.index), edge))
                    }
                }
            }
            if !edges.isEmpty {
                var counts = [Int32](repeating: 0, count: summaries.count)
                for item in edges { counts[Int(item.function)] += 1 }
                for (index, count) in counts.enumerated() where count > 0 { summaries[index]!.edges.reserveCapacity(Int(count)) }
                for item in edges { summaries[Int(item.function)]!.edges.append(item.edge) }
            }
            for position in outline.assignments.indices {
                let assignment = AssignmentID(position)
                guard let function = model.enclosingFunction(of: outline.assignments[position].nodeID) else { continue }
                record(assignment, into: &summaries[function.index]!, function: function)
            }
            return FileSummaries(functions: summaries.compactMap { $0 })
        }

        /// What a plain reference is as a target, read from its binding for the shapes that need
        /// no object built (`self.name`, a property, a parameter, `self`): the answer
        /// `model.trackableObject` followed by `target(_:in:)` gives, without the object.
        /// `.general` for the rest (locals, captures, closure parameters), which the object model decides.
        enum Quick {
            case target(CallSummaries.Target?)
            case general
        }

        func quickTarget(_ range: Range<Int>, throughSelf: Bool, at node: NodeID, in function: FunctionID) -> Quick {
            let tree = model.tree
            let first = range.lowerBound
            if throughSelf {
                guard let dot = tree.nextSignificant(after: first), let name = tree.nextSignificant(after: dot) else { return .general }
                return .target(.member(tree.text(ofToken: name)))
            }
            if tree.token(first, is: "self") { return .target(.selfObject) }
            switch model.binding(of: tree.text(ofToken: first), at: TokenID(first)) {
            case .selfValue:
                return .target(.selfObject)
            case .free(let free):
                // A bare name that is no member is a global: not a target.
                return .target(model.isSelfMember(free: free, at: node) ? .member(free) : nil)
            case .parameter(let owner, let position):
                return .target(owner == function ? .parameter(position) : nil)
            default:
                return .general
            }
        }

        /// The target an object is, from inside `function`.
        func target(_ object: ObjectRef, in function: FunctionID) -> CallSummaries.Target? {
            switch object.root {
            case .selfObject:
                if object.path.isEmpty { return .selfObject }
                if object.path.count == 1, case .member(let name) = object.path[0] { return .member(name) }
                return nil
            case .parameter(let owner, let position) where object.path.isEmpty:
                return owner == function ? .parameter(position) : nil
            case .global(let name) where object.path.isEmpty:
                // Without the index a property used bare looks like a global.
                guard let first = name.unicodeScalars.first, first.properties.isLowercase else { return nil }
                return .member(name)
            default:
                return nil
            }
        }

        /// Records a call's direct effects in `summary`; returns the edge it is, when it is one.
        func record(_ call: CallID, direct: [(ObjectRef, CallSummaries.Effect)], declared: Bool,
                    locals: [VariableID: Set<CallSummaries.Effect>], into summary: inout Function,
                    function: FunctionID) -> Edge? {
            if !direct.isEmpty {
                for (object, effect) in direct {
                    if let target = target(object, in: function) {
                        summary.effects.insert(CallSummaries.TargetEffect(target, effect))
                    } else if CallSummaries.recordedForAnyObject.contains(effect) {
                        summary.effects.insert(CallSummaries.TargetEffect(.other, effect))
                    }
                }
                return nil
            }
            // A call to some other function: an edge, when it touches the caller's targets.
            let item = outline.calls[call.index]
            var edgeArguments: [(position: Int, target: CallSummaries.Target)] = []
            var localArguments: [(position: Int, effects: Set<CallSummaries.Effect>)] = []
            for (position, argument) in model.arguments(of: call).enumerated() where argument.closure == nil {
                // A target is a parameter, a property or a local: written as a plain name (or
                // `self.name`); anything longer is not resolved at all. Unknown code matters only
                // for the caller's own parameters, which are plain names.
                guard let throughSelf = model.simpleReference(argument.expression), declared || !throughSelf else { continue }
                if case .target(let quick) = quickTarget(argument.expression, throughSelf: throughSelf, at: item.nodeID,
                                                         in: function) {
                    if let quick, declared || quick.isParameter { edgeArguments.append((position, quick)) }
                    continue
                }
                guard let object = model.trackableObject(argument.expression, at: item.nodeID) else { continue }
                if !declared {
                    if case .parameter = object.root, let target = target(object, in: function) {
                        edgeArguments.append((position, target))
                    }
                    continue
                }
                if let target = target(object, in: function) {
                    edgeArguments.append((position, target))
                } else if case .local(let variable) = object.root, object.path.isEmpty {
                    localArguments.append((position, locals[variable] ?? []))
                }
            }
            var edgeReceiver: CallSummaries.Target?
            if declared, !item.isImplicitMember {
                if let range = item.receiver {
                    if let throughSelf = model.simpleReference(range) {
                        if case .target(let quick) = quickTarget(range, throughSelf: throughSelf, at: item.nodeID, in: function) {
                            edgeReceiver = quick
                        } else {
                            edgeReceiver = model.trackableObject(range, at: item.nodeID).flatMap { target($0, in: function) }
                        }
                    }
                } else {
                    edgeReceiver = .selfObject
                }
            }
            guard edgeReceiver != nil || !edgeArguments.isEmpty || !localArguments.isEmpty else { return nil }
            return Edge(callee: model.fullName(of: call), receiver: edgeReceiver, arguments: edgeArguments,
                        localArguments: localArguments)
        }

        func record(_ assignment: AssignmentID, into summary: inout Function, function: FunctionID) {
            for (object, effect) in model.directEffects(of: assignment) {
                if let target = target(object, in: function) {
                    summary.effects.insert(CallSummaries.TargetEffect(target, effect))
                }
            }
        }
    }
}
/// Reads the elements of an array literal.
public enum ArrayLiteral {
    /// The raw token ranges of the elements between `open` (`[`) and `close` (`]`).
    public static func elements(_ tree: SyntaxTree, open: Int, close: Int) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = open + 1
        var current = open + 1
        while current < close {
            let kind = tree.tokens[current].kind
            if kind == .leftParen || kind == .leftBracket || kind == .leftBrace, let partner = tree.partner(ofToken: current),
               partner > current {
                current = partner + 1
                continue
            }
            if kind == .comma {
                result.append(start..<current)
                start = current + 1
            }
            current += 1
        }
        if !tree.significantTokens(in: start..<close).isEmpty { result.append(start..<close) }
        return result
    }
}
