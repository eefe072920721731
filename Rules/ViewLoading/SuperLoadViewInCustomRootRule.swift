import LifeguardKit

/// `super.loadView()` in a `loadView()` that builds its own root view.
public struct SuperLoadViewInCustomRootRule: Rule {
    public init() {}

    /// Pass 2 skips files without these words: every finding is inside a `loadView()` declared in the file.
    public static func anchorWords(_ options: RuleOptions) -> Set<String>? {
        ["loadView"]
    }

    public static let description = RuleDescription(
        id: "super_load_view_in_custom_root",
        name: "SuperLoadViewInCustomRoot",
        category: .viewLoading,
        defaultSeverity: .warning,
        summary: "`loadView()` assigns its own root view and also calls `super.loadView()`.",
        documentation: RuleDocumentation(
            whatItDoes: """
                Inside `override func loadView()` of a view controller, flags `super.loadView()` when the \
                same body also assigns `view = ...` or `self.view = ...`. Calling `super.loadView()` \
                without assigning is the storyboard or nib path and is fine.
                """,
            whyIsThisBad: """
                `UIViewController.loadView()` looks for a nib or storyboard view and, failing that, \
                creates a plain `UIView`. A `loadView()` that installs its own root view does not want \
                either: the view `super` made is thrown away (wasted work), and if a nib with a matching \
                name exists it is loaded, its outlets connected, then replaced — a confusing source of \
                \"this outlet is set but not on screen\" bugs. Apple's documentation: \"Your custom \
                implementation of this method should not call super.\"
                """,
            example: """
                override func loadView() {
                    super.loadView()
                    view = MapCanvasView()
                }
                """,
            useInstead: """
                override func loadView() {
                    view = MapCanvasView()
                }
                """,
            knownLimitations: "None known."),
        triggeringExamples: [
            RuleExample("""
                final class MapViewController: UIViewController {
                    override func loadView() {
                        ↓super.loadView()
                        self.view = MapCanvasView()
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                final class NibViewController: UIViewController {
                    override func loadView() {
                        super.loadView()
                        view.backgroundColor = .systemBackground
                    }
                }
                """),
            RuleExample("""
                final class MapViewController: UIViewController {
                    override func loadView() {
                        view = MapCanvasView()
                    }
                }
                """),
        ])

    public func check(_ context: RuleContext) {
        let model = context.model
        guard !model.isAppKitOnly else { return }
        for function in model.functions(fullName: "loadView()") {
            let node = context.outline[function].nodeID
            guard let role = model.enclosingRole(of: node), role.isController else { continue }
            let assigns = model.assignments(in: node).contains { assignment in
                ExpressionChain(context.tree, tokens: context.outline[assignment].lhs)?.key == "view"
            }
            guard assigns else { continue }
            for call in model.calls(in: node) where model.name(of: call) == "loadView" {
                let item = context.outline[call]
                guard model.receiver(of: call)?.key == "super", item.arguments.isEmpty else { continue }
                context.report(tokens: item.chainStart..<(item.nameToken + 1), node: item.nodeID, message: Self.message())
            }
        }
    }

    static func message() -> String {
        "this `loadView()` installs its own root view, so `super.loadView()` only builds a view that is thrown away "
            + "(or loads a nib by accident); remove the `super` call"
    }
}
