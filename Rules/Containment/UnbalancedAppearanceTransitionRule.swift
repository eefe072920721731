import LifeguardKit

/// `beginAppearanceTransition` without `endAppearanceTransition`, or the reverse.
public struct UnbalancedAppearanceTransitionRule: Rule {
    public init() {}

    /// Pass 2 skips files without these words: every finding is a transition call.
    public static func anchorWords(_ options: RuleOptions) -> Set<String>? {
        ["beginAppearanceTransition", "endAppearanceTransition"]
    }

    public static let description = RuleDescription(
        id: "unbalanced_appearance_transition",
        name: "UnbalancedAppearanceTransition",
        category: .containment,
        defaultSeverity: .warning,
        summary: "`beginAppearanceTransition` and `endAppearanceTransition` are not paired for the same controller.",
        documentation: RuleDocumentation(
            whatItDoes: """
                Flags a type that calls `X.beginAppearanceTransition(_:animated:)` but never \
                `X.endAppearanceTransition()` for the same `X` (anywhere in the type, extensions in other \
                files included), or the reverse. When `X` comes from a loop variable, any receiver's \
                matching call counts.
                """,
            whyIsThisBad: """
                Custom containers forward appearance to children with a begin/end pair: `begin` delivers \
                `viewWillAppear(_:)`/`viewWillDisappear(_:)`, `end` delivers `viewDidAppear(_:)`/\
                `viewDidDisappear(_:)`. A `begin` with no `end` leaves the child mid-transition for good — \
                its did-callbacks never run, and the next `begin` is ignored or logged as unbalanced; an \
                `end` with no `begin` delivers did-callbacks the child never expected.
                """,
            example: """
                func show(_ child: UIViewController) {
                    child.beginAppearanceTransition(true, animated: true)
                    view.addSubview(child.view)
                }
                """,
            useInstead: """
                func show(_ child: UIViewController) {
                    child.beginAppearanceTransition(true, animated: true)
                    view.addSubview(child.view)
                    child.endAppearanceTransition()
                }
                """,
            knownLimitations: """
                Receivers are compared as objects (`previous = current` makes them one), and the pairing \
                is checked per method when the method calls both kinds, else per type — not per path, so \
                an `end` on only one branch of an `if` counts as paired. A parameter pairs with another \
                parameter or with one of several children, since its caller may pass either.
                """),
        triggeringExamples: [
            RuleExample("""
                final class Pager: UIViewController {
                    var current: UIViewController?
                    func show(_ next: UIViewController) {
                        next.↓beginAppearanceTransition(true, animated: true)
                        current?.beginAppearanceTransition(false, animated: true)
                        current?.endAppearanceTransition()
                    }
                }
                """),
            RuleExample("""
                final class Drawer: UIViewController {
                    let menu = MenuViewController()
                    func finish() { menu.↓endAppearanceTransition() }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                final class Pager: UIViewController {
                    func show(_ next: UIViewController) {
                        next.beginAppearanceTransition(true, animated: true)
                        UIView.animate(withDuration: 0.3) { next.view.alpha = 1 } completion: { _ in
                            next.endAppearanceTransition()
                        }
                    }
                }
                """),
            RuleExample("""
                final class Tabs: UIViewController {
                    override func viewWillAppear(_ animated: Bool) {
                        super.viewWillAppear(animated)
                        for child in children { child.beginAppearanceTransition(true, animated: animated) }
                    }
                    override func viewDidAppear(_ animated: Bool) {
                        super.viewDidAppear(animated)
                        children.forEach { $0.endAppearanceTransition() }
                    }
                }
                """),
        ],
        indexedCalls: [])

    public func check(_ context: RuleContext) {
        let model = context.model
        guard !model.isAppKitOnly else { return }
        for (name, partner, missing) in [
            ("beginAppearanceTransition", CallSummaries.Effect.appearanceEnded, "endAppearanceTransition"),
            ("endAppearanceTransition", .appearanceBegan, "beginAppearanceTransition"),
        ] {
            // The partners a function group and a type hold, gathered once each: asked for each call.
            var partnersByGroup: [Int: PartnerEvents] = [:]
            var partnersByType: [String: Partners] = [:]
            for call in model.calls(named: name) {
                let node = context.outline[call].nodeID
                guard let role = model.enclosingRole(of: node) else { continue }
                let object = model.receiverObject(of: call)
                // A method that completes transitions itself (it has calls of both kinds) pairs them
                // itself; otherwise the type's other methods may hold the partner (`begin` in
                // `viewWillAppear`, `end` in `viewDidAppear`).
                let group = model.functionGroup(of: node)
                let groupKey = group.first?.index ?? -1
                let groupPartners = partnersByGroup[groupKey] ?? PartnerEvents(model.protocolEvents(in: group), of: partner)
                partnersByGroup[groupKey] = groupPartners
                if !groupPartners.isEmpty {
                    if groupPartners.pair(with: object) { continue }
                    let written = context.outline[call].receiver.map { context.tree.compactText(ofTokens: $0) } ?? "self"
                    context.report(token: context.outline[call].nameToken, node: node,
                                   message: Self.message(receiver: written, called: name, missing: missing))
                    continue
                }
                let partners = partnersByType[role.key] ?? Partners(of: partner, inTypeWithKey: role.key, model: model)
                partnersByType[role.key] = partners
                guard !partners.inFile(pairWith: object), !partners.elsewhere(pairWith: object, model: model) else { continue }
                let written = context.outline[call].receiver.map { context.tree.compactText(ofTokens: $0) } ?? "self"
                context.report(token: context.outline[call].nameToken, node: node,
                               message: Self.message(receiver: written, called: name, missing: missing))
            }
        }
    }

    /// Partner calls of one kind, by their receiver's anchor and kind, so whether one pairs with
    /// a call is a lookup rather than a walk over them all.
    struct PartnerEvents {
        private var byAnchor: [ObjectRef.Anchor: [ObjectRef]] = [:]
        private var kinds = Set<ReceiverKind>()

        init(_ events: some Sequence<ObjectEvent>, of partner: CallSummaries.Effect) {
            for event in events where event.effect == partner {
                byAnchor[event.object.anchor, default: []].append(event.object)
                kinds.insert(UnbalancedAppearanceTransitionRule.kind(of: event.object))
            }
        }

        var isEmpty: Bool { kinds.isEmpty }

        /// Whether some partner can be a call on the same controller as one on `object`: the
        /// same object, either receiver collective, or both parameters.
        func pair(with object: ObjectRef) -> Bool {
            guard !kinds.isEmpty else { return false }
            let kind = UnbalancedAppearanceTransitionRule.kind(of: object)
            if kind == .collective || kinds.contains(.collective) { return true }
            if kind == .parameter, kinds.contains(.parameter) { return true }
            return byAnchor[object.anchor]?.contains { object.isSame(as: $0) } ?? false
        }
    }

    /// The partner calls of one kind a type holds: in this file, as events; in other files and
    /// superclasses, as the targets of its summarized effects.
    struct Partners {
        private let inFile: PartnerEvents
        private var elsewhere = Set<CallSummaries.Target>()

        init(of partner: CallSummaries.Effect, inTypeWithKey key: String, model: FileModel) {
            inFile = PartnerEvents(model.protocolEvents(inTypeWithKey: key), of: partner)
            elsewhere = model.index.targets(of: partner, inTypeChainOf: key)
        }

        /// Whether some partner in this file pairs with a call on `object`.
        func inFile(pairWith object: ObjectRef) -> Bool { inFile.pair(with: object) }

        /// Whether the type's code elsewhere makes a partner call that may be on `object`: an
        /// effect on something that is no property of `self` (`.other`) is some child's, and pairs
        /// like a collective receiver.
        func elsewhere(pairWith object: ObjectRef, model: FileModel) -> Bool {
            guard !elsewhere.isEmpty else { return false }
            let kind = UnbalancedAppearanceTransitionRule.kind(of: object)
            if kind == .collective { return true }
            if kind == .parameter, elsewhere.contains(.other) { return true }
            return model.typeTarget(of: object).map { $0 != .other && elsewhere.contains($0) } ?? false
        }
    }

    /// How precisely a receiver names one controller.
    enum ReceiverKind {
        /// One of several (`children[i]`, a loop variable, `$0`): any receiver's matching call may pair with it.
        case collective
        /// A parameter: whichever controller the caller passes, maybe one of the type's collective ones.
        case parameter
        /// A property, `self`, a local holding a new object: only the same object pairs.
        case specific
    }

    static func kind(of object: ObjectRef) -> ReceiverKind {
        switch object.root {
        case .closureParameter, .pattern, .opaque: return .collective
        case .parameter where object.path.isEmpty: return .parameter
        default: return object.path.contains(.element) || object.path.contains(.elementOrSelf) ? .collective : .specific
        }
    }

    static func message(receiver: String, called: String, missing: String) -> String {
        let pair = missing == "endAppearanceTransition" ? "`\(missing)()`" : "`\(missing)(_:animated:)`"
        let call = called == "endAppearanceTransition" ? "`\(called)()`" : "`\(called)(_:animated:)`"
        return "\(call) on `\(receiver)` has no matching \(pair) in this type; call them in pairs so appearance callbacks complete"
    }
}
