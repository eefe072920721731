import LifeguardKit

/// Reading view geometry in `viewDidLoad()`, before it is final.
public struct GeometryInViewDidLoadRule: Rule {
    public init() {}

    /// Pass 2 skips files without these words: every finding is inside a `viewDidLoad()` declared in the file.
    public static func anchorWords(_ options: RuleOptions) -> Set<String>? {
        ["viewDidLoad"]
    }

    /// Of those, pass 2 lints only files whose `viewDidLoad()` reads the root view's or the
    /// screen's geometry somewhere in its body: nearly every controller's file declares
    /// `viewDidLoad()`, few read geometry there.
    public static func candidateTest(_ options: RuleOptions) -> CandidateTest? {
        { tree in
            // Bodies nested in one another are read once, as one range: a chain of nested
            // `viewDidLoad()`s would otherwise read the innermost body once per enclosing one.
            let bodies = tree.outline.functions.compactMap { function -> Range<Int>? in
                function.kind == .function && function.fullName == "viewDidLoad()" ? function.body?.interior : nil
            }.sorted { $0.lowerBound < $1.lowerBound }
            var end = Int.min
            for body in bodies where body.upperBound > end {
                let start = max(body.lowerBound, end)
                end = body.upperBound
                if tree.significantTokens(in: start..<end).contains(where: { geometryChain(endingAt: $0, in: tree) != nil }) {
                    return true
                }
            }
            return false
        }
    }

    /// The chain a token ends when it reads root geometry (`view.bounds`, `view.frame`,
    /// `view.safeAreaInsets`, `view.safeAreaLayoutGuide.layoutFrame`, `UIScreen.main.bounds`).
    static func geometryChain(endingAt token: Int, in tree: SyntaxTree) -> ExpressionChain? {
        guard tree.tokens[token].kind == .identifier, members.contains(tree.text(ofToken: token)),
              let chain = ExpressionChain(tree, tokens: tree.postfixExpressionStart(endingAt: token)..<(token + 1))
        else { return nil }
        let names = chain.names
        let isRootGeometry = names == ["view", "bounds"] || names == ["view", "frame"]
            || names == ["view", "safeAreaInsets"] || names == ["view", "safeAreaLayoutGuide", "layoutFrame"]
            || names == ["UIScreen", "main", "bounds"]
        return isRootGeometry ? chain : nil
    }

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
                (which run later), are left alone. So is a value the code keeps current anyway: the \
                target it is read for (`x` in `x.frame = view.bounds` or `let x = X(frame: view.bounds)`) is \
                later given constraints (`x.snp.makeConstraints`, `x.topAnchor.constraint(...)`, \
                `translatesAutoresizingMaskIntoConstraints = false`, a layout library's pinning, a stack \
                view's arranging — inline or through a helper of the run) or a flexible \
                `autoresizingMask`; or the same target is computed again later in the controller's life \
                (the same property assigned, or the same call made on the same receiver, in \
                `viewWillAppear`, `viewDidAppear`, `viewWillLayoutSubviews`, `viewDidLayoutSubviews`, \
                `viewSafeAreaInsetsDidChange`, `viewLayoutMarginsDidChange`, `viewWillTransition(to:with:)`, \
                `traitCollectionDidChange(_:)` or a method of the type they call): the first value is a \
                placeholder. A read that only bounds a size request (`preferredContentSize`, the size \
                given to `sizeThatFits(_:)` or `systemLayoutSizeFitting(_:)`) is fine. A \
                stale value turned into a constraint's constant is still reported. Several reads on one \
                line are one finding, at the first read of the view's geometry when the line has one \
                (comparing the view with the screen is often deliberate; reading the view this early is not).
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
                Opt-in. On five open-source apps that were never used to tune it, 1 of 5 findings was a \
                real stale frame; the others were placeholders that later code recomputes through paths \
                the rule does not follow (a `Task`, a Combine subscription, UIKit autoresizing a child \
                controller's view). Enable it with `opt_in_rules: [geometry_in_view_did_load]`. \
                Only the root view's geometry is checked, not subviews'. "Computed again later" is matched \
                by target (the same property or the same call on the same receiver), not by proving the \
                later value replaces the first; helpers are followed within the file, three calls deep.
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
        ],
        isOptIn: true)

    static let members: Set<String> = ["bounds", "frame", "safeAreaInsets", "layoutFrame"]
    /// Callbacks that run again when geometry changes, after `viewDidLoad()`.
    static let laterCallbacks: Set<String> = [
        "viewWillAppear(_:)", "viewDidAppear(_:)", "viewWillLayoutSubviews()", "viewDidLayoutSubviews()",
        "viewSafeAreaInsetsDidChange()", "viewLayoutMarginsDidChange()", "viewWillTransition(to:with:)",
        "traitCollectionDidChange(_:)",
    ]

    public func check(_ context: RuleContext) {
        let model = context.model
        guard !model.isAppKitOnly else { return }
        let tree = context.tree
        for function in model.functions(fullName: "viewDidLoad()") {
            let node = context.outline[function].nodeID
            guard let role = model.enclosingRole(of: node), role.isController, let body = context.outline[function].body else {
                continue
            }
            // Closures run later; their tokens are skipped: walked in order with the tokens, the
            // bodies opened so far reach `coveredUntil`, and a token before it is in one of them.
            let closures = model.closures(in: node).map { context.outline[$0].body }.sorted { $0.open < $1.open }
            var nextClosure = 0
            var coveredUntil = -1
            let written = Set(model.assignments(in: node).compactMap { assignment -> Int? in
                ExpressionChain(tree, tokens: context.outline[assignment].lhs)?.linkTokens.last
            })
            var recomputed = LaterWork(role: role, context: context)
            // One finding per line: `CGRect(x: view.frame.minX, width: view.frame.width)` is one mistake.
            // A read of the view's own geometry speaks for its line before a `UIScreen` read does:
            // it is the timing mistake, where comparing against the screen may be deliberate.
            var chosen: [Int: (token: Int, expression: String, isScreen: Bool)] = [:]
            var lines: [Int] = []
            for token in tree.significantTokens(in: body.interior) where tree.tokens[token].kind == .identifier {
                while nextClosure < closures.count, closures[nextClosure].open < token {
                    coveredUntil = max(coveredUntil, closures[nextClosure].close)
                    nextClosure += 1
                }
                // `candidateTest` reads the same chains.
                guard !written.contains(token), token >= coveredUntil,
                      let chain = Self.geometryChain(endingAt: token, in: tree),
                      !isKeptCurrent(readAt: token, in: function, later: &recomputed, context: context)
                else { continue }
                let names = chain.names
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
                context.report(token: read.token, node: node, message: Self.message(read.expression))
            }
        }
    }

    /// What a geometry read in `viewDidLoad()` is for: the object whose frame it sets, and the
    /// statement that sets it (an assignment's target, or a call on a receiver).
    enum Target {
        case assignment(lhs: ObjectRef, owner: ObjectRef?)
        case call(name: String, receiver: ObjectRef)
        case local(ObjectRef)
        case sizeRequest
    }

    func target(ofReadAt token: Int, context: RuleContext) -> Target? {
        let model = context.model
        guard var node = model.innermostNode(containing: token) else { return nil }
        var steps = 0
        while steps < 64 {
            steps += 1
            let item = context.outline[node]
            switch item.kind {
            case .assignment:
                let assignment = context.outline.assignments[item.detail]
                guard let lhs = ExpressionChain(context.tree, tokens: assignment.lhs) else { return nil }
                if lhs.lastName == "preferredContentSize" { return .sizeRequest }
                let object = model.object(of: lhs, at: node)
                return .assignment(lhs: object, owner: lhs.links.count > 1 ? lhs.dropping(last: 1).map { model.object(of: $0, at: node) } : nil)
            case .variable:
                return .local(model.object(ofVariable: VariableID(item.detail)))
            case .call:
                let call = CallID(item.detail)
                // The size a view would take within these bounds: an upper limit, not a frame.
                if Self.sizeRequests.contains(model.name(of: call)) { return .sizeRequest }
                // A creation (`CGRect(...)`) or a free function (`min`, `round`) passes its value on:
                // keep climbing to the variable or assignment it feeds.
                if context.outline[call].receiver == nil, !context.outline[call].isImplicitMember,
                   model.member(model.name(of: call), at: node) == nil {
                    break
                }
                if let receiver = context.model.receiver(of: call) {
                    return .call(name: model.fullName(of: call), receiver: model.object(of: receiver, at: node))
                }
                return .call(name: model.fullName(of: call), receiver: .selfObject)
            case .function, .type, .closure, .conditional:
                return nil
            }
            let parent = item.parent
            guard parent >= 0 else { return nil }
            node = NodeID(parent)
        }
        return nil
    }

    /// Calls that measure what fits in a size: bounds given to them only limit the answer.
    static let sizeRequests: Set<String> = ["sizeThatFits", "systemLayoutSizeFitting", "boundingRect"]

    /// Frame-like members: setting one positions the object that owns it.
    static let placement: Set<String> = ["frame", "bounds", "center", "size", "origin"]

    func isKeptCurrent(readAt token: Int, in function: FunctionID, later: inout LaterWork, context: RuleContext) -> Bool {
        let model = context.model
        guard let target = target(ofReadAt: token, context: context) else { return false }
        let group = model.functionGroup(of: function)
        func constrained(_ object: ObjectRef, later: inout LaterWork) -> Bool {
            if model.event([.constrained], on: object, in: group) != nil { return true }
            if model.typeTarget(of: object) != nil,
               model.typeCompletes([.constrained], for: object, at: context.outline[function].nodeID, outside: group) {
                return true
            }
            return later.constrains(object)
        }
        switch target {
        case .sizeRequest:
            return true
        case .assignment(let lhs, _):
            // The object the value places: `x` for `x.frame = ...`; the new view itself for
            // `prop = X(frame: view.bounds)`.
            var placed = lhs
            if case .member(let name)? = lhs.path.last, Self.placement.contains(name) { placed.path.removeLast() }
            if constrained(placed, later: &later) { return true }
            if later.assigns(toPartOf: placed) { return true }
            return later.feedsSizeRequest(lhs, in: group)
        case .local(let object):
            return constrained(object, later: &later) || later.feedsSizeRequest(object, in: group)
        case .call(let name, let receiver):
            return later.calls(name, on: receiver) || constrained(receiver, later: &later)
        }
    }

    /// The assignments and calls of the callbacks that run after `viewDidLoad()` when geometry
    /// changes, and of the type's methods they call (three calls deep, each once).
    struct LaterWork {
        let context: RuleContext
        var functions: [FunctionID] = []

        init(role: FileModel.TypeRole, context: RuleContext) {
            self.context = context
            let model = context.model
            var pending: [(FunctionID, Int)] = []
            var seen = Set<FunctionID>()
            var byName: [String: [FunctionID]] = [:]
            for type in model.typeDeclarations(withKey: role.key) {
                for function in model.functions(ofType: type) {
                    byName[context.outline[function].fullName, default: []].append(function)
                    if GeometryInViewDidLoadRule.laterCallbacks.contains(context.outline[function].fullName) {
                        pending.append((function, 0))
                    }
                }
            }
            while let (function, depth) = pending.popLast() {
                guard seen.insert(function).inserted else { continue }
                functions.append(function)
                guard depth < 3 else { continue }
                for call in model.calls(in: context.outline[function].nodeID) {
                    let receiver = model.receiver(of: call)
                    guard receiver == nil || receiver?.key == "self" else { continue }
                    for callee in byName[model.fullName(of: call)] ?? [] { pending.append((callee, depth + 1)) }
                }
            }
        }

        /// What the later callbacks assign, call and constrain, and which locals feed a size
        /// request, filed by object anchor the first time a read asks: each read of a
        /// `viewDidLoad()` with thousands of them read every later assignment, call and event
        /// again (and every assignment of its own function for the size requests).
        private var filed: Filed?
        private var sizeRequestLocals: [[FunctionID]: Set<VariableID>] = [:]

        /// The later calls by full name, and their receivers, filed for a name when it is first asked.
        private var callsByName: [String: [CallID]]?
        private var receivers: [String: [ObjectRef.Anchor: [ObjectRef]]] = [:]

        private struct Filed {
            /// Every object a later assignment writes, and each object it is a member of.
            var assigned: [ObjectRef.Anchor: [ObjectRef]] = [:]
            /// The objects later code constrains.
            var constrained: [ObjectRef.Anchor: [ObjectRef]] = [:]
        }

        private mutating func filedWork() -> Filed {
            if let filed { return filed }
            let model = context.model
            var filed = Filed()
            for function in functions {
                for assignment in model.assignments(in: context.outline[function].nodeID) {
                    let item = context.outline[assignment]
                    guard let chain = ExpressionChain(context.tree, tokens: item.lhs) else { continue }
                    var assigned = model.object(of: chain, at: item.nodeID)
                    filed.assigned[assigned.anchor, default: []].append(assigned)
                    while !assigned.path.isEmpty {
                        assigned.path.removeLast()
                        filed.assigned[assigned.anchor, default: []].append(assigned)
                    }
                }
            }
            for event in model.protocolEvents(in: functions) where event.effect == .constrained {
                filed.constrained[event.object.anchor, default: []].append(event.object)
            }
            self.filed = filed
            return filed
        }

        /// Whether a later callback assigns `object` or one of its members (`x.frame`, `x.center`).
        mutating func assigns(toPartOf object: ObjectRef) -> Bool {
            filedWork().assigned[object.anchor]?.contains { $0.isSame(as: object) } ?? false
        }

        mutating func calls(_ fullName: String, on receiver: ObjectRef) -> Bool {
            let model = context.model
            if callsByName == nil {
                var byName: [String: [CallID]] = [:]
                for function in functions {
                    for call in model.calls(in: context.outline[function].nodeID) { byName[model.fullName(of: call), default: []].append(call) }
                }
                callsByName = byName
            }
            if receivers[fullName] == nil {
                var filed: [ObjectRef.Anchor: [ObjectRef]] = [:]
                for call in callsByName![fullName] ?? [] {
                    let object = model.receiverObject(of: call)
                    filed[object.anchor, default: []].append(object)
                }
                receivers[fullName] = filed
            }
            return receivers[fullName]![receiver.anchor]?.contains { $0.isSame(as: receiver) } ?? false
        }

        /// Whether later code constrains `object`.
        mutating func constrains(_ object: ObjectRef) -> Bool {
            filedWork().constrained[object.anchor]?.contains { $0.isSame(as: object) } ?? false
        }

        /// A local (or variable) whose value ends up in `preferredContentSize`: an upper limit for a
        /// size request, not a frame. The group's such locals are found once.
        mutating func feedsSizeRequest(_ object: ObjectRef, in group: [FunctionID]) -> Bool {
            guard case .local(let variable) = object.root, object.path.isEmpty else { return false }
            if sizeRequestLocals[group] == nil { sizeRequestLocals[group] = Self.sizeRequestLocals(in: group, context: context) }
            return sizeRequestLocals[group]!.contains(variable)
        }

        private static func sizeRequestLocals(in group: [FunctionID], context: RuleContext) -> Set<VariableID> {
            let model = context.model
            let tree = context.tree
            var locals = Set<VariableID>()
            for function in group {
                for assignment in model.assignments(in: context.outline[function].nodeID) {
                    let item = context.outline[assignment]
                    guard ExpressionChain(tree, tokens: item.lhs)?.lastName == "preferredContentSize" else { continue }
                    for token in tree.significantTokens(in: item.rhs) where tree.tokens[token].kind == .identifier {
                        if case .local(let bound) = model.binding(of: tree.text(ofToken: token), at: TokenID(token)) { locals.insert(bound) }
                    }
                }
            }
            return locals
        }
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
