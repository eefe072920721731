import LifeguardKit

/// Timers and display links stopped only in `deinit`, or never.
public struct TimerInvalidatedOnlyInDeinitRule: Rule {
    public init() {}

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
                The timer must be stored in a property of the class, by assignment or initializer. A \
                timer stopped through a helper method counts as stopped wherever the helper is (the \
                helper is not traced to its callers). Non-repeating timers (`repeats: false`) are never \
                flagged: they release their target after firing.
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
        indexedCalls: ["invalidate", "cancel"])

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
        let outline = context.outline
        let candidates = model.calls(named: "scheduledTimer", "Timer", "init", "CADisplayLink", "makeTimerSource")
        for callIndex in candidates {
            let call = outline.calls[callIndex]
            guard let kind = timerKind(call, callIndex: callIndex, context: context),
                  let role = model.enclosingRole(of: call.node), role.isReferenceType,
                  !context.isFalse("repeats", of: call),
                  let (property, local) = storingProperty(call, context: context)
            else { continue }
            let stops = context.index.calls(inType: role.key).filter { $0.name == kind.stop && $0.receiver == property }
            guard !stops.contains(where: { !$0.inDeinit }), !stoppedThroughAlias(property, kind: kind, node: call.node, context: context)
            else { continue }
            let retainsSelf = keepsSelfAlive(call, kind: kind, names: [property, local].compactMap { $0 }, context: context)
            guard retainsSelf || role.isController else { continue }
            var notes: [RuleContext.Note] = []
            if let stop = deinitStopToken(property: property, kind: kind, node: call.node, context: context) {
                notes.append(.init("only stopped here, in `deinit`", token: stop))
            }
            context.report(
                token: call.chainStart, node: call.node,
                message: Self.message(property: property, kind: kind, retainsSelf: retainsSelf,
                                      stoppedInDeinit: !stops.isEmpty, controller: role.isController),
                severity: retainsSelf ? context.severity : min(context.severity, .warning), notes: notes)
        }
    }

    func timerKind(_ call: Call, callIndex: Int, context: RuleContext) -> Kind? {
        let name = context.model.name(ofCall: callIndex)
        let receiver = context.receiverChain(call)?.key
        let firstLabel = context.arguments(of: call).first?.label
        switch name {
        case "scheduledTimer" where receiver == "Timer":
            return .timer
        case "Timer" where call.receiver == nil, "init" where receiver == "Timer":
            return firstLabel == "timeInterval" || firstLabel == "fire" || firstLabel == "fireAt" ? .timer : nil
        case "CADisplayLink" where call.receiver == nil:
            return firstLabel == "target" ? .displayLink : nil
        case "makeTimerSource" where receiver == "DispatchSource":
            return .dispatchSource
        default:
            return nil
        }
    }

    /// The stored property the new timer is put in, if it is put in one, and the local that
    /// carried it there (`let timer = Timer(...); self.timer = timer`).
    func storingProperty(_ call: Call, context: RuleContext) -> (String, String?)? {
        let model = context.model
        let outline = context.outline
        switch model.destination(ofExpressionStartingAt: call.chainStart) {
        case .assignment(let index):
            return storedMember(outline.assignments[index].lhs, at: call.node, context: context).map { ($0, nil) }
        case .variable(let index):
            let variable = outline.variables[index]
            let parent = outline.nodes[variable.node].parent
            if parent >= 0, outline.nodes[parent].kind == .type { return (variable.name, nil) }
            // A local: stored if the same function assigns it to a property.
            let functionNode = outline.nodes[variable.node].enclosingFunction
            guard functionNode >= 0 else { return nil }
            for assignmentIndex in model.descendants(of: functionNode, kind: .assignment) {
                let assignment = outline.assignments[assignmentIndex]
                guard ExpressionChain(context.tree, tokens: assignment.rhs)?.key == variable.name,
                      let property = storedMember(assignment.lhs, at: assignment.node, context: context) else { continue }
                return (property, variable.name)
            }
            return nil
        default:
            return nil
        }
    }

    /// `timer` or `self.timer` when it names a stored property of the enclosing type.
    func storedMember(_ lhs: Range<Int>, at node: Int, context: RuleContext) -> String? {
        guard let chain = ExpressionChain(context.tree, tokens: lhs), chain.names.count == 1, let name = chain.lastName else {
            return nil
        }
        if chain.startsWithSelf { return context.model.member(name, at: node)?.isStored == true ? name : nil }
        return context.model.isStoredProperty(name, at: node) ? name : nil
    }

    /// `target: self`, a block that captures `self` strongly, or (for a dispatch source) an event
    /// handler that does.
    func keepsSelfAlive(_ call: Call, kind: Kind, names: [String], context: RuleContext) -> Bool {
        let model = context.model
        if let target = context.argument("target", of: call), context.chain(target)?.key == "self" { return true }
        for argument in context.arguments(of: call) {
            if let closure = argument.closure, model.capturesSelfStrongly(closure) { return true }
            // `block: self.tick` or `block: tick`: a method reference captures `self` strongly.
            if argument.label == "block", let chain = context.chain(argument), !isLocal(chain, at: call.node, context: context),
               chain.startsWithSelf || (chain.names.count == 1 && model.member(chain.names[0], at: call.node) != nil) {
                return true
            }
        }
        for closure in call.trailingClosures where model.capturesSelfStrongly(closure) { return true }
        if kind == .dispatchSource {
            for handlerIndex in model.calls(named: "setEventHandler") {
                let handler = context.outline.calls[handlerIndex]
                guard let receiver = context.receiverChain(handler)?.key, names.contains(receiver) else { continue }
                let closures = handler.trailingClosures + context.arguments(of: handler).compactMap(\.closure)
                if closures.contains(where: { model.capturesSelfStrongly($0) }) { return true }
            }
        }
        return false
    }

    func isLocal(_ chain: ExpressionChain, at node: Int, context: RuleContext) -> Bool {
        guard !chain.startsWithSelf, let root = chain.names.first else { return false }
        return context.model.localVariable(named: root, visibleAt: node) != nil
            || context.model.parameter(named: root, visibleAt: node) != nil
    }

    /// `if let timer = refreshTimer { timer.invalidate() }`, `willSet { oldTimer?.invalidate() }`:
    /// a stop through a local bound to the property (or `oldValue` in its own observer), outside `deinit`.
    func stoppedThroughAlias(_ property: String, kind: Kind, node: Int, context: RuleContext) -> Bool {
        let model = context.model
        let type = model.enclosingType(of: node)
        for callIndex in model.calls(named: kind.stop) {
            let call = context.outline.calls[callIndex]
            guard model.enclosingType(of: call.node) == type, let receiver = context.receiverChain(call),
                  let root = receiver.names.first, receiver.names.count == 1,
                  let function = model.enclosingFunction(of: call.node),
                  context.outline.functions[function].kind != .deinitializer else { continue }
            if root == "oldValue", let owner = context.outline.functions[function].property,
               context.outline.variables[owner].name == property {
                return true
            }
            guard let local = model.localVariable(named: root, visibleAtToken: receiver.linkTokens[0]),
                  let initializer = context.outline.variables[local].initializer,
                  ExpressionChain(context.tree, tokens: initializer)?.key == property else { continue }
            return true
        }
        return false
    }

    func deinitStopToken(property: String, kind: Kind, node: Int, context: RuleContext) -> Int? {
        for callIndex in context.model.calls(named: kind.stop) {
            let call = context.outline.calls[callIndex]
            guard context.receiverChain(call)?.key == property,
                  let function = context.model.enclosingFunction(of: call.node),
                  context.outline.functions[function].kind == .deinitializer,
                  context.model.enclosingType(of: call.node) == context.model.enclosingType(of: node)
            else { continue }
            return call.nameToken
        }
        return nil
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
