import LifeguardKit

/// `loadView()` called by hand.
public struct DirectLoadViewCallRule: Rule {
    public init() {}

    /// Pass 2 skips files without these words: every finding is a `loadView` call.
    public static func anchorWords(_ options: RuleOptions) -> Set<String>? {
        ["loadView"]
    }

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
        let model = context.model
        guard !model.isAppKitOnly else { return }
        for call in model.calls(named: "loadView") {
            let item = context.outline[call]
            guard item.arguments.isEmpty, !item.hasTrailingClosures, item.parentheses != nil else { continue }
            let receiver = model.receiver(of: call)
            if receiver?.key == "super", let function = model.enclosingFunction(of: item.nodeID),
               context.outline[function].fullName == "loadView()", context.outline[function].kind == .function {
                continue
            }
            guard receiverMayBeController(call, receiver: receiver, context: context) else { continue }
            context.report(token: item.nameToken, node: item.nodeID, message: Self.message(),
                           fix: loadViewIfNeededFix(item, receiver: receiver, context: context))
        }
    }

    /// `loadView()` of a struct, enum or non-controller class of the run is some other method.
    func receiverMayBeController(_ call: CallID, receiver: ExpressionChain?, context: RuleContext) -> Bool {
        let model = context.model
        let item = context.outline[call]
        guard let receiver, receiver.key != "self", receiver.key != "super" else {
            // A bare or `self.` call is a call on the enclosing type.
            return model.enclosingRole(of: item.nodeID)?.isController ?? true
        }
        // `Template().loadView()`, `Templates.loadView()`: the receiver names a type.
        if let range = item.receiver, let created = TypeNames.initialized(context.tree, range) {
            return TypeClass(typeKey: model.typeKey(created, at: item.nodeID), index: context.index).mayBeController
        }
        if receiver.names.count == 1, !receiver.startsWithSelf, let name = receiver.names.first, name.first?.isUppercase == true,
           case .free = model.binding(of: name, at: TokenID(receiver.linkTokens[0])) {
            return TypeClass(typeKey: model.typeKey(name, at: item.nodeID), index: context.index).mayBeController
        }
        return model.typeClass(of: receiver, at: item.nodeID).mayBeController
    }

    /// `loadView()` → `loadViewIfNeeded()`. Not on `super` (where the call is better deleted),
    /// and not inside any `loadView()`, where `loadViewIfNeeded()` would call it again.
    func loadViewIfNeededFix(_ call: Call, receiver: ExpressionChain?, context: RuleContext) -> Fix? {
        guard receiver?.key != "super" else { return nil }
        if let function = context.model.enclosingFunction(of: call.nodeID), context.outline[function].name == "loadView" {
            return nil
        }
        return context.fixes.fix("replace `loadView()` with `loadViewIfNeeded()`",
                                 [context.fixes.replace(token: call.nameToken, with: "loadViewIfNeeded")])
    }

    static func message() -> String {
        "never call `loadView()` yourself; use `loadViewIfNeeded()` to force the view to load"
    }
}
