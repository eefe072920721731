import LifeguardKit

/// `view.addSubview(child.view)` with no `addChild(child)`.
public struct ChildViewWithoutAddChildRule: Rule {
    public init() {}

    /// Pass 2 skips files without these words: every finding is a call that adds a subview.
    public static func anchorWords(_ options: RuleOptions) -> Set<String>? { Set(addingCalls) }

    /// Of those, pass 2 lints only files that add some `x.view` as a subview: every finding is
    /// such a call. Most files that add subviews add views of their own.
    public static func candidateTest(_ options: RuleOptions) -> CandidateTest? {
        { tree in
            tree.outline.calls.contains { call in
                addsSubview(call, in: tree) && addedViewChain(call, in: tree) != nil
            }
        }
    }

    static let addingCalls = ["addSubview", "insertSubview", "addArrangedSubview", "insertArrangedSubview"]
    static let addingCallNames = TokenNames(addingCalls)

    /// Whether a call names one of `addingCalls`.
    static func addsSubview(_ call: Call, in tree: SyntaxTree) -> Bool { addingCallNames.contains(call.nameToken, in: tree) }

    /// The added view as a chain, when it is the `view` of something other than `self`
    /// (`child.view`, `self.child.view`), and the chain of that something: read without the index.
    static func addedViewChain(_ call: Call, in tree: SyntaxTree) -> (view: ExpressionChain, owner: ExpressionChain)? {
        guard let first = tree.outline.arguments[call.arguments].first, !first.isLabelled,
              let chain = ExpressionChain(tree, tokens: first.expression), chain.lastName == "view", chain.names.count >= 2,
              let owner = chain.dropping(last: 1), !owner.startsWithSelf || owner.links.count > 1
        else { return nil }
        return (chain, owner)
    }

    public static let description = RuleDescription(
        id: "child_view_without_add_child",
        name: "ChildViewWithoutAddChild",
        category: .containment,
        defaultSeverity: .error,
        summary: "A view controller's view is added to the hierarchy without adding the controller as a child.",
        documentation: RuleDocumentation(
            whatItDoes: """
                Finds `addSubview(X.view)`, `insertSubview(X.view, ...)`, `addArrangedSubview(X.view)` and \
                `insertArrangedSubview(X.view, at:)` where `X` is a view controller that the visible code \
                never adds as a child. `X` is an object, not a spelling: `addChild(newValue)` in a \
                property's `willSet` and `addSubview(child.view)` in its `didSet` are one containment. The \
                `addChild` may be in the same function (closures and, for a property, all its accessors \
                included), on any parent (`parent.addChild(X)`), in a helper of the run (followed through \
                helpers of helpers), or — for a property of `self` — in another method of the type, in any \
                file or a superclass. Not reported: `X` found in `children`/`viewControllers` (already a \
                child), a window's root controller (`window.rootViewController = X`), `X` handed to a \
                UIKit container or to code the run cannot see (a library's `add(_:)` helper), the views \
                UIKit places itself during transitions (a transition context's `containerView`, a \
                `UIPresentationController`, types adopting `UIViewControllerAnimatedTransitioning`), a \
                view added only to be measured and removed again in the same function, and \
                `X` whose declared type is not a view controller. A class whose ancestry leaves the run \
                through a framework class Lifeguard does not know is judged by that class's name \
                (`...ViewController`).
                """,
            whyIsThisBad: """
                UIKit's view controller containment is a contract: a parent calls `addChild(_:)`, adds the \
                child's view, then calls `didMove(toParent:)`. Skipping `addChild` leaves the child outside \
                the controller hierarchy, so UIKit never forwards appearance callbacks \
                (`viewWillAppear(_:)`, `viewDidDisappear(_:)`), rotation and trait-collection changes, \
                safe-area and layout-margin updates, or status-bar and presentation queries to it. The child \
                renders, but behaves as if it were never on screen, and nothing retains it except its view's \
                superview.
                """,
            example: """
                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.addSubview(detail.view)
                }
                """,
            useInstead: """
                override func viewDidLoad() {
                    super.viewDidLoad()
                    addChild(detail)
                    view.addSubview(detail.view)
                    detail.didMove(toParent: self)
                }
                """,
            knownLimitations: """
                When `X`'s type cannot be resolved and is not declared in the run, a plain name is \
                checked, and a deeper chain only when its last name reads like a controller \
                (`...Controller`, `...VC`): an object with a `view` property that is not a view controller \
                (a Texture node, a coordinator) is left alone. A parameter `X` is reported only when the \
                type never adds any child itself: its caller may have added it. The `addChild` a caller \
                makes before handing a local over is not followed.
                """),
        triggeringExamples: [
            RuleExample("""
                final class HomeViewController: UIViewController {
                    let detail = DetailViewController()
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        view.↓addSubview(detail.view)
                    }
                }
                """),
            RuleExample("""
                final class FeedViewController: UIViewController {
                    func show(_ banner: BannerViewController) {
                        stackView.↓addArrangedSubview(banner.view)
                        stackView.↓insertArrangedSubview(banner.view, at: 0)
                    }
                }
                """),
            RuleExample("""
                final class Shell: UIViewController {
                    var current: UIViewController?
                    func swap() {
                        let next = SettingsViewController()
                        view.↓insertSubview(next.view, at: 0)
                        current = next
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                final class HomeViewController: UIViewController {
                    let detail = DetailViewController()
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        addChild(detail)
                        view.addSubview(detail.view)
                        detail.didMove(toParent: self)
                    }
                }
                """),
            RuleExample("""
                final class Container: UIViewController {
                    var active: UIViewController? {
                        willSet { newValue.map(addChild) }
                        didSet { if let active { view.addSubview(active.view) } }
                    }
                    func relayout() {
                        for child in children { view.addSubview(child.view) }
                        view.addSubview(children.last!.view)
                    }
                }
                """),
            RuleExample("""
                final class Card: UIView {
                    let spinner = Spinner()
                    func setUp() { addSubview(spinner.view) }
                }
                final class Spinner { let view = UIView() }
                """),
            RuleExample("""
                final class Fade: NSObject, UIViewControllerAnimatedTransitioning {
                    func animateTransition(using context: UIViewControllerContextTransitioning) {
                        let toVC = context.viewController(forKey: .to)!
                        context.containerView.addSubview(toVC.view)
                    }
                }
                """),
            RuleExample("""
                final class Host: UIViewController {
                    let child = ChildViewController()
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        embed(child)
                    }
                    func embed(_ controller: UIViewController) {
                        addChild(controller)
                        view.addSubview(controller.view)
                        controller.didMove(toParent: self)
                    }
                }
                """),
            RuleExample("""
                let text = "view.addSubview(child.view)" // view.addSubview(child.view)
                """),
        ],
        indexedCalls: [])

    static let transitionProtocols = ["UIViewControllerAnimatedTransitioning", "UIViewControllerInteractiveTransitioning"]
    /// Controllers whose views UIKit places itself during presentations.
    static let managedByUIKit: Set<String> = ["presentedViewController", "presentingViewController"]

    public func check(_ context: RuleContext) {
        let model = context.model
        guard !model.isAppKitOnly else { return }
        for call in model.calls(named: Self.addingCalls) {
            let node = context.outline[call].nodeID
            // `candidateTest` reads the same condition.
            guard let added = Self.addedViewChain(context.outline[call], in: context.tree),
                  let first = model.arguments(of: call).first
            else { continue }
            let chain = added.view
            let childChain = added.owner
            let viewObject = model.object(of: chain, at: node)
            var child = viewObject
            // `.child.view` (an implicit member, in broken code) names no object with a path.
            guard !child.path.isEmpty else { continue }
            child.path.removeLast()
            guard !child.isSelf, !isAlreadyChild(child, chain: childChain),
                  !isTransitionContainer(call, context: context),
                  isController(childChain, at: node, context: context),
                  !hasContainment(of: child, at: call, context: context) else { continue }
            let written = writtenOwner(ofView: chain, in: first, context: context)
            var notes: [RuleContext.Note] = []
            if case .local(let variable) = child.root, child.path.isEmpty {
                notes.append(.init("`\(written)` is created here; `addChild` is missing for it",
                                   token: context.outline[variable].nameToken))
            }
            let inController = model.enclosingRole(of: node)?.isController ?? false
            context.report(token: context.outline[call].nameToken, node: node,
                           message: Self.message(child: written, inController: inController), notes: notes)
        }
    }

    /// `detail` in `detail?.view`, as written.
    func writtenOwner(ofView chain: ExpressionChain, in argument: Argument, context: RuleContext) -> String {
        let tree = context.tree
        guard let viewToken = chain.linkTokens.last, var end = tree.previousSignificant(before: viewToken) else { return "" }
        if let before = tree.previousSignificant(before: end), tree.isPostfixMarker(before) { end = before }
        guard end > argument.expression.lowerBound else { return "" }
        return tree.compactText(ofTokens: argument.expression.lowerBound..<end)
    }

    /// `children[0]`, `children.last!`, `for child in children`, `presentedViewController`: a
    /// controller UIKit already holds as a child (or places itself).
    func isAlreadyChild(_ child: ObjectRef, chain: ExpressionChain) -> Bool {
        if child.isElement(ofAnyOf: UIKitVocabulary.childCollections) { return true }
        if chain.contains(anyOf: UIKitVocabulary.childCollections) { return true }
        return chain.names.contains { Self.managedByUIKit.contains($0) }
    }

    /// Whether the visible code adds `child` as a child somewhere it counts, or cannot tell.
    func hasContainment(of child: ObjectRef, at call: CallID, context: RuleContext) -> Bool {
        let model = context.model
        let node = context.outline[call].nodeID
        let group = model.functionGroup(of: node)
        let takers: Set<CallSummaries.Effect> = [.addedAsChild, .handedToContainer, .escapesToUnknown]
        if model.event(takers, on: child, in: group, besides: node) != nil { return true }
        // A view added only to be measured and taken out again in the same function is never shown.
        let added = context.outline[call].nameToken
        if model.event([.viewRemoved], on: child, in: group, from: added + 1) != nil { return true }
        if model.typeTarget(of: child) != nil,
           model.typeCompletes([.addedAsChild, .handedToContainer], for: child, at: node, outside: group) {
            return true
        }
        if case .parameter(let function, let position) = child.root, child.path.isEmpty {
            return callersContain(function: function, position: position, context: context)
        }
        return false
    }

    /// A parameter's object: contained when a caller of the run adds what it passes (or hands it
    /// to code the run cannot see). With no caller in sight, the function itself shows the view of
    /// a controller nobody adds.
    func callersContain(function: FunctionID, position: Int, context: RuleContext) -> Bool {
        let takers: Set<CallSummaries.Effect> = [.addedAsChild, .handedToContainer, .escapesToUnknown]
        return !context.index.summaries.callerEffects(of: context.outline[function].fullName, onArgument: position)
            .isDisjoint(with: takers)
    }

    /// Custom transition animators and presentation controllers add views to the transition's
    /// container: that is UIKit's own containment at work.
    func isTransitionContainer(_ call: CallID, context: RuleContext) -> Bool {
        let model = context.model
        let node = context.outline[call].nodeID
        if let role = model.enclosingRole(of: node) {
            for name in Self.transitionProtocols where context.index.conforms(role.key, to: name) { return true }
            if let type = model.enclosingType(of: node),
               context.outline[type].inheritedTypes.contains(where: { Self.transitionProtocols.contains($0.name) }) {
                return true
            }
        }
        guard let receiver = model.receiver(of: call) else { return false }
        var source = receiver
        var sourceNode = node
        // `let container = transitionContext.containerView`.
        if receiver.names.count == 1, !receiver.startsWithSelf,
           case .local(let variable) = model.binding(of: receiver.names[0], at: TokenID(receiver.linkTokens[0])),
           let initializer = context.outline[variable].initializer,
           let chain = ExpressionChain(context.tree, tokens: initializer) {
            source = chain
            sourceNode = context.outline[variable].nodeID
        }
        guard source.lastName == "containerView" else { return false }
        return isTransitionContext(source, at: sourceNode, context: context)
    }

    /// `transitionContext.containerView`, or `containerView` inside a `UIPresentationController`.
    func isTransitionContext(_ chain: ExpressionChain, at node: NodeID, context: RuleContext) -> Bool {
        let model = context.model
        let names = chain.names
        if names.count == 1 {
            guard let role = model.enclosingRole(of: node) else { return false }
            return context.index.inherits(role.key, from: "UIPresentationController")
        }
        if case .parameter(let function, let position) = model.binding(of: names[0], at: TokenID(chain.linkTokens[0])) {
            let parameter = context.outline.parameters[context.outline[function].parameters.lowerBound + position]
            return context.tree.text(ofTokens: parameter.type).contains("ContextTransitioning")
        }
        let lowered = names[0].lowercased()
        return lowered.contains("context") || lowered.contains("transition")
    }

    /// Whether `X` can be a view controller: its resolved type is one, or it cannot be resolved
    /// and nothing says otherwise.
    func isController(_ chain: ExpressionChain, at node: NodeID, context: RuleContext) -> Bool {
        if let type = context.model.typeKey(of: chain, at: node) {
            return TypeClass(typeKey: type, index: context.index) == .controller
        }
        // Unresolved: a plain name is checked; a deeper chain only when it reads like a controller.
        return chain.names.count == 1 || context.model.typeClass(of: chain, at: node) == .controller
    }

    static func message(child: String, inController: Bool) -> String {
        let fix = inController
            ? "call `addChild(\(child))` before and `\(child).didMove(toParent: self)` after"
            : "have the view controller that shows this view call `addChild(\(child))` and `\(child).didMove(toParent:)`"
        return "`\(child).view` is added to the view hierarchy but `\(child)` is never added as a child view controller; \(fix)"
    }
}
