import LifeguardKit

/// Notification observers that pile up or can never be removed.
public struct ObserverWithoutRemovalRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        id: "observer_without_removal",
        name: "ObserverWithoutRemoval",
        category: .resources,
        defaultSeverity: .warning,
        summary: "A notification observer added on appearance is never removed on disappearance, or its token is dropped.",
        documentation: RuleDocumentation(
            whatItDoes: """
                In a view controller: flags `NotificationCenter` `addObserver` calls in \
                `viewWillAppear(_:)` or `viewDidAppear(_:)` when no `removeObserver` call appears in \
                `viewWillDisappear(_:)` or `viewDidDisappear(_:)` of the type (extensions in other files \
                included); and block-based registrations (`addObserver(forName:object:queue:using:)`) \
                whose returned token is dropped — not stored in a property, not kept in a local that is \
                stored or removed.
                """,
            whyIsThisBad: """
                Appearance callbacks run every time the screen comes back (after a push is popped, a \
                sheet dismissed, a tab reselected). Registering there without removing on the way out adds \
                one more registration per appearance, so each notification runs its handler twice, three \
                times, and so on. A block-based observer lives until its token is passed to \
                `removeObserver(_:)`; a dropped token can never be removed, so the block (and whatever it \
                captures) is kept by `NotificationCenter` for the life of the app.
                """,
            example: """
                override func viewWillAppear(_ animated: Bool) {
                    super.viewWillAppear(animated)
                    NotificationCenter.default.addObserver(self, selector: #selector(keyboardWillShow),
                                                           name: UIResponder.keyboardWillShowNotification, object: nil)
                }
                """,
            useInstead: """
                override func viewWillAppear(_ animated: Bool) {
                    super.viewWillAppear(animated)
                    NotificationCenter.default.addObserver(self, selector: #selector(keyboardWillShow),
                                                           name: UIResponder.keyboardWillShowNotification, object: nil)
                }

                override func viewWillDisappear(_ animated: Bool) {
                    super.viewWillDisappear(animated)
                    NotificationCenter.default.removeObserver(self, name: UIResponder.keyboardWillShowNotification, object: nil)
                }
                """,
            knownLimitations: """
                Any `removeObserver` in a disappearance callback counts as the pairing, whatever it \
                removes. Registrations made by a helper the appearance callback calls are not followed.
                """),
        triggeringExamples: [
            RuleExample("""
                final class Keyboard: UIViewController {
                    override func viewDidAppear(_ animated: Bool) {
                        super.viewDidAppear(animated)
                        NotificationCenter.default.↓addObserver(self, selector: #selector(show), name: .show, object: nil)
                    }
                    deinit { NotificationCenter.default.removeObserver(self) }
                }
                """),
            RuleExample("""
                final class Settings: UIViewController {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        NotificationCenter.default.↓addObserver(forName: .changed, object: nil, queue: .main) { [weak self] _ in
                            self?.reload()
                        }
                        _ = NotificationCenter.default.↓addObserver(forName: .reset, object: nil, queue: nil) { _ in }
                    }
                }
                """),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                final class Keyboard: UIViewController {
                    private var token: NSObjectProtocol?
                    override func viewWillAppear(_ animated: Bool) {
                        super.viewWillAppear(animated)
                        token = NotificationCenter.default.addObserver(forName: .show, object: nil, queue: .main) { _ in }
                    }
                    override func viewWillDisappear(_ animated: Bool) {
                        super.viewWillDisappear(animated)
                        if let token { NotificationCenter.default.removeObserver(token) }
                    }
                }
                """),
            RuleExample("""
                final class Player: UIViewController {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        NotificationCenter.default.addObserver(self, selector: #selector(pause), name: .pause, object: nil)
                        player.addObserver(self, forKeyPath: "rate", options: [.new], context: nil)
                    }
                }
                """),
        ],
        indexedCalls: ["removeObserver"])

    static let appearance: Set<String> = ["viewWillAppear(_:)", "viewDidAppear(_:)"]
    static let disappearance: Set<String> = ["viewWillDisappear(_:)", "viewDidDisappear(_:)"]

    public func check(_ context: RuleContext) {
        let model = context.model
        guard !model.isAppKitOnly else { return }
        let outline = context.outline
        for callIndex in model.calls(named: "addObserver") {
            let call = outline.calls[callIndex]
            let labels = context.arguments(of: call).map { $0.label ?? "_" }
            let isSelectorForm = labels == ["_", "selector", "name", "object"]
            let isBlockForm = labels.starts(with: ["forName", "object", "queue"])
            guard isSelectorForm || isBlockForm, let role = model.enclosingRole(of: call.node), role.isController else { continue }
            if let function = model.enclosingFunction(of: call.node), Self.appearance.contains(outline.functions[function].fullName) {
                let removed = context.index.calls(inType: role.key).contains { indexed in
                    indexed.name == "removeObserver" && indexed.function.map(Self.disappearance.contains) == true
                }
                if !removed {
                    context.report(token: call.nameToken, node: call.node,
                                   message: Self.appearanceMessage(callback: outline.functions[function].fullName))
                    continue
                }
            }
            if isBlockForm, tokenIsDropped(callIndex, context: context) {
                context.report(token: call.nameToken, node: call.node, message: Self.droppedMessage())
            }
        }
    }

    /// Whether the token `addObserver(forName:...)` returns is thrown away.
    func tokenIsDropped(_ callIndex: Int, context: RuleContext) -> Bool {
        let model = context.model
        let outline = context.outline
        let call = outline.calls[callIndex]
        switch model.destination(ofExpressionStartingAt: call.chainStart) {
        case .assignment(let index):
            // `_ = center.addObserver(...)` drops it explicitly.
            return ExpressionChain(context.tree, tokens: outline.assignments[index].lhs)?.key == "_"
        case .variable(let index):
            let variable = outline.variables[index]
            let parent = outline.nodes[variable.node].parent
            if parent >= 0, outline.nodes[parent].kind == .type { return false }
            // A local must be stored, returned, removed or handed on to survive.
            let functionNode = outline.nodes[variable.node].enclosingFunction
            guard functionNode >= 0 else { return false }
            let uses = context.tree.significantTokens(in: outline.nodes[functionNode].tokens).filter {
                $0 > variable.nameToken && context.tree.tokens[$0].kind == .identifier && context.tree.text(ofToken: $0) == variable.name
            }
            return uses.isEmpty
        case .argument:
            return false
        case .none:
            // A statement on its own, unless something after it in the chain uses the token.
            return model.laterLinks(inChainOf: callIndex).isEmpty && !isReturned(call, context: context)
        }
    }

    func isReturned(_ call: Call, context: RuleContext) -> Bool {
        guard let previous = context.tree.previousSignificant(before: call.chainStart) else { return false }
        let token = context.tree.tokens[previous]
        if token.isKeyword(.return) || token.kind == .equal || token.kind == .leftParen || token.kind == .comma
            || token.kind == .colon || token.kind == .leftBracket {
            return true
        }
        // A function or closure whose whole body is this call returns it implicitly.
        guard token.kind == .leftBrace, let close = context.tree.partner(ofToken: previous) else { return false }
        let outermost = context.outline.calls[context.model.outermostCall(inChainOf: callIndex(of: call, context))]
        let end = context.outline.nodes[outermost.node].tokens.upperBound
        guard context.tree.nextSignificant(after: end - 1) == close else { return false }
        if let function = context.model.enclosingFunction(of: call.node),
           context.outline.functions[function].body?.open == previous {
            return context.outline.functions[function].returnType != nil
        }
        return context.outline.closures.contains { $0.body.open == previous }
    }

    func callIndex(of call: Call, _ context: RuleContext) -> Int {
        context.outline.nodes[call.node].detail
    }

    static func appearanceMessage(callback: String) -> String {
        "`addObserver` in `\(callback)` registers again on every appearance, and nothing removes it in "
            + "`viewWillDisappear(_:)` or `viewDidDisappear(_:)`; remove it there, or register once in `viewDidLoad()`"
    }

    static func droppedMessage() -> String {
        "the token returned by `addObserver(forName:object:queue:using:)` is dropped, so this observer can never be removed; "
            + "store it and pass it to `removeObserver(_:)`"
    }
}
