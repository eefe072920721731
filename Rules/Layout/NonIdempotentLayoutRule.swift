import LifeguardKit

/// Work that piles up in layout callbacks, which UIKit calls many times.
public struct NonIdempotentLayoutRule: Rule {
    public init() {}

    /// Pass 2 skips files without these words: every finding is inside one of the layout callbacks, declared in
    /// the file.
    public static func anchorWords(_ options: RuleOptions) -> Set<String>? {
        baseNames(controllerCallbacks.union(viewCallbacks))
    }

    /// Of those, pass 2 lints only files that declare one of the layout callbacks, not nested in a
    /// function, with a call `problem(with:)` could judge inside (one of its names, or one made on
    /// something that names `URLSession`) or an assignment to something's `isActive`. The
    /// callbacks' base names (`draw`, `layoutSubviews`) are in many more files than their
    /// declarations, and most callbacks only set frames.
    public static func candidateTest(_ options: RuleOptions) -> CandidateTest? {
        { tree in
            let outline = tree.outline
            return outline.functions.contains { function in
                guard function.kind == .function, outline.nodes[function.node].enclosingFunction < 0,
                      controllerCallbacks.contains(function.fullName) || viewCallbacks.contains(function.fullName)
                else { return false }
                let judged = outline.descendants(of: function.node, kind: .call).contains { index in
                    let call = outline.calls[index]
                    if problemCallTokens.contains(call.nameToken, in: tree) { return true }
                    return call.receiver.map { tree.significantTokens(in: $0).contains { tree.token($0, spells: "URLSession") } } ?? false
                }
                return judged || outline.descendants(of: function.node, kind: .assignment).contains { index in
                    tree.significantTokens(in: outline.assignments[index].lhs).contains { tree.token($0, spells: "isActive") }
                }
            }
        }
    }

    /// Every call name `problem(with:)` can find a problem with.
    static let problemCallTokens = TokenNames(accumulating.union(network).union([
        "addObserver", "resume", "setNeedsLayout", "setNeedsUpdateConstraints", "setNeedsDisplay", "activate",
        "scheduledTimer", "Timer",
    ]))

    public static let description = RuleDescription(
        id: "non_idempotent_layout",
        name: "NonIdempotentLayout",
        category: .layout,
        defaultSeverity: .warning,
        summary: "A layout callback adds subviews, constraints, observers or other state every time it runs.",
        documentation: RuleDocumentation(
            whatItDoes: """
                Inside `viewWillLayoutSubviews()` and `viewDidLayoutSubviews()` of a view controller, and \
                `layoutSubviews()`, `draw(_:)` and `updateConstraints()` of a view, flags calls that add \
                state each time they run — `addSubview`, `insertSubview`, `addArrangedSubview`, \
                `addSublayer`, `insertSublayer`, `addGestureRecognizer`, `NSLayoutConstraint.activate`, \
                `addConstraint(s)`, `.isActive = true`, `addLayoutGuide`, `addTarget`, timers — when what \
                they add is created during the pass (inline, such as `addSubview(UILabel())` or \
                `a.constraint(equalTo: b).isActive = true`, or in a local the callback creates), unless they \
                are guarded: inside an `if`/`guard`/`while`/`switch` whose condition tests a stored \
                property of `self` (`if !didSetUp`, `if gradient.superlayer == nil`), or after a \
                `guard ... else { return }` in the callback's body. Network work (`URLSession`, \
                `dataTask`, `URLRequest`, `task.resume()`) and `addObserver` registrations are flagged \
                even when guarded, and so is an unconditional `setNeedsLayout()` or \
                `setNeedsUpdateConstraints()` on the view itself (or `setNeedsDisplay()` in `draw(_:)`): \
                that invalidates the layout being computed, a layout loop. `layoutIfNeeded()` alone is not \
                a loop — it runs a pass only when layout is dirty, and the standard fix for multi-line \
                labels (set `preferredMaxLayoutWidth`, then `layoutIfNeeded()`) relies on it.
                """,
            whyIsThisBad: """
                UIKit runs layout whenever bounds, traits, the keyboard, rotation or any subview's size \
                change — often several times a second while scrolling or animating. A callback that adds \
                a subview, a layer or a constraint on every pass stacks duplicates (overdraw, conflicting \
                constraints and \"Unable to simultaneously satisfy constraints\" logs, leaking gesture \
                recognizers and observers); one that starts network requests floods the server; one that \
                invalidates its own layout from inside a layout pass loops until the run loop gives up. \
                Layout callbacks must be idempotent: they position what exists.
                """,
            example: """
                override func viewDidLayoutSubviews() {
                    super.viewDidLayoutSubviews()
                    let gradient = CAGradientLayer()
                    gradient.frame = view.bounds
                    view.layer.addSublayer(gradient)
                }
                """,
            useInstead: """
                override func viewDidLoad() {
                    super.viewDidLoad()
                    view.layer.insertSublayer(gradient, at: 0)
                }

                override func viewDidLayoutSubviews() {
                    super.viewDidLayoutSubviews()
                    gradient.frame = view.bounds
                }
                """,
            knownLimitations: """
                Re-adding a stored subview, layer or gesture recognizer, or re-activating stored \
                constraints, is not reported, although the specification lists the calls without \
                exception: UIKit moves or keeps an object that is already there, so nothing piles up \
                (on real code every such finding was a false positive). A guard is recognized by the \
                condition's reading a stored property of `self`, not by proving the guarded code flips \
                that state; a condition on something else \
                (`traitCollection`, a local) does not count. Work done by a helper method the callback \
                calls is not followed.
                """),
        triggeringExamples: [
            RuleExample("""
                final class ProfileViewController: UIViewController {
                    override func viewDidLayoutSubviews() {
                        super.viewDidLayoutSubviews()
                        let gradient = CAGradientLayer()
                        view.layer.↓addSublayer(gradient)
                        NSLayoutConstraint.↓activate([badge.topAnchor.constraint(equalTo: view.topAnchor)])
                        badge.widthAnchor.constraint(equalToConstant: 20).↓isActive = true
                    }
                }
                """),
            RuleExample("""
                final class BadgeView: UIView {
                    override func layoutSubviews() {
                        super.layoutSubviews()
                        if bounds.width > 100 { ↓addSubview(UILabel()) }
                        ↓setNeedsLayout()
                    }
                }
                """),
            RuleExample("""
                final class FeedViewController: UIViewController {
                    var loaded = false
                    override func viewWillLayoutSubviews() {
                        super.viewWillLayoutSubviews()
                        if !loaded {
                            URLSession.shared.↓dataTask(with: url).resume()
                            NotificationCenter.default.↓addObserver(self, selector: #selector(refresh), name: .refresh, object: nil)
                        }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                final class ProfileViewController: UIViewController {
                    let gradient = CAGradientLayer()
                    private var didSetUpConstraints = false
                    override func viewDidLayoutSubviews() {
                        super.viewDidLayoutSubviews()
                        if gradient.superlayer == nil { view.layer.addSublayer(gradient) }
                        gradient.frame = view.bounds
                        guard !didSetUpConstraints else { return }
                        didSetUpConstraints = true
                        NSLayoutConstraint.activate(constraints)
                    }
                }
                """),
            RuleExample("""
                final class BadgeView: UIView {
                    override func layoutSubviews() {
                        super.layoutSubviews()
                        label.frame = bounds.insetBy(dx: 4, dy: 2)
                        if needsRecalculation { setNeedsLayout() }
                    }
                }
                """),
            RuleExample("""
                final class Helper: NSObject {
                    func layoutSubviews() { container.addSubview(label) }
                }
                """),
        ])

    /// Calls that add state each time they run.
    static let accumulating: Set<String> = [
        "addSubview", "insertSubview", "addArrangedSubview", "addSublayer", "insertSublayer", "addGestureRecognizer",
        "addConstraint", "addConstraints", "addLayoutGuide", "addTarget",
    ]
    static let network: Set<String> = ["dataTask", "downloadTask", "uploadTask", "URLRequest"]
    static let controllerCallbacks: Set<String> = ["viewWillLayoutSubviews()", "viewDidLayoutSubviews()"]
    static let viewCallbacks: Set<String> = ["layoutSubviews()", "draw(_:)", "updateConstraints()"]

    enum Problem {
        case accumulates, network, observer, layoutLoop
    }

    public func check(_ context: RuleContext) {
        let model = context.model
        guard !model.isAppKitOnly else { return }
        let outline = context.outline
        for function in outline.functions where function.kind == .function {
            let node = function.nodeID
            guard let role = model.enclosingRole(of: node),
                  (role.isController && Self.controllerCallbacks.contains(function.fullName))
                    || (role.isView && Self.viewCallbacks.contains(function.fullName)),
                  outline.nodes[function.node].enclosingFunction < 0
            else { continue }
            for call in model.calls(in: node) {
                guard let problem = problem(with: call, in: function, role: role, context: context) else { continue }
                context.report(token: outline[call].nameToken, node: outline[call].nodeID,
                               message: Self.message(problem, call: model.name(of: call), callback: function.fullName, role: role))
            }
            for assignment in model.assignments(in: node) {
                let item = outline[assignment]
                guard let chain = ExpressionChain(context.tree, tokens: item.lhs), chain.lastName == "isActive",
                      context.tree.significantTokens(in: item.rhs).map({ context.tree.tokens[$0].keyword }) == [.true],
                      let token = chain.linkTokens.last, let base = chain.dropping(last: 1),
                      isFresh(base, at: item.nodeID, context: context), !model.isGuarded(item.nodeID)
                else { continue }
                context.report(token: token, node: item.nodeID,
                               message: Self.message(.accumulates, call: "isActive = true", callback: function.fullName, role: role))
            }
        }
    }

    /// `candidateTest` reads the names this judges (`problemCallTokens`): keep the two in step.
    func problem(with call: CallID, in function: FunctionDeclaration, role: FileModel.TypeRole,
                 context: RuleContext) -> Problem? {
        let model = context.model
        let name = model.name(of: call)
        let item = context.outline[call]
        let receiver = model.receiver(of: call)
        if name == "addObserver" { return .observer }
        // One finding per request: `URLSession.shared.dataTask(...)` is flagged, its `.resume()` is not.
        let receiverStartsRequest = receiver?.contains(anyOf: Self.network) ?? false
        if Self.network.contains(name)
            || (receiver?.contains(anyOf: ["URLSession"]) == true && !receiverStartsRequest)
            || (name == "resume" && !receiverStartsRequest && isTask(receiver, at: item.nodeID, context: context)) {
            return .network
        }
        if name == "setNeedsLayout" || name == "setNeedsUpdateConstraints"
            || (name == "setNeedsDisplay" && function.fullName == "draw(_:)") {
            let onSelf = receiver == nil || receiver?.key == "self" || (role.isController && receiver?.key == "view")
            let unconditional = model.enclosingConditionals(of: item.nodeID).allSatisfy { $0.part == .condition }
                && !model.isInsideClosure(item.nodeID)
            // `setNeedsUpdateConstraints()` then `updateConstraintsIfNeeded()` clears the flag before returning.
            if name == "setNeedsUpdateConstraints", isFollowedBy("updateConstraintsIfNeeded", on: receiver, after: call, context: context) {
                return nil
            }
            return onSelf && unconditional && item.arguments.isEmpty ? .layoutLoop : nil
        }
        var accumulates = false
        if Self.accumulating.contains(name) || (name == "activate" && receiver?.key == "NSLayoutConstraint") {
            // Adding a stored subview, layer or recognizer again, or activating stored constraints
            // again, only moves or keeps what is there; objects created during layout pile up.
            accumulates = name == "addTarget" || addsFreshObject(call, context: context)
        }
        if name == "scheduledTimer", receiver?.key == "Timer" { accumulates = true }
        if name == "Timer", receiver == nil { accumulates = true }
        guard accumulates, !model.isGuarded(item.nodeID) else { return nil }
        return .accumulates
    }

    /// Whether the next statement calls `name` on the same receiver.
    func isFollowedBy(_ name: String, on receiver: ExpressionChain?, after call: CallID, context: RuleContext) -> Bool {
        let item = context.outline[call]
        guard let close = item.parentheses?.close, let next = context.tree.nextSignificant(after: close) else { return false }
        let following = context.model.calls(named: name).first { context.outline[$0].chainStart == next }
        guard let following else { return false }
        return context.model.receiver(of: following)?.key == receiver?.key
    }

    /// Whether the object a call adds was made during this pass: created inline
    /// (`addSubview(UILabel())`, `NSLayoutConstraint.activate([a.constraint(...)])`) or held in a
    /// local the callback creates. Stored properties and parameters are existing objects.
    func addsFreshObject(_ call: CallID, context: RuleContext) -> Bool {
        guard let first = context.model.arguments(of: call).first else { return false }
        let node = context.outline[call].nodeID
        let tokens = context.tree.significantTokens(in: first.expression)
        guard let start = tokens.first else { return false }
        if context.tree.tokens[start].kind == .leftBracket, let close = context.tree.partner(ofToken: start) {
            // An array literal: fresh when any element is.
            return ArrayLiteral.elements(context.tree, open: start, close: close).contains { element in
                ExpressionChain(context.tree, tokens: element).map { isFresh($0, at: node, context: context) } ?? true
            }
        }
        guard let chain = context.model.chain(first) else { return true }
        return isFresh(chain, at: node, context: context)
    }

    /// A chain that makes something new each time: one with a call in it, or a local created here.
    func isFresh(_ chain: ExpressionChain, at node: NodeID, context: RuleContext) -> Bool {
        if chain.links.contains(where: { if case .call = $0 { return true } else { return false } }) { return true }
        let object = context.model.object(of: chain, at: node)
        guard case .local(let variable) = object.root else { return false }
        // A local that is not an alias of anything: a new object, or a call's result.
        guard let initializer = context.outline[variable].initializer else { return true }
        return context.tree.significantTokens(in: initializer).contains { context.tree.tokens[$0].kind == .leftParen }
    }

    /// A receiver that is a `URLSessionTask`: by its declared type, or by its name.
    func isTask(_ receiver: ExpressionChain?, at node: NodeID, context: RuleContext) -> Bool {
        guard let receiver else { return false }
        if let type = context.model.typeKey(of: receiver, at: node) {
            return type.hasSuffix("Task") && type.hasPrefix("URLSession")
        }
        return receiver.lastName?.lowercased().hasSuffix("task") ?? false
    }

    static func message(_ problem: Problem, call: String, callback: String, role: FileModel.TypeRole) -> String {
        let once = role.isController ? "`viewDidLoad()`" : "an initializer"
        switch problem {
        case .accumulates:
            return "`\(call)` in `\(callback)` runs on every layout pass and piles up; do it once in \(once), "
                + "or guard it with a check of stored state"
        case .network:
            return "`\(call)` in `\(callback)` starts network work on every layout pass; start it from \(once) or an explicit action"
        case .observer:
            return "`addObserver` in `\(callback)` registers again on every layout pass; register once, in \(once)"
        case .layoutLoop:
            return "`\(call)()` in `\(callback)` invalidates the layout being computed, a layout loop; "
                + "remove it or make it conditional"
        }
    }
}
