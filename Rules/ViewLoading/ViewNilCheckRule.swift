import LifeguardKit

/// `vc.view == nil`, which loads the view to answer.
public struct ViewNilCheckRule: Rule {
    public init() {}

    /// Pass 2 skips files without this word: every finding is a `view` compared with `nil`.
    public static func anchorWords(_ options: RuleOptions) -> Set<String>? { ["view"] }

    /// Of those, pass 2 lints only files that compare a `view` with `nil`: the word `view` alone
    /// is in most files of an app.
    public static func candidateTest(_ options: RuleOptions) -> CandidateTest? {
        { tree in nilComparisons(tree).contains { comparison in
            tree.tokens[comparison.end].kind == .identifier && tree.token(comparison.end, is: "view")
        } }
    }

    /// Each `==` or `!=` with `nil` on one side, in order: the operator, and the last token of
    /// the chain on the other side. Found from the `nil`s, which are far fewer than the operators.
    static func nilComparisons(_ tree: SyntaxTree) -> [(operator: Int, end: Int, isNotEqual: Bool)] {
        var result: [(operator: Int, end: Int, isNotEqual: Bool)] = []
        func isComparison(_ token: Int) -> Bool {
            tree.tokens[token].kind == .operator && (tree.token(token, is: "==") || tree.token(token, is: "!="))
        }
        // The positions first, read in place: the scan passes every token of the file.
        let nils = tree.tokens.withUnsafeBufferPointer { tokens in
            tokens.indices.filter { tokens[$0].kind == .keyword && tokens[$0].keyword == .nil }
        }
        for index in nils {
            // `x == nil`: the chain ends before the operator.
            if let comparison = tree.previousSignificant(before: index), isComparison(comparison),
               let left = tree.previousSignificant(before: comparison) {
                result.append((comparison, left, tree.token(comparison, is: "!=")))
            }
            // `nil == x.view`: the chain must end right before anything that is not a postfix link.
            // `nil == nil` is the right-hand `nil`'s, as above.
            if let comparison = tree.nextSignificant(after: index), isComparison(comparison),
               let right = tree.nextSignificant(after: comparison), !tree.tokens[right].isKeyword(.nil) {
                var end = right
                for link in tree.memberLinks(after: right) { end = link }
                result.append((comparison, end, tree.token(comparison, is: "!=")))
            }
        }
        return result
    }

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
                tests the optional controller) are fine. The advice depends on what the check is for: \
                where it asks whether the view is loaded, use `isViewLoaded`; where `X.view != nil` is \
                written to *make* the view load — inside an assertion, in a test, with an empty body, or \
                before code that uses `X`'s outlets — use `X.loadViewIfNeeded()` (switching that one to \
                `isViewLoaded` would change what the code does).
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
                Opt-in. On five open-source apps that were never used to tune it, 3 of 6 findings were \
                true, and those were harmless always-true checks; in the other 3 the comparison is \
                written to load the view before code that needs it (called from `init`, or asserted in a \
                test), where `isViewLoaded` would break working code. Enable it with \
                `opt_in_rules: [view_nil_check]`. \
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
        ],
        isOptIn: true)

    public func check(_ context: RuleContext) {
        let model = context.model
        guard !model.isAppKitOnly else { return }
        for comparison in Self.nilComparisons(context.tree) {
            check(chainEndingAt: comparison.end, operator: comparison.operator, isNotEqual: comparison.isNotEqual, context: context)
        }
    }

    func check(chainEndingAt end: Int, operator comparison: Int, isNotEqual: Bool, context: RuleContext) {
        let tree = context.tree
        let model = context.model
        guard tree.tokens[end].kind == .identifier, tree.token(end, is: "view"),
              let chain = ExpressionChain(tree, tokens: tree.postfixExpressionStart(endingAt: end)..<(end + 1)),
              let node = model.innermostNode(containing: end) else { return }
        // `controller?.view`: the optional is the controller, not its view.
        if let dot = tree.previousSignificant(before: end), let before = tree.previousSignificant(before: dot),
           tree.isPostfixMarker(before), tree.token(before, is: "?") {
            return
        }
        let owner = chain.dropping(last: 1)
        let isController: Bool
        if chain.names == ["view"] {
            // A bare `view` that is a local or parameter is not the controller's.
            guard chain.startsWithSelf || { if case .free = model.binding(of: "view", at: TokenID(end)) { return true }; return false }()
            else { return }
            isController = model.enclosingRole(of: node)?.isController ?? false
        } else if let owner {
            isController = model.typeClass(of: owner, at: node) == .controller
        } else {
            isController = false
        }
        guard isController else { return }
        let written = tree.compactText(ofTokens: chain.linkTokens[0]..<(end + 1))
        var ownerText: String?
        if owner != nil, var dot = tree.previousSignificant(before: end) {
            if let before = tree.previousSignificant(before: dot), tree.isPostfixMarker(before) { dot = before }
            ownerText = tree.compactText(ofTokens: chain.linkTokens[0]..<dot)
        }
        if isNotEqual, forcesLoad(comparison: comparison, owner: owner, at: node, context: context) {
            context.report(token: end, node: node, message: Self.loadMessage(written, owner: ownerText))
        } else {
            context.report(token: end, node: node, message: Self.queryMessage(written, owner: ownerText),
                           fix: isViewLoadedFix(view: end, context: context))
        }
    }

    /// Whether `X.view != nil` is there to make the view load: an assertion's argument, a test,
    /// an empty body, or a body that goes on to use `X`'s outlets.
    func forcesLoad(comparison: Int, owner: ExpressionChain?, at node: NodeID, context: RuleContext) -> Bool {
        let model = context.model
        if context.outline.imports.contains("XCTest") { return true }
        let item = context.outline[node]
        if item.kind == .call {
            let name = model.name(of: CallID(item.detail))
            if name.hasPrefix("XCTAssert") || name == "assert" || name == "precondition" { return true }
        }
        guard item.kind == .conditional else { return false }
        let conditional = context.outline.conditionals[item.detail]
        guard conditional.kind == .if || conditional.kind == .guard else { return false }
        let body: Range<Int>
        if conditional.kind == .if {
            guard let then = conditional.body else { return false }
            if context.tree.significantTokens(in: then.interior).isEmpty { return true }
            body = then.interior
        } else {
            let end = context.outline.nodes[conditional.node].tokens.upperBound
            guard let function = model.enclosingFunction(of: node), let functionBody = context.outline[function].body else {
                return false
            }
            body = end..<max(end, functionBody.close)
        }
        // The body reads an outlet of the controller: it needs the view loaded, not a question.
        let ownerKey: String?
        if let owner { ownerKey = model.typeKey(of: owner, at: node) } else { ownerKey = model.enclosingRole(of: node)?.key }
        guard let type = ownerKey else { return false }
        let tree = context.tree
        for token in tree.significantTokens(in: body) where tree.tokens[token].kind == .identifier {
            guard let facts = context.index.member(tree.text(ofToken: token), of: type), facts.isOutlet else { continue }
            return true
        }
        return false
    }

    static func queryMessage(_ expression: String, owner: String?) -> String {
        let loaded = owner.map { "`\($0).isViewLoaded`" } ?? "`isViewLoaded`"
        return "`\(expression)` is never `nil` when read: reading it loads the view; use \(loaded) (or `viewIfLoaded`) "
            + "to ask without loading"
    }

    static func loadMessage(_ expression: String, owner: String?) -> String {
        let load = owner.map { "`\($0).loadViewIfNeeded()`" } ?? "`loadViewIfNeeded()`"
        return "`\(expression) != nil` is always true: it loads the view as a side effect; call \(load) to load it "
            + "explicitly"
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
            guard case .free = model.binding(of: "view", at: TokenID(view)) else { return nil }
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
}
