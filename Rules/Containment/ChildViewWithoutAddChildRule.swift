import LifeguardKit

/// `view.addSubview(child.view)` with no `addChild(child)`.
public struct ChildViewWithoutAddChildRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: "child_view_without_add_child",
        name: "ChildViewWithoutAddChild",
        category: .containment,
        defaultSeverity: .error,
        summary: "A view controller's view is added to the hierarchy without adding the controller as a child.",
        documentation: RuleDocumentation(
            whatItDoes: """
                Finds `addSubview(X.view)`, `insertSubview(X.view, ...)`, `addArrangedSubview(X.view)` and \
                `insertArrangedSubview(X.view, at:)` where `X` is a view controller that is never passed to \
                `addChild(_:)` — not in the same function (closures and, for a property, all its accessors \
                included), not anywhere in the type for the same stored property, and not by a helper \
                function of the project that calls `addChild` on what it receives.
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
                `X` is compared by how it is written (`self.detail`, `detail` and `detail!` are the same; \
                `detail` and `controllers[0]` are not). When `X`'s type cannot be resolved and is not \
                declared in the run, it is checked only if its name reads like a controller \
                (`...Controller`, `...VC`): an object with a `view` property that is not a view controller \
                (a Texture node, a coordinator) is left alone. Containment done by a helper outside the run \
                (a framework extension) is not seen; suppress the line with a comment naming the helper.
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
        indexedCalls: ["addChild", "addChildViewController"])

    static let insertions: [String] = ["addSubview", "insertSubview", "addArrangedSubview", "insertArrangedSubview"]
    static let containment: Set<String> = ["addChild", "addChildViewController"]
    static let transitionProtocols = ["UIViewControllerAnimatedTransitioning", "UIViewControllerInteractiveTransitioning"]
    /// Controllers whose views UIKit places itself during presentations.
    static let managedByUIKit: Set<String> = ["presentedViewController", "presentingViewController"]

    public func check(_ context: RuleContext) {
        guard !context.model.isAppKitOnly else { return }
        let model = context.model
        let outline = context.outline
        for callIndex in model.calls(named: "addSubview", "insertSubview", "addArrangedSubview", "insertArrangedSubview") {
            let call = outline.calls[callIndex]
            guard let first = context.arguments(of: call).first, first.label == nil,
                  let chain = context.chain(first), chain.lastName == "view", chain.names.count >= 2,
                  let child = chain.baseKey, let childChain = baseChain(of: chain, context: context, argument: first)
            else { continue }
            guard !childChain.contains(anyOf: UIKitVocabulary.childCollections),
                  !isTransitionContainer(call, context: context),
                  !isFromChildCollection(childChain, at: call.node, context: context),
                  isController(childChain, at: call.node, context: context),
                  !hasContainment(of: child, receivedBy: call, callIndex: callIndex, context: context)
            else { continue }
            var notes: [RuleContext.Note] = []
            if let root = childChain.names.first, childChain.names.count == 1,
               let variable = model.localVariable(named: root, visibleAt: call.node) {
                notes.append(.init("`\(child)` is created here; `addChild` is missing for it",
                                   token: outline.variables[variable].nameToken))
            }
            let inController = model.enclosingRole(of: call.node)?.isController ?? false
            context.report(token: call.nameToken, node: call.node,
                           message: Self.message(child: child, inController: inController), notes: notes)
        }
    }

    /// `detail` of `detail.view`, as a chain of its own.
    func baseChain(of chain: ExpressionChain, context: RuleContext, argument: Argument) -> ExpressionChain? {
        guard let viewToken = chain.linkTokens.last, let dot = context.tree.previousSignificant(before: viewToken) else {
            return nil
        }
        var end = dot
        // `detail?.view`: the `?` belongs to the base.
        if let before = context.tree.previousSignificant(before: dot), context.tree.tokens[before].kind == .operator {
            end = before
        }
        return ExpressionChain(context.tree, tokens: argument.expression.lowerBound..<end)
    }

    /// Custom transition animators and presentation controllers add views to the transition's
    /// container: that is UIKit's own containment at work.
    func isTransitionContainer(_ call: Call, context: RuleContext) -> Bool {
        let model = context.model
        if let role = model.enclosingRole(of: call.node) {
            for name in Self.transitionProtocols where context.index.conforms(role.key, to: name) { return true }
            if let type = model.enclosingType(of: call.node),
               context.outline.types[type].inheritedTypes.contains(where: { Self.transitionProtocols.contains($0.name) }) {
                return true
            }
        }
        guard let receiver = context.receiverChain(call) else { return false }
        if receiver.lastName == "containerView" {
            return isTransitionContext(receiver, at: call.node, context: context)
        }
        if receiver.names.count == 1, !receiver.startsWithSelf,
           let local = model.localVariable(named: receiver.names[0], visibleAt: call.node),
           let initializer = context.outline.variables[local].initializer,
           let source = ExpressionChain(context.tree, tokens: initializer), source.lastName == "containerView" {
            return isTransitionContext(source, at: context.outline.variables[local].node, context: context)
        }
        return false
    }

    /// `transitionContext.containerView`, or `containerView` inside a `UIPresentationController`.
    func isTransitionContext(_ chain: ExpressionChain, at node: Int, context: RuleContext) -> Bool {
        let names = chain.names
        if names.count == 1 {
            guard let role = context.model.enclosingRole(of: node) else { return false }
            return context.index.inherits(role.key, from: "UIPresentationController")
        }
        let root = names[0]
        if let (_, parameter) = context.model.parameter(named: root, visibleAt: node) {
            return context.tree.text(ofTokens: context.outline.parameters[parameter].type).contains("ContextTransitioning")
        }
        let lowered = root.lowercased()
        return lowered.contains("context") || lowered.contains("transition")
    }

    /// `let child = children.first`, `for child in children`: already a child.
    func isFromChildCollection(_ chain: ExpressionChain, at node: Int, context: RuleContext) -> Bool {
        guard let root = chain.names.first, !chain.startsWithSelf else { return false }
        let model = context.model
        if Self.managedByUIKit.contains(root) { return true }
        // `children.forEach { $0.view ... }`, `viewControllers.map { controller in ... }`.
        var current = context.outline.nodes[node].parent
        while current >= 0, context.outline.nodes[current].kind != .function {
            if context.outline.nodes[current].kind == .closure {
                let closure = context.outline.closures[context.outline.nodes[current].detail]
                if root == "$0" || closure.parameterNames.contains(root), let call = closure.call,
                   let receiver = context.receiverChain(context.outline.calls[call]),
                   receiver.contains(anyOf: UIKitVocabulary.childCollections) {
                    return true
                }
            }
            current = context.outline.nodes[current].parent
        }
        if let local = model.localVariable(named: root, visibleAt: node),
           let initializer = context.outline.variables[local].initializer,
           mentionsChildCollection(initializer, context: context) {
            return true
        }
        for (conditional, _) in model.enclosingConditionals(of: node) {
            let item = context.outline.conditionals[conditional]
            guard item.kind == .forIn, mentionsChildCollection(item.condition, context: context) else { continue }
            for token in context.tree.significantTokens(in: item.condition) {
                if context.tree.tokens[token].isKeyword(.in) { break }
                if context.tree.text(ofToken: token) == root { return true }
            }
        }
        return false
    }

    func mentionsChildCollection(_ range: Range<Int>, context: RuleContext) -> Bool {
        context.tree.significantTokens(in: range).contains { token in
            context.tree.tokens[token].kind == .identifier
                && UIKitVocabulary.childCollections.contains(context.tree.text(ofToken: token))
        }
    }

    /// Whether `X` can be a view controller: its resolved type is one, or it cannot be resolved
    /// and nothing says otherwise.
    func isController(_ chain: ExpressionChain, at node: Int, context: RuleContext) -> Bool {
        if let type = context.model.declaredTypeName(of: chain, at: node) {
            return TypeClass(type, index: context.index) == .controller
        }
        // Unresolved: a plain name is checked; a deeper chain only when it reads like a controller.
        return chain.names.count == 1 || context.classify(chain, at: node) == .controller
    }

    /// Whether `child` is passed to `addChild` where it counts.
    func hasContainment(of child: String, receivedBy call: Call, callIndex: Int, context: RuleContext) -> Bool {
        let model = context.model
        let outline = context.outline
        var scopes: [Int] = []
        var aliases: Set<String> = [child]
        if let function = model.enclosingFunction(of: call.node) {
            let declaration = outline.functions[function]
            if let property = declaration.property {
                // The accessors of one property are one function; `newValue`/`oldValue` stand for it.
                scopes = outline.functions.indices.filter { outline.functions[$0].property == property }
                if child == outline.variables[property].name { aliases.formUnion(["newValue", "oldValue"]) }
            } else {
                scopes = [function]
            }
        }
        for function in scopes {
            let node = outline.functions[function].node
            for candidate in model.descendants(of: node, kind: .call) {
                let other = outline.calls[candidate]
                let name = model.name(ofCall: candidate)
                if Self.containment.contains(name) {
                    if let argument = context.arguments(of: other).first, let key = context.chain(argument)?.key,
                       aliases.contains(key) {
                        return true
                    }
                    // `newValue.map(addChild)`
                } else if name == "map" || name == "flatMap" || name == "forEach",
                          let argument = context.arguments(of: other).first,
                          Self.containment.contains(context.tree.text(ofTokens: argument.expression)),
                          let receiver = context.receiverChain(other), aliases.contains(receiver.key) {
                    return true
                } else if helperContains(child, call: other, context: context) {
                    return true
                }
            }
        }
        // A stored property added as a child elsewhere in the type (any file). A local that
        // shadows the property is not the property.
        let isSingleName = child.split(separator: ".").count == 1
        let childIsProperty = isSingleName
            && (model.isStoredProperty(child, at: call.node) || chainStartsWithSelf(call, context: context))
        // A parameter: the caller adds the child and hands it over (`addChild(x); insertView(x: x)`),
        // usually under the same name.
        let childIsParameter = isSingleName && !childIsProperty && model.parameter(named: child, visibleAt: call.node) != nil
        if let role = model.enclosingRole(of: call.node), childIsProperty || childIsParameter {
            for indexed in context.index.calls(inType: role.key)
            where Self.containment.contains(indexed.name) && indexed.firstArgument == child
                && (childIsParameter || !indexed.firstArgumentIsLocal) {
                return true
            }
        }
        return false
    }

    /// `self.child.view`: the child is named through `self`.
    func chainStartsWithSelf(_ call: Call, context: RuleContext) -> Bool {
        guard let first = context.arguments(of: call).first, let chain = context.chain(first) else { return false }
        return chain.startsWithSelf
    }

    /// `embed(child)` where `embed` calls `addChild` on its parameter, or `child.attach(to: self)`
    /// where `attach` calls `parent.addChild(self)`.
    func helperContains(_ child: String, call: Call, context: RuleContext) -> Bool {
        let arguments = context.arguments(of: call)
        let fullName = context.tree.name(of: call) + "(" + arguments.map { ($0.label ?? "_") + ":" }.joined() + ")"
        guard let candidates = context.index.functionsByName[fullName] else { return false }
        let position = arguments.firstIndex { context.chain($0)?.key == child }.map { $0 - arguments.startIndex }
        let isReceiver = context.receiverChain(call)?.key == child
        guard position != nil || isReceiver else { return false }
        for helper in candidates {
            for inner in helper.calls where Self.containment.contains(inner.name) {
                if let position, position < helper.parameterNames.count, inner.firstArgument == helper.parameterNames[position] {
                    return true
                }
                if isReceiver, inner.firstArgument == "self" { return true }
            }
        }
        return false
    }

    static func message(child: String, inController: Bool) -> String {
        let fix = inController
            ? "call `addChild(\(child))` before and `\(child).didMove(toParent: self)` after"
            : "have the view controller that shows this view call `addChild(\(child))` and `\(child).didMove(toParent:)`"
        return "`\(child).view` is added to the view hierarchy but `\(child)` is never added as a child view controller; \(fix)"
    }
}
