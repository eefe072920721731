import LifeguardKit

/// `beginAppearanceTransition` without `endAppearanceTransition`, or the reverse.
public struct UnbalancedAppearanceTransitionRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: "unbalanced_appearance_transition",
        name: "UnbalancedAppearanceTransition",
        category: .containment,
        defaultSeverity: .warning,
        summary: "`beginAppearanceTransition` and `endAppearanceTransition` are not paired for the same controller.",
        documentation: RuleDocumentation(
            whatItDoes: """
                Flags a type that calls `X.beginAppearanceTransition(_:animated:)` but never \
                `X.endAppearanceTransition()` for the same `X` (anywhere in the type, extensions in other \
                files included), or the reverse. When `X` comes from a loop variable, any receiver's \
                matching call counts.
                """,
            whyIsThisBad: """
                Custom containers forward appearance to children with a begin/end pair: `begin` delivers \
                `viewWillAppear(_:)`/`viewWillDisappear(_:)`, `end` delivers `viewDidAppear(_:)`/\
                `viewDidDisappear(_:)`. A `begin` with no `end` leaves the child mid-transition for good — \
                its did-callbacks never run, and the next `begin` is ignored or logged as unbalanced; an \
                `end` with no `begin` delivers did-callbacks the child never expected.
                """,
            example: """
                func show(_ child: UIViewController) {
                    child.beginAppearanceTransition(true, animated: true)
                    view.addSubview(child.view)
                }
                """,
            useInstead: """
                func show(_ child: UIViewController) {
                    child.beginAppearanceTransition(true, animated: true)
                    view.addSubview(child.view)
                    child.endAppearanceTransition()
                }
                """,
            knownLimitations: """
                Receivers are compared as written; the pairing is checked per type, not per path, so an \
                `end` on only one branch of an `if` counts as paired.
                """),
        triggeringExamples: [
            RuleExample("""
                final class Pager: UIViewController {
                    var current: UIViewController?
                    func show(_ next: UIViewController) {
                        next.↓beginAppearanceTransition(true, animated: true)
                        current?.beginAppearanceTransition(false, animated: true)
                        current?.endAppearanceTransition()
                    }
                }
                """),
            RuleExample("""
                final class Drawer: UIViewController {
                    let menu = MenuViewController()
                    func finish() { menu.↓endAppearanceTransition() }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                final class Pager: UIViewController {
                    func show(_ next: UIViewController) {
                        next.beginAppearanceTransition(true, animated: true)
                        UIView.animate(withDuration: 0.3) { next.view.alpha = 1 } completion: { _ in
                            next.endAppearanceTransition()
                        }
                    }
                }
                """),
            RuleExample("""
                final class Tabs: UIViewController {
                    override func viewWillAppear(_ animated: Bool) {
                        super.viewWillAppear(animated)
                        for child in children { child.beginAppearanceTransition(true, animated: animated) }
                    }
                    override func viewDidAppear(_ animated: Bool) {
                        super.viewDidAppear(animated)
                        children.forEach { $0.endAppearanceTransition() }
                    }
                }
                """),
        ],
        indexedCalls: ["beginAppearanceTransition", "endAppearanceTransition"])

    public func check(_ context: RuleContext) {
        let model = context.model
        guard !model.isAppKitOnly else { return }
        let outline = context.outline
        for (name, partner) in [("beginAppearanceTransition", "endAppearanceTransition"),
                                ("endAppearanceTransition", "beginAppearanceTransition")] {
            for callIndex in model.calls(named: name) {
                let call = outline.calls[callIndex]
                guard let role = model.enclosingRole(of: call.node) else { continue }
                let receiverChain = context.receiverChain(call)
                let receiver = receiverChain?.key ?? "self"
                let partners = context.index.calls(inType: role.key).filter { $0.name == partner }
                let loopReceiver = receiverChain.map { builtFromLoop($0, call: call, context: context) } ?? false
                let balanced = partners.contains { other in
                    let otherReceiver = other.receiver ?? "self"
                    return loopReceiver || otherReceiver == receiver || Self.isLoopShaped(otherReceiver)
                }
                guard !balanced else { continue }
                context.report(token: call.nameToken, node: call.node,
                               message: Self.message(receiver: receiver, called: name, missing: partner))
            }
        }
    }

    /// A receiver built from a loop variable or closure parameter (`shelves[index]`, `$0`,
    /// `children[i]`): any receiver's matching call may pair with it.
    func builtFromLoop(_ chain: ExpressionChain, call: Call, context: RuleContext) -> Bool {
        if Self.isLoopShaped(chain.key) { return true }
        guard let range = call.receiver else { return false }
        for token in context.tree.significantTokens(in: range) where context.tree.tokens[token].kind == .identifier {
            if isLoopVariable(context.tree.text(ofToken: token), at: call.node, context: context) { return true }
        }
        return false
    }

    /// Receivers written through a collection or a closure parameter, as the index records them.
    static func isLoopShaped(_ key: String) -> Bool {
        key.contains("$") || key.hasPrefix("children") || key.hasPrefix("viewControllers") || key.contains("[")
    }

    /// `for child in children { child.begin... }`, `children.forEach { $0.begin... }`.
    func isLoopVariable(_ name: String, at node: Int, context: RuleContext) -> Bool {
        if name == "$0" || name.hasPrefix("children") || name.hasPrefix("viewControllers") { return true }
        for (conditional, part) in context.model.enclosingConditionals(of: node) where part == .body {
            let item = context.outline.conditionals[conditional]
            guard item.kind == .forIn else { continue }
            for token in context.tree.significantTokens(in: item.condition) {
                if context.tree.tokens[token].isKeyword(.in) { break }
                if context.tree.text(ofToken: token) == name { return true }
            }
        }
        return context.model.isClosureParameter(name, visibleAt: node)
    }

    static func message(receiver: String, called: String, missing: String) -> String {
        let pair = missing == "endAppearanceTransition" ? "`\(missing)()`" : "`\(missing)(_:animated:)`"
        let call = called == "endAppearanceTransition" ? "`\(called)()`" : "`\(called)(_:animated:)`"
        return "\(call) on `\(receiver)` has no matching \(pair) in this type; call them in pairs so appearance callbacks complete"
    }
}
