import LifeguardKit

/// Timers and display links stopped only in `deinit`, or never.
public struct TimerInvalidatedOnlyInDeinitRule: Rule {
    public init() {}

    /// Pass 2 skips files without these words: every finding creates a timer through one of these types.
    public static func anchorWords(_ options: RuleOptions) -> Set<String>? {
        ["Timer", "CADisplayLink", "DispatchSource"]
    }

    public static let description = RuleDescription(
        id: "timer_invalidated_only_in_deinit",
        name: "TimerInvalidatedOnlyInDeinit",
        category: .resources,
        defaultSeverity: .error,
        summary: "A repeating timer or display link kept in a property is stopped only in `deinit`, or never.",
        documentation: RuleDocumentation(
            whatItDoes: """
                In a class, finds a `Timer` (`Timer.scheduledTimer`, `Timer(timeInterval:...)`, \
                `Timer(fire:...)`), `CADisplayLink(target:selector:)` or \
                `DispatchSource.makeTimerSource()` stored in a property whose stopping call \
                (`invalidate()`, or `cancel()` for a dispatch source) appears only in `deinit` or nowhere \
                in the type (extensions in other files included). It is an error when the timer keeps \
                `self` alive — created with `target: self`, or with a block or event handler that captures \
                `self` strongly — and otherwise a warning, reported only in view controllers.
                """,
            whyIsThisBad: """
                A scheduled timer is retained by its run loop, and it retains its target (or its block) \
                until it is invalidated; a display link retains its target likewise. When that target is \
                `self`, `self` cannot be deallocated while the timer runs, so `deinit` — the only place \
                that would invalidate it — never runs: the controller and everything it owns leak, and the \
                timer keeps firing for ever. A timer that does not retain `self` but is stopped only in \
                `deinit` still fires while its screen is covered by another or pushed off the navigation \
                stack, wasting battery and doing work for a view no one sees; UIKit's appearance callbacks \
                (`viewWillDisappear(_:)`, `viewDidDisappear(_:)`) are where it should stop, paired with \
                where it starts.
                """,
            example: """
                override func viewDidLoad() {
                    super.viewDidLoad()
                    refreshTimer = Timer.scheduledTimer(timeInterval: 5, target: self,
                                                        selector: #selector(refresh), userInfo: nil, repeats: true)
                }

                deinit {
                    refreshTimer?.invalidate()
                }
                """,
            useInstead: """
                override func viewWillAppear(_ animated: Bool) {
                    super.viewWillAppear(animated)
                    refreshTimer = Timer.scheduledTimer(withTimeInterval: 5, repeats: true) { [weak self] _ in
                        self?.refresh()
                    }
                }

                override func viewWillDisappear(_ animated: Bool) {
                    super.viewWillDisappear(animated)
                    refreshTimer?.invalidate()
                }
                """,
            knownLimitations: """
                A type that keeps an instance of itself in a `static let` (`static let shared = Clock()`), \
                or whose instance a file-scope constant holds, is treated as living as long as the app and \
                is not reported: its `deinit` never runs, and \
                nothing leaks. Other instances of such a type, if the app makes any, are not told apart. \
                The timer must be stored in a property of the class, by assignment or initializer. A \
                stop in a helper counts where the helper is called from: a private helper called only \
                from `deinit` stops the timer only in `deinit` (contract v2); a helper others may call \
                counts as stopping it. Releasing a dispatch source timer (`timer = nil`) cancels it and \
                counts as stopping it; releasing a `Timer` does not (its run loop keeps it). \
                Non-repeating timers (`repeats: false`) are never flagged: they release their target after \
                firing.
                """),
        triggeringExamples: [
            RuleExample("""
                final class ClockViewController: UIViewController {
                    private var refreshTimer: Timer?
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        refreshTimer = ↓Timer.scheduledTimer(timeInterval: 1, target: self, selector: #selector(tick),
                                                             userInfo: nil, repeats: true)
                    }
                    deinit { refreshTimer?.invalidate() }
                }
                """),
            RuleExample("""
                final class Animator {
                    private var link: CADisplayLink?
                    func start() {
                        link = ↓CADisplayLink(target: self, selector: #selector(step))
                        link?.add(to: .main, forMode: .common)
                    }
                }
                """),
            RuleExample("""
                final class PollingViewController: UIViewController {
                    var poll: Timer?
                    override func viewWillAppear(_ animated: Bool) {
                        super.viewWillAppear(animated)
                        poll = ↓Timer.scheduledTimer(withTimeInterval: 10, repeats: true) { [weak self] _ in self?.reload() }
                    }
                    deinit { poll?.invalidate() }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                final class ClockViewController: UIViewController {
                    private var refreshTimer: Timer?
                    override func viewWillAppear(_ animated: Bool) {
                        super.viewWillAppear(animated)
                        refreshTimer = Timer.scheduledTimer(timeInterval: 1, target: self, selector: #selector(tick),
                                                            userInfo: nil, repeats: true)
                    }
                    override func viewWillDisappear(_ animated: Bool) {
                        super.viewWillDisappear(animated)
                        refreshTimer?.invalidate()
                    }
                }
                """),
            RuleExample("""
                final class Toast: UIViewController {
                    var dismissal: Timer?
                    func show() {
                        dismissal = Timer.scheduledTimer(timeInterval: 3, target: self, selector: #selector(hide),
                                                         userInfo: nil, repeats: false)
                    }
                }
                """),
            RuleExample("""
                final class Ticker {
                    var timer: Timer?
                    func start() {
                        timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in self?.tick() }
                    }
                    deinit { timer?.invalidate() }
                }
                """),
            RuleExample("""
                struct Schedule {
                    var timer: Timer?
                    mutating func start() { timer = Timer(timeInterval: 1, repeats: true) { _ in } }
                }
                """),
        ],
        indexedCalls: [])

    enum Kind {
        case timer, displayLink, dispatchSource

        var stop: String { self == .dispatchSource ? "cancel" : "invalidate" }
        var noun: String {
            switch self {
            case .timer: return "timer"
            case .displayLink: return "display link"
            case .dispatchSource: return "timer source"
            }
        }
    }

    public func check(_ context: RuleContext) {
        let model = context.model
        var handlers = EventHandlers()
        for call in model.calls(named: "scheduledTimer", "Timer", "init", "CADisplayLink", "makeTimerSource") {
            let item = context.outline[call]
            guard let kind = timerKind(call, context: context),
                  let role = model.enclosingRole(of: item.nodeID), role.isReferenceType,
                  !context.index.hasSharedInstance(role.key),
                  !isFalseLiteral("repeats", of: call, context: context),
                  let property = storingProperty(call, context: context)
            else { continue }
            let stops = stopSites(of: property, kind: kind, role: role, context: context)
            guard !stops.outsideDeinit else { continue }
            let retainsSelf = keepsSelfAlive(call, kind: kind, property: property, handlers: &handlers, context: context)
            guard retainsSelf || role.isController else { continue }
            var notes: [RuleContext.Note] = []
            if let stop = stops.deinitToken { notes.append(.init("only stopped here, in `deinit`", token: stop)) }
            guard let name = property.selfMember else { continue }
            context.report(
                token: item.chainStart, node: item.nodeID,
                message: Self.message(property: name, kind: kind, retainsSelf: retainsSelf,
                                      stoppedInDeinit: stops.inDeinit, controller: role.isController),
                severity: retainsSelf ? context.severity : min(context.severity, .warning), notes: notes)
        }
    }

    func timerKind(_ call: CallID, context: RuleContext) -> Kind? {
        let model = context.model
        let name = model.name(of: call)
        let receiver = model.receiver(of: call)?.key
        let firstLabel = model.arguments(of: call).first.flatMap { model.tree.label(of: $0) }
        let isBare = context.outline[call].receiver == nil && !context.outline[call].isImplicitMember
        switch name {
        case "scheduledTimer" where receiver == "Timer":
            return .timer
        case "Timer" where isBare, "init" where receiver == "Timer":
            return firstLabel == "timeInterval" || firstLabel == "fire" || firstLabel == "fireAt" ? .timer : nil
        case "CADisplayLink" where isBare:
            return firstLabel == "target" ? .displayLink : nil
        case "makeTimerSource" where receiver == "DispatchSource":
            return .dispatchSource
        default:
            return nil
        }
    }

    func isFalseLiteral(_ label: String, of call: CallID, context: RuleContext) -> Bool {
        guard let argument = context.model.argument(label, of: call) else { return false }
        let tokens = context.tree.significantTokens(in: argument.expression)
        return tokens.count == 1 && context.tree.tokens[tokens[0]].isKeyword(.false)
    }

    /// The stored property of `self` the new timer ends up in: assigned directly, as a property's
    /// initializer, or through a local the same function stores (`let t = Timer(...); self.t = t`).
    func storingProperty(_ call: CallID, context: RuleContext) -> ObjectRef? {
        let model = context.model
        let node = context.outline[call].nodeID
        switch model.destination(ofChainOf: call) {
        case .assignment(let assignment):
            let item = context.outline[assignment]
            guard let lhs = ExpressionChain(context.tree, tokens: item.lhs) else { return nil }
            let object = model.object(of: lhs, at: item.nodeID)
            return model.storedProperty(object, at: node) != nil ? object : nil
        case .variable(let variable):
            let object = model.object(ofVariable: variable)
            if model.storedProperty(object, at: node) != nil { return object }
            guard case .local(let local) = object.root else { return nil }
            for function in model.functionGroup(of: node) {
                for store in model.stores(ofLocal: local) {
                    let assignment = context.outline[store.assignment].nodeID
                    guard model.isInside(assignment, function: function), store.value.isSame(as: object),
                          let target = store.target else { continue }
                    if model.storedProperty(target, at: assignment) != nil { return target }
                }
            }
            return nil
        default:
            return nil
        }
    }

    /// Where the type stops the timer in `property`: outside `deinit` (a method others can call,
    /// an accessor, or a private helper some non-`deinit` method calls), and the `deinit` stop.
    func stopSites(of property: ObjectRef, kind: Kind, role: FileModel.TypeRole, context: RuleContext)
        -> (outsideDeinit: Bool, inDeinit: Bool, deinitToken: Int?) {
        let model = context.model
        var effects: Set<CallSummaries.Effect> = [.stopped]
        if kind == .dispatchSource { effects.insert(.released) }
        var inDeinit = false
        var deinitToken: Int?
        for event in model.protocolEvents(on: property, inTypeWithKey: role.key)
        where effects.contains(event.effect) && event.object.isSame(as: property) {
            guard let function = model.enclosingFunction(of: event.node) else { continue }
            let declaration = context.outline[function]
            if declaration.kind == .deinitializer {
                inDeinit = true
                if deinitToken == nil, !event.isIndirect { deinitToken = event.token }
                continue
            }
            let isPrivate = declaration.modifiers.contains(.private) || declaration.modifiers.contains(.fileprivate)
            if declaration.kind == .function, isPrivate, calledOnlyFromDeinit(declaration.fullName, role: role, context: context) {
                continue
            }
            return (true, inDeinit, deinitToken)
        }
        // Other files and superclasses.
        guard let name = property.selfMember else { return (false, inDeinit, deinitToken) }
        var current: String? = role.key
        var seen = Set<String>()
        while let type = current, seen.insert(type).inserted, seen.count <= 32 {
            for (function, done) in context.index.summaries.functionEffects(inType: type, on: .member(name))
            where !done.isDisjoint(with: effects) {
                if function.kind == .deinitializer {
                    inDeinit = true
                } else if !(function.isPrivate && calledOnlyFromDeinit(function.fullName, role: role, context: context)) {
                    return (true, inDeinit, deinitToken)
                }
            }
            current = context.index.superclass(of: type)
        }
        return (false, inDeinit, deinitToken)
    }

    /// Whether every call of a private helper in the run comes from `deinit`.
    func calledOnlyFromDeinit(_ fullName: String, role: FileModel.TypeRole, context: RuleContext) -> Bool {
        context.index.summaries.isCalledOnlyFromDeinitializers(fullName)
    }

    /// `target: self`, a block that captures `self` strongly, or (for a dispatch source) an event
    /// handler that does.
    func keepsSelfAlive(_ call: CallID, kind: Kind, property: ObjectRef, handlers: inout EventHandlers,
                        context: RuleContext) -> Bool {
        let model = context.model
        let node = context.outline[call].nodeID
        if let target = model.argument("target", of: call), model.object(ofTokens: target.expression, at: node).isSelf {
            return true
        }
        for argument in model.arguments(of: call) {
            // `block: self.tick` or `block: tick`: a method reference captures `self` strongly.
            if model.tree.label(of: argument) == "block", argument.closure == nil, let chain = model.chain(argument) {
                let object = model.object(of: chain, at: node)
                if object.root == .selfObject, let member = object.selfMember, model.member(member, at: node)?.isProperty == false {
                    return true
                }
            }
        }
        if model.closures(passedTo: call).contains(where: { model.capturesSelfStrongly($0) }) { return true }
        if kind == .dispatchSource {
            for handler in handlers.handlers(holding: property, context: context) {
                if model.closures(passedTo: handler).contains(where: { model.capturesSelfStrongly($0) }) { return true }
            }
        }
        return false
    }

    /// The file's `setEventHandler` calls by the objects whose handler they set: the receiver,
    /// and where the receiver is a local, what its function stores it into (`let source =
    /// DispatchSource.makeTimerSource(); source.setEventHandler { ... }; timer = source`). Filed
    /// once per file, by anchor, the first time a dispatch source asks: each source read
    /// every handler of the file, and for each every assignment of its function (8,000 sources
    /// in one `viewDidLoad`: cubic).
    struct EventHandlers {
        private var byObject: [ObjectRef.Anchor: [(handler: CallID, object: ObjectRef)]]?

        /// The handlers set on `property`, in source order, each once.
        mutating func handlers(holding property: ObjectRef, context: RuleContext) -> [CallID] {
            if byObject == nil { byObject = Self.file(context) }
            var found: [CallID] = []
            for (handler, object) in byObject![property.anchor] ?? [] where object.isSame(as: property) {
                if found.last != handler { found.append(handler) }
            }
            return found
        }

        private static func file(_ context: RuleContext) -> [ObjectRef.Anchor: [(handler: CallID, object: ObjectRef)]] {
            let model = context.model
            var byObject: [ObjectRef.Anchor: [(handler: CallID, object: ObjectRef)]] = [:]
            for handler in model.calls(named: "setEventHandler") {
                let receiver = model.receiverObject(of: handler)
                byObject[receiver.anchor, default: []].append((handler, receiver))
                guard case .local(let local) = receiver.root, receiver.path.isEmpty else { continue }
                for function in model.functionGroup(of: context.outline[handler].nodeID) {
                    for store in model.stores(ofLocal: local)
                    where model.isInside(context.outline[store.assignment].nodeID, function: function) && store.value.isSame(as: receiver) {
                        guard let target = store.target else { continue }
                        byObject[target.anchor, default: []].append((handler, target))
                    }
                }
            }
            return byObject
        }
    }

    static func message(property: String, kind: Kind, retainsSelf: Bool, stoppedInDeinit: Bool, controller: Bool) -> String {
        let stop = "`\(kind.stop)()`"
        let place = controller ? "`viewWillDisappear(_:)` or `viewDidDisappear(_:)`, paired with where it starts"
            : "a method the owner calls when the work ends"
        if retainsSelf {
            let when = stoppedInDeinit ? "so the \(stop) in `deinit` never runs" : "and nothing calls \(stop)"
            return "`\(property)` keeps `self` alive while it runs, \(when): `self` leaks; call \(stop) in \(place)"
        }
        let now = stoppedInDeinit ? "is only stopped in `deinit`" : "is never stopped"
        return "the \(kind.noun) `\(property)` \(now), so it keeps firing while this screen is covered or gone; "
            + "call \(stop) in \(place)"
    }
}
