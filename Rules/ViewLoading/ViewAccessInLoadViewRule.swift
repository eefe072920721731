import LifeguardKit

/// Reading `view` inside `loadView()` before assigning it.
public struct ViewAccessInLoadViewRule: Rule {
    public init() {}

    /// Pass 2 skips files without these words: every finding is inside a `loadView()` declared in the file.
    public static func anchorWords(_ options: RuleOptions) -> Set<String>? {
        ["loadView"]
    }

    public static let description = RuleDescription(
        id: "view_access_in_load_view",
        name: "ViewAccessInLoadView",
        category: .viewLoading,
        defaultSeverity: .error,
        summary: "`loadView()` reads `view` before assigning it.",
        documentation: RuleDocumentation(
            whatItDoes: """
                Inside `override func loadView()` of a view controller that does not call \
                `super.loadView()` first, flags reads of `view` or `self.view` (member access such as \
                `view.backgroundColor`, `view.addSubview(...)`, passing `view` along) that come before the \
                first `view = ...` or `self.view = ...`.
                """,
            whyIsThisBad: """
                The `view` getter loads the view when it is `nil`, by calling `loadView()`. Inside \
                `loadView()`, before a view is assigned, reading `view` therefore calls `loadView()` again: \
                at best a second root view is built and one of them is lost, at worst the recursion never \
                ends and the app crashes with a stack overflow.
                """,
            example: """
                override func loadView() {
                    view.backgroundColor = .black
                    view = PlayerView()
                }
                """,
            useInstead: """
                override func loadView() {
                    let root = PlayerView()
                    root.backgroundColor = .black
                    view = root
                }
                """,
            knownLimitations: """
                Reads inside closures created in `loadView()` are checked like the rest of the body, \
                although a closure may run after the assignment. A local named `view` is recognized and \
                left alone.
                """),
        triggeringExamples: [
            RuleExample("""
                final class PlayerViewController: UIViewController {
                    override func loadView() {
                        ↓view.backgroundColor = .black
                        let player = PlayerView()
                        player.frame = self.↓view.bounds
                        view = player
                        view.addSubview(controls)
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                final class PlayerViewController: UIViewController {
                    override func loadView() {
                        let view = PlayerView()
                        view.backgroundColor = .black
                        self.view = view
                        self.view.addSubview(controls)
                    }
                }
                """),
            RuleExample("""
                final class NibViewController: UIViewController {
                    override func loadView() {
                        super.loadView()
                        view.backgroundColor = .systemBackground
                    }
                }
                """),
        ])

    public func check(_ context: RuleContext) {
        let model = context.model
        guard !model.isAppKitOnly else { return }
        let tree = context.tree
        for function in model.functions(fullName: "loadView()") {
            let node = context.outline[function].nodeID
            guard let role = model.enclosingRole(of: node), role.isController, let body = context.outline[function].body else {
                continue
            }
            // The first assignment to the root view takes effect once its right-hand side is
            // evaluated; `super.loadView()` installs a view as well.
            var cutoff = body.close
            var assignedTokens = Set<Int>()
            for assignment in model.assignments(in: node) {
                let item = context.outline[assignment]
                guard let lhs = ExpressionChain(tree, tokens: item.lhs), lhs.key == "view" else { continue }
                cutoff = min(cutoff, item.rhs.upperBound)
                assignedTokens.formUnion(lhs.linkTokens)
            }
            for call in model.calls(in: node) where model.name(of: call) == "loadView" && model.receiver(of: call)?.key == "super" {
                cutoff = min(cutoff, context.outline[call].chainStart)
            }
            for token in tree.significantTokens(in: body.interior) where token < cutoff {
                guard tree.tokens[token].kind == .identifier, tree.token(token, is: "view"), !assignedTokens.contains(token)
                else { continue }
                if let previous = tree.previousSignificant(before: token), tree.tokens[previous].kind == .period {
                    guard let receiver = tree.previousSignificant(before: previous), tree.token(receiver, is: "self") else { continue }
                } else if !isRootView(token, context: context) {
                    continue
                }
                if let next = tree.nextSignificant(after: token), tree.tokens[next].kind == .colon { continue }
                context.report(token: token, node: node, message: Self.message())
            }
        }
    }

    /// Whether a bare `view` at this token is the controller's root view: not a local, a loop
    /// variable, a closure parameter, or the name being declared.
    func isRootView(_ token: Int, context: RuleContext) -> Bool {
        let tree = context.tree
        if let previous = tree.previousSignificant(before: token),
           tree.tokens[previous].isKeyword(.let) || tree.tokens[previous].isKeyword(.var) || tree.tokens[previous].isKeyword(.for) {
            return false
        }
        // A closure's parameter being declared: `{ view in ... }`, `{ (view, index) in ... }`.
        if let next = tree.nextSignificant(after: token), tree.tokens[next].isKeyword(.in) || tree.tokens[next].kind == .comma,
           context.outline.closures.contains(where: { $0.inToken.map { $0 > token } ?? false && $0.body.contains(token) }) {
            return false
        }
        if case .free = context.model.binding(of: "view", at: TokenID(token)) { return true }
        return false
    }

    static func message() -> String {
        "`view` is read inside `loadView()` before it is assigned, which calls `loadView()` again; "
            + "build the root view in a local and assign `view = root` first"
    }
}
