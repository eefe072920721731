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

    /// A function of a type that touches some target, with a mask of its effects on it
    /// (`PackedEffects.bit`).
    struct Touch: Sendable {
        var function: Int32
        var effects: UInt16
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
        /// Its effects, packed (`PackedEffects`, members by their symbol in `names`), each once. A
        /// run has tens of thousands of functions with effects and its rules ask about a few hundred:
        /// a set made for each when the summaries were merged cost a fifth of the merge, and their
        /// room the index's peak.
        var packedEffects: [UInt64] = []
        /// The run's symbols, to spell members with (`nil` for a function without effects).
        var names: SymbolNames?

        public var effects: Set<TargetEffect> {
            var unpacked = Set<TargetEffect>(minimumCapacity: packedEffects.count)
            forEachEffect { unpacked.insert(TargetEffect($0, $1)) }
            return unpacked
        }

        /// Calls `body` with each effect and its target, unpacked one by one: for callers that
        /// look for a few, without a set of them all.
        func forEachEffect(_ body: (Target, Effect) -> Void) {
            guard let names else { return }
            for packed in packedEffects {
                body(PackedEffects.unpackTarget(packed, names: names.slots), Effect(rawValue: UInt8(packed & 0xFF)) ?? .escapesToUnknown)
            }
        }
    }

    /// The run's symbols, shared by every function that has effects (one reference each, not a
    /// copy of the table's arrays).
    final class SymbolNames: Sendable {
        let slots: NameSlots
        init(_ slots: NameSlots) { self.slots = slots }
    }

    public private(set) var functions: [Function] = []
    /// Every name the summaries spell (functions' full names, callees, members), each once: the
    /// rest of the tables refer to names by their symbol here.
    private var symbols = NameSlots()
    /// Callable functions (not accessors) by the symbol of their full name: from
    /// `functionOrder[functionStarts[symbol]]` to the next symbol's start, in run order (none for
    /// names no function has).
    private var functionOrder: [Int32] = []
    private var functionStarts: [Int32] = []
    /// The slots of the type keys of functions.
    private var typeSlots = NameSlots()
    /// Functions by their type's slot: `functionsByType.order[functionsByType.range(slot)]`, in
    /// run order (the last slot, past the types, holds the free functions).
    private var functionsByType = SlotGrouping(slots: [], slotCount: 0)
    /// Callable functions by their type's slot (`-1` for free functions) and full name's symbol: a
    /// call on `self` looks up its class chain's few classes instead of filtering every same-named method.
    private var byTypeAndName = TypeAndNameGroups()
    /// The run's calls, flat: each function's are `calls[callRanges[function]]`.
    private var calls = PackedCalls()
    private var callRanges: [Range<Int32>] = []
    /// Who calls each callable full name, by the name's symbol: from `callSites[callSiteStarts[symbol]]`
    /// to the next symbol's start, (calling function, index of the call in `calls`), in caller order.
    private var callSites: [(function: Int32, call: Int32)] = []
    private var callSiteStarts: [Int32] = []
    /// Each type's class chain, by type slot (walked once when the summaries are merged) and by
    /// key (for `functions(named:inClassChainOf:)`).
    private var chains = ClassChains()
    /// Base names of the callable functions.
    private var baseNames = NameSlots()
    /// Answers about each name's callers, kept as they are first asked (`CallerVerdicts`).
    let verdicts = CallerVerdicts()

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
                return summaries.effectsByTarget(ofFunction: function)[target] ?? []
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

    /// Merges per-file summaries and propagates effects through calls. `typeKeys[file][type]` is
    /// the key of each file's type (or extension) at that position, which a function's `typeIndex` names.
    public init(files: [FileSummaries], typeKeys: [[String]], superclasses: [String: String] = [:]) {
        self.init(files: files, typeKeys: Deferred(ready: typeKeys), superclasses: Deferred(ready: ClassLinks(superclasses)))
    }

    /// Merges `files`. The functions' type keys are needed once every name is interned, and the
    /// superclasses only to resolve calls, after the tables are built: the index can still be
    /// working both out when this starts.
    /// `fanOutLimit` and `rounds` are `CallSummaries.fanOutLimit` and `propagationRounds` but for
    /// the test that nodes and one-by-one links agree.
    init(files: [FileSummaries], typeKeys: Deferred<[[String]]>, superclasses: Deferred<ClassLinks>,
         fanOutLimit: Int = CallSummaries.fanOutLimit, rounds: Int = CallSummaries.propagationRounds,
         keepsMergeTablesUntilExit: Bool = false) {
        let count = files.reduce(0) { $0 + $1.functions.count }
        functions.reserveCapacity(count)
        callRanges.reserveCapacity(count)
        calls.reserve(calls: files.reduce(0) { $0 + $1.calls.count }, arguments: files.reduce(0) { $0 + $1.calls.arguments.count },
                      localArguments: files.reduce(0) { $0 + $1.calls.localArguments.count })
        // Each file's names are given symbols once, and its packed targets renumbered to them.
        var ownEffects: [[UInt64]] = []
        ownEffects.reserveCapacity(count)
        var symbolOfFunction: [Int32] = []
        symbolOfFunction.reserveCapacity(count)
        // Room for every name's bytes as if none repeated: the room is not written past the names
        // that come (see `NameSlots`), and a room sized by a guess grew, copied, to twice its need.
        var nameBytes = 0
        for fileIndex in files.indices {
            nameBytes += files[fileIndex].names.byteCount
            files[fileIndex].functions.withUnsafeBufferPointer { fileFunctions in
                for index in fileFunctions.indices { nameBytes += fileFunctions[index].fullName.utf8.count }
            }
        }
        symbols = NameSlots(capacity: files.reduce(count) { $0 + $1.names.count } / 2, bytes: nameBytes)
        var symbolsOfFiles: [[Int32]] = []
        symbolsOfFiles.reserveCapacity(files.count)
        // Files and functions are read in place, by position: copying one out retains each of its
        // strings and arrays, a cache miss apiece in a run-wide merge.
        for fileIndex in files.indices {
            let symbolOf = symbols.insert(contentsOf: files[fileIndex].names)
            files[fileIndex].functions.withUnsafeBufferPointer { fileFunctions in
                for index in fileFunctions.indices {
                    let kind = fileFunctions[index].kind
                    functions.append(Function(fullName: fileFunctions[index].fullName, typeKey: nil, kind: kind,
                                              isPrivate: fileFunctions[index].isPrivate))
                    symbolOfFunction.append(kind == .accessor ? -1 : symbols.insert(fileFunctions[index].fullName))
                    ownEffects.append(fileFunctions[index].effects.map { PackedEffects.renumbered($0, symbolOf) })
                }
            }
            symbolsOfFiles.append(symbolOf)
        }
        // Calls are taken once every callable name is known. A call to a name no function of the run
        // has, handing on none of the caller's targets, can neither reach a callee nor escape
        // anything: over half of a run's calls (`UIView()`, `reloadData()`), left out.
        var isCallable = [Bool](repeating: false, count: symbols.count)
        for symbol in symbolOfFunction where symbol >= 0 { isCallable[Int(symbol)] = true }
        for fileIndex in files.indices {
            let fileCalls = files[fileIndex].calls
            let symbolOf = symbolsOfFiles[fileIndex]
            files[fileIndex].functions.withUnsafeBufferPointer { fileFunctions in
                for index in fileFunctions.indices {
                    let start = Int32(truncatingIfNeeded: calls.count)
                    calls.append(fileCalls, fileFunctions[index].calls, renumberedBy: symbolOf) { callee, call in
                        isCallable[Int(callee)] || !call.arguments.isEmpty
                    }
                    callRanges.append(start..<Int32(truncatingIfNeeded: calls.count))
                }
            }
        }
        var position = 0
        let keysOfFiles = typeKeys.value
        // Each type of a file is given its slot once, by the first of its functions (slots in run
        // order, as interning every function's key would give them), not hashed per function.
        var types = NameSlots()
        var typeOfFunction = [Int32](repeating: -1, count: count)
        for fileIndex in files.indices {
            let keys = fileIndex < keysOfFiles.count ? keysOfFiles[fileIndex] : []
            var slotOfType = [Int32](repeating: -1, count: keys.count)
            files[fileIndex].functions.withUnsafeBufferPointer { fileFunctions in
                for index in fileFunctions.indices {
                    let typeIndex = Int(fileFunctions[index].typeIndex)
                    // Keys from a caller that does not match the files leave a function typeless, not a trap.
                    if typeIndex >= 0, typeIndex < keys.count {
                        functions[position].typeKey = keys[typeIndex]
                        if slotOfType[typeIndex] < 0 { slotOfType[typeIndex] = types.insert(keys[typeIndex]) }
                        typeOfFunction[position] = slotOfType[typeIndex]
                    }
                    position += 1
                }
            }
        }
        // The lookup tables are independent passes over the functions: built side by side. They
        // read copies of the parts they need, not of `self`: a copy of `self` alive when the
        // propagation writes the functions' effects made it copy the whole function table.
        let functionCount = functions.count
        let mergedSymbols = symbols
        let symbolCount = symbols.count
        let functionSymbols = symbolOfFunction
        let slotsOfTypes = types
        let typesOfFunctions = typeOfFunction
        let tables = Parallel.map([0, 1, 2]) { table -> LookupTable in
            switch table {
            case 0:
                // Accessors go to one more slot, which nothing reads.
                let grouping = SlotGrouping(slots: functionSymbols.map { $0 < 0 ? Int32(symbolCount) : $0 },
                                            slotCount: symbolCount + 1)
                return .byName(grouping)
            case 1:
                // Free functions go to one more slot.
                let typeCount = Int32(truncatingIfNeeded: slotsOfTypes.count)
                return .types(SlotGrouping(slots: typesOfFunctions.map { $0 < 0 ? typeCount : $0 }, slotCount: slotsOfTypes.count + 1))
            default:
                // Interned from the bytes before the `(`, once per callable full name (overrides and
                // protocol methods share theirs): a string is made once per distinct base name.
                // Base names are parts of symbols, each once: they take at most the symbols' bytes.
                var baseNames = NameSlots(capacity: functionCount / 2, bytes: mergedSymbols.byteCount)
                var seen = [Bool](repeating: false, count: symbolCount)
                for symbol in functionSymbols where symbol >= 0 && !seen[Int(symbol)] {
                    seen[Int(symbol)] = true
                    mergedSymbols.withName(symbol) { bytes in
                        let end = bytes.firstIndex(of: UInt8(ascii: "(")) ?? bytes.count
                        _ = baseNames.insert(bytes: UnsafeBufferPointer(rebasing: bytes[..<end]))
                    }
                }
                return .baseNames(baseNames)
            }
        }
        for table in tables {
            switch table {
            case .byName(let grouping):
                functionOrder = grouping.order
                functionStarts = Array(grouping.starts.prefix(symbolCount + 1))
            case .types(let grouping):
                functionsByType = grouping
            case .baseNames(let names):
                baseNames = names
            }
        }
        typeSlots = types
        byTypeAndName = TypeAndNameGroups(types: typeOfFunction, names: symbolOfFunction)
        // Where each call goes is an independent read of what is merged so far: resolved in slices
        // of callers side by side, each also noting which name it calls for `callers(of:)`.
        let chains = ClassChains(typeSlots: typeSlots, links: superclasses.value)
        self.chains = chains
        let functionTypes = typeOfFunction
        let resolved: [ResolvedSlice]
        do {
            // Released before the propagation writes to `self` (see above).
            let snapshot = self
            resolved = Parallel.map(Self.slices(of: functions.count)) {
                snapshot.resolve($0, typeOfFunction: functionTypes, chains: chains, fanOutLimit: fanOutLimit)
            }
        }
        var siteSymbols: [Int32] = []
        for slice in resolved {
            for (symbol, caller, call) in slice.named {
                siteSymbols.append(symbol)
                callSites.append((caller, call))
            }
        }
        let bySymbol = SlotGrouping(slots: siteSymbols, slotCount: symbolCount)
        callSites = bySymbol.order.map { callSites[Int($0)] }
        callSiteStarts = bySymbol.starts
        propagate(resolved, ownEffects: ownEffects, symbolOfFunction: symbolOfFunction, rounds: rounds)
        if keepsMergeTablesUntilExit { KeptUntilExit.keep((symbolsOfFiles, ownEffects, keysOfFiles, resolved)) }
    }

    /// One lookup table of the merge.
    private enum LookupTable: Sendable {
        case byName(SlotGrouping)
        case types(SlotGrouping)
        case baseNames(NameSlots)
    }

    /// `embed` for `embed(_:in:)`, by bytes: this runs for every function of the run.
    static func baseName(of fullName: String) -> String {
        guard let paren = ASCIIBytes.firstOffset(of: UInt8(ascii: "("), in: fullName) else { return fullName }
        return ASCIIBytes.prefix(of: fullName, upTo: paren)
    }

    /// Where the calls of a slice of callers go, in caller and call order.
    private struct ResolvedSlice: Sendable {
        /// (callee, caller, call) for every call that reaches a function of the run.
        var calls: [(callee: Int32, caller: Int32, call: Int32)] = []
        /// Every call to unknown code that may keep its arguments.
        var escapes: [(caller: Int32, call: Int32)] = []
        /// (callee's symbol, caller, call) for every call spelling the full name of a callable
        /// function of the run.
        var named: [(symbol: Int32, caller: Int32, call: Int32)] = []
        /// (callee's symbol, caller, call) for every call on another object to a name more than
        /// `fanOutLimit` functions have: it reaches all of them through one `NameNodes` entry.
        var byName: [(symbol: Int32, caller: Int32, call: Int32)] = []
        /// (group, caller, call) for every call on `self` to a class of its chain that has more
        /// than `fanOutLimit` functions of the name (thousands of same-named classes merge into
        /// one key): it reaches them through one node of that (type, name) group.
        var byGroup: [(group: Int32, caller: Int32, call: Int32)] = []
    }

    /// How many same-named functions a call on another object is linked to one by one. A name
    /// declared more often (`configure(with:)` in every cell, `start()` in every coordinator) is
    /// reached through one node that gathers its functions' effects: linking each such call to
    /// each such function is time and memory quadratic in the input.
    static let fanOutLimit = 32

    /// Caller ranges of about equal size, a few per core so an uneven slice does not hold up the rest.
    private static func slices(of count: Int) -> [Range<Int>] {
        let parts = max(1, min(8, count / 2_000))
        let size = (count + parts - 1) / parts
        return stride(from: 0, to: count, by: max(size, 1)).map { $0..<min($0 + max(size, 1), count) }
    }

    /// The callable functions of a name's symbol, in run order.
    private func functions(ofSymbol symbol: Int32) -> ArraySlice<Int32> {
        guard symbol >= 0, Int(symbol) + 1 < functionStarts.count else { return [] }
        return functionOrder[Int(functionStarts[Int(symbol)])..<Int(functionStarts[Int(symbol) + 1])]
    }

    /// Resolves the calls of `callers`: a call on `self` (or `super`) runs a method of the
    /// caller's own class chain; any other call, every function of that name. A call the run
    /// cannot resolve escapes its arguments unless it is a known passive framework call.
    private func resolve(_ callers: Range<Int>, typeOfFunction: [Int32], chains: ClassChains, fanOutLimit: Int) -> ResolvedSlice {
        var slice = ResolvedSlice()
        // At most one of each per call: reserved, where grown by doubling they were copied again and again.
        let callCount = callers.isEmpty ? 0 : Int(callRanges[callers.upperBound - 1].upperBound - callRanges[callers.lowerBound].lowerBound)
        slice.named.reserveCapacity(callCount)
        slice.calls.reserveCapacity(callCount)
        // Whether an unresolved callee is a passive framework call, by symbol: 0 when not asked yet.
        var passive = [UInt8](repeating: 0, count: symbols.count)
        // The run's calls and the functions of each name are read in place: a slice of them per
        // call counted a reference to their storage and let it go again.
        calls.calls.withUnsafeBufferPointer { packed in
            functionOrder.withUnsafeBufferPointer { order in
                functionStarts.withUnsafeBufferPointer { starts in
                    for caller in callers {
                        let caller32 = Int32(truncatingIfNeeded: caller)
                        let chain = chains.chain(ofSlot: typeOfFunction[caller])
                        for call in callRanges[caller] {
                            let callee = packed[Int(call)].callee
                            // The callable functions of the callee's name, in run order (see `functions(ofSymbol:)`).
                            let named = callee >= 0 && Int(callee) + 1 < starts.count
                                ? Int(starts[Int(callee)])..<Int(starts[Int(callee) + 1]) : 0..<0
                            var reached = false
                            if !named.isEmpty {
                                slice.named.append((callee, caller32, call))
                                if packed[Int(call)].receiver == PackedEffects.selfKind {
                                    for type in chain {
                                        guard let (group, functions) = byTypeAndName.group(type: type, name: callee) else { continue }
                                        reached = true
                                        if functions.count > fanOutLimit {
                                            slice.byGroup.append((group, caller32, call))
                                            continue
                                        }
                                        for function in functions where function != caller32 {
                                            slice.calls.append((function, caller32, call))
                                        }
                                    }
                                } else if named.count > fanOutLimit {
                                    reached = true
                                    slice.byName.append((callee, caller32, call))
                                } else {
                                    reached = true
                                    for position in named where order[position] != caller32 {
                                        slice.calls.append((order[position], caller32, call))
                                    }
                                }
                            }
                            guard !reached, !packed[Int(call)].arguments.isEmpty else { continue }
                            let symbol = Int(callee)
                            if passive[symbol] == 0 {
                                passive[symbol] = symbols.withName(callee) { FrameworkCalls.keepsArguments(fullName: $0) } ? 1 : 2
                            }
                            if passive[symbol] == 2 { slice.escapes.append((caller32, call)) }
                        }
                    }
                }
            }
        }
        return slice
    }

    /// Records the escapes of calls to unknown code, links callees to their callers, then
    /// propagates with a worklist: when a function gains effects, only its callers are looked at
    /// again, and the callers of its name's node (`NameNodes`) get what it adds to that name.
    /// Effect sets only grow and are bounded (targets × effects), so this ends; the round limit
    /// bounds how deep a chain of helpers is followed. (Which effects a chain longer than the
    /// limit brings depends on the order of the work, with nodes as it did with links alone.)
    /// Effects travel packed into integers (`PackedEffects`), so propagation hashes no strings.
    private mutating func propagate(_ resolved: [ResolvedSlice], ownEffects: [[UInt64]], symbolOfFunction: [Int32], rounds: Int) {
        // The starting effects and the callers of each function are independent: built side by side.
        // The tasks read the calls and the function count, not a copy of `self`, whose functions
        // are written below.
        let packedCalls = calls
        let functionCount = functions.count
        var effects: [EffectList] = []
        var callers = CallerLists()
        for part in Parallel.map([0, 1], { task -> PropagationStart in
            task == 0 ? .effects(Self.startingEffects(resolved, ownEffects: ownEffects, calls: packedCalls))
                : .callers(CallerLists(resolved, functions: functionCount))
        }) {
            switch part {
            case .effects(let start): effects = start
            case .callers(let lists): callers = lists
            }
        }
        var nodes = NameNodes(resolved, symbolOfFunction: symbolOfFunction, symbolCount: symbols.count,
                              groupOfFunction: byTypeAndName.groupOfFunction, groupCount: byTypeAndName.count)
        // A function matters here when it has callers of its own or its name (or group) has a node.
        func isCalled(_ function: Int) -> Bool { callers.hasCallers(function) || nodes.hasNode(ofFunction: function) }
        var depth = Array(repeating: 0, count: functions.count)
        var pending = functions.indices.filter { !effects[$0].isEmpty && isCalled($0) }
        // Whether each function is in `pending`: a flag per function rather than a set of them,
        // which hashed every function twice per visit.
        var queued = [Bool](repeating: false, count: functions.count)
        for function in pending { queued[function] = true }
        // How many of each function's effects its name's node has been given.
        var given = [Int](repeating: 0, count: nodes.count == 0 ? 0 : functions.count)
        // Maps `effects` through `call` into `caller`; queues the caller when it gained any.
        func flow(_ items: some Sequence<UInt64>, into caller: Int, through call: Int32, depth from: Int) {
            let item = calls.calls[Int(call)]
            var grew = false
            for effect in items {
                if let mapped = PackedEffects.map(effect, through: item, arguments: calls.arguments),
                   effects[caller].insert(mapped) { grew = true }
            }
            if grew, isCalled(caller), !queued[caller] {
                queued[caller] = true
                depth[caller] = max(depth[caller], from + 1)
                pending.append(caller)
            }
        }
        while let callee = pending.popLast() {
            queued[callee] = false
            guard depth[callee] < rounds else { continue }
            for (caller32, call) in callers.of(callee) {
                flow(effects[callee].items, into: Int(caller32), through: call, depth: depth[callee])
            }
            let (nameNode, groupNode) = nodes.nodes(ofFunction: callee)
            guard nameNode >= 0 || groupNode >= 0 else { continue }
            // Through a node, each caller gets what this function adds to its name (or group), as
            // a link from this function would give it (a function's own calls of it excepted).
            let items = effects[callee].items
            let callee32 = Int32(truncatingIfNeeded: callee)
            for effect in items[given[callee]...] {
                for pick in 0..<2 {
                    let node = pick == 0 ? nameNode : groupNode
                    guard node >= 0 else { continue }
                    // An effect on a property of `self` reaches no site of a name's node (they are
                    // all calls on other objects), and a type may have thousands: never gathered there.
                    guard nodes.reaches(effect, sitesOf: node) else { continue }
                    switch nodes.add(effect, from: callee32, to: node) {
                    case .first:
                        for (caller32, call) in nodes.callers(of: node) where caller32 != callee32 {
                            flow(CollectionOfOne(effect), into: Int(caller32), through: call, depth: depth[callee])
                        }
                    case .second(let first):
                        // The first function with it never got it through its own calls of the name.
                        for call in nodes.calls(by: first, in: node) {
                            flow(CollectionOfOne(effect), into: Int(first), through: call, depth: depth[callee])
                        }
                    case .known:
                        continue
                    }
                }
            }
            given[callee] = items.count
        }
        // Each function keeps its list as it is: unpacked only when a rule asks (see `Function.effects`).
        let names = SymbolNames(symbols)
        for index in functions.indices where !effects[index].isEmpty {
            functions[index].packedEffects = effects[index].items
            functions[index].names = names
        }
    }

    /// What one task of the propagation's start produced.
    private enum PropagationStart: Sendable {
        case effects([EffectList])
        case callers(CallerLists)
    }

    /// Each function's own effects, with what it hands to unknown code.
    private static func startingEffects(_ resolved: [ResolvedSlice], ownEffects: [[UInt64]], calls: PackedCalls) -> [EffectList] {
        // A function's own effects are distinct already (the extractor gathered them in a set).
        var effects = ownEffects.map(EffectList.init(distinct:))
        for slice in resolved {
            for (caller, call) in slice.escapes {
                for argument in calls.arguments(of: call) {
                    _ = effects[Int(caller)].insert(argument.target | UInt64(Effect.escapesToUnknown.rawValue))
                }
            }
        }
        return effects
    }

    /// A function's packed effects while they propagate. A function has a handful, so a list
    /// searched in place costs less than a set's hashing (for every effect of every callee at
    /// every call site); past `searchedInPlace` a set beside the list keeps a function with
    /// thousands of effects from costing quadratic time.
    struct EffectList: Sendable {
        private(set) var items: [UInt64]
        private var members: Set<UInt64>?
        static let searchedInPlace = 32

        init(distinct items: [UInt64]) {
            self.items = items
            members = items.count > Self.searchedInPlace ? Set(items) : nil
        }

        var isEmpty: Bool { items.isEmpty }

        /// Adds `effect` unless it is there; returns whether it was added.
        mutating func insert(_ effect: UInt64) -> Bool {
            if members != nil {
                guard members!.insert(effect).inserted else { return false }
            } else if items.contains(effect) {
                return false
            }
            // A list taken from a function's own effects is full at its first addition, and one
            // that grows by doubling from there was copied at two, four and eight: room for eight at once.
            if items.count == items.capacity, items.count < 8 { items.reserveCapacity(8) }
            items.append(effect)
            if members == nil, items.count > Self.searchedInPlace { members = Set(items) }
            return true
        }
    }

    /// The names, and the (type, name) groups, reached through one node each (`fanOutLimit`):
    /// their calls, and for each effect of their functions, the first function that had it and
    /// whether a second one has. A function is in at most two nodes: its name's and its group's.
    private struct NameNodes: Sendable {
        /// The node of each symbol and of each group, -1 for none: arrays, where a dictionary
        /// hashed every function the propagation looked at.
        private var nodeOfSymbol: [Int32] = []
        private var nodeOfGroup: [Int32] = []
        private var sites: [[(caller: Int32, call: Int32)]] = []
        /// Whether each node is a group's: its sites are calls on `self`, which effects on
        /// `self`'s properties reach; a name's sites are calls on other objects, which they do not.
        private var isGroupNode: [Bool] = []
        /// The calls a function makes of its own name (or group), by node and function: the only
        /// callers a function's own effects must not reach.
        private var ownNameCalls: [[Int32: [Int32]]] = []
        private var sources: [[UInt64: (first: Int32, several: Bool)]] = []
        private let symbolOfFunction: [Int32]
        private let groupOfFunction: [Int32]

        /// What adding an effect changed.
        enum Addition {
            /// No function of the name had it.
            case first
            /// One function, `first`, had it; now another has too.
            case second(first: Int32)
            /// Nothing the callers can see.
            case known
        }

        init(_ resolved: [ResolvedSlice], symbolOfFunction: [Int32], symbolCount: Int, groupOfFunction: [Int32], groupCount: Int) {
            self.symbolOfFunction = symbolOfFunction
            self.groupOfFunction = groupOfFunction
            for slice in resolved {
                for (symbol, caller, call) in slice.byName {
                    if nodeOfSymbol.isEmpty { nodeOfSymbol = [Int32](repeating: -1, count: symbolCount) }
                    if nodeOfSymbol[Int(symbol)] < 0 { nodeOfSymbol[Int(symbol)] = newNode(isGroup: false) }
                    addSite(Int(nodeOfSymbol[Int(symbol)]), caller: caller, call: call, callsItsOwn: symbolOfFunction[Int(caller)] == symbol)
                }
                for (group, caller, call) in slice.byGroup {
                    if nodeOfGroup.isEmpty { nodeOfGroup = [Int32](repeating: -1, count: groupCount) }
                    if nodeOfGroup[Int(group)] < 0 { nodeOfGroup[Int(group)] = newNode(isGroup: true) }
                    addSite(Int(nodeOfGroup[Int(group)]), caller: caller, call: call, callsItsOwn: groupOfFunction[Int(caller)] == group)
                }
            }
        }

        private mutating func newNode(isGroup: Bool) -> Int32 {
            sites.append([])
            isGroupNode.append(isGroup)
            ownNameCalls.append([:])
            sources.append([:])
            return Int32(truncatingIfNeeded: sites.count - 1)
        }

        private mutating func addSite(_ node: Int, caller: Int32, call: Int32, callsItsOwn: Bool) {
            sites[node].append((caller, call))
            if callsItsOwn { ownNameCalls[node][caller, default: []].append(call) }
        }

        var count: Int { sites.count }

        /// The node of the function's name and the node of its group, -1 for none.
        func nodes(ofFunction function: Int) -> (name: Int, group: Int) {
            var name = -1
            var group = -1
            if !nodeOfSymbol.isEmpty, symbolOfFunction[function] >= 0 { name = Int(nodeOfSymbol[Int(symbolOfFunction[function])]) }
            if !nodeOfGroup.isEmpty { group = Int(nodeOfGroup[Int(groupOfFunction[function])]) }
            return (name, group)
        }

        func hasNode(ofFunction function: Int) -> Bool {
            let (name, group) = nodes(ofFunction: function)
            return name >= 0 || group >= 0
        }

        /// Whether `effect` reaches the sites of `node`.
        func reaches(_ effect: UInt64, sitesOf node: Int) -> Bool {
            isGroupNode[node] || effect & PackedEffects.kindMask != PackedEffects.memberKind
        }

        func callers(of node: Int) -> [(caller: Int32, call: Int32)] { sites[node] }

        /// The calls `function` makes of its own name (or group).
        func calls(by function: Int32, in node: Int) -> [Int32] { ownNameCalls[node][function] ?? [] }

        /// Notes that `function` has `effect`.
        mutating func add(_ effect: UInt64, from function: Int32, to node: Int) -> Addition {
            guard let source = sources[node][effect] else {
                sources[node][effect] = (function, false)
                return .first
            }
            guard !source.several, source.first != function else { return .known }
            sources[node][effect] = (source.first, true)
            return .second(first: source.first)
        }
    }

    /// The calls reaching each function, (caller, call) in caller order, in one array sliced by
    /// callee (no array per function).
    private struct CallerLists: Sendable {
        private var starts: [Int32] = []
        private var sites: [(caller: Int32, call: Int32)] = []

        init() {}

        init(_ resolved: [ResolvedSlice], functions: Int) {
            var starts = [Int32](repeating: 0, count: functions + 1)
            for slice in resolved {
                for call in slice.calls { starts[Int(call.callee) + 1] += 1 }
            }
            for index in 0..<functions { starts[index + 1] += starts[index] }
            var next = starts
            var sites = [(caller: Int32, call: Int32)](repeating: (0, 0), count: Int(starts[functions]))
            for slice in resolved {
                for (callee, caller, call) in slice.calls {
                    sites[Int(next[Int(callee)])] = (caller, call)
                    next[Int(callee)] += 1
                }
            }
            self.starts = starts
            self.sites = sites
        }

        func hasCallers(_ function: Int) -> Bool { starts[function] < starts[function + 1] }

        func of(_ function: Int) -> ArraySlice<(caller: Int32, call: Int32)> {
            sites[Int(starts[function])..<Int(starts[function + 1])]
        }
    }

    /// The callable functions named `fullName` of `start` and its superclasses of the run (at most
    /// 32 classes up, each once); free functions when `start` is `nil`.
    func functions(named fullName: String, inClassChainOf start: String?) -> [Int] {
        guard let symbol = symbols.slot(of: fullName) else { return [] }
        guard let start else { return byTypeAndName.functions(type: -1, name: symbol).map { Int($0) } }
        var result: [Int] = []
        chains.forEachSlot(inChainOf: start, typeSlots: typeSlots) { slot in
            result += byTypeAndName.functions(type: slot, name: symbol).map { Int($0) }
        }
        return result
    }

    /// The functions of the run with this full name (`embed(_:in:)`), accessors excluded.
    public func functions(named fullName: String) -> [Function] {
        (functionsNamed(fullName) ?? []).map { functions[Int($0)] }
    }

    /// Whether the run declares a callable function with this full name.
    public func declares(_ fullName: String) -> Bool { functionsNamed(fullName) != nil }

    /// The callable functions with this full name, if the run declares any.
    private func functionsNamed(_ fullName: String) -> ArraySlice<Int32>? {
        guard let symbol = symbols.slot(of: fullName) else { return nil }
        let found = functions(ofSymbol: symbol)
        return found.isEmpty ? nil : found
    }

    /// Whether the run declares a callable function with this base name (`embed` for `embed(_:in:)`).
    public func declares(baseName: String) -> Bool { baseNames.slot(of: baseName) != nil }

    /// `declares(baseName:)` of a name's UTF-8 bytes.
    func declares(baseName bytes: UnsafeBufferPointer<UInt8>) -> Bool { baseNames.slot(of: bytes) != nil }

    /// The symbol of a full name's UTF-8 bytes when the run declares a callable function of that
    /// name (`declares(_:)`): looked up once for all that a call asks of it.
    func declaredSymbol(_ fullName: UnsafeBufferPointer<UInt8>) -> Int32? {
        guard let symbol = symbols.slot(of: fullName), !functions(ofSymbol: symbol).isEmpty else { return nil }
        return symbol
    }

    /// The functions a call of a declared symbol may run: those of `receiverType`'s class chain,
    /// or every function of the name when the receiver's class is unknown (`nil`); `nil` when the
    /// chain has none. What `effects(ofCalling:onArgument:receiverType:)` works out again for
    /// every argument, worked out once for the call.
    struct Callees {
        let symbol: Int32
        /// `nil`: every function of the name.
        let candidates: [Int]?
    }

    func callees(ofSymbol symbol: Int32, receiverType: String?) -> Callees? {
        guard let receiverType else { return Callees(symbol: symbol, candidates: nil) }
        var result: [Int] = []
        chains.forEachSlot(inChainOf: receiverType, typeSlots: typeSlots) { slot in
            result += byTypeAndName.functions(type: slot, name: symbol).map { Int($0) }
        }
        return result.isEmpty ? nil : Callees(symbol: symbol, candidates: result)
    }

    /// `effects(ofCalling:onArgument:receiverType:)` of callees found already.
    func effects(of callees: Callees, onArgument position: Int?) -> Set<Effect> {
        if let candidates = callees.candidates { return effects(of: candidates, onArgument: position) }
        precondition(position.map { $0 >= 0 && $0 < Int(Int32.max) } ?? true, "an argument position is an index")
        let key = Int64(callees.symbol) << 32 | Int64(UInt32(truncatingIfNeeded: position.map { $0 + 1 } ?? 0))
        return verdicts.nameEffects(key) { effects(of: functions(ofSymbol: callees.symbol).map { Int($0) }, onArgument: position) }
    }

    /// What calling `fullName` with an object at argument `position` (or as the receiver, when
    /// `position` is `nil`) may do to that object: the union over every function of that name.
    /// `nil` when the run declares no such function.
    public func effects(ofCalling fullName: String, onArgument position: Int?, receiverType: String? = nil) -> Set<Effect>? {
        guard let symbol = symbols.slot(of: fullName), !functions(ofSymbol: symbol).isEmpty else { return nil }
        // When the receiver's class is known, only its own methods (and its superclasses') can run;
        // none there means a method the run does not declare (a library's extension): unknown.
        if let receiverType {
            let candidates = functions(named: fullName, inClassChainOf: receiverType)
            return candidates.isEmpty ? nil : effects(of: candidates, onArgument: position)
        }
        // Every function of the name: the same answer for every call, worked out once.
        // Positions are argument indices (0 and up); the receiver (`nil`) takes the key below them.
        precondition(position.map { $0 >= 0 && $0 < Int(Int32.max) } ?? true, "an argument position is an index")
        let key = Int64(symbol) << 32 | Int64(UInt32(truncatingIfNeeded: position.map { $0 + 1 } ?? 0))
        return verdicts.nameEffects(key) { effects(of: functions(ofSymbol: symbol).map { Int($0) }, onArgument: position) }
    }

    /// What `candidates` do to their parameter at `position`, or to `self` when it is `nil`.
    private func effects(of candidates: [Int], onArgument position: Int?) -> Set<Effect> {
        var result = Set<Effect>()
        for candidate in candidates {
            functions[candidate].forEachEffect { target, effect in
                switch (target, position) {
                case (.parameter(let index), let position?) where index == position: result.insert(effect)
                case (.selfObject, nil): result.insert(effect)
                default: break
                }
            }
        }
        return result
    }

    /// Effects the code of a type (every declaration and extension, in any file) has on `self` and
    /// on its properties, through its helpers too.
    /// Worked out once per type: rules ask for each object of a type in turn.
    public func effects(inType typeKey: String) -> Set<TargetEffect> {
        verdicts.typeEffects(typeKey) {
            var result = Set<TargetEffect>()
            for index in functionIndices(inType: typeKey) {
                functions[index].forEachEffect { target, effect in
                    switch target {
                    case .selfObject, .member, .other: result.insert(TargetEffect(target, effect))
                    case .parameter: break
                    }
                }
            }
            return result
        }
    }

    /// The summaries of a type's callable functions (every file) with this full name, in run order.
    public func functions(inType typeKey: String, named fullName: String) -> [Function] {
        guard let type = typeSlots.slot(of: typeKey), let symbol = symbols.slot(of: fullName) else { return [] }
        return byTypeAndName.functions(type: type, name: symbol).map { functions[Int($0)] }
    }

    /// The symbol of a name the summaries spell.
    func symbol(of fullName: String) -> Int32? { symbols.slot(of: fullName) }

    /// The call sites of `fullName`, a function of the run, whose receiver or arguments are targets
    /// of their caller (calls that pass nothing traceable are not recorded). A name the run declares
    /// no callable function of (an accessor's `didSet`, a framework method) has none.
    public func callers(of fullName: String) -> [Caller] {
        guard let symbol = symbols.slot(of: fullName), Int(symbol) + 1 < callSiteStarts.count else { return [] }
        let range = Int(callSiteStarts[Int(symbol)])..<Int(callSiteStarts[Int(symbol) + 1])
        return callSites[Int(range.lowerBound)..<Int(range.upperBound)].map { site in
            let item = calls.calls[Int(site.call)]
            let names = symbols
            return Caller(function: Int(site.function),
                          receiver: item.receiver == PackedEffects.noTarget ? nil : PackedEffects.unpackTarget(item.receiver, names: names),
                          arguments: calls.arguments(of: site.call).map {
                              (Int($0.position), PackedEffects.unpackTarget($0.target, names: names))
                          },
                          localArguments: calls.localArguments[item.localArguments.lowerBound.int..<item.localArguments.upperBound.int].map {
                              (Int($0.position), PackedEffects.effects(inMask: $0.effects))
                          })
        }
    }

    /// The summaries of a type's functions (every file).
    public func functions(inType typeKey: String) -> [Function] {
        functionIndices(inType: typeKey).map { functions[$0] }
    }

    /// The positions of a type's functions in `functions`, in run order.
    func functionIndices(inType typeKey: String) -> [Int] {
        guard let slot = typeSlots.slot(of: typeKey) else { return [] }
        let range = functionsByType.range(Int(slot))
        return functionsByType.order[Int(range.lowerBound)..<Int(range.upperBound)].map { Int($0) }
    }
}

extension CallSummaries.Target {
    var isParameter: Bool {
        if case .parameter = self { return true }
        return false
    }
}

private extension Int32 {
    var int: Int { Int(self) }
}

/// Functions grouped by their type (a slot in `CallSummaries.typeSlots`, -1 for a free function)
/// and full name (a symbol in `CallSummaries.symbols`), in run order: one flat array and an
/// integer table of groups, where a dictionary of arrays made an array per method of the run.
struct TypeAndNameGroups: Sendable {
    /// A (type, name) pair's group, by the pair packed into one key.
    private var groups = IntegerTable()
    private var members = SlotGrouping(slots: [], slotCount: 0)
    /// Each function's group (accessors share one more group, which no key leads to).
    private(set) var groupOfFunction: [Int32] = []

    init() {}

    /// `types[function]` and `names[function]` for every function; a negative name (an accessor)
    /// is in no group.
    init(types: [Int32], names: [Int32]) {
        groups = IntegerTable(capacity: names.count)
        var slots: [Int32] = []
        slots.reserveCapacity(names.count)
        var unnamed = false
        for (type, name) in zip(types, names) {
            guard name >= 0 else {
                slots.append(-1)
                unnamed = true
                continue
            }
            let key = Self.key(type: type, name: name)
            slots.append(Int32(truncatingIfNeeded: groups.valueInsertingIfAbsent(key, Int64(groups.count)).value))
        }
        // Accessors go to one more group, which no key leads to.
        let count = groups.count
        if unnamed { slots = slots.map { $0 < 0 ? Int32(truncatingIfNeeded: count) : $0 } }
        members = SlotGrouping(slots: slots, slotCount: count + 1)
        groupOfFunction = slots
    }

    /// How many groups (the accessors' included).
    var count: Int { members.count }

    /// The functions of `type` named `name`, in run order.
    func functions(type: Int32, name: Int32) -> ArraySlice<Int32> {
        group(type: type, name: name)?.functions ?? []
    }

    /// The group of `type` and `name` and its functions in run order, when the run has any.
    func group(type: Int32, name: Int32) -> (group: Int32, functions: ArraySlice<Int32>)? {
        guard name >= 0, let group = groups.value(for: Self.key(type: type, name: name)) else { return nil }
        let range = members.range(Int(group))
        return (Int32(truncatingIfNeeded: group), members.order[Int(range.lowerBound)..<Int(range.upperBound)])
    }

    /// Non-negative for every type slot from -1 up, as `IntegerTable` needs.
    private static func key(type: Int32, name: Int32) -> Int64 {
        Int64(type + 1) << 32 | Int64(UInt32(bitPattern: name))
    }
}

/// Each type's superclass in the run, by the index's type ids (`ProjectIndex`'s `typeIDs` and
/// `superclassIDs`): a chain is walked through integers, where walking it by key hashed each
/// link's name (and the index first built a table of every class's superclass by key for it).
struct ClassLinks: Sendable {
    /// The type keys of the run, by id.
    private(set) var ids = NameSlots()
    /// The id of each type's superclass when the run declares or extends it, else -1.
    private(set) var superclassIDs: [Int32] = []

    init() {}

    init(ids: NameSlots, superclassIDs: [Int32]) {
        self.ids = ids
        self.superclassIDs = superclassIDs
    }

    /// Links from each class's superclass by key (for summaries merged outside a run).
    init(_ superclasses: [String: String]) {
        for (key, superclass) in superclasses {
            let id = ids.insert(key)
            let superclassID = ids.insert(superclass)
            while superclassIDs.count < ids.count { superclassIDs.append(-1) }
            superclassIDs[Int(id)] = superclassID
        }
    }

    /// Visits `start` and its superclasses, at most 32 classes up, each once.
    func walk(from start: Int32, _ visit: (Int32) -> Void) {
        // The classes seen so far, on the stack.
        withUnsafeTemporaryAllocation(of: Int32.self, capacity: 32) { visited in
            guard let base = visited.baseAddress else { return }
            var count = 0
            var current = start
            while current >= 0, count < 32, !UnsafeBufferPointer(start: base, count: count).contains(current) {
                base[count] = current
                count += 1
                visit(current)
                current = superclassIDs[Int(current)]
            }
        }
    }
}

/// Each type's class chain in the run, as type slots, walked once per type rather than once per call.
struct ClassChains: Sendable {
    /// Type slots, chain after chain; a type's chain is `slots[ranges[type]]`.
    private var slots: [Int32] = []
    private var ranges: [Range<Int32>] = []
    private var links = ClassLinks()
    /// The type slot of each of `links`' ids, -1 for a type no function belongs to.
    private var slotOfID: [Int32] = []
    /// The chain of a free function: the free functions' slot alone.
    private static let free: [Int32] = [-1]

    init() {}

    init(typeSlots: NameSlots, links: ClassLinks) {
        self.links = links
        var slotOfID = [Int32](repeating: -1, count: links.ids.count)
        let idOfSlot = (0..<Int32(truncatingIfNeeded: typeSlots.count)).map { slot in
            typeSlots.withName(slot) { links.ids.slot(of: $0) } ?? -1
        }
        for slot in idOfSlot.indices where idOfSlot[slot] >= 0 { slotOfID[Int(idOfSlot[slot])] = Int32(truncatingIfNeeded: slot) }
        ranges.reserveCapacity(typeSlots.count)
        for slot in idOfSlot.indices {
            let start = Int32(truncatingIfNeeded: slots.count)
            if idOfSlot[slot] >= 0 {
                links.walk(from: idOfSlot[slot]) { id in
                    if slotOfID[Int(id)] >= 0 { slots.append(slotOfID[Int(id)]) }
                }
            } else {
                // A key the links do not know has no superclass.
                slots.append(Int32(truncatingIfNeeded: slot))
            }
            ranges.append(start..<Int32(truncatingIfNeeded: slots.count))
        }
        self.slotOfID = slotOfID
    }

    /// The slots of a type (`-1`: a free function's) and its superclasses.
    func chain(ofSlot slot: Int32) -> ArraySlice<Int32> {
        guard slot >= 0 else { return Self.free[...] }
        let range = ranges[Int(slot)]
        return slots[Int(range.lowerBound)..<Int(range.upperBound)]
    }

    /// Visits the slot in `typeSlots` of `key` and of each of its superclasses (at most 32 classes
    /// up, each once) that has one.
    func forEachSlot(inChainOf key: String, typeSlots: NameSlots, _ visit: (Int32) -> Void) {
        guard let id = links.ids.slot(of: key) else {
            if let slot = typeSlots.slot(of: key) { visit(slot) }
            return
        }
        links.walk(from: id) { id in
            if slotOfID[Int(id)] >= 0 { visit(slotOfID[Int(id)]) }
        }
    }
}

/// Calls between functions, flat: what every call is given lives in two arrays shared by all
/// calls, so a file's (or the run's) calls are three arrays, not one per call.
struct PackedCalls: Sendable {
    struct Call: Sendable {
        /// The callee's full name: its position in the file's names, or its symbol in the run.
        var callee: Int32
        /// What it is called on, packed (`PackedEffects`), or `PackedEffects.noTarget`.
        var receiver: UInt64
        /// Its arguments that are targets of the caller, in `arguments`.
        var arguments: Range<Int32>
        /// Its arguments that are locals of the caller, in `localArguments`.
        var localArguments: Range<Int32>
    }

    struct Argument: Sendable {
        var position: Int32
        var target: UInt64
    }

    /// A local handed on, with what the caller itself does to it (a mask of `PackedEffects.bit`s).
    struct LocalArgument: Sendable {
        var position: Int32
        var effects: UInt16
    }

    var calls: [Call] = []
    var arguments: [Argument] = []
    var localArguments: [LocalArgument] = []

    var count: Int { calls.count }

    /// Room for the run's calls and their arguments, which are appended file by file: grown by
    /// doubling, they would hold up to twice their size for the rest of the run.
    mutating func reserve(calls callCount: Int, arguments argumentCount: Int, localArguments localCount: Int) {
        calls.reserveCapacity(callCount)
        arguments.reserveCapacity(argumentCount)
        localArguments.reserveCapacity(localCount)
    }

    func arguments(of call: Int32) -> ArraySlice<Argument> {
        let range = calls[Int(call)].arguments
        return arguments[Int(range.lowerBound)..<Int(range.upperBound)]
    }

    /// Appends the calls of `other.calls[range]` that `keeps` (given the callee's renumbered
    /// symbol), with names and members renumbered through `symbolOf`.
    mutating func append(_ other: PackedCalls, _ range: Range<Int32>, renumberedBy symbolOf: [Int32],
                         keeping keeps: (_ callee: Int32, Call) -> Bool) {
        for position in range {
            let call = other.calls[Int(position)]
            guard keeps(symbolOf[Int(call.callee)], call) else { continue }
            let argumentStart = Int32(truncatingIfNeeded: arguments.count)
            for argument in other.arguments[Int(call.arguments.lowerBound)..<Int(call.arguments.upperBound)] {
                arguments.append(Argument(position: argument.position, target: PackedEffects.renumbered(argument.target, symbolOf)))
            }
            let localStart = Int32(truncatingIfNeeded: localArguments.count)
            // Most calls hand on no local: no append call for nothing.
            if !call.localArguments.isEmpty {
                localArguments += other.localArguments[Int(call.localArguments.lowerBound)..<Int(call.localArguments.upperBound)]
            }
            calls.append(Call(callee: symbolOf[Int(call.callee)],
                              receiver: call.receiver == PackedEffects.noTarget
                                  ? call.receiver : PackedEffects.renumbered(call.receiver, symbolOf),
                              arguments: argumentStart..<Int32(truncatingIfNeeded: arguments.count),
                              localArguments: localStart..<Int32(truncatingIfNeeded: localArguments.count)))
        }
    }
}

/// Target-effect pairs packed into one integer each — the target's kind (2 bits), its parameter
/// position or member name (32 bits: a position in a file's names, or a symbol of the run), the
/// effect (8 bits) — so that propagating them is integer work.
enum PackedEffects {
    static let parameterKind: UInt64 = 0
    static let selfKind: UInt64 = 1 << 40
    static let memberKind: UInt64 = 2 << 40
    static let otherKind: UInt64 = 3 << 40
    static let kindMask: UInt64 = 3 << 40
    /// No target (a receiver that is none of the caller's).
    static let noTarget: UInt64 = .max

    static func parameter(_ position: Int) -> UInt64 {
        parameterKind | (UInt64(UInt32(truncatingIfNeeded: position)) << 8)
    }

    static func member(_ name: Int32) -> UInt64 { memberKind | (UInt64(UInt32(truncatingIfNeeded: name)) << 8) }

    static func effect(_ effect: CallSummaries.Effect) -> UInt64 { UInt64(effect.rawValue) }

    /// The same target, its member name renumbered through `symbolOf`.
    static func renumbered(_ packed: UInt64, _ symbolOf: [Int32]) -> UInt64 {
        guard packed & kindMask == memberKind else { return packed }
        let name = Int((packed >> 8) & 0xFFFF_FFFF)
        return member(symbolOf[name]) | (packed & 0xFF)
    }

    static func unpackTarget(_ packed: UInt64, names: NameSlots) -> CallSummaries.Target {
        let value = Int((packed >> 8) & 0xFFFF_FFFF)
        switch packed & kindMask {
        case parameterKind: return .parameter(value)
        case selfKind: return .selfObject
        case memberKind: return .member(names.name(Int32(truncatingIfNeeded: value)))
        default: return .other
        }
    }

    /// An effect's bit in a mask of effects (one bit per `Effect` raw value).
    static func bit(_ effect: CallSummaries.Effect) -> UInt16 { 1 << UInt16(effect.rawValue) }

    /// The mask of a set of effects: `effects(inMask:)` undone.
    static func mask(_ effects: Set<CallSummaries.Effect>) -> UInt16 {
        effects.reduce(0) { $0 | bit($1) }
    }

    static func effects(inMask mask: UInt16) -> Set<CallSummaries.Effect> {
        Set(CallSummaries.Effect.allCases.filter { mask & bit($0) != 0 })
    }

    /// An effect on a callee's parameter or `self`, seen from the caller.
    static func map(_ effect: UInt64, through call: PackedCalls.Call, arguments: [PackedCalls.Argument]) -> UInt64? {
        let bits = effect & 0xFF
        switch effect & kindMask {
        case parameterKind:
            let position = Int32(truncatingIfNeeded: (effect >> 8) & 0xFFFF_FFFF)
            for index in Int(call.arguments.lowerBound)..<Int(call.arguments.upperBound)
            where arguments[index].position == position {
                return arguments[index].target | bits
            }
            return nil
        case selfKind:
            guard call.receiver != noTarget else { return nil }
            return call.receiver | bits
        case memberKind:
            // A method called on `self` acts on `self`'s own properties.
            return call.receiver == selfKind ? effect : nil
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

    /// `passive` as a name table: asked, by bytes, for every name the run calls but does not declare.
    private static let passiveNames = NameSlots(passive)

    /// Whether a call spelled `fullName` (`print(_:)`) is a passive framework call.
    static func keepsArguments(_ fullName: String) -> Bool {
        passive.contains(CallSummaries.baseName(of: fullName))
    }

    /// `keepsArguments` of a full name's UTF-8 bytes.
    static func keepsArguments(fullName bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let end = bytes.firstIndex(of: UInt8(ascii: "(")) ?? bytes.count
        return passiveNames.slot(of: UnsafeBufferPointer(rebasing: bytes[..<end])) != nil
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
        /// The position of the enclosing type (or extension) in the file's types, or -1: its key
        /// is the index's, which knows every file's names.
        public var typeIndex: Int32
        /// What it does itself, packed (`PackedEffects`; members by position in `names`).
        var effects: [UInt64]
        /// Its calls to other functions of the run (or to unknown ones) that touch its targets:
        /// `calls.calls[calls]`.
        var calls: Range<Int32>
    }

    /// The callee and member names the file's summaries spell: each member once, a callee's full
    /// name now and then twice (see `Extractor.record`).
    var names = NameList()
    public var functions: [Function] = []
    /// The calls of every function, one function's after another.
    var calls = PackedCalls()

    public init() {}

    /// Summarizes every function of a parsed file.
    /// `declaredBaseNames` are the base names of the run's functions (`nil`: all count): a call
    /// to anything else is unknown code, which matters only for what the caller hands it of its
    /// own parameters.
    public static func extract(_ tree: SyntaxTree, qualifiedTypeNames: [String],
                               declaredBaseNames: Set<String>? = nil) -> FileSummaries {
        let model = FileModel(tree: tree, index: ProjectIndex.empty, qualifiedNames: qualifiedTypeNames)
        return Extractor(model: model, declaredBaseNames: declaredBaseNames).run()
    }

    /// What extraction has written so far, shared by every function of the file.
    private struct Tables {
        /// Made on the first name written (`namesForWriting`), sized then for the file's distinct
        /// call names: many files summarize no call and no member, and their tables were made and
        /// freed for nothing.
        private(set) var names = NameSlots()
        private var namesMade = false
        let nameCapacity: Int
        /// Room is made on the first argument written (`reserveArguments`), for the same reason.
        var calls = PackedCalls()
        private var argumentsReserved = false
        let argumentCapacity: Int
        /// The file's scope table, read from the model's memo (behind its lock) once, on first use.
        var scopes: ScopeTable?

        init(nameCapacity: Int, argumentCapacity: Int) {
            self.nameCapacity = nameCapacity
            self.argumentCapacity = argumentCapacity
        }

        /// The names, sized for the file the first time one is written.
        var namesForWriting: NameSlots {
            get { names }
            _modify {
                if !namesMade {
                    namesMade = true
                    names = NameSlots(capacity: nameCapacity)
                }
                yield &names
            }
        }

        /// Room for the file's arguments, made before the first is written. Grown by doubling,
        /// the argument lists were copied 4,821 times on NetNewsWire and mastodon; a call hands on
        /// about one argument of the caller's, a local less often.
        mutating func reserveArguments() {
            guard !argumentsReserved else { return }
            argumentsReserved = true
            calls.reserve(calls: 0, arguments: argumentCapacity, localArguments: argumentCapacity / 4)
        }

        mutating func pack(_ target: CallSummaries.Target) -> UInt64 {
            switch target {
            case .parameter(let position): return PackedEffects.parameter(position)
            case .selfObject: return PackedEffects.selfKind
            case .member(let name): return PackedEffects.member(namesForWriting.insert(name))
            case .other: return PackedEffects.otherKind
            }
        }
    }

    /// Each function's own effects while a file is read, packed: a set per function made on the
    /// first effect of the file (many files have none, and a set per function was made and freed
    /// for each).
    private struct FunctionEffects {
        private var sets: [Set<UInt64>] = []
        private let functions: Int

        init(functions: Int) { self.functions = functions }

        mutating func insert(_ effect: UInt64, for function: Int) {
            if sets.isEmpty { sets = Array(repeating: [], count: functions) }
            sets[function].insert(effect)
        }

        /// The function's effects, when it has any.
        func of(_ function: Int) -> Set<UInt64>? {
            sets.isEmpty || sets[function].isEmpty ? nil : sets[function]
        }
    }

    /// The full names a group of calls (one base name) has interned last: a group's calls with no
    /// arguments all spell one (`reloadData()`), and a call with the labels of the last labelled
    /// call spells that call's, found without spelling the name out and hashing it again.
    private struct CalleeCache {
        var bare: Int32?
        var labelled: Int32?
        /// The last labelled call's arguments (a range of `Outline.arguments`).
        var labelledArguments: Range<Int> = 0..<0
    }

    private struct Extractor {
        let model: FileModel
        let declaredBaseNames: Set<String>?
        var outline: Outline { model.outline }

        func run() -> FileSummaries {
            let outline = self.outline
            var summaries: [Function] = []
            summaries.reserveCapacity(outline.functions.count)
            // Fields read in place: a declaration copied whole counts a reference per string and array in it.
            for index in outline.functions.indices {
                let typeNode = outline.nodes[outline.functions[index].node].enclosingType
                let modifiers = outline.functions[index].modifiers
                summaries.append(Function(fullName: outline.functions[index].fullName, kind: outline.functions[index].kind,
                                            isPrivate: modifiers.contains(.private) || modifiers.contains(.fileprivate),
                                            typeIndex: typeNode >= 0 ? Int32(truncatingIfNeeded: outline.nodes[typeNode].detail) : -1,
                                            effects: [], calls: 0..<0))
            }
            // Sized for the file's distinct call names: growing by doubling rehashed every name.
            var tables = Tables(nameCapacity: model.callSlots.count, argumentCapacity: outline.calls.count)
            var effects = FunctionEffects(functions: summaries.count)
            // What each function does to its own locals, for the calls that hand them on.
            let direct = model.directCalls()
            // Made on the first such effect: most files have none, and a table per function of the
            // file was made and freed for nothing.
            var localEffects: [[VariableID: UInt16]] = []
            for (call, found) in direct.found {
                guard let function = model.enclosingFunction(of: outline.calls[call.index].nodeID) else { continue }
                for (object, effect) in found {
                    if case .local(let variable) = object.root, object.path.isEmpty {
                        if localEffects.isEmpty { localEffects = Array(repeating: [:], count: summaries.count) }
                        localEffects[function.index][variable, default: 0] |= PackedEffects.bit(effect)
                    }
                }
            }
            // Calls are gathered for the whole file, then ordered function by function (a stable
            // counting sort), rather than grown in an array per function.
            var gathered: [(function: Int32, call: PackedCalls.Call)] = []
            for (slot, calls) in model.callGroups {
                // The name is made into a string only when there are declared names to test it against.
                let name = declaredBaseNames == nil ? nil : model.callSlots.name(slot)
                let declared = name.map { declaredBaseNames!.contains($0) } ?? true
                let passive = !declared && FrameworkCalls.passive.contains(name!)
                var callees = CalleeCache()
                for position in calls {
                    let call = CallID(Int(position))
                    if passive, direct[call] == nil { continue }
                    guard let function = model.enclosingFunction(of: outline.calls[call.index].nodeID) else { continue }
                    // The file's tables are handed over whole and read in place: a call's own
                    // effects and locals taken out of them counted a reference each, per call.
                    if let packed = record(call, direct: direct, declared: declared, localEffects: localEffects,
                                           effects: &effects,
                                           tables: &tables, function: function, callees: &callees) {
                        // At most one per call, and dropped with the file: reserved on the first,
                        // where grown by doubling it was copied again and again (6,243 times on
                        // NetNewsWire and mastodon).
                        if gathered.isEmpty { gathered.reserveCapacity(outline.calls.count) }
                        gathered.append((Int32(truncatingIfNeeded: function.index), packed))
                    }
                }
            }
            for position in outline.assignments.indices {
                let assignment = AssignmentID(position)
                guard let function = model.enclosingFunction(of: outline.assignments[position].nodeID) else { continue }
                record(assignment, effects: &effects, tables: &tables, function: function)
            }
            // Without calls every function's range is empty, as the summaries were made.
            var starts: [Int32] = []
            if !gathered.isEmpty {
                starts = [Int32](filledWith: 0, count: summaries.count + 1)
                for item in gathered { starts[Int(item.function) + 1] += 1 }
                for index in summaries.indices { starts[index + 1] += starts[index] }
                var next = starts
                // Every position is written exactly once (the counts place each call). Filled
                // first with a placeholder: an uninitialized array was allocated through the
                // standard library's unspecialized path (some 800 instructions a file), where the
                // fill costs a few a call.
                var placed = [PackedCalls.Call](filledWith: gathered[0].call, count: gathered.count)
                placed.withUnsafeMutableBufferPointer { buffer in
                    for item in gathered {
                        buffer[Int(next[Int(item.function)])] = item.call
                        next[Int(item.function)] += 1
                    }
                }
                tables.calls.calls = placed
            }
            // Completed in place: a summary copied out and back counts a reference per string in it.
            for index in summaries.indices {
                if !starts.isEmpty { summaries[index].calls = starts[index]..<starts[index + 1] }
                if let found = effects.of(index) { summaries[index].effects = Array(found) }
            }
            var result = FileSummaries()
            result.functions = summaries
            result.names = tables.names.list
            // The facts keep the calls for the run, and room for an argument a call is about five
            // times what calls hand on (393,000 against 71,000 on the tuning set, 5 MB).
            tables.calls.arguments = tables.calls.arguments.withoutSpareRoom()
            tables.calls.localArguments = tables.calls.localArguments.withoutSpareRoom()
            result.calls = tables.calls
            return result
        }

        /// What a plain reference is as a target, read from its binding for the shapes that need
        /// no object built (`self.name`, a property, a parameter, `self`): the answer
        /// `model.trackableObject` followed by `target(_:in:)` gives, without the object.
        /// `.general` for the rest (locals, captures, closure parameters), which the object model
        /// decides from the name's binding (`nil`: from the tokens).
        enum Quick {
            case target(CallSummaries.Target?)
            /// A property of `self`, named by this token: interned from its bytes, not as a string.
            case member(Int)
            case general(Binding?)
        }

        /// `scopes` is the file's scope table once a name has needed it (see
        /// `FileModel.declaredBinding(ofToken:scopes:)`).
        func quickTarget(_ range: Range<Int>, throughSelf: Bool, at node: NodeID, in function: FunctionID,
                         scopes: inout ScopeTable?) -> Quick {
            let tree = model.tree
            let first = range.lowerBound
            if throughSelf {
                guard let dot = tree.nextSignificant(after: first), let name = tree.nextSignificant(after: dot) else { return .general(nil) }
                return .member(name)
            }
            if tree.token(first, is: "self") { return .target(.selfObject) }
            guard let binding = model.declaredBinding(ofToken: TokenID(first), scopes: &scopes) else {
                // A bare name that is no member is a global: not a target.
                return model.isSelfMember(freeToken: first, at: node) ? .member(first) : .target(nil)
            }
            switch binding {
            case .selfValue:
                return .target(.selfObject)
            case .parameter(let owner, let position):
                return .target(owner == function ? .parameter(position) : nil)
            default:
                return .general(binding)
            }
        }

        /// Whether the object of a name so bound can be a target or a local of the function: not
        /// when it is a closure's parameter standing for an element of the call's receiver
        /// (`children.forEach { $0... }`) or for nothing known (`{ result in ... }`), which is not
        /// worth building (`FileModel.closureParameterMayBeReceiver`).
        func mayBeTargetOrLocal(_ binding: Binding?) -> Bool {
            guard case .closureParameter(let closure, let index)? = binding else { return true }
            return model.closureParameterMayBeReceiver(closure, index: index)
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

        /// Records a call's direct effects in `effects`; returns the call it is for the run's
        /// calls, its arguments written to `tables`, when it is one.
        func record(_ call: CallID, direct: DirectCallEffects, declared: Bool,
                    localEffects: [[VariableID: UInt16]], effects: inout FunctionEffects, tables: inout Tables,
                    function: FunctionID, callees: inout CalleeCache) -> PackedCalls.Call? {
            if let direct = direct[call] {
                for (object, effect) in direct {
                    if let target = target(object, in: function) {
                        effects.insert(tables.pack(target) | PackedEffects.effect(effect), for: function.index)
                    } else if CallSummaries.recordedForAnyObject.contains(effect) {
                        effects.insert(PackedEffects.otherKind | PackedEffects.effect(effect), for: function.index)
                    }
                }
                return nil
            }
            // A call to some other function: one of the run's calls, when it touches the caller's targets.
            let item = outline.calls[call.index]
            let argumentStart = Int32(truncatingIfNeeded: tables.calls.arguments.count)
            let localStart = Int32(truncatingIfNeeded: tables.calls.localArguments.count)
            func add(_ position: Int, _ target: CallSummaries.Target) {
                add(position, packed: tables.pack(target))
            }
            func add(_ position: Int, packed: UInt64) {
                tables.reserveArguments()
                tables.calls.arguments.append(PackedCalls.Argument(position: Int32(truncatingIfNeeded: position), target: packed))
            }
            func member(_ token: Int) -> UInt64 {
                let range = model.tree.nameBytes(ofToken: token)
                return PackedEffects.member(model.tree.source.bytes.withUnsafeBufferPointer {
                    tables.namesForWriting.insert(bytes: UnsafeBufferPointer(rebasing: $0[range]))
                })
            }
            for (position, argument) in model.arguments(of: call).enumerated() where argument.closure == nil {
                // A target is a parameter, a property or a local: written as a plain name (or
                // `self.name`); anything longer is not resolved at all. Unknown code matters only
                // for the caller's own parameters, which are plain names.
                guard let throughSelf = model.simpleReference(argument.expression), declared || !throughSelf else { continue }
                let binding: Binding?
                switch quickTarget(argument.expression, throughSelf: throughSelf, at: item.nodeID, in: function,
                                   scopes: &tables.scopes) {
                case .target(let quick):
                    if let quick, declared || quick.isParameter { add(position, quick) }
                    continue
                case .member(let token):
                    if declared { add(position, packed: member(token)) }
                    continue
                case .general(let found):
                    guard mayBeTargetOrLocal(found) else { continue }
                    binding = found
                }
                guard let object = model.trackableObject(argument.expression, binding: binding, at: item.nodeID) else { continue }
                if !declared {
                    if case .parameter = object.root, let target = target(object, in: function) { add(position, target) }
                    continue
                }
                if let target = target(object, in: function) {
                    add(position, target)
                } else if case .local(let variable) = object.root, object.path.isEmpty {
                    tables.reserveArguments()
                    tables.calls.localArguments.append(PackedCalls.LocalArgument(position: Int32(truncatingIfNeeded: position),
                                                                                 effects: localEffects.isEmpty ? 0
                                                                                     : localEffects[function.index][variable] ?? 0))
                }
            }
            var receiver: CallSummaries.Target?
            // A receiver that is a property of `self`, by its name's token.
            var receiverMember: Int?
            if declared, !item.isImplicitMember {
                if let range = item.receiver {
                    if let throughSelf = model.simpleReference(range) {
                        switch quickTarget(range, throughSelf: throughSelf, at: item.nodeID, in: function,
                                           scopes: &tables.scopes) {
                        case .target(let quick):
                            receiver = quick
                        case .member(let token):
                            receiverMember = token
                        case .general(let binding):
                            guard mayBeTargetOrLocal(binding) else { break }
                            receiver = model.trackableObject(range, binding: binding, at: item.nodeID).flatMap { target($0, in: function) }
                        }
                    }
                } else {
                    receiver = .selfObject
                }
            }
            let arguments = argumentStart..<Int32(truncatingIfNeeded: tables.calls.arguments.count)
            let localArguments = localStart..<Int32(truncatingIfNeeded: tables.calls.localArguments.count)
            guard receiver != nil || receiverMember != nil || !arguments.isEmpty || !localArguments.isEmpty else { return nil }
            let callee: Int32
            if item.arguments.isEmpty, let bare = callees.bare {
                callee = bare
            } else if !item.arguments.isEmpty, let labelled = callees.labelled,
                      sameLabels(item.arguments, callees.labelledArguments) {
                callee = labelled
            } else {
                // Appended, not interned: a file's full names spelled here are new to it all but
                // 2% of the time (a repeat of the group's last name is found above), and the merge
                // interns every name of every file by its bytes again (`CallSummaries.init`), so a
                // repeat given a second slot comes to the same symbol. Member names, which the
                // table does look up, hold no `(`: no callee's name is ever one of them.
                // Spelled straight into the table's room.
                let tree = model.tree
                callee = tables.namesForWriting.appendUnindexed(count: tree.fullNameCount(of: item)) { tree.writeFullName(of: item, to: $0) }
                if item.arguments.isEmpty {
                    callees.bare = callee
                } else {
                    callees.labelled = callee
                    callees.labelledArguments = item.arguments
                }
            }
            // A member receiver's name is interned after the callee's, as before: a file's names keep their order.
            return PackedCalls.Call(callee: callee,
                                    receiver: receiverMember.map(member) ?? receiver.map { tables.pack($0) } ?? PackedEffects.noTarget,
                                    arguments: arguments, localArguments: localArguments)
        }

        /// Whether two argument lists (ranges of `Outline.arguments`) spell the same labels, byte
        /// for byte (`withFullName`'s bytes): calls of one base name with the same labels spell
        /// one full name.
        func sameLabels(_ left: Range<Int>, _ right: Range<Int>) -> Bool {
            guard left.count == right.count else { return false }
            let arguments = outline.arguments
            let tree = model.tree
            return tree.source.bytes.withUnsafeBufferPointer { source in
                for offset in 0..<left.count {
                    let first = arguments[left.lowerBound + offset].labelToken
                    let second = arguments[right.lowerBound + offset].labelToken
                    guard let first, let second else {
                        if first == nil && second == nil { continue }
                        return false
                    }
                    let one = tree.tokens[first].nameRange
                    let other = tree.tokens[second].nameRange
                    guard one.count == other.count else { return false }
                    for index in 0..<one.count where source[one.lowerBound + index] != source[other.lowerBound + index] {
                        return false
                    }
                }
                return true
            }
        }

        func record(_ assignment: AssignmentID, effects: inout FunctionEffects, tables: inout Tables, function: FunctionID) {
            for (object, effect) in model.directEffects(of: assignment) {
                if let target = target(object, in: function) {
                    effects.insert(tables.pack(target) | PackedEffects.effect(effect), for: function.index)
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
