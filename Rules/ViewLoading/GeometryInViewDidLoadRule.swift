import LifeguardKit

/// Reading view geometry in `viewDidLoad()`, before it is final.
public struct GeometryInViewDidLoadRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: "geometry_in_view_did_load",
        name: "GeometryInViewDidLoad",
        category: .layout,
        defaultSeverity: .warning,
        summary: "`viewDidLoad()` reads the view's size or safe area, which are not final yet.",
        documentation: RuleDocumentation(
            whatItDoes: """
                Inside `viewDidLoad()` of a view controller, flags reads of `view.bounds`, `view.frame`, \
                `view.safeAreaInsets`, `view.safeAreaLayoutGuide.layoutFrame` (also through \
                `self.view`) and `UIScreen.main.bounds`. Assignments to them, and reads inside closures \
                (which run later), are left alone, and so is a read that only gives a first frame to a \
                view the same function then lays out with constraints (`x.frame = view.bounds` followed \
                by `x.snp.makeConstraints`, `x.topAnchor.constraint(...)` or \
                `x.translatesAutoresizingMaskIntoConstraints = false`). Several reads on one line are one finding, at the first \
                read of the view's geometry when the line has one (comparing the view with the screen is \
                often deliberate; reading the view this early is not).
                """,
            whyIsThisBad: """
                In `viewDidLoad()` the view has just been created: it is not in a window, has not been \
                sized by its container, and has no safe-area insets yet — `bounds` is whatever the nib or \
                `loadView()` gave it (often the full screen of the device the storyboard was designed on). \
                Frames computed from it are wrong on other devices, in split view, in sheets and after \
                rotation. `UIScreen.main.bounds` is wrong whenever the app does not fill the screen \
                (iPad multitasking, Stage Manager) and is deprecated.
                """,
            example: """
                override func viewDidLoad() {
                    super.viewDidLoad()
                    banner.frame = CGRect(x: 0, y: 0, width: view.bounds.width, height: 44)
                }
                """,
            useInstead: """
                override func viewDidLoad() {
                    super.viewDidLoad()
                    banner.translatesAutoresizingMaskIntoConstraints = false
                    NSLayoutConstraint.activate([
                        banner.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                        banner.trailingAnchor.constraint(equalTo: view.trailingAnchor),
                        banner.heightAnchor.constraint(equalToConstant: 44),
                    ])
                }
                """,
            knownLimitations: """
                Only the root view's geometry is checked, not subviews'. A read that only sets an initial \
                value later corrected in `viewDidLayoutSubviews()` is still reported; suppress it there.
                """),
        triggeringExamples: [
            RuleExample("""
                final class Banner: UIViewController {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        let width = view.↓bounds.width
                        label.frame = self.view.↓frame
                        let top = view.safeAreaLayoutGuide.↓layoutFrame.minY
                        let insets = view.↓safeAreaInsets
                        let screen = UIScreen.main.↓bounds
                        let fillsScreen = UIScreen.main.bounds.width == view.↓frame.width
                        header.frame = view.↓bounds
                        footer.snp.makeConstraints { $0.bottom.equalTo(view) }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                final class Banner: UIViewController {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        view.frame = CGRect(x: 0, y: 0, width: 320, height: 480)
                        DispatchQueue.main.async { self.label.frame = self.view.bounds }
                    }
                    override func viewDidLayoutSubviews() {
                        super.viewDidLayoutSubviews()
                        label.frame = view.bounds
                    }
                }
                """),
            RuleExample("""
                final class TabsBar: UIViewController {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        collectionView.frame = view.frame
                        view.addSubview(collectionView)
                        collectionView.snp.makeConstraints { $0.edges.equalTo(view) }
                        spinner.frame = view.bounds
                        spinner.translatesAutoresizingMaskIntoConstraints = false
                    }
                }
                """),
        ])

    static let members: Set<String> = ["bounds", "frame", "safeAreaInsets", "layoutFrame"]

    public func check(_ context: RuleContext) {
        let model = context.model
        guard !model.isAppKitOnly else { return }
        let tree = context.tree
        let outline = context.outline
        for function in outline.functions where function.fullName == "viewDidLoad()" && function.kind == .function {
            guard let role = model.enclosingRole(of: function.node), role.isController, let body = function.body else { continue }
            // Closures run later; their tokens are skipped.
            let closures = model.descendants(of: function.node, kind: .closure).map { outline.closures[$0].body }
            let written = Set(model.descendants(of: function.node, kind: .assignment).compactMap { index -> Int? in
                ExpressionChain(tree, tokens: outline.assignments[index].lhs)?.linkTokens.last
            })
            let superseded = framesReplacedByAutoLayout(in: function, context: context)
            // One finding per line: `CGRect(x: view.frame.minX, width: view.frame.width)` is one mistake.
            // A read of the view's own geometry speaks for its line before a `UIScreen` read does:
            // it is the timing mistake, where comparing against the screen may be deliberate.
            var chosen: [Int: (token: Int, expression: String, isScreen: Bool)] = [:]
            var lines: [Int] = []
            for token in tree.significantTokens(in: body.interior) where tree.tokens[token].kind == .identifier {
                guard Self.members.contains(tree.text(ofToken: token)), !written.contains(token),
                      !closures.contains(where: { $0.contains(token) }), !superseded.contains(where: { $0.contains(token) }),
                      let chain = ExpressionChain(tree, tokens: tree.postfixExpressionStart(endingAt: token)..<(token + 1))
                else { continue }
                let names = chain.names
                let isRootGeometry = names == ["view", "bounds"] || names == ["view", "frame"]
                    || names == ["view", "safeAreaInsets"] || names == ["view", "safeAreaLayoutGuide", "layoutFrame"]
                    || names == ["UIScreen", "main", "bounds"]
                guard isRootGeometry else { continue }
                let line = tree.line(ofToken: token)
                let isScreen = names[0] == "UIScreen"
                if let earlier = chosen[line] {
                    if earlier.isScreen && !isScreen { chosen[line] = (token, chain.key, isScreen) }
                } else {
                    chosen[line] = (token, chain.key, isScreen)
                    lines.append(line)
                }
            }
            for line in lines {
                guard let read = chosen[line] else { continue }
                context.report(token: read.token, node: function.node, message: Self.message(read.expression))
            }
        }
    }

    /// The right-hand sides of `x.frame = ...` where the same function then gives `x` Auto Layout
    /// constraints (`x.snp.makeConstraints`, `x.topAnchor.constraint(...)`,
    /// `x.translatesAutoresizingMaskIntoConstraints = false`): the frame is only a first value
    /// that layout replaces, so reading the view's size for it does no harm.
    func framesReplacedByAutoLayout(in function: FunctionDeclaration, context: RuleContext) -> [Range<Int>] {
        let model = context.model
        let outline = context.outline
        var constrained = Set<[String]>()
        for index in model.descendants(of: function.node, kind: .call) {
            let call = outline.calls[index]
            guard let receiver = context.receiverChain(call)?.names, let last = receiver.last else { continue }
            let name = model.name(ofCall: index)
            let snapKit = (name == "makeConstraints" || name == "remakeConstraints") && last == "snp"
            let anchor = name.hasPrefix("constraint") && last.hasSuffix("Anchor")
            if snapKit || anchor { constrained.insert(Array(receiver.dropLast())) }
        }
        var frames: [(receiver: [String], value: Range<Int>)] = []
        for index in model.descendants(of: function.node, kind: .assignment) {
            let assignment = outline.assignments[index]
            guard let lhs = ExpressionChain(context.tree, tokens: assignment.lhs)?.names, lhs.count >= 2 else { continue }
            switch lhs.last {
            case "translatesAutoresizingMaskIntoConstraints":
                let value = context.tree.significantTokens(in: assignment.rhs)
                if value.count == 1, context.tree.token(value[0], is: "false") { constrained.insert(Array(lhs.dropLast())) }
            case "frame":
                frames.append((Array(lhs.dropLast()), assignment.rhs))
            default:
                break
            }
        }
        return frames.filter { constrained.contains($0.receiver) }.map(\.value)
    }

    static func message(_ expression: String) -> String {
        if expression.hasPrefix("UIScreen") {
            return "`\(expression)` is the whole screen, not this view's space (wrong in split view, Stage Manager and "
                + "on external displays); use Auto Layout constraints, or the view's bounds in `viewDidLayoutSubviews()`"
        }
        return "`\(expression)` is read in `viewDidLoad()`, before the view has its final size; use Auto Layout constraints, "
            + "or read it in `viewDidLayoutSubviews()` or `viewSafeAreaInsetsDidChange()`"
    }
}
