#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Which locals of a file end up kept by `self`, computed once for the whole file (kept in the
// model's memo): every "`holder` keeps `local`" edge (an assignment, `addSubview`, `addChild`,
// `append`) is read in one pass, then ownership flows backwards from what `self` owns along those
// edges with a worklist, so a chain of locals (or a cycle of them) costs one visit each.

/// Calls that make their receiver (or `self`, for a bare call) keep their argument.
enum StoringCalls {
    static let names: Set<String> = [
        "addSubview", "addArrangedSubview", "insertSubview", "insertArrangedSubview", "addChild", "addChildViewController",
        "append", "insert", "addSublayer", "insertSublayer", "addGestureRecognizer", "addInteraction", "addLayoutGuide",
        "setValue", "updateValue",
    ]
}

extension FileModel {
    /// Whether `self` keeps `object` alive, directly or through objects it keeps: a stored
    /// property (weak ones only when they are `@IBOutlet`s, which the view hierarchy keeps) at any
    /// depth, what UIKit keeps for a controller or view (`view`, `navigationItem`, a table view
    /// controller's `tableView`), or a local the code stores into one of those.
    public func isOwnedBySelf(_ object: ObjectRef, at node: NodeID) -> Bool {
        switch object.root {
        case .selfObject:
            guard case .member(let name)? = object.path.first else { return object.path.isEmpty }
            if object.path.dropFirst().contains(where: { if case .call = $0 { return true } else { return false } }) {
                return false
            }
            return isOwnedMember(name, at: node, isOnlyLink: object.path.count == 1)
        case .local(let variable):
            if object.path.contains(where: { if case .call = $0 { return true } else { return false } }) { return false }
            return ownedLocals().contains(variable)
        default:
            return false
        }
    }

    /// A property of the enclosing type that `self` keeps.
    func isOwnedMember(_ name: String, at node: NodeID, isOnlyLink: Bool) -> Bool {
        guard let facts = member(name, at: node) else { return isOwnedByUIKit(name, at: node) }
        guard facts.isProperty else { return false }
        if facts.isStored { return !facts.isWeakOrUnowned || facts.isOutlet }
        // A computed property used alone usually wraps storage of `self`.
        return isOnlyLink
    }

    /// UIKit properties a controller or view keeps for its whole life.
    func isOwnedByUIKit(_ name: String, at node: NodeID) -> Bool {
        guard let role = enclosingRole(of: node) else { return false }
        if role.isController {
            switch name {
            case "navigationItem", "view", "tabBarItem", "toolbarItems": return true
            case "tableView": return index.inherits(role.key, from: "UITableViewController")
            case "collectionView": return index.inherits(role.key, from: "UICollectionViewController")
            default: return false
            }
        }
        if role.isView { return name == "contentView" || name == "layer" }
        return false
    }

    private func ownedLocals() -> Set<VariableID> {
        memo.ownedLocals { computeOwnedLocals() }
    }

    private func computeOwnedLocals() -> Set<VariableID> {
        // Edges: local → the object that keeps it.
        var holders: [VariableID: [(holder: ObjectRef, node: NodeID)]] = [:]
        var owned = Set<VariableID>()
        func local(_ object: ObjectRef) -> VariableID? {
            if case .local(let variable) = object.root, object.path.isEmpty { return variable }
            return nil
        }
        for (position, assignment) in outline.assignments.enumerated() {
            let node = outline.assignments[position].nodeID
            guard let stored = local(object(ofTokens: assignment.rhs, at: node)),
                  let lhs = ExpressionChain(tree, tokens: assignment.lhs) else { continue }
            holders[stored, default: []].append((object(of: lhs, at: node), node))
        }
        for name in StoringCalls.names {
            for call in calls(named: name) {
                let node = outline.calls[call.index].nodeID
                for argument in arguments(of: call) {
                    guard let stored = local(object(ofTokens: argument.expression, at: node)) else { continue }
                    holders[stored, default: []].append((receiverObject(of: call), node))
                }
            }
        }
        for (position, variable) in outline.variables.enumerated() {
            let id = VariableID(position)
            if let initializer = variable.initializer, isDequeuedFromOwnedList(initializer, at: variable.nodeID) {
                owned.insert(id)
            }
        }
        for closure in outline.closures.indices where outline.closures[closure].isImmediatelyInvoked {
            for variable in returnedLocals(of: ClosureID(closure)) { owned.insert(variable) }
        }
        // Locals kept by something other than a local are settled directly; the rest wait on their holders.
        var waiting: [VariableID: [VariableID]] = [:]
        for (stored, list) in holders {
            for (holder, node) in list {
                if let holderLocal = local(holder) {
                    if holderLocal != stored { waiting[holderLocal, default: []].append(stored) }
                } else if isOwnedBySelf(holderWithoutLocals: holder, at: node) {
                    owned.insert(stored)
                }
            }
        }
        var pending = Array(owned)
        while let next = pending.popLast() {
            for dependent in waiting[next] ?? [] where owned.insert(dependent).inserted { pending.append(dependent) }
        }
        return owned
    }

    /// Ownership of a holder that is not a plain local (no recursion into the local table).
    private func isOwnedBySelf(holderWithoutLocals holder: ObjectRef, at node: NodeID) -> Bool {
        switch holder.root {
        case .selfObject:
            return isOwnedBySelf(holder, at: node)
        default:
            return false
        }
    }

    /// `tableView.dequeueReusableCell(...)` on a table `self` owns: a stored property, a UIKit
    /// property, or the table a controller's or view's data source method receives.
    func isDequeuedFromOwnedList(_ initializer: Range<Int>, at node: NodeID) -> Bool {
        let tokens = tree.significantTokens(in: initializer)
        guard tokens.contains(where: { tree.tokens[$0].kind == .identifier && tree.text(ofToken: $0).hasPrefix("dequeue") }) else {
            return false
        }
        for call in calls(in: node) {
            let item = outline.calls[call.index]
            guard item.chainStart >= initializer.lowerBound, item.chainStart < initializer.upperBound else { continue }
            let name = self.name(of: call)
            guard name.hasPrefix("dequeueReusable") || name == "dequeueConfiguredReusableCell" else { continue }
            let receiver = receiverObject(of: call)
            switch receiver.root {
            case .parameter, .closureParameter:
                // The table a data source method or a diffable cell provider receives.
                let role = enclosingRole(of: item.nodeID)
                return (role?.isController ?? false) || (role?.isView ?? false)
            case .selfObject:
                return isOwnedBySelf(receiver, at: item.nodeID)
            default:
                return false
            }
        }
        return false
    }

    /// `lazy var control: UIControl = { let control = ...; return control }()`: the locals a
    /// property's builder closure returns are what the property holds.
    private func returnedLocals(of closure: ClosureID) -> [VariableID] {
        let item = outline.closures[closure.index]
        guard let variable = item.variable, isMemberDeclaration(VariableID(variable)) else { return [] }
        var result: [VariableID] = []
        let tokens = tree.significantTokens(in: item.body.interior)
        for (offset, token) in tokens.enumerated() where tree.tokens[token].isKeyword(.return) && offset + 1 < tokens.count {
            let next = tokens[offset + 1]
            guard tree.tokens[next].kind == .identifier,
                  case .local(let local) = binding(ofToken: TokenID(next)) else { continue }
            result.append(local)
        }
        return result
    }
}
