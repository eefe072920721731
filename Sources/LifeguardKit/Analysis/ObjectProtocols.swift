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
    /// leaving out events on a branch that excludes `node` (the `else` of the `if` it is in, another
    /// `case` of its `switch`).
    public func event(_ effects: Set<CallSummaries.Effect>, on object: ObjectRef, in group: [FunctionID],
                      besides node: NodeID? = nil, where accept: (ObjectEvent) -> Bool = { _ in true }) -> ObjectEvent? {
        firstEvent(effects, anchoredLike: object, in: group) { event in
            event.object.isSame(as: object) && accept(event) && !(node.map { areExclusive(event.node, $0) } ?? false)
        }
    }

    /// Whether two nodes sit on branches of which at most one runs: the then and else bodies of one
    /// `if`, or two cases of one `switch`.
    public func areExclusive(_ lhs: NodeID, _ rhs: NodeID) -> Bool {
        let rhsStart = outline[rhs].tokens.lowerBound
        for (conditional, part) in enclosingConditionals(of: lhs) {
            let item = outline[conditional]
            let node = outline[item.nodeID]
            if item.kind == .switchCase {
                // Another case of the same switch.
                guard rhs.index <= item.node || rhs.index >= node.subtreeEnd else { continue }
                let parent = node.parent
                if parent >= 0, rhs.index > parent, rhs.index < outline.nodes[parent].subtreeEnd { return true }
                continue
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
            if part != .condition, rhsPart != part { return true }
        }
        return false
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
        // This file: the effects on the object by function group, gathered once per object and type
        // (rules ask for each call on the object).
        for (eventGroup, groupEffects) in effectsByGroup(on: object, inTypeWithKey: role.key)
        where eventGroup != group && (start.map { !groupEffects.contains($0) } ?? true) {
            if !groupEffects.isDisjoint(with: effects) { return true }
        }
        // Other files and superclasses, through summaries (this file's functions are in them too,
        // which is harmless: they were judged the same way above).
        var current: String? = role.key
        var seen = Set<String>()
        let groupNames = Set(group.map { outline[$0].fullName })
        while let type = current, seen.insert(type).inserted, seen.count <= 32 {
            for function in index.summaries.functions(inType: type, touching: target) {
                if type == role.key && groupNames.contains(function.fullName) { continue }
                if let start, function.effects.contains(CallSummaries.TargetEffect(target, start)) { continue }
                if effects.contains(where: { function.effects.contains(CallSummaries.TargetEffect(target, $0)) }) {
                    return true
                }
            }
            current = index.superclass(of: type)
        }
        return false
    }
}
