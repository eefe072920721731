import LifeguardKit

/// `loadView()` called by hand.
public struct DirectLoadViewCallRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: "direct_load_view_call",
        name: "DirectLoadViewCall",
        category: .viewLoading,
        defaultSeverity: .error,
        summary: "`loadView()` is called directly; UIKit alone may call it.",
        documentation: RuleDocumentation(
            whatItDoes: """
                Flags every call of `loadView()` (on `self`, bare, or on another controller) except \
                `super.loadView()` inside an `override func loadView()`.
                """,
            whyIsThisBad: """
                A view controller loads its view lazily: the first read of `view` calls `loadView()` and \
                then `viewDidLoad()`, exactly once. Calling `loadView()` yourself creates a second root \
                view, replaces the one already installed (discarding its subviews, constraints and \
                outlets), and skips `viewDidLoad()` — or, when the view was not loaded yet, loads it \
                without the bookkeeping UIKit does around it. Apple's documentation says: \"You should \
                never call this method directly.\"
                """,
            example: """
                let controller = DetailViewController()
                controller.loadView()
                """,
            useInstead: """
                let controller = DetailViewController()
                controller.loadViewIfNeeded()
                """,
            knownLimitations: """
                Any method named `loadView()` with no arguments is treated as the UIKit one unless its \
                receiver resolves to a type of the run that is not a view controller.
                """,
            fix: """
                Replaces `loadView()` with `loadViewIfNeeded()`, which loads the view once, through \
                UIKit, and only if it is not loaded yet. No fix for `super.loadView()` outside \
                `loadView()` (delete it instead) or for a call inside a `loadView()` method, where \
                `loadViewIfNeeded()` would call `loadView()` again.
                """),
        triggeringExamples: [
            RuleExample("""
                final class Preview: UIViewController {
                    func prepare() {
                        ↓loadView()
                        self.↓loadView()
                    }
                }
                """),
            RuleExample("""
                func warmUp(_ controller: UIViewController) {
                    controller.↓loadView()
                }
                """),
            RuleExample("""
                final class Custom: UIViewController {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        super.↓loadView()
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                final class Custom: UIViewController {
                    override func loadView() {
                        super.loadView()
                        view.backgroundColor = .systemBackground
                    }
                }
                """),
            RuleExample("""
                func warmUp(_ controller: UIViewController) {
                    controller.loadViewIfNeeded()
                }
                """),
            RuleExample("""
                struct Loader { func loadView() {} }
                func use(loader: Loader) { loader.loadView() }
                """),
            RuleExample("""
                // controller.loadView()
                let hint = "call loadView() never"
                """),
        ])

    public func check(_ context: RuleContext) {
        guard !context.model.isAppKitOnly else { return }
        let outline = context.outline
        for callIndex in context.model.calls(named: "loadView") {
            let call = outline.calls[callIndex]
            guard call.arguments.isEmpty, call.trailingClosures.isEmpty, call.parentheses != nil else { continue }
            let receiver = context.receiverChain(call)
            if receiver?.key == "super",
               let function = context.model.enclosingFunction(of: call.node),
               outline.functions[function].fullName == "loadView()",
               outline.functions[function].kind == .function {
                continue
            }
            guard receiverMayBeController(call, receiver: receiver, context: context) else { continue }
            context.report(token: call.nameToken, node: call.node, message: Self.message(),
                           fix: loadViewIfNeededFix(call, receiver: receiver, context: context))
        }
    }

    /// `loadView()` of a struct, enum or non-controller class of the run is some other method.
    func receiverMayBeController(_ call: Call, receiver: ExpressionChain?, context: RuleContext) -> Bool {
        let model = context.model
        guard let receiver, receiver.key != "self", receiver.key != "super" else {
            // A bare or `self.` call is a call on the enclosing type.
            return model.enclosingRole(of: call.node)?.isController ?? true
        }
        // `Template().loadView()`, `Templates.loadView()`: the receiver names a type.
        if let range = call.receiver, let created = TypeNames.initialized(context.tree, range) {
            return TypeClass(model.typeKey(created, at: call.node), index: context.index).mayBeController
        }
        if receiver.names.count == 1, !receiver.startsWithSelf, let name = receiver.names.first,
           name.first?.isUppercase == true, model.localVariable(named: name, visibleAt: call.node) == nil {
            return TypeClass(model.typeKey(name, at: call.node), index: context.index).mayBeController
        }
        return context.classify(receiver, at: call.node).mayBeController
    }

    /// `loadView()` → `loadViewIfNeeded()`. Not on `super` (where the call is better deleted),
    /// and not inside any `loadView()`, where `loadViewIfNeeded()` would call it again.
    func loadViewIfNeededFix(_ call: Call, receiver: ExpressionChain?, context: RuleContext) -> Fix? {
        guard receiver?.key != "super" else { return nil }
        if let function = context.model.enclosingFunction(of: call.node), context.outline.functions[function].name == "loadView" {
            return nil
        }
        return context.fixes.fix("replace `loadView()` with `loadViewIfNeeded()`",
                                 [context.fixes.replace(token: call.nameToken, with: "loadViewIfNeeded")])
    }

    static func message() -> String {
        "never call `loadView()` yourself; use `loadViewIfNeeded()` to force the view to load"
    }
}
