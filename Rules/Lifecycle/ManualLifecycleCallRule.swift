import LifeguardKit

/// Calling a lifecycle callback that only UIKit may call.
public struct ManualLifecycleCallRule: Rule {
    public init() {}

    /// Pass 2 skips files without these words: every finding is a call of one of the callbacks.
    public static func anchorWords(_ options: RuleOptions) -> Set<String>? {
        Set(controllerCallbacks.keys).union(viewCallbacks.keys)
    }

    /// Of those, pass 2 lints only files with a call `check` could report: one of the callbacks,
    /// in the callback's shape, on something other than `super`. The callbacks' names are in
    /// nearly every view controller's file, but almost always as `override func viewDidLoad()`
    /// and `super.viewDidLoad()`.
    public static func candidateTest(_ options: RuleOptions) -> CandidateTest? {
        { tree in
            tree.outline.calls.contains { call in
                guard let shape = callbackShape(of: call, in: tree) else { return false }
                return isCandidate(call, shape: shape, in: tree)
            }
        }
    }

    /// The shape of the callback a call names, if it names one.
    static func callbackShape(of call: Call, in tree: SyntaxTree) -> Shape? {
        guard let position = callbackNames.match(call.nameToken, in: tree) else { return nil }
        let name = callbackNames.names[position]
        return controllerCallbacks[name] ?? viewCallbacks[name]
    }

    static let callbackNames = TokenNames(Array(controllerCallbacks.keys) + Array(viewCallbacks.keys))

    /// What a finding's call is, read without the index: not made on `super`, with no trailing
    /// closure, not an implicit member (`.draw(x)`), and in the callback's shape.
    static func isCandidate(_ call: Call, shape: Shape, in tree: SyntaxTree) -> Bool {
        if let receiver = call.receiver, tree.significantTokens(in: receiver).count == 1,
           tree.token(receiver.lowerBound, is: "super") {
            return false
        }
        guard !call.hasTrailingClosures, !call.isImplicitMember else { return false }
        return matches(shape, arguments: tree.outline.arguments[call.arguments], parentheses: call.parentheses != nil)
    }

    public static let description = RuleDescription(
        id: "manual_lifecycle_call",
        name: "ManualLifecycleCall",
        category: .containment,
        defaultSeverity: .error,
        summary: "A lifecycle callback that UIKit alone may invoke is called directly.",
        documentation: RuleDocumentation(
            whatItDoes: """
                Flags calls of `viewWillAppear(_:)`, `viewDidAppear(_:)`, `viewWillDisappear(_:)`, \
                `viewDidDisappear(_:)`, `viewDidLoad()`, `viewWillLayoutSubviews()`, \
                `viewDidLayoutSubviews()` and `didReceiveMemoryWarning()` on a view controller, and \
                `layoutSubviews()` and `draw(_:)` on a view — on any receiver but `super`, with UIKit's \
                argument shape. The receiver must be a controller or view: a bare or `self.` call inside \
                one, a variable whose declared type or initializer is one, `children[...]`, \
                `viewControllers`, `presentedViewController`, `topViewController`, or, when its type is \
                unknown, a name ending in `ViewController`, `Controller` or `VC`. So \
                `viewModel.viewDidLoad()` and `delegate?.viewWillDisappear(self, animated: true)` are left alone.
                """,
            whyIsThisBad: """
                These methods are notifications, not actions. Calling one does not make anything appear, \
                load or lay out; it tells the controller (and every override up its class chain) that \
                something happened when it did not — observers register twice, analytics count phantom \
                screens, appearance state goes out of sync with `beginAppearanceTransition`, and \
                `viewDidLoad` work runs again on an already-configured view. `layoutSubviews()` and \
                `draw(_:)` called directly bypass UIKit's layout and display cycle.
                """,
            example: """
                func refresh() {
                    viewWillAppear(false)
                    child.viewDidLoad()
                }
                """,
            useInstead: """
                func refresh() {
                    child.beginAppearanceTransition(true, animated: false)
                    child.endAppearanceTransition()
                    child.loadViewIfNeeded()
                }
                """,
            knownLimitations: """
                A receiver whose type cannot be resolved is judged by its name. Forwarding appearance \
                callbacks by hand in a custom container that opted out of automatic forwarding is still \
                reported: use `beginAppearanceTransition(_:animated:)` and `endAppearanceTransition()`, \
                which exist for that. Test code is judged like app code, as the contract makes no \
                exception for it: on untuned apps, 2 of 6 findings were tests driving an off-screen \
                controller by hand (harmless there), and 2 of 2 on further apps were tests calling the \
                callbacks of a controller already in a visible window (which UIKit calls too). In tests, \
                `loadViewIfNeeded()` and `beginAppearanceTransition(_:animated:)` do the same job; a \
                team that drives lifecycle by hand in tests excludes its test folders (`excluded:`).
                """,
            fix: """
                Only for a view's `layoutSubviews()` called as a statement: `X.layoutSubviews()` \
                becomes `X.setNeedsLayout()` followed by `X.layoutIfNeeded()` (on the next line, or \
                after `;` when the call shares its line), which lays the view out now through \
                UIKit's layout pass, as the call meant to; `layoutIfNeeded()` alone would do nothing \
                when no layout is pending. No fix when the receiver is more than names, `.`, `?` \
                and `!` (it is written twice), when the call is part of a larger expression, or \
                for a view calling its own `layoutSubviews()` inside `layoutSubviews()`. The \
                controller callbacks and `draw(_:)` have no certain replacement, so they are not fixed.
                """),
        triggeringExamples: [
            RuleExample("""
                final class Feed: UIViewController {
                    let child = DetailViewController()
                    func refresh() {
                        ↓viewWillAppear(false)
                        child.↓viewDidLoad()
                        children.first?.↓viewDidAppear(true)
                    }
                }
                """),
            RuleExample("""
                final class Badge: UIView {
                    func update() {
                        self.↓layoutSubviews()
                        ↓draw(bounds)
                    }
                }
                """),
            RuleExample("""
                func reload(_ settingsVC: UIViewController) {
                    settingsVC.↓viewWillLayoutSubviews()
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                final class Feed: UIViewController {
                    override func viewWillAppear(_ animated: Bool) {
                        super.viewWillAppear(animated)
                        viewModel.viewWillAppear()
                        delegate?.viewWillDisappear(self, animated: animated)
                        analytics.viewDidAppear(screen)
                    }
                }
                """),
            RuleExample("""
                final class Badge: UIView {
                    override func layoutSubviews() {
                        super.layoutSubviews()
                        setNeedsDisplay()
                    }
                }
                """),
        ])

    enum Shape {
        case appearance, noArguments, draw
    }

    static let controllerCallbacks: [String: Shape] = [
        "viewWillAppear": .appearance, "viewDidAppear": .appearance, "viewWillDisappear": .appearance,
        "viewDidDisappear": .appearance, "viewDidLoad": .noArguments, "viewWillLayoutSubviews": .noArguments,
        "viewDidLayoutSubviews": .noArguments, "didReceiveMemoryWarning": .noArguments,
    ]
    static let viewCallbacks: [String: Shape] = ["layoutSubviews": .noArguments, "draw": .draw]
    static let controllerAccessors: Set<String> = [
        "children", "childViewControllers", "viewControllers", "presentedViewController", "topViewController",
        "visibleViewController", "presentingViewController", "parent", "selectedViewController",
    ]

    public func check(_ context: RuleContext) {
        let model = context.model
        guard !model.isAppKitOnly else { return }
        let names = Array(Self.controllerCallbacks.keys) + Array(Self.viewCallbacks.keys)
        for call in model.calls(named: names) {
            let item = context.outline[call]
            let name = model.name(of: call)
            let receiver = model.receiver(of: call)
            guard receiver?.key != "super", item.receiver == nil || receiver != nil, !item.hasTrailingClosures,
                  !item.isImplicitMember else { continue }
            let isControllerCallback = Self.controllerCallbacks[name] != nil
            guard let shape = Self.controllerCallbacks[name] ?? Self.viewCallbacks[name],
                  matches(shape, call, context: context),
                  receiverIs(isControllerCallback ? .controller : .view, receiver, call: call, context: context)
            else { continue }
            context.report(token: item.nameToken, node: item.nodeID, message: Self.message(name: name, shape: shape),
                           fix: name == "layoutSubviews" ? layoutFix(call, receiver: receiver, context: context) : nil)
        }
    }

    func matches(_ shape: Shape, _ call: CallID, context: RuleContext) -> Bool {
        Self.matches(shape, arguments: context.model.arguments(of: call), parentheses: context.outline[call].parentheses != nil)
    }

    static func matches(_ shape: Shape, arguments: ArraySlice<Argument>, parentheses: Bool) -> Bool {
        switch shape {
        case .noArguments: return arguments.isEmpty && parentheses
        case .appearance, .draw: return arguments.count == 1 && arguments.first?.isLabelled == false
        }
    }

    enum Role {
        case controller, view
    }

    func receiverIs(_ role: Role, _ receiver: ExpressionChain?, call: CallID, context: RuleContext) -> Bool {
        let model = context.model
        let node = context.outline[call].nodeID
        guard let receiver, receiver.key != "self" else {
            guard let enclosing = model.enclosingRole(of: node) else { return false }
            return role == .controller ? enclosing.isController : enclosing.isView
        }
        let object = model.object(of: receiver, at: node)
        let reachesControllerAccessor = object.path.contains { link in
            if case .member(let name) = link { return Self.controllerAccessors.contains(name) }
            return false
        }
        if reachesControllerAccessor || receiver.contains(anyOf: Self.controllerAccessors) {
            return role == .controller
        }
        switch model.typeClass(of: receiver, at: node) {
        case .controller: return role == .controller
        case .view: return role == .view
        case .other, .unknown: return false
        }
    }

    /// A view's `X.layoutSubviews()` statement → `X.setNeedsLayout()` then `X.layoutIfNeeded()`:
    /// laid out now through UIKit's layout pass, as before. `layoutIfNeeded()` alone would do
    /// nothing when no layout is pending (`didSet { layoutSubviews() }` of a custom property).
    /// Only for a call that is a whole statement on a receiver written with names, `.`, `?` and
    /// `!` (it is written twice), and not for a view's own call inside its `layoutSubviews()`,
    /// which would re-enter it. Controllers' callbacks have no certain replacement.
    func layoutFix(_ id: CallID, receiver: ExpressionChain?, context: RuleContext) -> Fix? {
        let call = context.outline[id]
        if receiver == nil || receiver?.key == "self",
           let function = context.model.enclosingFunction(of: call.nodeID),
           context.outline[function].name == "layoutSubviews" {
            return nil
        }
        let tree = context.tree
        let fixes = context.fixes
        guard let parentheses = call.parentheses, let statement = fixes.statementRange(containing: call.nameToken),
              statement == call.chainStart..<(parentheses.close + 1),
              tree.significantTokens(in: call.chainStart..<call.nameToken).allSatisfy({ token in
                  tree.tokens[token].kind == .identifier || tree.tokens[token].kind == .period || tree.isPostfixMarker(token)
              }),
              // Written without a space, line break or comment from the receiver to the name: its
              // tokens cover every byte up to the name's.
              tree.significantTokens(in: call.chainStart..<call.nameToken).reduce(0, { $0 + tree.tokens[$1].range.count })
                == tree.tokens[call.nameToken].startOffset - tree.tokens[call.chainStart].startOffset
        else { return nil }
        let receiverText = tree.text(ofTokens: call.chainStart..<call.nameToken)
        let second = "\(receiverText)layoutIfNeeded()"
        let insertion = fixes.insertStatement(second, after: call.nameToken)
            ?? fixes.insert("; " + second, after: parentheses.close)
        return fixes.fix("replace `layoutSubviews()` with `setNeedsLayout()` and `layoutIfNeeded()`",
                         [fixes.replace(token: call.nameToken, with: "setNeedsLayout"), insertion])
    }

    static func message(name: String, shape: Shape) -> String {
        switch (name, shape) {
        case (_, .appearance):
            return "never call `\(name)(_:)` yourself; UIKit calls it. To forward appearance to a child, use "
                + "`beginAppearanceTransition(_:animated:)` and `endAppearanceTransition()`"
        case ("viewDidLoad", _):
            return "never call `viewDidLoad()` yourself; UIKit calls it once. Use `loadViewIfNeeded()` to force the view to load"
        case ("draw", _):
            return "never call `draw(_:)` yourself; call `setNeedsDisplay()` and UIKit draws in the next display pass"
        case ("didReceiveMemoryWarning", _):
            return "never call `didReceiveMemoryWarning()` yourself; move the cleanup into a method both it and you call"
        default:
            return "never call `\(name)()` yourself; call `setNeedsLayout()` (or `layoutIfNeeded()` to lay out now)"
        }
    }
}
