import LifeguardKit

/// A closure that `self` keeps, which keeps `self`.
public struct StrongSelfInEscapingClosureRule: Rule {
    public init() {}

    /// `self` is in nearly every file of an app, so the words `self` and `Task` would send most
    /// files to pass 2; the rule's test of pass 1's tree (`mayHoldCycle`) replaces them.
    public static func candidateTest(_ options: RuleOptions) -> CandidateTest? {
        let configured = options.stringSet("retaining_calls")
        let keepingCalls = retainingCallNames.union(configured)
        return { tree in mayHoldCycle(tree, keepingCalls: keepingCalls, configured: configured) }
    }

    /// Whether a file has what every finding needs, read without the index: a closure in a type
    /// that may be a class (not a struct or enum: an extension or protocol may extend a class),
    /// not run on the spot, that something could keep (it is assigned, an instance property's
    /// initial value, or an argument of a call `retention(of:)` reads), which says `self` in its capture
    /// list or body, and does not capture `self` weakly or unowned; a `Task` closure that loops (the
    /// one kind that uses `self` implicitly here, and kept only while it runs); or a call named
    /// `assign` in such a type.
    static func mayHoldCycle(_ tree: SyntaxTree, keepingCalls: Set<String>, configured: Set<String>) -> Bool {
        let outline = tree.outline
        func inPossibleClass(_ node: Int) -> Bool {
            let type = outline.nodes[node].enclosingType
            guard type >= 0 else { return false }
            switch outline.types[outline.nodes[type].detail].kind {
            case .struct, .enum: return false
            case .class, .actor, .extension, .protocol: return true
            }
        }
        // `retention(of:)` keeps a declaration's closure only for a property of an instance.
        func isInstanceProperty(_ variable: Int) -> Bool {
            let declaration = outline.variables[variable]
            let parent = outline.nodes[declaration.node].parent
            return parent >= 0 && outline.nodes[parent].kind == .type && !declaration.modifiers.contains(.static)
                && !declaration.modifiers.contains(.class)
        }
        // Found on first need: most files have no closure in a class, and fewer a task.
        var foundSelfTokens: [Int]?
        var foundLoops: IndefiniteLoops?
        func saysSelf(between range: Range<Int>) -> Bool {
            let selfTokens = foundSelfTokens ?? tree.selfTokens()
            foundSelfTokens = selfTokens
            return !SyntaxTree.positions(selfTokens, in: range).isEmpty
        }
        for closure in outline.closures where !closure.isImmediatelyInvoked && inPossibleClass(closure.node) {
            // The cheap tests first: most closures are handed to one-shot calls or capture `self` weakly.
            let selfCapture = outline.captures[closure.captures].first { tree.token($0.nameToken, spells: "self") }
            if let selfCapture, selfCapture.specifier != .strong { continue }
            let saysSelf = selfCapture != nil || saysSelf(between: closure.body.interior)
            if saysSelf, closure.assignment != nil || closure.variable.map(isInstanceProperty) == true { return true }
            guard let call = closure.call else { continue }
            let name = outline.calls[call].nameToken
            // A `Task` keeps `self` only when it runs indefinitely (`runsIndefinitely`), unless the
            // configuration names it a retaining call.
            if taskNames.contains(name, in: tree) {
                let loops = foundLoops ?? IndefiniteLoops(tree)
                foundLoops = loops
                if loops.inside(closure.node, of: outline) || configured.contains(tree.text(ofToken: name)) { return true }
                continue
            }
            if saysSelf, keepingCalls.contains(tree.text(ofToken: name)) { return true }
        }
        return outline.calls.contains { assignName.contains($0.nameToken, in: tree) && inPossibleClass($0.node) }
    }

    static let taskNames = TokenNames(["Task", "detached"])
    static let assignName = TokenNames(["assign"])

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
                a KVO `observe`, or a Combine `sink`/`assign(to:on:)` whose token is stored on a \
                publisher that never finishes — a subject, a `@Published` property (`$items`), a \
                publisher stored in a property, a notification or KVO publisher, `Timer.publish`, or a \
                function of the run that returns one of those (a publisher that finishes — `Just`, \
                `Future`, `URLSession`'s `dataTaskPublisher`, anything after `.first()` or \
                `.prefix(n)`, or one returned by a function whose body the run cannot see, typically a \
                one-shot request — releases the closure when it ends), \
                `setEventHandler`, a `UIAction` added to a control `self` owns), or a long-running `Task` \
                (one that loops or iterates an async sequence) whose handle `self` stores. Calls named \
                in the `retaining_calls` option (your own event bus's `subscribe`, say) are treated the \
                same way: their closure is kept by the receiver when `self` is the receiver or owns it, \
                by the token `self` stores, or for good by a shared receiver (`EventBus.shared`). A property the \
                class itself sets back to `nil` (a one-shot completion handler) is not reported: the \
                owner breaks that cycle. Inside a closure that captures `[unowned self]` or `[weak self]`, \
                a nested closure's `self` is that capture and is not reported, unless the outer closure \
                made it strong again (`guard let self`). Also not reported: subscriptions made on \
                appearance and cleared in a disappearance callback (`removeAll()`, `cancel()`, `= nil` in \
                `viewWillDisappear(_:)`/`viewDidDisappear(_:)`: they do not outlive the visit), \
                CombineExt's `assign(to:on:ownership: .weak)`, block observers on a \
                `NotificationCenter()` the code creates itself, and storage the type lets go of in \
                another of its methods (`cancellables = []`, `cancellables.removeAll()`, \
                `subscription?.cancel()`, `timer?.invalidate()` in `stop()` or `pause()`; not in \
                `deinit`, which the cycle keeps from running, and not a reset in a function that stores \
                into the holder again).
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
                Opt-in. On five open-source apps that were never used to tune it, 20 of 27 findings \
                were real cycles; after the shared-instance and owner-teardown exemptions, 19 of 22 on the \
                same apps (no longer an untuned measure). On seven further untuned apps, 17 of 19; the two \
                false ones were a singleton kept in a file-scope constant, which is now exempt too. What \
                remains false: a block timer invalidated through the property that holds it in another \
                method. Enable it with `opt_in_rules: [strong_self_in_escaping_closure]`. \
                A type that keeps an instance of itself in a `static let` (`static let shared = \
                Reporter()`), or whose instance a file-scope constant holds (`private let reporter = \
                Reporter()`), is treated as living as long as the app, and its closures are not reported: \
                a cycle through an object that never goes away leaks nothing. Other instances of such a \
                type, if the app makes any, are not told apart from the shared one. \
                Ownership is read from declarations: a property counts as owned when it is a stored \
                property of the class (weak ones only when they are `@IBOutlet`s, which the view \
                hierarchy keeps); a parameter's object, or a local that is only presented or passed on, \
                does not. A publisher whose origin the run cannot see (a parameter, a protocol \
                requirement's result) is taken to finish, and its `sink` is not reported. Closures stored through APIs that are not listed here (a custom `store(in:)`, \
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
        ],
        isOptIn: true,
        indexedCalls: StrongSelfInEscapingClosureRule.indexedCallNames,
        indexesAssignments: true)

    /// `completion = nil` somewhere in the type: a one-shot handler the owner releases itself,
    /// so the cycle is broken by design.
    func isClearedByOwner(_ retention: Retention, role: FileModel.TypeRole, at node: NodeID, teardowns: inout TeardownSites,
                          context: RuleContext) -> Bool {
        guard retention.isProperty, let name = retention.member else { return false }
        let sites = teardowns.sites(of: name, inType: role.key, index: context.index)
        if sites.clearedToNil { return true }
        // `cancellables = []`, `cancellables.removeAll()`, `timer?.invalidate()`, `task?.cancel()`
        // in another method of the type: the owner lets go on its own.
        let own = context.model.enclosingFunction(of: node).map { context.outline[$0].fullName }
        return sites.functions.contains { $0 != own }
    }

    /// Where a type lets go of a property, worked out once per type and property: a type with many
    /// closures must not read its remembered calls again for each.
    struct TeardownSites {
        struct Sites {
            /// `name = nil` somewhere in the type's code.
            var clearedToNil = false
            /// Functions that empty or cancel the property without storing into it again (a
            /// reset before storing anew is no teardown), `deinit` left out: a cycle keeps it from
            /// running.
            var functions: [String?] = []
        }

        private var known: [String: Sites] = [:]

        mutating func sites(of name: String, inType key: String, index: ProjectIndex) -> Sites {
            let slot = key + "\u{0}" + name
            if let sites = known[slot] { return sites }
            var sites = Sites()
            let assignments = index.ownAssignments(to: name, inType: key)
            sites.clearedToNil = assignments.contains { $0.value == .nilLiteral }
            let calls = index.calls(inType: key)
            var storing = Set(assignments.filter { $0.value != .nilLiteral && $0.value != .emptyCollection }.map(\.function))
            for call in calls where call.name == "store" && call.labels == ["in"] { storing.insert(call.function) }
            for assignment in assignments where assignment.value == .emptyCollection && !assignment.inDeinit {
                sites.functions.append(assignment.function)
            }
            for call in calls where StrongSelfInEscapingClosureRule.teardownCalls.contains(call.name) && call.labels.isEmpty
                && !call.inDeinit {
                guard var receiver = call.receiver else { continue }
                if receiver.hasPrefix("self.") { receiver.removeFirst("self.".count) }
                if receiver == name { sites.functions.append(call.function) }
            }
            sites.functions.removeAll { storing.contains($0) }
            known[slot] = sites
            return sites
        }
    }

    /// Calls that let go of what a holder keeps, and `store(in:)`, which fills one: remembered by
    /// the index for `isClearedByOwner`.
    static let teardownCalls: Set<String> = ["removeAll", "cancel", "invalidate"]
    static let indexedCallNames: Set<String> = teardownCalls.union(["store"])

    /// `cancellables.removeAll()`, `loadTask = nil` later in the same function: the storage lets go
    /// before the function returns (the test-and-wait pattern), so nothing outlives it.
    func isClearedLater(_ retention: Retention, after token: Int, at node: NodeID, clearings: inout ClearingSites,
                        context: RuleContext) -> Bool {
        guard retention.isProperty, let holder = retention.object,
              let function = context.model.enclosingFunction(of: node) else { return false }
        return clearings.isCleared(holder, after: token, inFunction: function, context: context)
    }

    /// Where the file's functions let go of storage — `x.removeAll()`, `x.cancel()`,
    /// `x.invalidate()`, `x = nil`, `x = []` — gathered in one pass over the file on first use,
    /// under every function they are in (a nested function's too) and by the object's anchor:
    /// asked for every closure, reading each function's calls again would be quadratic.
    struct ClearingSites {
        private struct Site {
            /// Where the call's chain or the assignment's left side starts.
            var token: Int
            var object: ObjectRef
        }

        private var byFunction: [Int: [ObjectRef.Anchor: [Site]]]?
        /// Per type key: what its `…Disappear…` methods in this file empty, cancel or set to `nil`.
        private var onDisappearance: [String: [ObjectRef.Anchor: [ObjectRef]]] = [:]

        /// `viewDidDisappear` (or any method named for disappearing) empties, cancels or lets go of
        /// the holder, in this file's code of the type.
        mutating func isClearedOnDisappearance(_ holder: ObjectRef, inTypeWithKey key: String, context: RuleContext) -> Bool {
            if onDisappearance[key] == nil { onDisappearance[key] = Self.gatherDisappearance(ofTypeWithKey: key, context) }
            return onDisappearance[key]?[holder.anchor]?.contains { $0.isSame(as: holder) } ?? false
        }

        private static func gatherDisappearance(ofTypeWithKey key: String, _ context: RuleContext) -> [ObjectRef.Anchor: [ObjectRef]] {
            let model = context.model
            var result: [ObjectRef.Anchor: [ObjectRef]] = [:]
            for type in model.typeDeclarations(withKey: key) {
                for function in model.functions(ofType: type) where context.outline[function].name.contains("Disappear") {
                    let node = context.outline[function].nodeID
                    for call in model.calls(in: node) where ["removeAll", "cancel"].contains(model.name(of: call)) {
                        let object = model.receiverObject(of: call)
                        result[object.anchor, default: []].append(object)
                    }
                    for assignment in model.assignments(in: node) {
                        let item = context.outline[assignment]
                        let rhs = context.tree.significantTokens(in: item.rhs)
                        guard model.isNilLiteral(item.rhs) || (rhs.count == 2 && context.tree.tokens[rhs[0]].kind == .leftBracket),
                              let lhs = ExpressionChain(context.tree, tokens: item.lhs) else { continue }
                        let object = model.object(of: lhs, at: item.nodeID)
                        result[object.anchor, default: []].append(object)
                    }
                }
            }
            return result
        }

        mutating func isCleared(_ holder: ObjectRef, after token: Int, inFunction function: FunctionID,
                                context: RuleContext) -> Bool {
            if byFunction == nil { byFunction = Self.gather(context) }
            guard let sites = byFunction?[function.index]?[holder.anchor] else { return false }
            let low = Bisection.firstPosition(in: 0..<sites.count) { sites[$0].token <= token }
            return sites[low...].contains { $0.object.isSame(as: holder) }
        }

        private static func gather(_ context: RuleContext) -> [Int: [ObjectRef.Anchor: [Site]]] {
            let model = context.model
            let tree = context.tree
            var result: [Int: [ObjectRef.Anchor: [Site]]] = [:]
            let nodes = context.outline.nodes
            func add(_ site: Site, at node: NodeID) {
                // Under every function whose subtree holds it, up to a depth no real code reaches.
                var current = nodes[node.index].parent
                var steps = 0
                while current >= 0, steps < 256 {
                    if nodes[current].kind == .function {
                        result[nodes[current].detail, default: [:]][site.object.anchor, default: []].append(site)
                    }
                    current = nodes[current].parent
                    steps += 1
                }
            }
            for call in model.calls(named: ["removeAll", "cancel", "invalidate"]) {
                add(Site(token: context.outline[call].chainStart, object: model.receiverObject(of: call)), at: context.outline[call].nodeID)
            }
            for position in context.outline.assignments.indices {
                let item = context.outline.assignments[position]
                let rhs = tree.significantTokens(in: item.rhs)
                guard (rhs.count == 1 && tree.tokens[rhs[0]].isKeyword(.nil)) || (rhs.count == 2 && tree.tokens[rhs[0]].kind == .leftBracket),
                      let lhs = ExpressionChain(tree, tokens: item.lhs) else { continue }
                add(Site(token: item.lhs.lowerBound, object: model.object(of: lhs, at: item.nodeID)), at: item.nodeID)
            }
            for (function, anchors) in result {
                for (anchor, sites) in anchors { result[function]?[anchor] = sites.sorted { $0.token < $1.token } }
            }
            return result
        }
    }

    /// How a closure is kept.
    struct Retention {
        /// For messages: the storage as written (`onRetry`, `cancellables`), or a description.
        var holder: String
        var isProperty: Bool
        /// The storage as an object, when it is one.
        var object: ObjectRef?

        /// The property of `self` the storage is, when it is one.
        var member: String? { object?.selfMember }
    }

    public func check(_ context: RuleContext) {
        let model = context.model
        var teardowns = TeardownSites()
        var clearings = ClearingSites()
        for position in context.outline.closures.indices {
            let closure = ClosureID(position)
            let item = context.outline[closure]
            guard !item.isImmediatelyInvoked, let role = model.enclosingRole(of: item.nodeID), role.isReferenceType,
                  !context.index.hasSharedInstance(role.key),
                  let retention = retention(of: closure, context: context) else { continue }
            let isTask = item.call.map { isTaskCall(CallID($0), context: context) } ?? false
            guard model.capturesSelfStrongly(closure, countingImplicitMembers: isTask),
                  !isClearedByOwner(retention, role: role, at: item.nodeID, teardowns: &teardowns, context: context),
                  !isClearedOnDisappearance(retention, role: role, clearings: &clearings, context: context),
                  !isClearedLater(retention, after: item.body.close, at: item.nodeID, clearings: &clearings, context: context) else { continue }
            context.report(token: item.body.open, node: item.nodeID, message: Self.message(retention))
        }
        // `assign(to: \.x, on: self)` keeps `self` with no closure in sight.
        for call in model.calls(named: "assign") {
            let node = context.outline[call].nodeID
            guard let role = model.enclosingRole(of: node), role.isReferenceType, !context.index.hasSharedInstance(role.key),
                  let target = model.argument("on", of: call), model.object(ofTokens: target.expression, at: node).isSelf,
                  // CombineExt's `assign(to:on:ownership:)` holds the object weakly or unowned when asked.
                  !holdsWeakly(call, context: context),
                  publisherLifetime(of: call, context: context) == .endless,
                  let holder = storedResult(of: call, context: context) else { continue }
            context.report(token: context.outline[call].nameToken, node: node, message: Self.assignMessage(holder: holder.holder))
        }
    }

    /// `ownership: .weak` or `ownership: .unowned`.
    func holdsWeakly(_ call: CallID, context: RuleContext) -> Bool {
        guard let ownership = context.model.argument("ownership", of: call) else { return false }
        let text = context.tree.compactText(ofTokens: ownership.expression)
        return text == ".weak" || text == ".unowned"
    }

    /// Subscriptions cleared when the screen disappears (`cancellables.removeAll()`,
    /// `subscription?.cancel()`, `token = nil` in `viewWillDisappear(_:)` or `viewDidDisappear(_:)`):
    /// made on appearance and torn down on the way out, they do not outlive the screen's visit.
    func isClearedOnDisappearance(_ retention: Retention, role: FileModel.TypeRole, clearings: inout ClearingSites,
                                  context: RuleContext) -> Bool {
        guard retention.isProperty, let holder = retention.object, holder.selfMember != nil else { return false }
        return clearings.isClearedOnDisappearance(holder, inTypeWithKey: role.key, context: context)
    }

    func retention(of closure: ClosureID, context: RuleContext) -> Retention? {
        let model = context.model
        let item = context.outline[closure]
        if let assignment = item.assignment {
            let assignmentItem = context.outline.assignments[assignment]
            guard let lhs = ExpressionChain(context.tree, tokens: assignmentItem.lhs) else { return nil }
            let object = model.object(of: lhs, at: assignmentItem.nodeID)
            guard model.isOwnedBySelf(object, at: assignmentItem.nodeID) else { return nil }
            return Retention(holder: context.tree.compactText(ofTokens: assignmentItem.lhs), isProperty: true, object: object)
        }
        if let variable = item.variable {
            let declaration = context.outline.variables[variable]
            guard model.isMemberDeclaration(VariableID(variable)), !declaration.modifiers.contains(.static),
                  !declaration.modifiers.contains(.class) else { return nil }
            return Retention(holder: context.tree.name(of: declaration), isProperty: true, object: model.object(ofVariable: VariableID(variable)))
        }
        guard let callIndex = item.call else { return nil }
        let call = CallID(callIndex)
        let node = context.outline[call].nodeID
        let name = model.name(of: call)
        let receiver = model.receiver(of: call)
        let labels = model.arguments(of: call).map { model.tree.label(of: $0) }
        if context.options.stringSet("retaining_calls").contains(name) {
            return configuredRetention(name: name, receiver: receiver, call: call, context: context)
        }
        guard Self.retainingCallNames.contains(name) else { return nil }
        switch name {
        case "append", "insert":
            guard let receiver else { return nil }
            let object = model.object(of: receiver, at: node)
            guard model.isOwnedBySelf(object, at: node) else { return nil }
            return Retention(holder: context.tree.compactText(ofTokens: context.outline[call].receiver!), isProperty: true,
                             object: object)
        case "scheduledTimer" where receiver?.key == "Timer", "Timer" where context.outline[call].receiver == nil:
            guard !isFalseLiteral("repeats", of: call, context: context) else { return nil }
            return Retention(holder: "the repeating timer (and its run loop)", isProperty: false)
        case "addObserver" where labels.contains("forName") && labels.contains("queue"):
            // A center the code creates itself keeps the block only as long as the center lives.
            guard !model.isPrivateNotificationCenter(call) else { return nil }
            return Retention(holder: "NotificationCenter until the observer is removed", isProperty: false)
        case "observe":
            return storedResult(of: call, context: context)
        case "sink":
            guard publisherLifetime(of: call, context: context) == .endless else { return nil }
            return storedResult(of: call, context: context)
        case "setEventHandler":
            guard let receiver else { return nil }
            let object = model.object(of: receiver, at: node)
            guard model.isOwnedBySelf(object, at: node) else { return nil }
            return Retention(holder: context.tree.compactText(ofTokens: context.outline[call].receiver!), isProperty: true,
                             object: object)
        case "UIAction":
            return actionRetention(call, context: context)
        default:
            // A stored `Task` keeps `self` only while it runs: a cycle worth reporting when the
            // task does not end on its own (it loops, or iterates an async sequence).
            if isTaskCall(call, context: context), runsIndefinitely(closure, context: context) {
                return storedResult(of: call, context: context)
            }
            return nil
        }
    }

    /// The calls whose closure `retention(of:)` may find kept: pass 1's test reads them too.
    static let retainingCallNames: Set<String> = [
        "append", "insert", "scheduledTimer", "Timer", "addObserver", "observe", "sink", "setEventHandler", "UIAction",
        "Task", "detached",
    ]

    /// A call the configuration names as keeping its closure for the receiver's life
    /// (`eventBus.subscribe { ... }`): a cycle when `self` is the receiver or owns it, or keeps the
    /// token the call returns; a leak when the receiver is shared (`EventBus.shared`).
    func configuredRetention(name: String, receiver: ExpressionChain?, call: CallID, context: RuleContext) -> Retention? {
        let model = context.model
        let node = context.outline[call].nodeID
        guard let receiver, receiver.key != "self" else {
            return Retention(holder: "`self` through `\(name)`", isProperty: false)
        }
        let object = model.object(of: receiver, at: node)
        if model.isOwnedBySelf(object, at: node) {
            return Retention(holder: context.tree.compactText(ofTokens: context.outline[call].receiver!), isProperty: true,
                             object: object)
        }
        if let holder = storedResult(of: call, context: context) { return holder }
        if case .global(let root) = object.root, root.first?.isUppercase == true {
            return Retention(holder: "`\(receiver.key)`", isProperty: false)
        }
        return nil
    }

    /// How long a Combine chain's publisher lives.
    enum Lifetime {
        /// It never finishes on its own: a subject, `@Published`, a notification or KVO publisher.
        case endless
        /// It finishes (`Just`, `Future`, `dataTaskPublisher`, `.first()`), or the run cannot tell.
        case finishes
    }

    /// The publisher a `sink`/`assign` subscribes to, read back along its chain.
    func publisherLifetime(of call: CallID, context: RuleContext) -> Lifetime {
        guard let receiver = context.model.receiver(of: call) else { return .finishes }
        var visited = Set<String>()
        return publisherLifetime(receiver, at: context.outline[call].nodeID, depth: 0, visited: &visited, context: context)
    }

    func publisherLifetime(_ chain: ExpressionChain, at node: NodeID, depth: Int, visited: inout Set<String>,
                           context: RuleContext) -> Lifetime {
        let tree = context.tree
        let links = chain.links
        // Operators that end the stream after a bounded number of values.
        for (offset, link) in links.enumerated() {
            guard case .name(let name) = link, offset + 1 < links.count else { continue }
            switch (name, links[offset + 1]) {
            case ("first", .call), ("first", .closure), ("output", .call), ("last", .call):
                return .finishes
            case ("prefix", .call(let arguments)):
                let inside = tree.significantTokens(in: arguments)
                if inside.count == 1, tree.tokens[inside[0]].kind == .integerLiteral { return .finishes }
            default:
                continue
            }
        }
        // The source: the chain up to its first operator.
        var sourceEnd = links.count
        for (offset, link) in links.enumerated() where offset > 0 {
            if case .name(let name) = link, Self.operators.contains(name) {
                sourceEnd = offset
                break
            }
        }
        let names = links[..<sourceEnd].compactMap { link -> String? in if case .name(let name) = link { return name }; return nil }
        if names.contains(where: { Self.finishingSources.contains($0) }) { return .finishes }
        if names.contains(where: { $0.hasPrefix("$") }) { return .endless }
        if names.contains("publisher") || names.contains("publish") { return .endless }
        guard let lastSourceLink = links[..<sourceEnd].last else { return .finishes }
        switch lastSourceLink {
        case .name(let name):
            if Self.subjectNames.contains(where: { name.hasSuffix($0) }) { return .endless }
            // A publisher kept in a property — of `self` or of any object — never finishes on its own;
            // a local is followed to what it holds; a parameter's publisher is unknown.
            let source = sourceEnd < links.count ? (chain.dropping(last: links.count - sourceEnd) ?? chain) : chain
            let object = context.model.object(of: source, at: node)
            if case .member? = object.path.last { return .endless }
            switch object.root {
            case .local(let variable) where object.path.isEmpty:
                guard depth < 3, let initializer = context.outline[variable].initializer,
                      let source = ExpressionChain(tree, tokens: initializer) else { return .finishes }
                return publisherLifetime(source, at: context.outline[variable].nodeID, depth: depth + 1, visited: &visited,
                                         context: context)
            case .global:
                return .endless
            default:
                return .finishes
            }
        case .call:
            // A function of the run whose body returns an endless publisher; an unseen one is taken to finish.
            guard sourceEnd >= 2, case .name(let function) = links[sourceEnd - 2], depth < 3,
                  visited.insert(function).inserted else { return .finishes }
            return returnedPublisherLifetime(function, depth: depth + 1, visited: &visited, context: context)
        default:
            return .finishes
        }
    }

    /// Whether a function of this file named `name` returns an endless publisher.
    func returnedPublisherLifetime(_ name: String, depth: Int, visited: inout Set<String>, context: RuleContext) -> Lifetime {
        let tree = context.tree
        for function in context.outline.functions where function.name == name && function.kind == .function {
            guard let body = function.body else { continue }
            let tokens = tree.significantTokens(in: body.interior)
            // The returned expression: after `return`, or the whole body of a one-expression function.
            var start = tokens.startIndex
            if let returnIndex = tokens.firstIndex(where: { tree.tokens[$0].isKeyword(.return) }) { start = returnIndex + 1 }
            guard start < tokens.endIndex else { continue }
            var end = start
            while end < tokens.endIndex, !tree.tokens[tokens[end]].flags.contains(.startsLine) || end == start { end += 1 }
            guard let chain = ExpressionChain(tree, tokens: tokens[start]..<(tokens[end - 1] + 1)) else { continue }
            if publisherLifetime(chain, at: function.nodeID, depth: depth, visited: &visited, context: context) == .endless {
                return .endless
            }
        }
        return .finishes
    }

    /// Combine operators: they pass their upstream's lifetime on.
    static let operators: Set<String> = [
        "map", "compactMap", "filter", "removeDuplicates", "receive", "subscribe", "debounce", "throttle", "delay",
        "dropFirst", "drop", "handleEvents", "eraseToAnyPublisher", "combineLatest", "merge", "zip", "flatMap",
        "switchToLatest", "scan", "catch", "replaceError", "replaceNil", "assertNoFailure", "share", "print",
        "breakpoint", "mapError", "setFailureType", "tryMap", "tryFilter", "tryCompactMap", "collect", "sink", "assign",
        "values", "decode", "encode", "retry", "timeout", "measureInterval", "removeDuplicates", "append", "prepend",
        "makeConnectable", "autoconnect", "multicast", "buffer", "ignoreOutput", "contains", "allSatisfy", "reduce",
        "count", "min", "max", "compactMapValues",
    ]
    /// Publishers that finish on their own.
    static let finishingSources: Set<String> = [
        "Just", "Future", "Deferred", "Fail", "Empty", "Result", "dataTaskPublisher", "Record", "Sequence",
    ]
    /// Type-name endings of publishers that never finish on their own.
    static let subjectNames = ["Subject", "subject", "Relay", "relay"]

    /// A loop in the task's body (`for await`, `while`, `repeat`) keeps it alive until cancelled.
    /// `candidateTest` asks the same of `IndefiniteLoops`.
    func runsIndefinitely(_ closure: ClosureID, context: RuleContext) -> Bool {
        context.model.indefiniteLoops.inside(context.outline[closure].node, of: context.outline)
    }

    func isTaskCall(_ call: CallID, context: RuleContext) -> Bool {
        let name = context.model.name(of: call)
        if name == "Task", context.outline[call].receiver == nil { return true }
        return name == "detached" && context.model.receiver(of: call)?.key == "Task"
    }

    func isFalseLiteral(_ label: String, of call: CallID, context: RuleContext) -> Bool {
        guard let argument = context.model.argument(label, of: call) else { return false }
        let tokens = context.tree.significantTokens(in: argument.expression)
        return tokens.count == 1 && context.tree.tokens[tokens[0]].isKeyword(.false)
    }

    /// A `UIAction` that ends up in something `self` owns: handed to `addAction` on an owned
    /// control, or to a control, item or menu (`UIBarButtonItem(primaryAction:)`,
    /// `UIMenu(children: [...])`) that is stored in `self` — directly, or through a local.
    func actionRetention(_ call: CallID, context: RuleContext) -> Retention? {
        let model = context.model
        var current = call
        for _ in 0..<4 {
            switch model.destination(ofExpressionStartingAt: context.outline[current].chainStart) {
            case .assignment, .variable:
                if let holder = storedResult(of: current, context: context) { return holder }
                if case .variable(let local) = model.destination(ofExpressionStartingAt: context.outline[current].chainStart) {
                    return localActionRetention(local, context: context)
                }
                return nil
            case .argument(let outer, _):
                if let retention = addActionRetention(outer, context: context) { return retention }
                current = outer
            case .none:
                // Inside an array literal (`UIMenu(children: [...])`): the enclosing call takes it.
                let parent = context.outline.nodes[context.outline[current].node].parent
                guard parent >= 0, context.outline.nodes[parent].kind == .call else { return nil }
                current = CallID(context.outline.nodes[parent].detail)
                if let retention = addActionRetention(current, context: context) { return retention }
            }
        }
        return nil
    }

    func addActionRetention(_ call: CallID, context: RuleContext) -> Retention? {
        let model = context.model
        guard model.name(of: call) == "addAction" else { return nil }
        guard let receiver = model.receiver(of: call) else { return Retention(holder: "this control", isProperty: true) }
        let node = context.outline[call].nodeID
        let object = model.object(of: receiver, at: node)
        guard object.isSelf || model.isOwnedBySelf(object, at: node) else { return nil }
        return Retention(holder: context.tree.compactText(ofTokens: context.outline[call].receiver!), isProperty: true, object: object)
    }

    /// `let retry = UIAction { ... }; retryButton.addAction(retry, for: .touchUpInside)`.
    func localActionRetention(_ local: VariableID, context: RuleContext) -> Retention? {
        let model = context.model
        let object = model.object(ofVariable: local)
        guard let function = model.enclosingFunction(of: context.outline[local].nodeID) else { return nil }
        for call in model.calls(in: context.outline[function].nodeID) {
            let node = context.outline[call].nodeID
            guard model.arguments(of: call).contains(where: { model.object(ofTokens: $0.expression, at: node).isSame(as: object) })
            else { continue }
            if let retention = addActionRetention(call, context: context) { return retention }
            if let holder = storedResult(of: call, context: context) { return holder }
        }
        return nil
    }

    /// Where the result of a call's chain is kept by `self`: `.store(in: &bag)`, assigned to a
    /// property `self` owns, appended to one, a property's initializer, or a local `self` keeps.
    func storedResult(of call: CallID, context: RuleContext) -> Retention? {
        let model = context.model
        for link in model.laterLinks(inChainOf: call) where model.name(of: link) == "store" {
            guard let bag = model.argument("in", of: link) else { continue }
            let node = context.outline[link].nodeID
            let tokens = context.tree.significantTokens(in: bag.expression)
            // `&self.cancellables` and `&cancellables` are the same storage.
            let start = tokens.first.map { context.tree.tokens[$0].kind == .operator ? $0 + 1 : $0 } ?? bag.expression.lowerBound
            let object = model.object(ofTokens: start..<bag.expression.upperBound, at: node)
            guard object.isSelf || model.isOwnedBySelf(object, at: node) else { return nil }
            var holder = context.tree.compactText(ofTokens: start..<bag.expression.upperBound)
            if holder.hasPrefix("self.") { holder.removeFirst("self.".count) }
            return Retention(holder: holder, isProperty: true, object: object)
        }
        switch model.destination(ofChainOf: call) {
        case .assignment(let assignment):
            let item = context.outline[assignment]
            guard let lhs = ExpressionChain(context.tree, tokens: item.lhs) else { return nil }
            let object = model.object(of: lhs, at: item.nodeID)
            guard model.isOwnedBySelf(object, at: item.nodeID) else { return nil }
            return Retention(holder: context.tree.compactText(ofTokens: item.lhs), isProperty: true, object: object)
        case .variable(let variable):
            let object = model.object(ofVariable: variable)
            guard model.isOwnedBySelf(object, at: context.outline[variable].nodeID) else { return nil }
            return Retention(holder: context.tree.name(of: context.outline[variable]), isProperty: true, object: object)
        case .argument(let container, _):
            let name = model.name(of: container)
            guard name == "append" || name == "insert", let receiver = model.receiver(of: container) else { return nil }
            let node = context.outline[container].nodeID
            let object = model.object(of: receiver, at: node)
            guard model.isOwnedBySelf(object, at: node) else { return nil }
            return Retention(holder: context.tree.compactText(ofTokens: context.outline[container].receiver!), isProperty: true,
                             object: object)
        case .none:
            return nil
        }
    }

    static func message(_ retention: Retention) -> String {
        if retention.isProperty {
            let holder = retention.holder.hasPrefix("self.") ? String(retention.holder.dropFirst(5)) : retention.holder
            return "`\(holder)` is retained by `self` and this closure captures `self` strongly, a retain cycle; "
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
