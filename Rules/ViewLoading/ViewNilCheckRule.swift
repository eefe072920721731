import LifeguardKit

/// `vc.view == nil`, which loads the view to answer.
public struct ViewNilCheckRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: "view_nil_check",
        name: "ViewNilCheck",
        category: .viewLoading,
        defaultSeverity: .warning,
        summary: "A view controller's `view` is compared with `nil`, which loads it.",
        documentation: RuleDocumentation(
            whatItDoes: """
                Flags `X.view == nil`, `X.view != nil`, `nil == X.view` and bare `view == nil` in a \
                controller, when `X` is a view controller: `self` inside a controller type, a variable \
                whose type is a controller, or (type unknown) a name that reads like one. \
                `X.viewIfLoaded == nil`, `X.view.window == nil` and `controller?.view == nil` (which \
                tests the optional controller) are fine.
                """,
            whyIsThisBad: """
                `view` is never `nil` when read: its getter loads the view first (calling `loadView()` \
                and `viewDidLoad()`). So `view == nil` is always false, `view != nil` always true, and \
                the check itself loads a view the code was trying not to touch — the opposite of what it \
                means. `isViewLoaded` and `viewIfLoaded` answer without loading.
                """,
            example: """
                if detailViewController.view != nil {
                    detailViewController.refresh()
                }
                """,
            useInstead: """
                if detailViewController.isViewLoaded {
                    detailViewController.refresh()
                }
                """,
            knownLimitations: """
                Receivers of unknown type are judged by their name, so `node.view == nil` on a \
                non-controller object is not reported, and a controller held in a variable with an \
                unhelpful name and no declared type is missed. `if let v = X.view` and \
                `guard let v = X.view` are not reported, although the specification lists them: on real \
                code they unwrap the implicitly unwrapped `view` because the code needs the view, and \
                `viewIfLoaded` would change what it does.
                """),
        triggeringExamples: [
            RuleExample("""
                final class Feed: UIViewController {
                    let detail = DetailViewController()
                    func refresh() {
                        if detail.↓view != nil { detail.reload() }
                        guard ↓view == nil else { return }
                        if nil == self.↓view { return }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                final class Feed: UIViewController {
                    let detail = DetailViewController()
                    func refresh() {
                        if detail.viewIfLoaded == nil { return }
                        if detail.view.window == nil { return }
                        if detail.isViewLoaded { detail.reload() }
                        if let root = detail.view { root.layoutIfNeeded() }
                    }
                }
                """),
            RuleExample("""
                func handle(_ gesture: UITapGestureRecognizer) {
                    guard gesture.view != nil else { return }
                }
                """),
        ])

    public func check(_ context: RuleContext) {
        let model = context.model
        guard !model.isAppKitOnly else { return }
        let tree = context.tree
        for (index, token) in tree.tokens.enumerated() where token.kind == .operator {
            guard tree.token(index, is: "==") || tree.token(index, is: "!="),
                  let left = tree.previousSignificant(before: index), let right = tree.nextSignificant(after: index)
            else { continue }
            if tree.tokens[right].isKeyword(.nil) {
                check(chainEndingAt: left, context: context)
            } else if tree.tokens[left].isKeyword(.nil) {
                check(chainStartingAt: right, context: context)
            }
        }
    }

    func check(chainStartingAt start: Int, context: RuleContext) {
        var end = start
        for link in context.tree.memberLinks(after: start) { end = link }
        // `nil == x.view`: the chain must end right before anything that is not a postfix link.
        check(chainEndingAt: end, context: context)
    }

    func check(chainEndingAt end: Int, context: RuleContext) {
        let tree = context.tree
        guard tree.tokens[end].kind == .identifier, tree.token(end, is: "view"),
              let chain = ExpressionChain(tree, tokens: tree.postfixExpressionStart(endingAt: end)..<(end + 1)),
              let node = nodeAt(end, context: context) else { return }
        // `controller?.view`: the optional is the controller, not its view.
        if let dot = tree.previousSignificant(before: end), let before = tree.previousSignificant(before: dot),
           tree.isPostfixMarker(before), tree.token(before, is: "?") {
            return
        }
        let isController: Bool
        if chain.names == ["view"] {
            isController = context.model.enclosingRole(of: node)?.isController ?? false
        } else if let baseChain = base(of: chain, context: context) {
            isController = context.classify(baseChain, at: node) == .controller
        } else {
            isController = false
        }
        guard isController else { return }
        context.report(token: end, node: node, message: Self.message(chain.key))
    }

    func base(of chain: ExpressionChain, context: RuleContext) -> ExpressionChain? {
        guard chain.linkTokens.count >= 2, let first = chain.linkTokens.first,
              let dot = context.tree.previousSignificant(before: chain.linkTokens.last!) else { return nil }
        var end = dot
        if let before = context.tree.previousSignificant(before: dot), context.tree.isPostfixMarker(before) { end = before }
        return ExpressionChain(context.tree, tokens: first..<end)
    }

    func nodeAt(_ token: Int, context: RuleContext) -> Int? {
        context.model.innermostNode(containing: token)
    }

    static func message(_ expression: String) -> String {
        "`\(expression)` is never `nil` when read: reading it loads the view; use `isViewLoaded` or `viewIfLoaded` to ask without loading"
    }
}
