import LifeguardKit

/// Notification observers that pile up or can never be removed.
public struct ObserverWithoutRemovalRule: Rule {
    public init() {}

    /// Pass 2 skips files without these words: every finding is an `addObserver` call.
    public static func anchorWords(_ options: RuleOptions) -> Set<String>? {
        ["addObserver"]
    }

    /// Of those, pass 2 lints only files with a registration `check` could report, read without
    /// the index: inside a type, in the selector form in `viewWillAppear(_:)` or `viewDidAppear(_:)`,
    /// or in the block form anywhere. Most registrations use a selector, in `viewDidLoad()` or `init`.
    public static func candidateTest(_ options: RuleOptions) -> CandidateTest? {
        { tree in
            let outline = tree.outline
            return outline.calls.contains { call in
                guard addObserverName.contains(call.nameToken, in: tree), outline.nodes[call.node].enclosingType >= 0
                else { return false }
                let labels = outline.arguments[call.arguments].map { tree.label(of: $0) ?? "_" }
                if isBlockForm(labels) { return true }
                guard isSelectorForm(labels) else { return false }
                let function = outline.nodes[call.node].enclosingFunction
                return function >= 0 && appearance.contains(outline.functions[outline.nodes[function].detail].fullName)
            }
        }
    }

    static let addObserverName = TokenNames(["addObserver"])

    static func isSelectorForm(_ labels: [String]) -> Bool { labels == ["_", "selector", "name", "object"] }
    static func isBlockForm(_ labels: [String]) -> Bool { labels.starts(with: ["forName", "object", "queue"]) }

    public static let description = RuleDescription(
        id: "observer_without_removal",
        name: "ObserverWithoutRemoval",
        category: .resources,
        defaultSeverity: .warning,
        summary: "A notification observer added on appearance is never removed on disappearance, or its token is dropped.",
        documentation: RuleDocumentation(
            whatItDoes: """
                In a view controller: flags `NotificationCenter` `addObserver` calls in \
                `viewWillAppear(_:)` or `viewDidAppear(_:)` when nothing removes an observer in \
                `viewWillDisappear(_:)` or `viewDidDisappear(_:)` of the type (extensions in other files, \
                superclasses of the run and the helpers those callbacks call included). In a view \
                controller or view: flags block-based registrations \
                (`addObserver(forName:object:queue:using:)`) whose returned token is dropped — not stored \
                in a property, not kept in a local that is stored or removed — where that piles up or \
                leaks: registered in a callback that runs again and again (appearance, layout, a cell's \
                `configure`/`prepareForReuse`, `cellForRowAt`), or with a block that captures `self` \
                strongly (the center keeps the block, the block keeps `self`, for the life of the app). \
                A dropped token registered once with a `[weak self]` block is left alone: it costs one \
                small block. Observers on a `NotificationCenter()` the code creates itself are not the \
                app-wide center's and are left alone.
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
                        NotificationCenter.default.↓addObserver(forName: .changed, object: nil, queue: .main) { _ in
                            self.reload()
                        }
                    }
                    override func viewDidLayoutSubviews() {
                        super.viewDidLayoutSubviews()
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
            RuleExample("""
                final class Settings: UIViewController {
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        NotificationCenter.default.addObserver(forName: .changed, object: nil, queue: .main) { [weak self] _ in
                            self?.reload()
                        }
                        let local = NotificationCenter()
                        local.addObserver(forName: .reset, object: nil, queue: nil) { _ in self.reload() }
                    }
                }
                """),
        ])

    static let appearance: Set<String> = ["viewWillAppear(_:)", "viewDidAppear(_:)"]
    static let disappearance: Set<String> = ["viewWillDisappear(_:)", "viewDidDisappear(_:)"]
    /// Callbacks UIKit runs again and again in a screen's life.
    static let repeated: Set<String> = [
        "viewWillAppear(_:)", "viewDidAppear(_:)", "viewWillLayoutSubviews()", "viewDidLayoutSubviews()", "layoutSubviews()",
        "prepareForReuse()", "tableView(_:cellForRowAt:)", "collectionView(_:cellForItemAt:)", "updateConstraints()",
    ]

    public func check(_ context: RuleContext) {
        let model = context.model
        guard !model.isAppKitOnly else { return }
        var lastUses = LastUses()
        for call in model.calls(named: "addObserver") {
            let node = context.outline[call].nodeID
            let labels = model.labels(of: call)
            let isSelectorForm = Self.isSelectorForm(labels)
            let isBlockForm = Self.isBlockForm(labels)
            guard isSelectorForm || isBlockForm, let role = model.enclosingRole(of: node), role.isController || role.isView,
                  !model.isPrivateNotificationCenter(call) else { continue }
            let function = model.enclosingFunction(of: node).map { context.outline[$0] }
            if role.isController, let function, Self.appearance.contains(function.fullName), !removesOnDisappearance(role, context) {
                context.report(token: context.outline[call].nameToken, node: node,
                               message: Self.appearanceMessage(callback: function.fullName))
                continue
            }
            guard isBlockForm, tokenIsDropped(call, lastUses: &lastUses, context: context) else { continue }
            let repeats = function.map { Self.repeated.contains($0.fullName) || isCellConfiguration($0, role: role, context: context) }
                ?? false
            let leaksSelf = model.closures(passedTo: call).contains { model.capturesSelfStrongly($0) }
            guard repeats || leaksSelf else { continue }
            context.report(token: context.outline[call].nameToken, node: node,
                           message: Self.droppedMessage(repeats: repeats, callback: function?.fullName))
        }
    }

    /// Whether the type removes some observer when it disappears: in `viewWillDisappear(_:)` or
    /// `viewDidDisappear(_:)`, directly or through a helper, in any file or a superclass.
    func removesOnDisappearance(_ role: FileModel.TypeRole, _ context: RuleContext) -> Bool {
        var current: String? = role.key
        var seen = Set<String>()
        while let type = current, seen.insert(type).inserted, seen.count <= 32 {
            for name in Self.disappearance where context.index.summaries.effects(inType: type, named: name).contains(.observerRemoved) {
                return true
            }
            current = context.index.superclass(of: type)
        }
        return false
    }

    /// A cell's `configure...`/`bind...`/`update...` method: called for every row it shows.
    func isCellConfiguration(_ function: FunctionDeclaration, role: FileModel.TypeRole, context: RuleContext) -> Bool {
        guard role.isView, context.index.inherits(role.key, from: "UITableViewCell")
                || context.index.inherits(role.key, from: "UICollectionViewCell")
                || context.index.inherits(role.key, from: "UICollectionReusableView") else { return false }
        return ["configure", "bind", "update", "setUp", "setup", "apply", "populate", "fill"].contains { function.name.hasPrefix($0) }
    }

    /// Whether the token `addObserver(forName:...)` returns is thrown away.
    func tokenIsDropped(_ call: CallID, lastUses: inout LastUses, context: RuleContext) -> Bool {
        let model = context.model
        switch model.destination(ofChainOf: call) {
        case .assignment(let assignment):
            // `_ = center.addObserver(...)` drops it explicitly.
            return ExpressionChain(context.tree, tokens: context.outline[assignment].lhs)?.key == "_"
        case .variable(let variable):
            if model.object(ofVariable: variable).selfMember != nil { return false }
            // A local must be stored, returned, removed or handed on to survive.
            let declaration = context.outline[variable]
            guard let function = model.enclosingFunction(of: declaration.nodeID),
                  let body = context.outline[function].body,
                  declaration.nameToken < body.close else { return false }
            let last = lastUses.lastUse(of: variable, in: function, context: context)
            return last.map { $0 <= declaration.nameToken } ?? true
        case .argument:
            return false
        case .none:
            // A statement on its own, unless something after it in the chain uses the token.
            return model.laterLinks(inChainOf: call).isEmpty && !isReturned(call, context: context)
        }
    }

    /// Where each local is last used in a function's body, found with one reading of the body
    /// the first time a local of the function asks (each local's question read the rest of the
    /// body: thousands of observer tokens in one function were quadratic). A use is a name that
    /// means the local where it is written (its binding), so a same-named local of a nested
    /// block or closure (its declaration or a use), a member (`other.token`) or an argument label
    /// (`f(token: x)`) is not one.
    struct LastUses {
        private var byFunction: [FunctionID: [VariableID: Int]] = [:]

        /// The last identifier token of the body that means `variable`.
        mutating func lastUse(of variable: VariableID, in function: FunctionID, context: RuleContext) -> Int? {
            if byFunction[function] == nil {
                var last: [VariableID: Int] = [:]
                let tree = context.tree
                let model = context.model
                if let body = context.outline[function].body {
                    // Names that are no use: argument labels, and the names of declarations with a
                    // value of their own. A shorthand `if let token` / `guard let token` reads the
                    // outer `token`: it stays a use.
                    var notUses = Set<Int>()
                    for call in model.calls(in: context.outline[function].nodeID) {
                        for argument in model.arguments(of: call) { if let label = argument.labelToken { notUses.insert(label) } }
                    }
                    for local in model.variables(in: context.outline[function].nodeID) {
                        let declaration = context.outline[local]
                        guard declaration.initializer != nil, !declaration.isShorthandBinding else { continue }
                        notUses.insert(declaration.nameToken)
                    }
                    for token in tree.significantTokens(in: body.interior) where tree.tokens[token].kind == .identifier {
                        guard !notUses.contains(token),
                              tree.previousSignificant(before: token).map({ tree.tokens[$0].kind != .period }) ?? true,
                              case .local(let local) = model.binding(ofToken: TokenID(token)) else { continue }
                        last[local] = token
                    }
                }
                byFunction[function] = last
            }
            return byFunction[function]![variable]
        }
    }

    func isReturned(_ call: CallID, context: RuleContext) -> Bool {
        let item = context.outline[call]
        guard let previous = context.tree.previousSignificant(before: item.chainStart) else { return false }
        let token = context.tree.tokens[previous]
        if token.isKeyword(.return) || token.kind == .equal || token.kind == .leftParen || token.kind == .comma
            || token.kind == .colon || token.kind == .leftBracket {
            return true
        }
        // A function or closure whose whole body is this call returns it implicitly.
        guard token.kind == .leftBrace, let close = context.tree.partner(ofToken: previous) else { return false }
        let outermost = context.outline[context.model.outermostCall(inChainOf: call)]
        let end = context.outline.nodes[outermost.node].tokens.upperBound
        guard context.tree.nextSignificant(after: end - 1) == close else { return false }
        if let function = context.model.enclosingFunction(of: item.nodeID), context.outline[function].body?.open == previous {
            return context.outline[function].returnType != nil
        }
        return context.model.enclosingClosure(of: item.nodeID).map { context.outline[$0].body.open == previous } ?? false
    }

    static func appearanceMessage(callback: String) -> String {
        "`addObserver` in `\(callback)` registers again on every appearance, and nothing removes it in "
            + "`viewWillDisappear(_:)` or `viewDidDisappear(_:)`; remove it there, or register once in `viewDidLoad()`"
    }

    static func droppedMessage(repeats: Bool, callback: String?) -> String {
        let why = repeats
            ? "registers another observer every time `\(callback ?? "this callback")` runs"
            : "keeps this block, and the `self` it captures strongly, for the life of the app"
        return "the token returned by `addObserver(forName:object:queue:using:)` is dropped, so this observer can never be "
            + "removed and \(why); store the token and pass it to `removeObserver(_:)`"
    }
}
