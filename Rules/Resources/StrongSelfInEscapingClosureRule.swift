import LifeguardKit

/// A closure that `self` keeps, which keeps `self`.
public struct StrongSelfInEscapingClosureRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: "strong_self_in_escaping_closure",
        name: "StrongSelfInEscapingClosure",
        category: .resources,
        defaultSeverity: .warning,
        summary: "A closure retained by `self` captures `self` strongly: a retain cycle.",
        documentation: RuleDocumentation(
            whatItDoes: """
                In a class or actor, flags a closure that refers to `self` strongly — `self.` member access, `self` \
                passed along, `[self]` in its capture list, or (in a `Task { }`) a bare member name — \
                without `[weak self]` or `[unowned self]`, when the closure is kept by `self` or by \
                something `self` keeps: assigned to a stored property (`onRetry = { ... }`, \
                `handlers.append { ... }`), to a property of an object `self` owns \
                (`contentView.onRetry = { ... }`, a cell dequeued from `self`'s table view, a local that \
                the same function stores into `self`), passed to an API that stores it for the object's \
                life (a repeating timer's block, `NotificationCenter.addObserver(forName:object:queue:using:)`, \
                a KVO `observe` or Combine `sink`/`assign(to:on:)` whose token is stored (unless the \
                publisher finishes after a bounded number of values: `.first()`, `.prefix(1)`), \
                `setEventHandler`, a `UIAction` added to a control `self` owns), or a long-running `Task` \
                (one that loops or iterates an async sequence) whose handle `self` stores. Calls named \
                in the `retaining_calls` option (your own event bus's `subscribe`, say) are treated the \
                same way: their closure is kept by the receiver when `self` is the receiver or owns it, \
                by the token `self` stores, or for good by a shared receiver (`EventBus.shared`). A property the \
                class itself sets back to `nil` (a one-shot completion handler) is not reported: the \
                owner breaks that cycle. Inside a closure that captures `[unowned self]` or `[weak self]`, \
                a nested closure's `self` is that capture and is not reported, unless the outer closure \
                made it strong again (`guard let self`).
                """,
            whyIsThisBad: """
                Swift closures capture the variables they use, and capture `self` strongly unless told \
                otherwise. When `self` (directly or through an object it owns) keeps the closure and the \
                closure keeps `self`, ARC can never bring either reference count to zero: the object, its \
                views and everything it holds leak, `deinit` never runs, and observers or timers inside \
                keep firing for a screen that is gone. One-shot closures (`DispatchQueue.main.async`, \
                `UIView.animate`, completion handlers) release `self` when they finish and are not flagged.
                """,
            example: """
                final class ProfileViewController: UIViewController {
                    let header = HeaderView()
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        header.onAvatarTap = {
                            self.showAvatar()
                        }
                    }
                }
                """,
            useInstead: """
                final class ProfileViewController: UIViewController {
                    let header = HeaderView()
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        header.onAvatarTap = { [weak self] in
                            self?.showAvatar()
                        }
                    }
                }
                """,
            knownLimitations: """
                Ownership is read from declarations: a property counts as owned when it is a stored \
                property of the class (weak ones only when they are `@IBOutlet`s, which the view \
                hierarchy keeps); a parameter's object, or a local that is only presented or passed on, \
                does not. Closures stored through APIs that are not listed here (a custom `store(in:)`, \
                a third-party event bus) are not seen unless the `retaining_calls` option names them. `unowned self` is accepted as the fix even where it \
                could crash. A stored `Task` that simply runs to completion holds `self` only until it \
                ends and is not reported, though the specification lists every stored `Task`: on real \
                code those were short fetches whose temporary hold on `self` is harmless.
                """),
        triggeringExamples: [
            RuleExample("""
                final class ProfileViewController: UIViewController {
                    let header = HeaderView()
                    var onClose: (() -> Void)?
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        header.onAvatarTap = ↓{ self.showAvatar() }
                        onClose = ↓{ [self] in dismiss(animated: true) }
                    }
                }
                """),
            RuleExample("""
                final class FeedViewController: UIViewController {
                    var cancellables = Set<AnyCancellable>()
                    var token: NSObjectProtocol?
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        model.$items.sink ↓{ items in self.render(items) }.store(in: &cancellables)
                        token = NotificationCenter.default.addObserver(forName: .refresh, object: nil, queue: .main) ↓{ _ in
                            self.reload()
                        }
                    }
                }
                """),
            RuleExample("""
                final class Uploader {
                    var task: Task<Void, Never>?
                    func start() {
                        task = Task ↓{
                            for await file in queue { await upload(file) }
                        }
                    }
                    func upload(_ file: URL) async {}
                    let queue = FileQueue()
                }
                """),
            RuleExample("""
                final class InboxViewController: UIViewController {
                    let bus = EventBus()
                    var token: SubscriptionToken?
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        bus.subscribe ↓{ event in self.handle(event) }
                        token = Hub.shared.listen(to: .refresh) ↓{ _ in self.reload() }
                        EventBus.shared.subscribe ↓{ event in self.handle(event) }
                        subscribe ↓{ event in self.handle(event) }
                        Hub.shared.post(.refresh) { self.reload() }
                    }
                }
                """, options: ["retaining_calls": .strings(["subscribe", "listen"])]),
            RuleExample("""
                final class TogglesViewController: UITableViewController {
                    var subscriptions = Set<AnyCancellable>()
                    lazy var makeCell: () -> UITableViewCell = { [weak self] in
                        guard let self else { return UITableViewCell() }
                        let cell = ToggleCell()
                        cell.changes.sink ↓{ isOn in self.record(isOn) }.store(in: &self.subscriptions)
                        return cell
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                final class ProfileViewController: UIViewController {
                    let header = HeaderView()
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        header.onAvatarTap = { [weak self] in self?.showAvatar() }
                        DispatchQueue.main.async { self.view.layoutIfNeeded() }
                        UIView.animate(withDuration: 0.3) { self.view.alpha = 1 }
                        let names = items.map { self.title(for: $0) }
                        model.$state.first { $0.isReady }.sink { _ in self.start() }.store(in: &cancellables)
                    }
                }
                """),
            RuleExample("""
                final class Sharer: UIViewController {
                    func share() {
                        let activity = UIActivityViewController(activityItems: [], applicationActivities: nil)
                        activity.completionWithItemsHandler = { _, _, _, _ in self.finish() }
                        present(activity, animated: true)
                    }
                }
                """),
            RuleExample("""
                struct Model {
                    var onChange: (() -> Void)?
                    mutating func bind() { onChange = { print(self) } }
                }
                """),
            RuleExample("""
                final class Lazy {
                    lazy var formatter: DateFormatter = {
                        let formatter = DateFormatter()
                        formatter.locale = self.locale
                        return formatter
                    }()
                    let locale = Locale.current
                }
                """),
            RuleExample("""
                final class TogglesViewController: UITableViewController {
                    var subscriptions = Set<AnyCancellable>()
                    lazy var makeCell: () -> UITableViewCell = { [unowned self] in
                        let cell = ToggleCell()
                        cell.changes.sink { isOn in self.record(isOn) }.store(in: &self.subscriptions)
                        return cell
                    }
                }
                """),
            RuleExample("""
                final class InboxViewController: UIViewController {
                    let bus = EventBus()
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        bus.subscribe { event in self.handle(event) }
                    }
                }
                """),
        ],
        options: [
            RuleOption(name: "retaining_calls", kind: .strings,
                       summary: "Base names of your own calls that keep the closure they are given for the receiver's life.",
                       defaultValue: .strings([])),
        ])

    /// `completion = nil` somewhere in the type: a one-shot handler the owner releases itself,
    /// so the cycle is broken by design.
    func isClearedByOwner(_ retention: Retention, role: FileModel.TypeRole, context: RuleContext) -> Bool {
        guard retention.isProperty, !retention.holder.contains(".") else { return false }
        return (context.index.assignedValues[retention.holder] ?? []).contains {
            $0.isOwnMember && $0.typeKey == role.key && $0.value == .nilLiteral
        }
    }

    /// `cancellables.removeAll()`, `loadTask = nil` later in the same function: the storage lets go
    /// before the function returns (the test-and-wait pattern), so nothing outlives it.
    func isClearedLater(_ retention: Retention, after token: Int, at node: Int, context: RuleContext) -> Bool {
        guard retention.isProperty else { return false }
        let holder = retention.holder
        let functionNode = context.outline.nodes[node].enclosingFunction
        guard functionNode >= 0 else { return false }
        let model = context.model
        for callIndex in model.descendants(of: functionNode, kind: .call) {
            let call = context.outline.calls[callIndex]
            guard call.chainStart > token, context.receiverChain(call)?.key == holder else { continue }
            if ["removeAll", "cancel", "invalidate"].contains(model.name(ofCall: callIndex)) { return true }
        }
        for assignmentIndex in model.descendants(of: functionNode, kind: .assignment) {
            let assignment = context.outline.assignments[assignmentIndex]
            guard assignment.lhs.lowerBound > token, ExpressionChain(context.tree, tokens: assignment.lhs)?.key == holder else { continue }
            let rhs = context.tree.significantTokens(in: assignment.rhs)
            if rhs.count == 1, context.tree.tokens[rhs[0]].isKeyword(.nil) { return true }
            if rhs.count == 2, context.tree.tokens[rhs[0]].kind == .leftBracket { return true }
        }
        return false
    }

    /// How a closure is kept.
    struct Retention {
        var holder: String
        var isProperty: Bool
    }

    public func check(_ context: RuleContext) {
        let model = context.model
        let outline = context.outline
        for (closureIndex, closure) in outline.closures.enumerated() {
            guard !closure.isImmediatelyInvoked, let role = model.enclosingRole(of: closure.node), role.isReferenceType,
                  let retention = retention(of: closureIndex, context: context) else { continue }
            let isTask = closure.call.map { isTaskCall(outline.calls[$0], callIndex: $0, context: context) } ?? false
            guard model.capturesSelfStrongly(closureIndex, countingImplicitMembers: isTask),
                  !isClearedByOwner(retention, role: role, context: context),
                  !isClearedLater(retention, after: closure.body.close, at: closure.node, context: context) else { continue }
            context.report(token: closure.body.open, node: closure.node, message: Self.message(retention))
        }
        // `assign(to: \.x, on: self)` keeps `self` with no closure in sight.
        for callIndex in model.calls(named: "assign") {
            let call = outline.calls[callIndex]
            guard let role = model.enclosingRole(of: call.node), role.isReferenceType,
                  let target = context.argument("on", of: call), context.chain(target)?.key == "self",
                  let holder = storedResult(of: callIndex, context: context) else { continue }
            context.report(token: call.nameToken, node: call.node,
                           message: Self.assignMessage(holder: holder))
        }
    }

    func retention(of closureIndex: Int, context: RuleContext) -> Retention? {
        let model = context.model
        let outline = context.outline
        let closure = outline.closures[closureIndex]
        if let assignment = closure.assignment {
            guard let lhs = ExpressionChain(context.tree, tokens: outline.assignments[assignment].lhs),
                  isOwned(lhs, at: closure.node, context: context) else { return nil }
            return Retention(holder: lhs.key, isProperty: true)
        }
        if let variable = closure.variable {
            let declaration = outline.variables[variable]
            let parent = outline.nodes[declaration.node].parent
            guard parent >= 0, outline.nodes[parent].kind == .type, !declaration.modifiers.contains(.static) else { return nil }
            return Retention(holder: declaration.name, isProperty: true)
        }
        guard let callIndex = closure.call else { return nil }
        let call = outline.calls[callIndex]
        let name = model.name(ofCall: callIndex)
        let receiver = context.receiverChain(call)
        let labels = context.arguments(of: call).map(\.label)
        if context.options.strings("retaining_calls").contains(name) {
            return configuredRetention(name: name, receiver: receiver, callIndex: callIndex, at: call.node, context: context)
        }
        switch name {
        case "append", "insert":
            guard let receiver, isOwned(receiver, at: call.node, context: context) else { return nil }
            return Retention(holder: receiver.key, isProperty: true)
        case "scheduledTimer" where receiver?.key == "Timer", "Timer" where call.receiver == nil:
            guard !context.isFalse("repeats", of: call) else { return nil }
            return Retention(holder: "the repeating timer (and its run loop)", isProperty: false)
        case "addObserver" where labels.contains("forName") && labels.contains("queue"):
            return Retention(holder: "NotificationCenter until the observer is removed", isProperty: false)
        case "observe", "sink":
            if name == "sink", let receiver, finishesAfterAValue(receiver, context: context) { return nil }
            guard let holder = storedResult(of: callIndex, context: context) else { return nil }
            return Retention(holder: holder, isProperty: true)
        case "setEventHandler":
            guard let receiver, isOwned(receiver, at: call.node, context: context) else { return nil }
            return Retention(holder: receiver.key, isProperty: true)
        case "UIAction":
            return actionRetention(callIndex, context: context)
        default:
            // A stored `Task` keeps `self` only while it runs: a cycle worth reporting when the
            // task does not end on its own (it loops, or iterates an async sequence).
            if isTaskCall(call, callIndex: callIndex, context: context), runsIndefinitely(closureIndex, context: context),
               let holder = storedResult(of: callIndex, context: context) {
                return Retention(holder: holder, isProperty: true)
            }
            return nil
        }
    }

    /// A call the configuration names as keeping its closure for the receiver's life
    /// (`eventBus.subscribe { ... }`): a cycle when `self` is the receiver or owns it, or keeps the
    /// token the call returns; a leak when the receiver is shared (`EventBus.shared`).
    func configuredRetention(name: String, receiver: ExpressionChain?, callIndex: Int, at node: Int,
                             context: RuleContext) -> Retention? {
        guard let receiver, receiver.key != "self" else {
            return Retention(holder: "`self` through `\(name)`", isProperty: false)
        }
        if isOwned(receiver, at: node, context: context) { return Retention(holder: receiver.key, isProperty: true) }
        if let holder = storedResult(of: callIndex, context: context) { return Retention(holder: holder, isProperty: true) }
        if let root = receiver.names.first, root.first?.isUppercase == true,
           context.model.localVariable(named: root, visibleAt: node) == nil {
            return Retention(holder: "`\(receiver.key)`", isProperty: false)
        }
        return nil
    }

    /// A publisher that finishes after a bounded number of values (`.first()`, `.first(where:)`,
    /// `.prefix(3)`, `.output(at:)`): the subscription ends and the sink releases its closures.
    func finishesAfterAValue(_ publisher: ExpressionChain, context: RuleContext) -> Bool {
        for (offset, link) in publisher.links.enumerated() {
            guard case .name(let name) = link, offset + 1 < publisher.links.count else { continue }
            switch (name, publisher.links[offset + 1]) {
            case ("first", .call), ("first", .closure), ("output", .call):
                return true
            case ("prefix", .call(let arguments)):
                let inside = context.tree.significantTokens(in: arguments)
                if inside.count == 1, context.tree.tokens[inside[0]].kind == .integerLiteral { return true }
            default:
                continue
            }
        }
        return false
    }

    /// A loop in the task's body (`for await`, `while`, `repeat`) keeps it alive until cancelled.
    func runsIndefinitely(_ closure: Int, context: RuleContext) -> Bool {
        context.model.descendants(of: context.outline.closures[closure].node, kind: .conditional).contains { index in
            switch context.outline.conditionals[index].kind {
            case .while, .repeatWhile: return true
            case .forIn:
                let condition = context.tree.significantTokens(in: context.outline.conditionals[index].condition)
                return condition.contains { context.tree.token($0, is: "await") }
            default: return false
            }
        }
    }

    func isTaskCall(_ call: Call, callIndex: Int, context: RuleContext) -> Bool {
        let name = context.model.name(ofCall: callIndex)
        if name == "Task", call.receiver == nil { return true }
        return name == "detached" && context.receiverChain(call)?.key == "Task"
    }

    /// A `UIAction` that ends up in something `self` owns: handed to `addAction` on an owned
    /// control, or to a control, item or menu (`UIBarButtonItem(primaryAction:)`,
    /// `UIMenu(children: [...])`) that is stored in `self` — directly, or through a local.
    func actionRetention(_ callIndex: Int, context: RuleContext) -> Retention? {
        let model = context.model
        let outline = context.outline
        var current = callIndex
        for _ in 0..<4 {
            let call = outline.calls[current]
            switch model.destination(ofExpressionStartingAt: call.chainStart) {
            case .assignment, .variable:
                if let holder = storedResult(of: current, context: context) {
                    return Retention(holder: holder, isProperty: true)
                }
                if case .variable(let local) = model.destination(ofExpressionStartingAt: call.chainStart) {
                    return localActionRetention(outline.variables[local], context: context)
                }
                return nil
            case .argument(let outer, _):
                if let retention = addActionRetention(outer, context: context) { return retention }
                current = outer
            case .none:
                // Inside an array literal (`UIMenu(children: [...])`): the enclosing call takes it.
                let parent = outline.nodes[call.node].parent
                guard parent >= 0, outline.nodes[parent].kind == .call else { return nil }
                current = outline.nodes[parent].detail
                if let retention = addActionRetention(current, context: context) { return retention }
            }
        }
        return nil
    }

    func addActionRetention(_ callIndex: Int, context: RuleContext) -> Retention? {
        let call = context.outline.calls[callIndex]
        guard context.model.name(ofCall: callIndex) == "addAction" else { return nil }
        guard let receiver = context.receiverChain(call) else { return Retention(holder: "this control", isProperty: true) }
        guard receiver.key == "self" || isOwned(receiver, at: call.node, context: context) else { return nil }
        return Retention(holder: receiver.key, isProperty: true)
    }

    /// `let retry = UIAction { ... }; retryButton.addAction(retry, for: .touchUpInside)`.
    func localActionRetention(_ local: VariableDeclaration, context: RuleContext) -> Retention? {
        let functionNode = context.outline.nodes[local.node].enclosingFunction
        guard functionNode >= 0 else { return nil }
        for callIndex in context.model.descendants(of: functionNode, kind: .call) {
            let call = context.outline.calls[callIndex]
            guard context.argumentKeys(of: call).contains(local.name) else { continue }
            if let retention = addActionRetention(callIndex, context: context) { return retention }
            if let holder = storedResult(of: callIndex, context: context) { return Retention(holder: holder, isProperty: true) }
        }
        return nil
    }

    /// Whether the object a chain names is kept by `self`: a stored property of `self` (at any
    /// depth), a cell dequeued from `self`'s table or collection view, or a local the same function
    /// stores into `self`.
    func isOwned(_ chain: ExpressionChain, at node: Int, context: RuleContext) -> Bool {
        let model = context.model
        guard let root = chain.names.first else { return false }
        if chain.startsWithSelf || model.localVariable(named: root, visibleAt: node) == nil
            && model.parameter(named: root, visibleAt: node) == nil && !model.isClosureParameter(root, visibleAt: node) {
            guard let member = model.member(root, at: node) else { return isOwnedByUIKit(root, at: node, context: context) }
            guard member.isProperty else { return false }
            return member.isStored && (!member.isWeakOrUnowned || member.isOutlet) || (!member.isStored && chain.names.count == 1)
        }
        guard let local = model.localVariable(named: root, visibleAt: node) else { return false }
        let declaration = context.outline.variables[local]
        if let initializer = declaration.initializer, isDequeuedFromOwnedList(initializer, at: declaration.node, context: context) {
            return true
        }
        return isStoredIntoSelf(root, near: node, context: context)
    }

    /// UIKit properties a controller or view keeps for its whole life.
    func isOwnedByUIKit(_ name: String, at node: Int, context: RuleContext) -> Bool {
        guard let role = context.model.enclosingRole(of: node) else { return false }
        if role.isController {
            switch name {
            case "navigationItem", "view", "tabBarItem": return true
            case "tableView": return context.index.inherits(role.key, from: "UITableViewController")
            case "collectionView": return context.index.inherits(role.key, from: "UICollectionViewController")
            default: return false
            }
        }
        if role.isView { return name == "contentView" || name == "layer" }
        return false
    }

    /// `tableView.dequeueReusableCell(...)` on a table `self` owns: a stored property, a UIKit
    /// property, or the table a controller's or view's data source method receives.
    func isDequeuedFromOwnedList(_ initializer: Range<Int>, at node: Int, context: RuleContext) -> Bool {
        let model = context.model
        for callIndex in model.descendants(of: node, kind: .call) {
            let call = context.outline.calls[callIndex]
            guard call.chainStart >= initializer.lowerBound, call.chainStart < initializer.upperBound else { continue }
            let name = model.name(ofCall: callIndex)
            guard name.hasPrefix("dequeueReusable") || name == "dequeueConfiguredReusableCell" else { continue }
            guard let receiver = context.receiverChain(call), let root = receiver.names.first else { return false }
            // The table a data source method or a diffable cell provider receives.
            if !receiver.startsWithSelf, model.parameter(named: root, visibleAt: call.node) != nil
                || model.isClosureParameter(root, visibleAt: call.node) {
                let role = model.enclosingRole(of: call.node)
                return (role?.isController ?? false) || (role?.isView ?? false)
            }
            return isOwned(receiver, at: call.node, context: context)
        }
        return false
    }

    /// `self.child = local`, `view.addSubview(local)`, `addChild(local)`, `items.append(local)`.
    func isStoredIntoSelf(_ local: String, near node: Int, context: RuleContext) -> Bool {
        storingHolder(of: local, near: node, context: context) != nil
    }

    /// What the local ends up in: `self.child` for `self.child = local`, `view` for
    /// `view.addSubview(local)`.
    func storingHolder(of local: String, near node: Int, context: RuleContext) -> String? {
        let model = context.model
        let outline = context.outline
        let functionNode = outline.nodes[node].enclosingFunction
        guard functionNode >= 0 else { return isReturnedIntoProperty(local, near: node, context: context) ? local : nil }
        for assignmentIndex in model.descendants(of: functionNode, kind: .assignment) {
            let assignment = outline.assignments[assignmentIndex]
            guard ExpressionChain(context.tree, tokens: assignment.rhs)?.key == local,
                  let lhs = ExpressionChain(context.tree, tokens: assignment.lhs),
                  lhs.names.first != local, isOwned(lhs, at: assignment.node, context: context) else { continue }
            return lhs.key
        }
        // Presenting or pushing hands the object to another owner; these calls make `self`
        // (or a view `self` owns) its owner.
        let storing: Set<String> = ["addSubview", "addArrangedSubview", "insertSubview", "insertArrangedSubview",
                                    "addChild", "append", "insert"]
        for callIndex in model.descendants(of: functionNode, kind: .call) where storing.contains(model.name(ofCall: callIndex)) {
            let call = outline.calls[callIndex]
            guard context.arguments(of: call).contains(where: { context.chain($0)?.key == local }) else { continue }
            if let receiver = context.receiverChain(call), receiver.key != "self", receiver.key != "view",
               receiver.key != "contentView", !isOwned(receiver, at: call.node, context: context) {
                continue
            }
            return context.receiverChain(call)?.key ?? "self"
        }
        return nil
    }

    /// `lazy var control: UIControl = { let control = ...; ...; return control }()`: the local is
    /// what the property ends up holding.
    func isReturnedIntoProperty(_ local: String, near node: Int, context: RuleContext) -> Bool {
        let outline = context.outline
        var current = outline.nodes[node].parent
        while current >= 0, outline.nodes[current].kind != .type {
            if outline.nodes[current].kind == .closure {
                let closure = outline.closures[outline.nodes[current].detail]
                if closure.isImmediatelyInvoked, let variable = closure.variable,
                   outline.nodes[outline.variables[variable].node].parent >= 0,
                   outline.nodes[outline.nodes[outline.variables[variable].node].parent].kind == .type {
                    let tokens = context.tree.significantTokens(in: closure.body.interior)
                    for (offset, token) in tokens.enumerated() where context.tree.tokens[token].isKeyword(.return) {
                        if offset + 1 < tokens.count, context.tree.text(ofToken: tokens[offset + 1]) == local { return true }
                    }
                }
            }
            current = outline.nodes[current].parent
        }
        return false
    }

    /// Where the result of a call's chain is kept by `self`: `.store(in: &bag)`, assigned to a
    /// stored property, appended to one, or a property's initializer.
    func storedResult(of callIndex: Int, context: RuleContext) -> String? {
        let model = context.model
        let outline = context.outline
        for link in model.laterLinks(inChainOf: callIndex) where model.name(ofCall: link) == "store" {
            if let bag = context.argument("in", of: outline.calls[link]) {
                // `&self.cancellables` and `&cancellables` are the same storage.
                var holder = Substring(context.compactText(bag.expression).filter { $0 != "&" })
                if holder.hasPrefix("self.") { holder = holder.dropFirst("self.".count) }
                return String(holder)
            }
        }
        let outermost = outline.calls[model.outermostCall(inChainOf: callIndex)]
        switch model.destination(ofExpressionStartingAt: outermost.chainStart) {
        case .assignment(let index):
            guard let lhs = ExpressionChain(context.tree, tokens: outline.assignments[index].lhs),
                  isOwned(lhs, at: outline.assignments[index].node, context: context) else { return nil }
            return lhs.key
        case .variable(let index):
            let variable = outline.variables[index]
            let parent = outline.nodes[variable.node].parent
            if parent >= 0, outline.nodes[parent].kind == .type { return variable.name }
            return storingHolder(of: variable.name, near: variable.node, context: context)
        case .argument(let call, _):
            let container = outline.calls[call]
            let name = model.name(ofCall: call)
            guard name == "append" || name == "insert", let receiver = context.receiverChain(container),
                  isOwned(receiver, at: container.node, context: context) else { return nil }
            return receiver.key
        case .none:
            return nil
        }
    }

    static func message(_ retention: Retention) -> String {
        if retention.isProperty {
            return "`\(retention.holder)` is retained by `self` and this closure captures `self` strongly, a retain cycle; "
                + "capture `[weak self]`"
        }
        return "this closure is kept by \(retention.holder) and captures `self` strongly, so `self` is never released; "
            + "capture `[weak self]`"
    }

    static func assignMessage(holder: String) -> String {
        "`assign(to:on: self)` keeps `self` strongly for as long as `\(holder)` keeps the subscription, a retain cycle; "
            + "use `sink { [weak self] ... }` or `assign(to: &$property)`"
    }
}
