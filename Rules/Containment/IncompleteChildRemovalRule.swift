import LifeguardKit

/// Removing a child without the full protocol.
public struct IncompleteChildRemovalRule: Rule {
    public init() {}

    /// Pass 2 skips files without these words: every finding is a removal call.
    public static func anchorWords(_ options: RuleOptions) -> Set<String>? {
        ["removeFromParent", "removeFromParentViewController", "removeFromSuperview"]
    }

    /// Of those, pass 2 lints only files with a removal `check` could report, read without the
    /// index: `removeFromParent()` not on `super`, or the `view` of something other than `self`
    /// taken out of its superview. Most files that call `removeFromSuperview()` remove views of
    /// their own.
    public static func candidateTest(_ options: RuleOptions) -> CandidateTest? {
        { tree in
            tree.outline.calls.contains { call in
                switch removalNames.match(call.nameToken, in: tree) {
                case 0?, 1?:
                    return call.arguments.isEmpty && !(call.receiver.flatMap { ExpressionChain(tree, tokens: $0) }?.key == "super")
                case 2?:
                    return removedViewChain(call, in: tree) != nil
                default:
                    return false
                }
            }
        }
    }

    static let removalNames = TokenNames(["removeFromParent", "removeFromParentViewController", "removeFromSuperview"])

    /// The receiver of `x.view.removeFromSuperview()` as a chain, when it is the `view` of
    /// something other than plain `self`.
    static func removedViewChain(_ call: Call, in tree: SyntaxTree) -> ExpressionChain? {
        guard let range = call.receiver, let receiver = ExpressionChain(tree, tokens: range), receiver.lastName == "view",
              receiver.names.count >= 2, receiver.dropping(last: 1)?.key != "self"
        else { return nil }
        return receiver
    }

    public static let description = RuleDescription(
        id: "incomplete_child_removal",
        name: "IncompleteChildRemoval",
        category: .containment,
        defaultSeverity: .warning,
        summary: "A child view controller is removed without `willMove(toParent: nil)`, or its view without the controller.",
        documentation: RuleDocumentation(
            whatItDoes: """
                For the same child object `X` (followed by identity: `oldValue` in a property's `didSet` is \
                the property as its `willSet` saw it, `$0` in `children.forEach` is each child): flags \
                `X.removeFromParent()` that no `X.willMove(toParent: nil)` precedes, and \
                `X.view.removeFromSuperview()` with no `X.removeFromParent()` when `X` is a child the code \
                added (`addChild(X)` in the same function or, for a property, anywhere in the type) — \
                unless the same function puts `X.view` back into another container, which moves the view \
                and keeps the child. The `willMove` may come from the same function or property accessors, a \
                helper of the run, or (for a property of `self`) another method of the type that starts the \
                removal. A controller that removes itself is reported only when the run shows a caller \
                that did not send it `willMove(toParent: nil)`, or no caller at all. Calls inside an \
                `override func removeFromParent()` are left alone, and so is SpriteKit's \
                `removeFromParent()` on nodes.
                """,
            whyIsThisBad: """
                Removal mirrors adding: the container calls `willMove(toParent: nil)`, removes the \
                child's view, then calls `removeFromParent()` (which calls `didMove(toParent: nil)` for \
                you). Without `willMove(toParent: nil)` the child is never told it is leaving, so it cannot \
                stop work or save state at the right moment. Removing only the view leaves the controller \
                in `children`: it keeps receiving rotation and trait callbacks, stays in memory, and is \
                found again by code that walks `children`.
                """,
            example: """
                func hide(_ detail: DetailViewController) {
                    detail.view.removeFromSuperview()
                    detail.removeFromParent()
                }
                """,
            useInstead: """
                func hide(_ detail: DetailViewController) {
                    detail.willMove(toParent: nil)
                    detail.view.removeFromSuperview()
                    detail.removeFromParent()
                }
                """,
            knownLimitations: """
                A local child handed to code the run cannot see is not followed there: if that code \
                finishes the removal, nothing is reported. A removal split across methods is followed for \
                `self`'s properties only.
                """,
            fix: """
                For `X.removeFromParent()` with no `willMove`: inserts `X.willMove(toParent: nil)` before \
                the removal (before `X.view.removeFromSuperview()` when that is the statement just \
                before), with its indentation. No fix when the function already sends `willMove` in the \
                wrong place or with a parent, when the removal runs in a closure, or for a view removed \
                without its controller (removing the controller too changes what the code does).
                """),
        triggeringExamples: [
            RuleExample("""
                final class Container: UIViewController {
                    func hide(_ detail: DetailViewController) {
                        detail.view.removeFromSuperview()
                        detail.↓removeFromParent()
                    }
                }
                """),
            RuleExample("""
                final class Container: UIViewController {
                    let banner = BannerViewController()
                    func show() {
                        addChild(banner)
                        view.addSubview(banner.view)
                        banner.didMove(toParent: self)
                    }
                    func hide() {
                        banner.view.↓removeFromSuperview()
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                final class Container: UIViewController {
                    func hide(_ detail: DetailViewController) {
                        detail.willMove(toParent: nil)
                        detail.view.removeFromSuperview()
                        detail.removeFromParent()
                    }
                }
                """),
            RuleExample("""
                final class Card: UIViewController {
                    let preview = PreviewViewController()
                    func reset() { preview.view.removeFromSuperview() }
                }
                """),
            RuleExample("""
                final class Tracking: UIViewController {
                    override func removeFromParent() {
                        analytics.track("removed")
                        super.removeFromParent()
                    }
                }
                """),
            RuleExample("""
                final class ChartScene: SKScene {
                    private var pathNode: SKShapeNode?
                    func redraw(_ inactive: [Int: SKSpriteNode]) {
                        pathNode?.removeFromParent()
                        inactive.forEach { _, node in node.removeFromParent() }
                    }
                }
                """),
        ],
        indexedCalls: [])

    public func check(_ context: RuleContext) {
        let model = context.model
        guard !model.isAppKitOnly else { return }
        for call in model.calls(named: "removeFromParent", "removeFromParentViewController") {
            let node = context.outline[call].nodeID
            let receiver = model.receiver(of: call)
            guard model.arguments(of: call).isEmpty, receiver?.key != "super", !insideRemoveOverride(node, context),
                  model.typeClassOfReceiver(call).mayBeController else { continue }
            let child = model.receiverObject(of: call)
            let group = model.functionGroup(of: node)
            guard !group.isEmpty, !isPrepared(child, removedAt: call, group: group, context: context) else { continue }
            let written = receiver.map { _ in context.tree.compactText(ofTokens: context.outline[call].receiver!) } ?? "self"
            // The fix calls through the same optional chain the removal does (`current?.willMove`).
            let chained = written + (context.outline[call].isOptionalChain ? "?" : "")
            context.report(token: context.outline[call].nameToken, node: node, message: Self.parentMessage(child: written),
                           fix: willMoveFix(child: child, written: receiver == nil ? nil : chained, removedAt: call, group: group,
                                            context: context))
        }
        for call in model.calls(named: "removeFromSuperview") {
            let node = context.outline[call].nodeID
            // `candidateTest` reads the same condition (and leaves plain `self.view` out, which `isSelf` turns away).
            guard let receiver = model.receiver(of: call), receiver.lastName == "view", receiver.names.count >= 2,
                  !insideRemoveOverride(node, context) else { continue }
            var child = model.receiverObject(of: call)
            // `.child.view` (an implicit member, in broken code) names no object with a path.
            guard !child.path.isEmpty else { continue }
            child.path.removeLast()
            guard !child.isSelf, let ownerChain = receiver.dropping(last: 1),
                  model.typeClass(of: ownerChain, at: node).mayBeController else { continue }
            let group = model.functionGroup(of: node)
            guard !group.isEmpty,
                  model.event([.removedFromParent, .escapesToUnknown, .handedToContainer], on: child, in: group) == nil,
                  !isReinserted(child, after: call, group: group, context: context),
                  isAddedAsChild(child, at: node, group: group, context: context) else { continue }
            let written = writtenOwner(ofView: receiver, call: call, context: context)
            context.report(token: context.outline[call].nameToken, node: node, message: Self.viewMessage(child: written))
        }
    }

    /// Whether `willMove(toParent: nil)` reaches `child` before `removeFromParent()`.
    func isPrepared(_ child: ObjectRef, removedAt call: CallID, group: [FunctionID], context: RuleContext) -> Bool {
        let model = context.model
        let node = context.outline[call].nodeID
        let removal = context.outline[call].nameToken
        // Inside a closure (an animation's completion) the removal runs after the rest of the
        // function, so a `willMove` written anywhere in the function comes first.
        let deferred = model.isInsideClosure(node)
        if model.event([.willMoveToNil, .escapesToUnknown], on: child, in: group, before: deferred ? nil : removal) != nil {
            return true
        }
        // A function that sends `willMove(toParent:)` itself (after the removal, or with a parent)
        // runs its own protocol, and gets it wrong: another method's `willMove` does not vouch for it.
        if model.typeTarget(of: child) != nil, !child.isSelf, !sendsWillMove(to: child, in: group, context: context),
           model.typeCompletes([.willMoveToNil], for: child, at: node, outside: group, unlessItAlso: .removedFromParent) {
            return true
        }
        if child.isSelf { return callersPrepare(group: group, context: context) }
        return false
    }

    /// Inserts `X.willMove(toParent: nil)` before the removal sequence: before
    /// `X.view.removeFromSuperview()` when that statement comes just before in the same block,
    /// else before `removeFromParent()`. No fix when the group already sends `willMove` (in the
    /// wrong place or with a parent: moving it is a decision), inside a loop's closure, or when the
    /// removal runs later (a completion closure).
    func willMoveFix(child: ObjectRef, written: String?, removedAt call: CallID, group: [FunctionID],
                     context: RuleContext) -> Fix? {
        let model = context.model
        let node = context.outline[call].nodeID
        guard !sendsWillMove(to: child, in: group, context: context), model.enclosingClosure(of: node) == nil,
              child.path.allSatisfy({ if case .member = $0 { return true } else { return false } }) else { return nil }
        let fixes = context.fixes
        let removal = context.outline[call].nameToken
        var anchor = removal
        if let viewRemoval = model.lastEvent([.viewRemoved], on: child, in: group, before: removal, where: { !$0.isIndirect }),
           model.enclosingClosure(of: viewRemoval.node) == nil,
           let viewRange = fixes.statementRange(containing: viewRemoval.token),
           let removalRange = fixes.statementRange(containing: removal),
           context.tree.nextSignificant(after: viewRange.upperBound - 1) == removalRange.lowerBound {
            anchor = viewRemoval.token
        }
        let statement = written.map { "\($0).willMove(toParent: nil)" } ?? "willMove(toParent: nil)"
        return fixes.fix("insert `\(statement)` before the removal", [fixes.insertStatement(statement, before: anchor)])
    }

    /// Whether the group calls `willMove(toParent:)` on `child`, with any argument.
    func sendsWillMove(to child: ObjectRef, in group: [FunctionID], context: RuleContext) -> Bool {
        // Through the file's `willMove` calls on objects like this one, not each function's
        // calls or all of the file's: asked for every removal.
        let model = context.model
        return model.calls(named: "willMove", onObjectAnchoredLike: child).contains { call in
            let node = context.outline[call].nodeID
            return group.contains { model.isInside(node, function: $0) } && model.receiverObject(of: call).isSame(as: child)
        }
    }

    /// A controller removing itself: fine when every caller the run shows sent it
    /// `willMove(toParent: nil)` first; unknown callers (through a local) count as prepared.
    func callersPrepare(group: [FunctionID], context: RuleContext) -> Bool {
        group.contains { function in
            context.outline[function].kind == .function
                && context.index.summaries.someCaller(of: context.outline[function].fullName, untracedOrDoing: .willMoveToNil)
        }
    }

    /// `child.view.removeFromSuperview()` then `stack.addArrangedSubview(child.view)`: the view
    /// moves to another place and the child stays, as it should.
    func isReinserted(_ child: ObjectRef, after call: CallID, group: [FunctionID], context: RuleContext) -> Bool {
        let after = context.outline[call].nameToken
        return context.model.event([.viewAdded], on: child, in: group, from: after + 1) != nil
    }

    /// Whether `child` is a child the code added: in the group, or (a property of `self`) anywhere in the type.
    func isAddedAsChild(_ child: ObjectRef, at node: NodeID, group: [FunctionID], context: RuleContext) -> Bool {
        let model = context.model
        if model.event([.addedAsChild], on: child, in: group) != nil { return true }
        guard model.typeTarget(of: child) != nil else { return false }
        return model.typeCompletes([.addedAsChild], for: child, at: node, outside: group)
    }

    func insideRemoveOverride(_ node: NodeID, _ context: RuleContext) -> Bool {
        guard let function = context.model.enclosingFunction(of: node) else { return false }
        return context.outline[function].fullName == "removeFromParent()"
    }

    /// `detail` in `detail?.view.removeFromSuperview()`, as written.
    func writtenOwner(ofView receiver: ExpressionChain, call: CallID, context: RuleContext) -> String {
        let tree = context.tree
        guard let range = context.outline[call].receiver, let viewToken = receiver.linkTokens.last,
              var end = tree.previousSignificant(before: viewToken) else { return "" }
        if let before = tree.previousSignificant(before: end), tree.isPostfixMarker(before) { end = before }
        guard end > range.lowerBound else { return "" }
        return tree.compactText(ofTokens: range.lowerBound..<end)
    }

    static func parentMessage(child: String) -> String {
        "`\(child).removeFromParent()` without `\(child).willMove(toParent: nil)` first; "
            + "call `willMove(toParent: nil)`, remove the view, then `removeFromParent()`"
    }

    static func viewMessage(child: String) -> String {
        "`\(child).view` is removed but `\(child)` stays a child view controller; "
            + "call `\(child).willMove(toParent: nil)` before and `\(child).removeFromParent()` after"
    }
}
