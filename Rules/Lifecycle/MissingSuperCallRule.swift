import LifeguardKit

/// Lifecycle overrides that skip `super`.
public struct MissingSuperCallRule: Rule {
    public init() {}

    /// Pass 2 skips files without these words: every finding is an override of a configured method, declared in
    /// the file.
    public static func anchorWords(_ options: RuleOptions) -> Set<String>? {
        baseNames(options.strings("controller_methods") + options.strings("view_methods"))
    }

    /// Of those, pass 2 lints only files that declare an override `check` could report: of a
    /// configured method, with a body, not nested in a function, that calls no method of the same
    /// full name on `super`. Nearly every view controller's file overrides `viewDidLoad()`, and
    /// nearly every such override calls `super.viewDidLoad()`.
    public static func candidateTest(_ options: RuleOptions) -> CandidateTest? {
        let methods = options.stringSet("controller_methods").union(options.stringSet("view_methods"))
        return { tree in
            let outline = tree.outline
            return outline.functions.contains { function in
                guard isCandidate(function, methods: methods, in: outline) else { return false }
                return !callsSuper(function, in: tree)
            }
        }
    }

    /// What a finding's override is, read without the index (which says whether the type is a
    /// controller or a view, and so which list applies).
    static func isCandidate(_ function: FunctionDeclaration, methods: Set<String>, in outline: Outline) -> Bool {
        function.kind == .function && function.modifiers.contains(.override) && function.body != nil
            && outline.nodes[function.node].enclosingFunction < 0 && methods.contains(function.fullName)
    }

    /// Whether the body calls the method itself on `super`: `super.<name>(<same labels>)`.
    static func callsSuper(_ function: FunctionDeclaration, in tree: SyntaxTree) -> Bool {
        let outline = tree.outline
        return outline.descendants(of: function.node, kind: .call).contains { index in
            let call = outline.calls[index]
            // The chain is built only for a receiver that starts with `super`.
            guard let receiver = call.receiver, let first = tree.significantTokens(in: receiver).first,
                  tree.token(first, is: "super"), ExpressionChain(tree, tokens: receiver)?.key == "super"
            else { return false }
            return tree.fullName(of: call) == function.fullName
        }
    }

    static let controllerMethods = [
        "viewDidLoad()", "viewWillAppear(_:)", "viewDidAppear(_:)", "viewWillDisappear(_:)", "viewDidDisappear(_:)",
        "viewSafeAreaInsetsDidChange()", "viewLayoutMarginsDidChange()", "traitCollectionDidChange(_:)",
        "viewWillTransition(to:with:)", "willMove(toParent:)", "didMove(toParent:)", "setEditing(_:animated:)",
        "didReceiveMemoryWarning()", "willTransition(to:with:)", "updateViewConstraints()",
        "encodeRestorableState(with:)", "decodeRestorableState(with:)", "awakeFromNib()",
    ]
    /// `didMoveToWindow()`, `didMoveToSuperview()`, `willMove(toWindow:)` and `willMove(toSuperview:)` are
    /// not here: UIKit documents their default implementations as doing nothing (contract v2).
    static let viewMethods = [
        "awakeFromNib()", "prepareForReuse()", "layoutSubviews()", "traitCollectionDidChange(_:)", "updateConstraints()",
    ]

    public static let description = RuleDescription(
        id: "missing_super_call",
        name: "MissingSuperCall",
        category: .lifecycle,
        defaultSeverity: .error,
        summary: "A lifecycle override never calls the same method on `super`.",
        documentation: RuleDocumentation(
            whatItDoes: """
                Flags an `override` of a lifecycle method — keyed on its full Swift name, such as \
                `viewWillAppear(_:)` — in a view controller or view (resolved across files) whose body \
                never calls the same method on `super`. The call may be anywhere in the body, inside \
                `defer` or a closure included. Calling a different lifecycle method on `super` (say \
                `super.viewDidAppear` from `viewDidDisappear`) does not count, and the message says so. \
                The method lists are options. `didMoveToWindow()`, `didMoveToSuperview()`, \
                `willMove(toWindow:)` and `willMove(toSuperview:)` are not in the default list: UIKit \
                documents their default implementations as empty; a project whose own base view does work \
                there can add them to `view_methods`. A line SwiftLint's `overridden_super_call` is \
                suppressed on is suppressed for this rule too.
                """,
            whyIsThisBad: """
                UIKit does real work in these implementations: `viewWillAppear(_:)` and friends drive \
                appearance forwarding to children and transition coordinators; `viewSafeAreaInsetsDidChange()` \
                and `viewLayoutMarginsDidChange()` propagate insets; `traitCollectionDidChange(_:)` updates \
                dynamic colors and images; `layoutSubviews()` applies Auto Layout constraints; \
                `prepareForReuse()` and `awakeFromNib()` reset and wire up state a superclass (yours or \
                Apple's) relies on. Apple's documentation for each says to call `super`. Skipping it \
                breaks behavior that is far from the override and hard to trace back.
                """,
            example: """
                override func viewWillAppear(_ animated: Bool) {
                    refresh()
                }
                """,
            useInstead: """
                override func viewWillAppear(_ animated: Bool) {
                    super.viewWillAppear(animated)
                    refresh()
                }
                """,
            knownLimitations: """
                Only types whose class chain reaches a UIKit controller or view (or a configured base \
                class) are checked. A `super` call made by a helper the override calls is not followed.
                """,
            fix: """
                Inserts `super.<method>(...)` as the first statement of the override, passing each \
                parameter under its label (`super.viewWillTransition(to: size, with: coordinator)`), \
                indented like the body; for `updateConstraints()` and `updateViewConstraints()`, whose \
                documentation says to call `super` as the final step, as the last statement (not \
                when the body can return early). No fix when a parameter has no name to pass \
                (`_: Bool`), when the override calls a different lifecycle method on `super` (that \
                looks deliberate), or when code follows the `{` on its line.
                """),
        triggeringExamples: [
            RuleExample("""
                final class Profile: UIViewController {
                    ↓override func viewDidLoad() {
                        configure()
                    }
                    ↓override func viewDidDisappear(_ animated: Bool) {
                        super.viewDidAppear(animated)
                    }
                }
                """),
            RuleExample("""
                final class AvatarCell: BaseCell {
                    ↓override func prepareForReuse() {
                        imageView.image = nil
                    }
                }
                """, supportingFiles: ["class BaseCell: UITableViewCell {}"]),
        ],
        nonTriggeringExamples: [
            RuleExample("""
                final class Profile: UIViewController {
                    override func viewDidLoad() {
                        defer { super.viewDidLoad() }
                        configure()
                    }
                    override func viewWillAppear(_ animated: Bool) {
                        UIView.performWithoutAnimation { super.viewWillAppear(animated) }
                    }
                    override func viewDidLayoutSubviews() {
                        layoutBanner()
                    }
                    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {}
                }
                """),
            RuleExample("""
                final class Model {
                    func viewDidLoad() {}
                }
                class Base { func viewDidLoad() {} }
                final class Derived: Base {
                    override func viewDidLoad() {}
                }
                """),
        ],
        options: [
            RuleOption(name: "controller_methods", kind: .strings,
                       summary: "Full names of view controller methods whose overrides must call `super`.",
                       defaultValue: .strings(controllerMethods)),
            RuleOption(name: "view_methods", kind: .strings,
                       summary: "Full names of view methods whose overrides must call `super`.",
                       defaultValue: .strings(viewMethods)),
        ])

    public func check(_ context: RuleContext) {
        let model = context.model
        guard !model.isAppKitOnly else { return }
        let controllerMethods = context.options.stringSet("controller_methods")
        let viewMethods = context.options.stringSet("view_methods")
        let outline = context.outline
        for function in outline.functions where function.kind == .function && function.modifiers.contains(.override) {
            guard function.body != nil, let role = model.enclosingRole(of: function.nodeID),
                  outline.nodes[function.node].enclosingFunction < 0,
                  (role.isController && controllerMethods.contains(function.fullName))
                    || (role.isView && viewMethods.contains(function.fullName))
            else { continue }
            // `candidateTest` reads the same condition: keep the two in step.
            var otherLifecycleCall: String?
            var called = false
            for call in model.calls(in: function.nodeID) where model.receiver(of: call)?.key == "super" {
                let name = model.fullName(of: call)
                if name == function.fullName {
                    called = true
                    break
                }
                if controllerMethods.contains(name) || viewMethods.contains(name) { otherLifecycleCall = name }
            }
            guard !called else { continue }
            let start = overrideToken(of: function, context: context)
            context.report(tokens: start..<(function.nameToken + 1), node: function.nodeID,
                           message: Self.message(method: function.fullName, instead: otherLifecycleCall),
                           fix: otherLifecycleCall == nil ? superCallFix(function, context: context) : nil)
        }
    }

    /// The `override` modifier of a declaration, where the report starts.
    func overrideToken(of function: FunctionDeclaration, context: RuleContext) -> Int {
        for token in function.declarationStart..<function.keywordToken where context.tree.token(token, is: "override") {
            return token
        }
        return function.keywordToken
    }

    /// `super.<method>(<each parameter under its label>)` as the body's first statement. None
    /// when a parameter has no name to pass on (`_: Bool`); none when the override calls
    /// another lifecycle method on `super` instead (the caller passes no fix then: that looks
    /// deliberate, and two calls would be wrong).
    func superCallFix(_ function: FunctionDeclaration, context: RuleContext) -> Fix? {
        guard let body = function.body else { return nil }
        var arguments: [String] = []
        for parameter in context.outline.parameters[function.parameters] {
            guard !context.tree.token(parameter.nameToken, spells: "_") else { return nil }
            // The name as written, so a backticked name stays backticked.
            let name = context.source.text(context.tree.tokens[parameter.nameToken].range)
            arguments.append(context.tree.label(of: parameter).map { "\($0): \(name)" } ?? name)
        }
        let call = "super.\(function.name)(\(arguments.joined(separator: ", ")))"
        // Apple: call super's constraint update "as the final step".
        if Self.superCalledLast.contains(function.fullName) {
            return context.fixes.fix("insert `\(call)` at the end", [context.fixes.insertLastStatement(call, in: body)])
        }
        return context.fixes.fix("insert `\(call)`", [context.fixes.insertFirstStatement(call, in: body)])
    }

    static let superCalledLast: Set<String> = ["updateConstraints()", "updateViewConstraints()"]

    static func message(method: String, instead: String?) -> String {
        var text = "`\(method)` overrides UIKit's implementation but never calls `super.\(method)`"
        if let instead { text += " (it calls `super.\(instead)` instead)" }
        return text + "; call it so UIKit's work still happens"
    }
}
