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
                """,
            fix: """
                Rewrites a comparison that asks whether the view is loaded: `X.view == nil` becomes \
                `!X.isViewLoaded`, `X.view != nil` becomes `X.isViewLoaded` (likewise `nil == X.view`; \
                `self.` stays where it was written). No fix when the receiver is reached through `?` \
                (`a?.b.view`, whose `isViewLoaded` would be optional), when an operator that binds \
                tighter than `==` (`??`, `as`) touches the comparison, or when a bare `view` may be a \
                local variable or parameter named `view`.
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
        context.report(token: end, node: node, message: Self.message(chain.key),
                       fix: isViewLoadedFix(view: end, context: context))
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

    /// `X.view == nil` → `!X.isViewLoaded`, `X.view != nil` → `X.isViewLoaded` (and the
    /// `nil == X.view` forms), for a comparison that asks whether the view is loaded. Attach it
    /// only where the advice is `isViewLoaded`: a check whose point is to load the view gets no
    /// fix. None when the receiver chain has a `?` (the result would be an optional `Bool`),
    /// when an operator that binds tighter than `==` touches the comparison, or when a bare
    /// `view` may be a local or parameter of that name.
    func isViewLoadedFix(view: Int, context: RuleContext) -> Fix? {
        let tree = context.tree
        let start = tree.postfixExpressionStart(endingAt: view)
        guard !tree.significantTokens(in: start..<view).contains(where: { tree.token($0, is: "?") }) else { return nil }
        // A bare `view` may be a local, a parameter or a closure parameter of that name.
        if start == view {
            let model = context.model
            guard let node = model.innermostNode(containing: view), model.localVariable(named: "view", visibleAtToken: view) == nil,
                  model.parameter(named: "view", visibleAt: node) == nil, !model.isClosureParameter("view", visibleAt: node)
            else { return nil }
        }
        func isEquality(_ token: Int?) -> Bool { token.map { tree.token($0, is: "==") || tree.token($0, is: "!=") } ?? false }
        func isNil(_ token: Int?) -> Bool { token.map { tree.tokens[$0].isKeyword(.nil) } ?? false }
        var edits: [Edit?] = [context.fixes.replace(token: view, with: "isViewLoaded")]
        let operatorToken: Int
        if let next = tree.nextSignificant(after: view), isEquality(next), let nilToken = tree.nextSignificant(after: next),
           isNil(nilToken), bindsLoosely(tree.previousSignificant(before: start), tree),
           bindsLoosely(tree.nextSignificant(after: nilToken), tree) {
            operatorToken = next
            edits.append(context.fixes.delete(after: view, through: nilToken))
        } else if let previous = tree.previousSignificant(before: start), isEquality(previous),
                  let nilToken = tree.previousSignificant(before: previous), isNil(nilToken),
                  bindsLoosely(tree.previousSignificant(before: nilToken), tree),
                  bindsLoosely(tree.nextSignificant(after: view), tree) {
            operatorToken = previous
            edits.append(context.fixes.delete(from: nilToken, upTo: start))
        } else {
            return nil
        }
        let negated = tree.token(operatorToken, is: "==")
        if negated { edits.append(context.fixes.insert("!", before: start)) }
        let receiver = tree.text(ofTokens: start..<view)
        return context.fixes.fix("use `\(negated ? "!" : "")\(receiver)isViewLoaded`", edits)
    }

    /// Whether the token next to a comparison leaves it whole: nothing, a bracket, `,`, `:`,
    /// `=`, a keyword other than `as`/`is`, `&&`, `||`, a ternary `?`, or the next line.
    func bindsLoosely(_ token: Int?, _ tree: SyntaxTree) -> Bool {
        guard let token else { return true }
        let current = tree.tokens[token]
        switch current.kind {
        case .leftParen, .rightParen, .leftBracket, .rightBracket, .leftBrace, .rightBrace, .comma, .semicolon, .colon,
             .equal:
            return true
        case .keyword:
            return !current.isKeyword(.as) && !current.isKeyword(.is)
        case .operator:
            return tree.token(token, is: "&&") || tree.token(token, is: "||")
                || (tree.token(token, is: "?") && !tree.isPostfixMarker(token))
        default:
            return current.flags.contains(.startsLine)
        }
    }

    static func message(_ expression: String) -> String {
        "`\(expression)` is never `nil` when read: reading it loads the view; use `isViewLoaded` or `viewIfLoaded` to ask without loading"
    }
}
