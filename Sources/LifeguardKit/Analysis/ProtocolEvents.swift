#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A step of one of UIKit's object protocols (containment, removal, timers, observers,
/// appearance forwarding) applied to an object at a call site: directly
/// (`child.didMove(toParent: self)`), or through a helper of the run whose summary says so
/// (`embed(child)`), or by handing the object to code the run cannot see.
public struct ObjectEvent: Sendable {
    public var effect: CallSummaries.Effect
    public var object: ObjectRef
    /// The call (or, for `x = nil` and `viewControllers = [...]`, the assignment's node) it happens at.
    public var node: NodeID
    /// Where it happens in the file, for ordering.
    public var token: Int
    /// Through a helper (or unknown code), not by a UIKit call written here.
    public var isIndirect: Bool
}

/// A file's events with the lookups rules make many times: by enclosing function, by the object's
/// root (events on different roots are never the same object) and by enclosing type. Built in
/// one pass so every lookup costs the events it returns, not the file's.
/// An object's anchor, asked about from the code of one type (`nil`: code outside any type).
struct AnchorInType: Hashable {
    var anchor: ObjectRef.Anchor
    var type: String?
}

struct EventIndex {
    var events: [ObjectEvent] = []
    /// The function each event belongs to (closures count as their function), or -1.
    var owner: [Int] = []
    var byFunction: [Int: [Int]] = [:]
    /// Events by their object's anchor and the type their code belongs to: the only events that
    /// may be on an object with that anchor, asked about from that type's code. By anchor alone,
    /// a file of thousands of classes each with a `child` read every class's events on
    /// `self.child` for each class (quadratic).
    var byAnchor: [AnchorInType: [Int]] = [:]
    var byType: [String: [Int]] = [:]
    /// The key of the type each event's code belongs to, or `nil`.
    var typeKey: [String?] = []

    /// The first place in `positions` (event positions, in source order) from `low` on whose
    /// event comes at or after token `token`, found by bisection.
    func firstPosition(in positions: [Int], from low: Int, atOrAfter token: Int) -> Int {
        Bisection.firstPosition(in: low..<positions.count) { events[positions[$0]].token < token }
    }
}

extension FileModel {
    /// Every protocol event of the file, in source order.
    public var protocolEvents: [ObjectEvent] { eventIndex().events }

    /// The events inside these functions (closures nested in them included), in source order.
    public func protocolEvents(in functions: [FunctionID]) -> [ObjectEvent] {
        let index = eventIndex()
        var positions: [Int] = []
        for function in functions { positions += index.byFunction[function.index] ?? [] }
        if functions.count > 1 { positions.sort() }
        return positions.map { index.events[$0] }
    }

    /// The events inside these functions that may be on `object` (same anchor; `isSame(as:)`
    /// decides), in source order: the candidates without reading the functions' other events.
    public func protocolEvents(on object: ObjectRef, in functions: [FunctionID]) -> [ObjectEvent] {
        let index = eventIndex()
        return anchoredPositions(of: object, in: functions, index: index).compactMap { position in
            let owner = index.owner[position]
            return functions.contains(where: { $0.index == owner }) ? index.events[position] : nil
        }
    }

    /// The positions of the events anchored like `object` in the code of the types `functions`
    /// belong to, in source order: a function's events are all filed under its own type.
    private func anchoredPositions(of object: ObjectRef, in functions: [FunctionID], index: EventIndex) -> [Int] {
        guard let first = functions.first else { return [] }
        let type = enclosingRole(of: outline.functions[first.index].node)?.key
        var positions = index.byAnchor[AnchorInType(anchor: object.anchor, type: type)] ?? []
        var types: Set<String?> = [type]
        for function in functions.dropFirst() {
            let other = enclosingRole(of: outline.functions[function.index].node)?.key
            guard types.insert(other).inserted else { continue }
            positions += index.byAnchor[AnchorInType(anchor: object.anchor, type: other)] ?? []
        }
        // Several types' buckets, each in source order: merged into one.
        if types.count > 1 { positions.sort() }
        return positions
    }

    /// The events in this file's code of the type with key `key` (every declaration and extension here).
    public func protocolEvents(inTypeWithKey key: String) -> [ObjectEvent] {
        let index = eventIndex()
        return (index.byType[key] ?? []).map { index.events[$0] }
    }

    /// The events in this file's code of the type with key `key` that may be on `object` (same
    /// anchor; `isSame(as:)` decides), in source order. Read from the object's events, not the
    /// type's: asked once per call of a large type, the type's would be quadratic.
    public func protocolEvents(on object: ObjectRef, inTypeWithKey key: String) -> [ObjectEvent] {
        let index = eventIndex()
        return (index.byAnchor[AnchorInType(anchor: object.anchor, type: key)] ?? []).map { index.events[$0] }
    }

    /// Effects the run's code of a type — every file, its superclasses of the run included — has on
    /// `self` and its properties, through helpers too.
    public func typeEffects(ofTypeWithKey key: String) -> Set<CallSummaries.TargetEffect> {
        var result = Set<CallSummaries.TargetEffect>()
        var current: String? = key
        var seen = Set<String>()
        while let type = current, seen.insert(type).inserted, seen.count <= 32 {
            result.formUnion(index.summaries.effects(inType: type))
            current = index.superclass(of: type)
        }
        return result
    }

    /// Calls `visit` with the events in `group`, in source order, whose effect is one of `effects`,
    /// whose object may be `object` (same anchor), that come at or after token `start` and before
    /// token `end` and that are not on a branch excluding `node` (each when given), until `visit`
    /// returns `true`. Read in place: the object's other events are passed over by their effect,
    /// not copied out first.
    ///
    /// Questions asked once per call about an object touched all over one function (a `switch`
    /// of a thousand cases, each adding the same child) must not each read every event before
    /// their own: a long list of the anchor's events is filtered by effect once per set of
    /// effects, the search starts at `start` by bisection, and an event on a branch excluding
    /// `node` skips, by bisection too, every later event of that branch run (`exclusionEnd`).
    func visitEvents(_ effects: Set<CallSummaries.Effect>, anchoredLike object: ObjectRef, in group: [FunctionID],
                     from start: Int?, before end: Int?, exclusiveTo node: NodeID?, _ visit: (ObjectEvent) -> Bool) {
        let index = eventIndex()
        let positions = anchorEvents(effects, anchoredLike: object, in: group, index: index)
        var cursor = start.map { index.firstPosition(in: positions, from: 0, atOrAfter: $0) } ?? 0
        while cursor < positions.count {
            let position = positions[cursor]
            cursor += 1
            let event = index.events[position]
            if let end, event.token >= end { return }
            let owner = index.owner[position]
            guard effects.contains(event.effect), group.contains(where: { $0.index == owner }) else { continue }
            if let node, let branchEnd = exclusionEnd(of: event.node, from: node) {
                cursor = index.firstPosition(in: positions, from: cursor, atOrAfter: branchEnd)
                continue
            }
            if visit(event) { return }
        }
    }

    /// Calls `visit` with the events in `group` before token `end` whose effect is one of
    /// `effects` and whose object may be `object`, latest first, until `visit` returns `true`.
    func visitEventsBackwards(_ effects: Set<CallSummaries.Effect>, anchoredLike object: ObjectRef, in group: [FunctionID],
                              before end: Int, _ visit: (ObjectEvent) -> Bool) {
        let index = eventIndex()
        let positions = anchorEvents(effects, anchoredLike: object, in: group, index: index)
        var cursor = index.firstPosition(in: positions, from: 0, atOrAfter: end)
        while cursor > 0 {
            cursor -= 1
            let position = positions[cursor]
            let event = index.events[position]
            let owner = index.owner[position]
            guard effects.contains(event.effect), group.contains(where: { $0.index == owner }) else { continue }
            if visit(event) { return }
        }
    }

    /// The positions of the anchor's events in the code of the group's types, in source order: a
    /// long list filtered by `effects` (once per type and set of effects, remembered), a short one whole.
    private func anchorEvents(_ effects: Set<CallSummaries.Effect>, anchoredLike object: ObjectRef, in group: [FunctionID],
                              index: EventIndex) -> [Int] {
        // Nearly every group is one type's: its type's bucket alone, with no set made to find out.
        guard let first = group.first else { return [] }
        let type = enclosingRole(of: outline.functions[first.index].node)?.key
        for function in group.dropFirst() where enclosingRole(of: outline.functions[function.index].node)?.key != type {
            return anchoredPositions(of: object, in: group, index: index)
        }
        guard let anchored = index.byAnchor[AnchorInType(anchor: object.anchor, type: type)] else { return [] }
        guard anchored.count > Self.unfilteredAnchorEvents else { return anchored }
        // An anchor shared across the type (`children`, whose elements every loop over it
        // reaches) has far more events than the group: the group's own events with the anchor
        // are those of the bucket the callers keep (they keep the group's), found without
        // reading the type's. Each of thousands of such loops read all of the others' events.
        let own = group.reduce(0) { $0 + (index.byFunction[$1.index]?.count ?? 0) }
        if own * 4 < anchored.count {
            let anchor = object.anchor
            var positions = group.flatMap { index.byFunction[$0.index] ?? [] }.filter { index.events[$0].object.anchor == anchor }
            if group.count > 1 { positions.sort() }
            return positions
        }
        return memo.anchorEvents(AnchorEffects(anchor: object.anchor, type: type, effects: Self.mask(effects))) {
            anchored.filter { effects.contains(index.events[$0].effect) }
        }
    }

    /// Lists of an anchor's events this short are read whole, without a filtered copy.
    static let unfilteredAnchorEvents = 16

    static func mask(_ effects: Set<CallSummaries.Effect>) -> UInt64 {
        UInt64(PackedEffects.mask(effects))
    }

    private func eventIndex() -> EventIndex {
        memo.events {
            var index = EventIndex()
            index.events = computeEvents()
            index.owner.reserveCapacity(index.events.count)
            index.typeKey.reserveCapacity(index.events.count)
            // Room up front (objects have a few events each): grown one doubling at a time, the
            // table was rehashed again and again.
            index.byAnchor.reserveCapacity(index.events.count / 2)
            // Events come in source order, so most follow one of the same type: each type's run
            // of positions is filed at once, its key hashed once per run rather than per event.
            var run: (key: String, positions: [Int])?
            for (position, event) in index.events.enumerated() {
                let owner = outline[event.node].kind == .function ? FunctionID(outline[event.node].detail)
                    : enclosingFunction(of: event.node)
                index.owner.append(owner?.index ?? -1)
                if let owner { index.byFunction[owner.index, default: []].append(position) }
                let key = enclosingRole(of: event.node)?.key
                index.byAnchor[AnchorInType(anchor: event.object.anchor, type: key), default: []].append(position)
                index.typeKey.append(key)
                guard let key else { continue }
                if run?.key == key {
                    run?.positions.append(position)
                } else {
                    if let run { index.byType[run.key, default: []].append(contentsOf: run.positions) }
                    run = (key, [position])
                }
            }
            if let run { index.byType[run.key, default: []].append(contentsOf: run.positions) }
            return index
        }
    }

    private func computeEvents() -> [ObjectEvent] {
        var result: [ObjectEvent] = []
        let direct = directCalls()
        index.withSummaries { summaries in
            let callees = calleeNames(summaries)
            for position in outline.calls.indices {
                let call = CallID(position)
                let node = outline.calls[position].nodeID
                let token = outline.calls[position].nameToken
                if let effects = direct[call] {
                    for (object, effect) in effects {
                        result.append(ObjectEvent(effect: effect, object: object, node: node, token: token, isIndirect: false))
                    }
                    continue
                }
                for (object, effect) in helperEffects(of: call, callee: callees[position], summaries: summaries) {
                    result.append(ObjectEvent(effect: effect, object: object, node: node, token: token, isIndirect: true))
                }
            }
        }
        for position in outline.assignments.indices {
            let assignment = AssignmentID(position)
            let item = outline.assignments[position]
            for (object, effect) in directEffects(of: assignment) {
                result.append(ObjectEvent(effect: effect, object: object, node: item.nodeID, token: item.equalToken,
                                          isIndirect: false))
            }
        }
        result.sort { $0.token < $1.token }
        return result
    }

    /// The direct effects of every call whose name can have any, found through the file's
    /// distinct call names rather than by spelling out every call's name.
    func directCalls() -> DirectCallEffects {
        var result = DirectCallEffects(calls: outline.calls.count)
        for (slot, calls) in callGroups {
            // Tested on the name's bytes: most names of a file are never made into a string.
            let may = callSlots.withName(slot) { ASCIIWords.mayHaveDirectEffects($0) }
                ?? ProtocolVocabulary.mayHaveDirectEffects(callSlots.name(slot))
            guard may else { continue }
            let name = DirectCallName(callSlots.name(slot))
            for position in calls {
                let call = CallID(Int(position))
                result.set(directEffects(of: call, name: name), for: call)
            }
        }
        return result
    }

    /// The object of a plain reference (`name`, `name!`, `self.name`), resolved from its tokens
    /// without building a chain; `nil` for anything longer.
    func simpleObject(_ range: Range<Int>, at node: NodeID) -> ObjectRef? {
        guard let throughSelf = simpleReference(range) else { return nil }
        if throughSelf {
            guard let dot = tree.nextSignificant(after: range.lowerBound), let name = tree.nextSignificant(after: dot) else {
                return nil
            }
            let member = tree.text(ofToken: name)
            return ObjectRef(root: .selfObject, path: [.member(member)], phase: phaseOfProperty(member, at: node))
        }
        guard !tree.token(range.lowerBound, is: "self") else { return .selfObject }
        var visited = VisitedLocals()
        return objectOfName(tree.text(ofToken: range.lowerBound), token: TokenID(range.lowerBound), at: node, hops: 0,
                            visited: &visited)
    }

    /// Whether an expression is a plain reference — `name`, `name!`, `self.name`, `self.name?` — the
    /// only shapes a summary target can have, told from the first few tokens without reading more.
    /// `nil` for anything else; otherwise whether it goes through `self.`.
    func simpleReference(_ range: Range<Int>) -> Bool? {
        guard range.lowerBound < range.upperBound, range.lowerBound < tree.tokens.count,
              tree.tokens[range.lowerBound].kind == .identifier else { return nil }
        // One name alone (most arguments and receivers that are names): nothing follows it, which
        // is what the walk below would find after looking for `self.` and a postfix marker.
        if range.count == 1 { return false }
        var token = range.lowerBound
        var throughSelf = false
        if tree.token(token, is: "self") {
            guard let dot = tree.nextSignificant(after: token), dot < range.upperBound else { return false }
            guard tree.tokens[dot].kind == .period, let name = tree.nextSignificant(after: dot), name < range.upperBound,
                  tree.tokens[name].kind == .identifier else { return nil }
            token = name
            throughSelf = true
        }
        guard let next = tree.nextSignificant(after: token), next < range.upperBound else { return throughSelf }
        guard tree.isPostfixMarker(next), tree.nextSignificant(after: next).map({ $0 >= range.upperBound }) ?? true else {
            return nil
        }
        return throughSelf
    }

    /// The object an argument or receiver names, when it can be one a summary tracks: expressions
    /// that do not start with a name (literals, operators, closures, `&x`) are skipped without
    /// being read.
    func trackableObject(_ range: Range<Int>, at node: NodeID) -> ObjectRef? {
        guard range.lowerBound < range.upperBound, range.lowerBound < tree.tokens.count,
              tree.tokens[range.lowerBound].kind == .identifier else { return nil }
        return Self.trackable(simpleObject(range, at: node) ?? object(ofTokens: range, at: node))
    }

    /// `trackableObject(range, at: node)`, for a plain name (not `self`) at the start of `range`
    /// whose binding the caller has looked up already (`nil`: not looked up).
    func trackableObject(_ range: Range<Int>, binding: Binding?, at node: NodeID) -> ObjectRef? {
        guard let binding else { return trackableObject(range, at: node) }
        var visited = VisitedLocals()
        return Self.trackable(object(of: binding, at: node, hops: 0, visited: &visited))
    }

    private static func trackable(_ object: ObjectRef) -> ObjectRef? {
        switch object.root {
        case .opaque: return nil
        case .global where object.path.isEmpty: return nil
        default: return object
        }
    }

    /// A call's base name as `directEffects(of:name:)` reads it: worked out once for all of a
    /// file's calls of the name, not hashed again for each.
    struct DirectCallName {
        let text: String
        let isUIKitCall: Bool
        let makesNavigationController: Bool
        let receivesElements: Bool

        init(_ text: String) {
            self.text = text
            isUIKitCall = ProtocolVocabulary.directCallNames.contains(text)
            makesNavigationController = text.hasSuffix("NavigationController")
            receivesElements = ClosureReceiverRelation.elementCalls.contains(text)
                || ClosureReceiverRelation.elementOrSelfCalls.contains(text)
        }
    }

    /// The protocol steps a call performs by UIKit's own API, on which objects.
    func directEffects(of call: CallID, name spelled: DirectCallName) -> [(ObjectRef, CallSummaries.Effect)] {
        let name = spelled.text
        let item = outline.calls[call.index]
        guard spelled.isUIKitCall else {
            // `UINavigationController(rootViewController: x)` makes a container that owns `x`.
            if spelled.makesNavigationController, item.receiver == nil, let root = argument("rootViewController", of: call) {
                return [(object(ofTokens: root.expression, at: item.nodeID), .handedToContainer)]
            }
            if spelled.receivesElements {
                return pointFreeContainment(of: call, name: name).map { [$0] } ?? []
            }
            return constraintEffects(of: call, name: name).map { [($0, .constrained)] } ?? []
        }
        let arguments = self.arguments(of: call)
        func argumentObject(_ argument: Argument) -> ObjectRef { object(ofTokens: argument.expression, at: item.nodeID) }
        switch name {
        case "addChild", "addChildViewController":
            guard arguments.count == 1, let first = arguments.first, !first.isLabelled,
                  typeClassOfReceiver(call).mayBeController else { return [] }
            return [(argumentObject(first), .addedAsChild)]
        case "didMove":
            guard let argument = argument("toParent", of: call), !isNilLiteral(argument.expression) else { return [] }
            return [(receiverObject(of: call), .didMoveToParent)]
        case "willMove":
            guard let argument = argument("toParent", of: call), isNilLiteral(argument.expression) else { return [] }
            return [(receiverObject(of: call), .willMoveToNil)]
        case "removeFromParent", "removeFromParentViewController":
            guard arguments.isEmpty, item.receiver.map({ tree.text(ofTokens: $0) }) != "super" else { return [] }
            return [(receiverObject(of: call), .removedFromParent)]
        case "addSubview", "insertSubview", "addArrangedSubview", "insertArrangedSubview":
            guard let first = arguments.first, !first.isLabelled else { return [] }
            let added = argumentObject(first)
            var result: [(ObjectRef, CallSummaries.Effect)] = []
            if let owner = Self.viewOwner(added) { result.append((owner, .viewAdded)) }
            // A stack view lays out what it arranges.
            if name.hasSuffix("ArrangedSubview") { result.append((added, .constrained)) }
            return result
        case "removeFromSuperview":
            guard let owner = Self.viewOwner(receiverObject(of: call)) else { return [] }
            return [(owner, .viewRemoved)]
        case "setViewControllers", "pushViewController", "present", "show", "showDetailViewController":
            guard let first = arguments.first else { return [] }
            return objects(inExpression: first.expression, at: item.nodeID).map { ($0, .handedToContainer) }
        case "invalidate", "cancel":
            guard arguments.isEmpty else { return [] }
            return [(receiverObject(of: call), .stopped)]
        case "removeObserver":
            guard let first = arguments.first else { return [] }
            return [(argumentObject(first), .observerRemoved)]
        case "beginAppearanceTransition":
            return [(receiverObject(of: call), .appearanceBegan)]
        case "endAppearanceTransition":
            return [(receiverObject(of: call), .appearanceEnded)]
        default:
            return []
        }
    }

    /// `newValue.map(addChild)`, `controllers.forEach(addChild)`: the receiver's value (or each
    /// element) is added as a child. `name` is one of `ClosureReceiverRelation`'s element calls.
    func pointFreeContainment(of call: CallID, name: String) -> (ObjectRef, CallSummaries.Effect)? {
        guard let argument = arguments(of: call).first, arguments(of: call).count == 1, argument.closure == nil else { return nil }
        let text = tree.compactText(ofTokens: argument.expression)
        guard text == "addChild" || text == "self.addChild" || text == "addChildViewController" else { return nil }
        var object = receiverObject(of: call)
        object.path.append(name == "forEach" ? .element : .elementOrSelf)
        return (object, .addedAsChild)
    }

    /// The view a constraint-making call lays out: `x` in `x.topAnchor.constraint(equalTo:)`,
    /// `x.snp.makeConstraints { }`, `NSLayoutConstraint(item: x, ...)`, or a layout library's
    /// `x.edgesToSuperview()` / `x.autoPinEdgesToSuperviewEdges()`.
    func constraintEffects(of call: CallID, name: String) -> ObjectRef? {
        let item = outline.calls[call.index]
        if name == "NSLayoutConstraint", item.receiver == nil, let first = argument("item", of: call) {
            return object(ofTokens: first.expression, at: item.nodeID)
        }
        guard let receiver = receiver(of: call), let last = receiver.lastName else { return nil }
        let receiverObject = object(of: receiver, at: item.nodeID)
        if name.hasPrefix("constraint"), last.hasSuffix("Anchor") || last == "anchors" {
            return Self.owner(of: receiverObject)
        }
        if last == "snp", name == "makeConstraints" || name == "remakeConstraints" || name == "updateConstraints" {
            return Self.owner(of: receiverObject)
        }
        if !index.summaries.declares(fullName(of: call)), ProtocolVocabulary.looksLikeLayoutLibraryCall(name) {
            return receiverObject
        }
        return nil
    }

    /// `x = nil` releases `x`; `nav.viewControllers = [a]` and `window.rootViewController = a`
    /// hand `a` to UIKit; `x.translatesAutoresizingMaskIntoConstraints = false` and a flexible
    /// `x.autoresizingMask` keep `x`'s frame current.
    func directEffects(of assignment: AssignmentID) -> [(ObjectRef, CallSummaries.Effect)] {
        let item = outline.assignments[assignment.index]
        let releases = isNilLiteral(item.rhs)
        // Most assignments are neither: told from the left side's tokens before a chain is built.
        guard releases || lastNameMayBeProtocolProperty(item.lhs),
              let lhs = ExpressionChain(tree, tokens: item.lhs) else { return [] }
        if releases { return [(object(of: lhs, at: item.nodeID), .released)] }
        if let last = lhs.lastName, ProtocolVocabulary.layoutProperties.contains(last),
           let owner = lhs.dropping(last: 1) {
            if spellsFalseOrFlexible(item.rhs) { return [(object(of: owner, at: item.nodeID), .constrained)] }
            return []
        }
        if let last = lhs.lastName, ProtocolVocabulary.containerProperties.contains(last) {
            return objects(inExpression: item.rhs, at: item.nodeID).map { ($0, .handedToContainer) }
        }
        return []
    }

    /// The properties whose assignment `directEffects(of:)` reads, by bytes.
    private static let protocolProperties: [[UInt8]] = (ProtocolVocabulary.layoutProperties
        + ProtocolVocabulary.containerProperties).map { Array($0.utf8) }
    /// Bit `n`: some property of `protocolProperties` is `n` bytes long (all are shorter than 64).
    private static let protocolPropertyLengths: UInt64 = protocolProperties.reduce(0) { $0 | 1 << UInt64($1.count) }

    /// Whether an identifier token among `range` spells one of `protocolProperties` (backticks
    /// aside): a chain's last name is one of its tokens, so without one it cannot be any of them.
    /// Each name's length is tested first: this runs for every assignment of every file.
    private func lastNameMayBeProtocolProperty(_ range: Range<Int>) -> Bool {
        let tokens = tree.tokens
        let lengths = Self.protocolPropertyLengths
        for token in range where token < tokens.count && tokens[token].kind == .identifier {
            let span = tokens[token].nameRange
            guard span.count < 64, (lengths >> UInt64(span.count)) & 1 != 0 else { continue }
            let bytes = tree.source.bytes
            for word in Self.protocolProperties where word.count == span.count {
                if bytes[span].elementsEqual(word) { return true }
            }
        }
        return false
    }

    private static let falseBytes = Array("false".utf8)
    private static let flexibleBytes = Array("flexible".utf8)

    /// Whether an expression's text contains `false` or `flexible` (a frame kept current by its
    /// mask): searched in the bytes when the text is ASCII, where that is what the string search
    /// finds (which cost some 4,500 instructions a call); the string search decides other text.
    private func spellsFalseOrFlexible(_ range: Range<Int>) -> Bool {
        let value = tree.text(ofTokens: range)
        let verdict = value.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            return AnchorWords.contains(Self.falseBytes, in: bytes) || AnchorWords.contains(Self.flexibleBytes, in: bytes)
        }
        if let verdict = verdict ?? nil { return verdict }
        return value.contains("false") || value.contains("flexible")
    }

    /// What a call to a function of the run does to the objects it is given (from the function's
    /// summary), or, for a function the run does not declare, that the objects escape.
    func helperEffects(of call: CallID) -> [(ObjectRef, CallSummaries.Effect)] {
        index.withSummaries { summaries in
            let callee = tree.source.bytes.withUnsafeBufferPointer { source in
                CalleeName(UnsafeBufferPointer(rebasing: source[tree.tokens[outline.calls[call.index].nameToken].nameRange]),
                           summaries: summaries)
            }
            return helperEffects(of: call, callee: callee, summaries: summaries)
        }
    }

    /// What `helperEffects` reads of a call's base name: whether the run declares a function of
    /// that name, and whether it is a passive framework call.
    struct CalleeName: OptionSet {
        let rawValue: UInt8
        static let declared = CalleeName(rawValue: 1)
        static let passive = CalleeName(rawValue: 2)

        init(rawValue: UInt8) { self.rawValue = rawValue }

        init(_ name: UnsafeBufferPointer<UInt8>, summaries: borrowing CallSummaries) {
            var value: CalleeName = []
            if summaries.declares(baseName: name) { value.insert(.declared) }
            // A base name is a full name without its parentheses.
            if FrameworkCalls.keepsArguments(fullName: name) { value.insert(.passive) }
            self = value
        }
    }

    /// Each call's `CalleeName`, by call position: worked out once per distinct name of the file,
    /// where spelling and hashing each call's name cost more than the rest of most calls' work.
    func calleeNames(_ summaries: borrowing CallSummaries) -> [CalleeName] {
        var result = [CalleeName](repeating: [], count: outline.calls.count)
        for (slot, calls) in callGroups {
            let callee = callSlots.withName(slot) { CalleeName($0, summaries: summaries) }
            guard !callee.isEmpty else { continue }
            for position in calls { result[Int(position)] = callee }
        }
        return result
    }

    /// `helperEffects(of:)` with the call's `CalleeName` read already. An argument (or receiver)
    /// is resolved to its object only once the call is known to do something to it: most calls of
    /// the run's functions do nothing to most of what they are given.
    private func helperEffects(of call: CallID, callee: CalleeName,
                               summaries: borrowing CallSummaries) -> [(ObjectRef, CallSummaries.Effect)] {
        // A framework call that keeps nothing: nothing to look at. Unknown code may do anything
        // with what it is given (its receiver is its own business).
        guard callee.contains(.declared) else { return callee.contains(.passive) ? [] : escapingArguments(of: call) }
        let item = outline.calls[call.index]
        let takesReceiver = !item.isImplicitMember
            && !(item.receiver.flatMap(tree.byteRange(ofTokens:)).map { tree.source.bytes($0, equal: "super") } ?? false)
        let arguments = self.arguments(of: call)
        // Only an expression starting with a name can be a trackable object; with none, there is
        // no object to find effects on.
        let anyCandidate = arguments.contains { $0.closure == nil && startsWithName($0.expression) }
            || (takesReceiver && item.receiver.map(startsWithName) ?? true)
        guard anyCandidate else { return [] }
        // `FrameworkCalls.keepsArguments(fullName)` reads the base name: `callee.contains(.passive)`.
        // The index's summaries are read in place: a borrowed parameter captured by the closure
        // would be copied, a reference counted for each of its tables.
        let index = self.index
        guard let symbol = withFullName(of: call, { index.summaries.declaredSymbol($0) }) else {
            return callee.contains(.passive) ? [] : escapingArguments(of: call)
        }
        // The receiver's class picks among same-named methods: `self`'s for a bare call.
        var receiverType: String?
        if let range = item.receiver {
            // A receiver that is no chain names no class.
            if let chain = ExpressionChain(tree, tokens: range) {
                let key = chain.key
                receiverType = key == "self" || key == "super" ? enclosingRole(of: item.nodeID)?.key : typeKey(of: chain, at: item.nodeID)
            }
        } else {
            receiverType = enclosingRole(of: item.nodeID)?.key
        }
        guard let callees = summaries.callees(ofSymbol: symbol, receiverType: receiverType) else {
            // Declared in the run, but not on this receiver's class: code the run cannot see.
            return callee.contains(.passive) ? [] : escapingArguments(of: call)
        }
        var result: [(ObjectRef, CallSummaries.Effect)] = []
        for (position, argument) in arguments.enumerated() where argument.closure == nil && startsWithName(argument.expression) {
            let effects = summaries.effects(of: callees, onArgument: position)
            guard !effects.isEmpty, let object = trackableObject(argument.expression, at: item.nodeID) else { continue }
            for effect in effects { result.append((object, effect)) }
        }
        if takesReceiver, item.receiver.map(startsWithName) ?? true {
            let effects = summaries.effects(of: callees, onArgument: nil)
            if !effects.isEmpty {
                let receiver: ObjectRef? = item.receiver.map { trackableObject($0, at: item.nodeID) } ?? .selfObject
                if let receiver { for effect in effects { result.append((receiver, effect)) } }
            }
        }
        return result
    }

    /// Every trackable argument of a call (closures aside), as escaping to code the run cannot see.
    private func escapingArguments(of call: CallID) -> [(ObjectRef, CallSummaries.Effect)] {
        let node = outline.calls[call.index].nodeID
        var result: [(ObjectRef, CallSummaries.Effect)] = []
        for argument in arguments(of: call) where argument.closure == nil {
            if let object = trackableObject(argument.expression, at: node) { result.append((object, .escapesToUnknown)) }
        }
        return result
    }

    /// Whether an expression starts with a name: `trackableObject` finds no object in any other.
    private func startsWithName(_ range: Range<Int>) -> Bool {
        range.lowerBound < range.upperBound && range.lowerBound < tree.tokens.count
            && tree.tokens[range.lowerBound].kind == .identifier
    }

    /// What a call's receiver is: `self` (a bare call) is the enclosing type.
    public func typeClassOfReceiver(_ call: CallID) -> TypeClass {
        guard let receiver = receiver(of: call) else {
            guard let role = enclosingRole(of: outline.calls[call.index].nodeID) else { return .unknown }
            return role.isController ? .controller : role.isView ? .view : TypeClass(typeKey: role.key, index: index)
        }
        return typeClass(of: receiver, at: outline.calls[call.index].nodeID)
    }

    /// The object a property belongs to: `x` for `x.topAnchor`, `self` for a bare framework
    /// member (`topAnchor` inside a view, which the run's index does not list).
    static func owner(of object: ObjectRef) -> ObjectRef? {
        if !object.path.isEmpty {
            var owner = object
            owner.path.removeLast()
            return owner
        }
        if case .global(let name) = object.root, name.first?.isLowercase == true { return .selfObject }
        return nil
    }

    /// `x` for `x.view`.
    static func viewOwner(_ object: ObjectRef) -> ObjectRef? {
        guard object.path.last == .member("view") else { return nil }
        var owner = object
        owner.path.removeLast()
        return owner
    }

    /// The objects an expression names: itself, or each element of an array literal.
    public func objects(inExpression range: Range<Int>, at node: NodeID) -> [ObjectRef] {
        let tokens = tree.significantTokens(in: range)
        guard let first = tokens.first else { return [] }
        if tree.tokens[first].kind == .leftBracket, let close = tree.partner(ofToken: first) {
            return ArrayLiteral.elements(tree, open: first, close: close).map { object(ofTokens: $0, at: node) }
        }
        return [object(ofTokens: range, at: node)]
    }

    /// Whether an expression is the literal `nil`.
    public func isNilLiteral(_ range: Range<Int>) -> Bool {
        let tokens = tree.significantTokens(in: range)
        return tokens.count == 1 && tree.tokens[tokens[0]].isKeyword(.nil)
    }
}

extension FileModel {
    /// Whether a call's receiver is a `NotificationCenter` the code creates itself
    /// (`let center = NotificationCenter()`, a property initialized so, `NotificationCenter().x`):
    /// not the app-wide center, so what it keeps lives only as long as the code keeps it.
    public func isPrivateNotificationCenter(_ call: CallID) -> Bool {
        guard let range = outline.calls[call.index].receiver else { return false }
        if TypeNames.initialized(tree, range) == "NotificationCenter" { return true }
        guard let receiver = receiver(of: call) else { return false }
        let node = outline.calls[call.index].nodeID
        let object = object(of: receiver, at: node)
        var declaration: VariableDeclaration?
        if case .local(let variable) = object.root, object.path.isEmpty {
            declaration = outline.variables[variable.index]
        } else if let name = object.selfMember, let role = enclosingRole(of: node) {
            for type in typeDeclarations(withKey: role.key) {
                if let variable = memberVariables(of: type)[name] { declaration = outline.variables[variable.index] }
            }
        }
        guard let initializer = declaration?.initializer else { return false }
        return TypeNames.initialized(tree, initializer) == "NotificationCenter"
    }
}

/// The UIKit calls whose effects `directEffects(of:)` reads.
enum ProtocolVocabulary {
    /// Whether a call of this base name can have a direct effect (`directEffects(of:)` decides).
    static func mayHaveDirectEffects(_ name: String) -> Bool {
        // This runs for every distinct call name of every file: an ASCII name (nearly all) is
        // tested on its bytes, which is what `hasPrefix`/`hasSuffix` decide for ASCII.
        if let verdict = name.utf8.withContiguousStorageIfAvailable({ ASCIIWords.mayHaveDirectEffects($0) }), let verdict {
            return verdict
        }
        return mayHaveDirectEffectsBySpelling(name)
    }

    /// The same test on `String`s, for names with a byte outside ASCII.
    static func mayHaveDirectEffectsBySpelling(_ name: String) -> Bool {
        exactNames.contains(name) || namePrefixes.contains(where: name.hasPrefix) || nameSuffixes.contains(where: name.hasSuffix)
            || looksLikeLayoutLibraryCall(name)
    }

    /// Methods of layout libraries the run does not declare (TinyConstraints, PureLayout, and
    /// project extensions alike) that pin their receiver: `edgesToSuperview()`, `autoPinEdge(...)`.
    static func looksLikeLayoutLibraryCall(_ name: String) -> Bool {
        layoutLibrarySuffixes.contains(where: name.hasSuffix) || layoutLibraryPrefixes.contains(where: name.hasPrefix)
    }

    static let layoutLibraryPrefixes = ["pin", "autoPin", "autoSet", "autoAlign", "autoCenter", "constrain", "anchor", "edges",
                                        "fillSuperview"]
    static let layoutLibrarySuffixes = ["Superview", "SuperviewEdges", "SuperviewSafeArea"]

    /// Names `directEffects(of:)` reads whole: its UIKit calls, `NSLayoutConstraint(item:...)` and
    /// the point-free closure-receiver calls (`forEach(addChild)`).
    static let exactNames: Set<String> = directCallNames.union(["NSLayoutConstraint"]).union(ClosureReceiverRelation.elementCalls)
        .union(ClosureReceiverRelation.elementOrSelfCalls)
    /// `constraint(equalTo:)` and friends on an anchor.
    static let namePrefixes = ["constraint"]
    /// `makeConstraints` and friends (SnapKit), `UINavigationController(rootViewController:)` and its subclasses.
    static let nameSuffixes = ["Constraints", "NavigationController"]

    /// The properties whose assignment `directEffects(of:)` reads: frames kept current by layout,
    /// and controllers handed to a container.
    static let layoutProperties = ["translatesAutoresizingMaskIntoConstraints", "autoresizingMask"]
    static let containerProperties = ["viewControllers", "rootViewController"]

    static let directCallNames: Set<String> = [
        "addChild", "addChildViewController", "didMove", "willMove", "removeFromParent", "removeFromParentViewController",
        "addSubview", "insertSubview", "addArrangedSubview", "insertArrangedSubview", "removeFromSuperview",
        "setViewControllers", "pushViewController", "present", "show", "showDetailViewController", "invalidate", "cancel",
        "removeObserver", "beginAppearanceTransition", "endAppearanceTransition",
    ]
}

/// `ProtocolVocabulary`'s name tests on the bytes of an ASCII name, without building `String`s or
/// hashing: `nil` for a name with any other byte, which the `String` tests decide instead.
enum ASCIIWords {
    static func mayHaveDirectEffects(_ name: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard isASCII(name) else { return nil }
        guard let first = name.first, let last = name.last else { return exact.slot(of: name) != nil }
        // Most names start and end with bytes no prefix starts and no suffix ends with, and no
        // whole name starts with and is as long as: one table (one static read, where each
        // static costs a check and a reference counted) turns them away.
        let shapes = Self.shapes
        if shapes[Int(first)] & prefixStart != 0, prefixes.contains(where: { hasPrefix(name, $0) }) { return true }
        if shapes[Int(last)] & suffixEnd != 0, suffixes.contains(where: { hasSuffix(name, $0) }) { return true }
        // Hashed only when some whole name has this first byte and length.
        guard shapes[Int(first)] & (1 << UInt64(min(name.count, lengthBits - 1))) != 0 else { return false }
        return exact.slot(of: name) != nil
    }

    /// Whether every byte is ASCII, read eight at a time.
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        var high: UInt64 = 0
        var offset = 0
        while offset + 8 <= bytes.count {
            high |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        while offset < bytes.count {
            high |= UInt64(base[offset])
            offset += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// Bits of `shapes` that stand for lengths: bit `n` for `n` bytes, the last for that many and longer.
    private static let lengthBits = 62
    private static let prefixStart: UInt64 = 1 << 63
    private static let suffixEnd: UInt64 = 1 << 62

    /// For each byte: bit `n` (below `lengthBits`), some whole name of `exact` that long starts
    /// with it; `prefixStart`, some prefix starts with it; `suffixEnd`, some suffix ends with it.
    private static let shapes: [UInt64] = {
        var table = [UInt64](repeating: 0, count: 256)
        for name in ProtocolVocabulary.exactNames {
            if let first = name.utf8.first { table[Int(first)] |= 1 << UInt64(min(name.utf8.count, lengthBits - 1)) }
        }
        for prefix in prefixes { if let first = prefix.first { table[Int(first)] |= prefixStart } }
        for suffix in suffixes { if let last = suffix.last { table[Int(last)] |= suffixEnd } }
        return table
    }()

    // `ProtocolVocabulary`'s own lists: the whole names in a table looked up by bytes, the
    // prefixes and suffixes as bytes.
    private static let exact: NameSlots = ProtocolVocabulary.exactNames.reduce(into: NameSlots()) { _ = $0.insert($1) }
    private static let prefixes: [[UInt8]] = (ProtocolVocabulary.namePrefixes + ProtocolVocabulary.layoutLibraryPrefixes)
        .map { Array($0.utf8) }
    private static let suffixes: [[UInt8]] = (ProtocolVocabulary.nameSuffixes + ProtocolVocabulary.layoutLibrarySuffixes)
        .map { Array($0.utf8) }

    static func equal(_ name: UnsafeBufferPointer<UInt8>, _ word: [UInt8]) -> Bool {
        name.count == word.count && hasPrefix(name, word)
    }

    static func hasPrefix(_ name: UnsafeBufferPointer<UInt8>, _ word: [UInt8]) -> Bool {
        guard name.count >= word.count else { return false }
        for index in word.indices where name[index] != word[index] { return false }
        return true
    }

    static func hasSuffix(_ name: UnsafeBufferPointer<UInt8>, _ word: [UInt8]) -> Bool {
        guard name.count >= word.count else { return false }
        let offset = name.count - word.count
        for index in word.indices where name[offset + index] != word[index] { return false }
        return true
    }
}

/// The direct effects of a file's calls, by call position (asked for every call of the file: an
/// array read, where a dictionary hashed every call).
struct DirectCallEffects {
    /// Each call's position in `effects`, or -1: few calls have effects, and a file's array of
    /// integers is filled at once, where an array of arrays was set up element by element.
    /// Made on the first call with effects: most files have none.
    private var positions: [Int32] = []
    private var effects: [[(ObjectRef, CallSummaries.Effect)]] = []
    private let count: Int

    init(calls count: Int) {
        self.count = count
    }

    mutating func set(_ found: [(ObjectRef, CallSummaries.Effect)], for call: CallID) {
        guard !found.isEmpty else { return }
        if positions.isEmpty { positions = Array(filledWith: -1, count: count) }
        positions[call.index] = Int32(truncatingIfNeeded: effects.count)
        effects.append(found)
    }

    /// The call's effects; `nil` when it has none.
    subscript(call: CallID) -> [(ObjectRef, CallSummaries.Effect)]? {
        guard !positions.isEmpty else { return nil }
        let position = positions[call.index]
        return position < 0 ? nil : effects[Int(position)]
    }

    /// The calls with effects, in source order.
    var found: some Sequence<(call: CallID, effects: [(ObjectRef, CallSummaries.Effect)])> {
        positions.indices.lazy.filter { positions[$0] >= 0 }.map { (CallID($0), effects[Int(positions[$0])]) }
    }
}
