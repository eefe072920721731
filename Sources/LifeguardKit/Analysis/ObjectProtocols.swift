/// Questions about an object's protocol across the places UIKit lets it be spread: the function
/// group it starts in (a property's accessors count as one), the helpers that group calls, and —
/// for `self` and `self`'s properties — the type's other methods in every file and its
/// superclasses of the run.
extension FileModel {
    /// The summary target an object is from inside its type: `self` or one of `self`'s properties.
    public func typeTarget(of object: ObjectRef) -> CallSummaries.Target? {
        guard object.root == .selfObject else { return nil }
        if object.path.isEmpty { return .selfObject }
        if object.path.count == 1, case .member(let name) = object.path[0] { return .member(name) }
        return nil
    }

    /// The function group a node is in (a property's accessors together), or empty at type level.
    public func functionGroup(of node: NodeID) -> [FunctionID] {
        let function = outline[node].kind == .function ? FunctionID(outline[node].detail) : enclosingFunction(of: node)
        return function.map(functionGroup(of:)) ?? []
    }

    /// The first event in `group` whose effect is one of `effects` and whose object is `object`,
    /// at or after token `start` and before token `end` (when given), leaving out events on a
    /// branch that excludes `node` (the `else` of the `if` it is in, another `case` of its `switch`).
    public func event(_ effects: Set<CallSummaries.Effect>, on object: ObjectRef, in group: [FunctionID],
                      from start: Int? = nil, before end: Int? = nil, besides node: NodeID? = nil,
                      where accept: (ObjectEvent) -> Bool = { _ in true }) -> ObjectEvent? {
        var found: ObjectEvent?
        visitEvents(effects, anchoredLike: object, in: group, from: start, before: end, exclusiveTo: node) { event in
            guard event.object.isSame(as: object), accept(event) else { return false }
            found = event
            return true
        }
        return found
    }

    /// The last event in `group` before token `end` whose effect is one of `effects` and whose
    /// object is `object`, that `accept` takes: read backwards from `end`.
    public func lastEvent(_ effects: Set<CallSummaries.Effect>, on object: ObjectRef, in group: [FunctionID],
                          before end: Int, where accept: (ObjectEvent) -> Bool = { _ in true }) -> ObjectEvent? {
        var found: ObjectEvent?
        visitEventsBackwards(effects, anchoredLike: object, in: group, before: end) { event in
            guard event.object.isSame(as: object), accept(event) else { return false }
            found = event
            return true
        }
        return found
    }

    /// The first `limit` events in `group` whose effect is one of `effects` and whose object is
    /// `object`, from token `start` on, that `accept` takes: the rest are not read.
    public func events(_ effects: Set<CallSummaries.Effect>, on object: ObjectRef, in group: [FunctionID],
                       from start: Int, limit: Int, where accept: (ObjectEvent) -> Bool = { _ in true }) -> [ObjectEvent] {
        var found: [ObjectEvent] = []
        guard limit > 0 else { return found }
        visitEvents(effects, anchoredLike: object, in: group, from: start, before: nil, exclusiveTo: nil) { event in
            guard event.object.isSame(as: object), accept(event) else { return false }
            found.append(event)
            return found.count >= limit
        }
        return found
    }

    /// Whether two nodes sit on branches of which at most one runs: the then and else bodies of one
    /// `if`, or two cases of one `switch`.
    public func areExclusive(_ lhs: NodeID, _ rhs: NodeID) -> Bool {
        exclusionEnd(of: lhs, from: rhs) != nil
    }

    /// When `lhs` sits on a branch that excludes `rhs`: the token where the run of branches that
    /// holds `lhs` and excludes `rhs` ends, so that every event of `lhs`'s function from `lhs` up
    /// to that token excludes `rhs` too. The then body of an `if` whose else holds `rhs` (or the
    /// reverse); for a `switch`, the cases from `lhs`'s up to the one holding `rhs`, or to the end
    /// of the switch when `rhs` comes before. `nil` when nothing excludes them.
    ///
    /// That every event up to the token is excluded holds because an event of the same function
    /// there sits in the same `if` body, or in a case of the same switch, with no function or type
    /// between it and the conditional (its function would be another); past the outline's ancestor
    /// limit a deeper event would not find the conditional, and is taken as excluded all the same.
    func exclusionEnd(of lhs: NodeID, from rhs: NodeID) -> Int? {
        let rhsStart = outline[rhs].tokens.lowerBound
        for (conditional, part) in enclosingConditionals(of: lhs) {
            let item = outline[conditional]
            let node = outline[item.nodeID]
            if item.kind == .switchCase {
                // Another case of the same switch.
                guard rhs.index <= item.node || rhs.index >= node.subtreeEnd else { continue }
                let parent = node.parent
                guard parent >= 0, rhs.index > parent, rhs.index < outline.nodes[parent].subtreeEnd else { continue }
                // `rhs` before this case: every later case excludes it too.
                if rhs.index < item.node { return outline.nodes[parent].tokens.upperBound }
                // After it: the cases up to the one that holds `rhs` do.
                return caseStart(holding: rhs, inSwitch: parent) ?? node.tokens.upperBound
            }
            guard item.kind == .if, rhs.index > item.node, rhs.index < node.subtreeEnd else { continue }
            let rhsPart: ConditionalPart
            if let elseBody = item.elseBody, elseBody.contains(rhsStart) {
                rhsPart = .elseBody
            } else if let body = item.body, body.contains(rhsStart) {
                rhsPart = .body
            } else {
                continue
            }
            guard part != .condition, rhsPart != part else { continue }
            // `lhs` in the else body (`rhs` in the then body), or in the then body: an if with an
            // else body has no `else if` tail, so its then body ends where its else begins.
            if part == .elseBody, let elseBody = item.elseBody { return elseBody.close }
            if part == .body, let body = item.body { return body.close }
            return outline[lhs].tokens.upperBound
        }
        return nil
    }

    /// The first token of the case of switch node `switchNode` that holds `node`, when a case does.
    private func caseStart(holding node: NodeID, inSwitch switchNode: Int) -> Int? {
        var current = node.index
        var steps = 0
        while current >= 0, steps < Self.ancestorLimit {
            let parent = outline.nodes[current].parent
            if parent == switchNode {
                let candidate = outline.nodes[current]
                guard candidate.kind == .conditional, outline.conditionals[candidate.detail].kind == .switchCase else { return nil }
                return candidate.tokens.lowerBound
            }
            current = parent
            steps += 1
        }
        return nil
    }

    /// Whether one of `effects` happens to `object` (which must be `self` or a property of `self`)
    /// in a method of its type other than those in `group` — in this file, in other files, or in
    /// a superclass of the run — leaving out methods that perform `start` on the same object
    /// themselves (those run a whole protocol of their own).
    /// The effects on `object` in this file's code of a type, by function group (code outside
    /// functions left out).
    func effectsByGroup(on object: ObjectRef, inTypeWithKey key: String) -> [[FunctionID]: Set<CallSummaries.Effect>] {
        memo.effectsByGroup(ObjectInType(object: object, typeKey: key)) {
            var result: [[FunctionID]: Set<CallSummaries.Effect>] = [:]
            for event in protocolEvents(on: object, inTypeWithKey: key) where event.object.isSame(as: object) {
                let eventGroup = functionGroup(of: event.node)
                if !eventGroup.isEmpty { result[eventGroup, default: []].insert(event.effect) }
            }
            return result
        }
    }

    public func typeCompletes(_ effects: Set<CallSummaries.Effect>, for object: ObjectRef, at node: NodeID,
                              outside group: [FunctionID], unlessItAlso start: CallSummaries.Effect? = nil) -> Bool {
        guard let target = typeTarget(of: object), let role = enclosingRole(of: node) else { return false }
        // This file: the groups whose effects on the object complete it, gathered once per object,
        // type and question (rules ask for each call on the object, and a type of thousands of
        // methods each touching it read every group for every call). They are distinct groups, so
        // two of them are never both this one.
        let key = CompletionQuery(object: ObjectInType(object: object, typeKey: role.key), effects: Self.mask(effects),
                                  start: start?.rawValue)
        let completing = memo.completingGroups(key) {
            effectsByGroup(on: object, inTypeWithKey: role.key).compactMap { eventGroup, groupEffects in
                (start.map { !groupEffects.contains($0) } ?? true) && !groupEffects.isDisjoint(with: effects) ? eventGroup : nil
            }
        }
        if completing.count > 1 || completing.first.map({ $0 != group }) == true { return true }
        // Other files and superclasses, through summaries (this file's functions are in them too,
        // which is harmless: they were judged the same way above). Distinct names: at most as
        // many as the group has are its own.
        var current: String? = role.key
        var seen = Set<String>()
        let groupNames = Set(group.map { outline[$0].fullName })
        while let type = current, seen.insert(type).inserted, seen.count <= 32 {
            let names = index.summaries.functionNames(inType: type, doing: effects, on: target, unlessAlso: start)
            if type == role.key ? names.contains(where: { !groupNames.contains($0) }) : !names.isEmpty { return true }
            current = index.superclass(of: type)
        }
        return false
    }
}
