import LifeguardKit

/// Removing a child without the full protocol.
public struct IncompleteChildRemovalRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: "incomplete_child_removal",
        name: "IncompleteChildRemoval",
        category: .containment,
        defaultSeverity: .warning,
        summary: "A child view controller is removed without `willMove(toParent: nil)`, or its view without the controller.",
        documentation: RuleDocumentation(
            whatItDoes: """
                Within one function, for the same child `X`: flags `X.removeFromParent()` that no \
                `X.willMove(toParent: nil)` precedes (a controller removing itself included), and \
                `X.view.removeFromSuperview()` with no `X.removeFromParent()` when the type adds `X` as a \
                child (`addChild(X)`) somewhere — unless the same function puts `X.view` back into another \
                container, which moves the view and keeps the child. Calls inside an \
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
                `X` is compared as written. A removal split across functions (the `willMove` in one \
                method, `removeFromParent()` in another) is reported; suppress it with a comment if the \
                split is deliberate.
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
        indexedCalls: ["addChild", "addChildViewController"])

    public func check(_ context: RuleContext) {
        let model = context.model
        guard !model.isAppKitOnly else { return }
        let outline = context.outline
        for callIndex in model.calls(named: "removeFromParent", "removeFromParentViewController") {
            let call = outline.calls[callIndex]
            let receiver = context.receiverChain(call)
            guard call.arguments.isEmpty, receiver?.key != "super", !insideRemoveOverride(call.node, context),
                  context.mayBeController(receiver, at: call.node) else { continue }
            let childKey = receiver.map { context.dealiasedKey($0, at: call.node) } ?? "self"
            let scope = FunctionScope(of: call.node, in: context)
            let aliases = scope.aliases(of: childKey, context: context)
            // Inside a closure (an animation's completion), the removal runs after the rest of the
            // function, so a `willMove` written anywhere in the function comes first.
            let deferred = isInsideClosure(call.node, context)
            let prepared = scope.calls(context).contains { candidate in
                let other = outline.calls[candidate]
                let otherKey = context.receiverChain(other).map { context.dealiasedKey($0, at: other.node) } ?? "self"
                guard model.name(ofCall: candidate) == "willMove", deferred || other.chainStart < call.chainStart,
                      aliases.contains(otherKey), let argument = context.argument("toParent", of: other) else { return false }
                return context.tree.significantTokens(in: argument.expression).map { context.tree.tokens[$0].keyword } == [.nil]
            }
            guard !prepared else { continue }
            context.report(token: call.nameToken, node: call.node, message: Self.parentMessage(child: childKey))
        }
        for callIndex in model.calls(named: "removeFromSuperview") {
            let call = outline.calls[callIndex]
            guard let receiver = context.receiverChain(call), receiver.lastName == "view", receiver.links.count >= 2,
                  let child = receiver.baseKey, child != "self", !child.isEmpty,
                  !insideRemoveOverride(call.node, context) else { continue }
            let scope = FunctionScope(of: call.node, in: context)
            let aliases = scope.aliases(of: child, context: context)
            let removed = scope.calls(context).contains { candidate in
                let name = model.name(ofCall: candidate)
                guard name == "removeFromParent" || name == "removeFromParentViewController" else { return false }
                return context.receiverChain(outline.calls[candidate]).map { aliases.contains($0.key) } ?? false
            }
            guard !removed, !isReinserted(child, after: call, scope: scope, context: context),
                  addsAsChild(child, at: call.node, scope: scope, context: context) else { continue }
            context.report(token: call.nameToken, node: call.node, message: Self.viewMessage(child: child))
        }
    }

    /// `child.view.removeFromSuperview()` then `stack.addArrangedSubview(child.view)`: the view
    /// moves to another place and the child stays, as it should.
    func isReinserted(_ child: String, after call: Call, scope: FunctionScope, context: RuleContext) -> Bool {
        let insertions: Set<String> = ["addSubview", "insertSubview", "addArrangedSubview", "insertArrangedSubview"]
        return scope.calls(context).contains { candidate in
            let other = context.outline.calls[candidate]
            guard other.chainStart > call.chainStart, insertions.contains(context.model.name(ofCall: candidate)),
                  let first = context.arguments(of: other).first else { return false }
            return context.chain(first)?.key == child + ".view"
        }
    }

    func isInsideClosure(_ node: Int, _ context: RuleContext) -> Bool {
        var current = context.outline.nodes[node].parent
        while current >= 0, context.outline.nodes[current].kind != .function {
            if context.outline.nodes[current].kind == .closure { return true }
            current = context.outline.nodes[current].parent
        }
        return false
    }

    func insideRemoveOverride(_ node: Int, _ context: RuleContext) -> Bool {
        guard let function = context.model.enclosingFunction(of: node) else { return false }
        return context.outline.functions[function].fullName == "removeFromParent()"
    }

    /// Whether the function or the type (any file) calls `addChild(child)`.
    func addsAsChild(_ child: String, at node: Int, scope: FunctionScope, context: RuleContext) -> Bool {
        let model = context.model
        for candidate in scope.calls(context) {
            let name = model.name(ofCall: candidate)
            guard name == "addChild" || name == "addChildViewController",
                  let first = context.arguments(of: context.outline.calls[candidate]).first else { continue }
            if context.chain(first)?.key == child { return true }
        }
        guard let role = model.enclosingRole(of: node) else { return false }
        return context.index.calls(inType: role.key).contains {
            ($0.name == "addChild" || $0.name == "addChildViewController") && $0.firstArgument == child
        }
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
