/// What a rule sees of one file, and where it reports. The context stamps each report with the
/// rule's id, configured severity, path and positions, so rules speak only of tokens and words.
public final class RuleContext {
    public let model: FileModel
    public let index: ProjectIndex
    public let options: RuleOptions
    public let ruleID: String
    public let severity: Severity
    /// What the run's Info.plists and Xcode projects say about apps: read when a rule first
    /// asks (a run whose files no rule asks about never reads a project file).
    public var appFacts: AppFacts { appFactsSource.value }
    private let appFactsSource: Deferred<AppFacts>
    public private(set) var diagnostics: [Diagnostic] = []

    public convenience init(model: FileModel, index: ProjectIndex, options: RuleOptions, ruleID: String, severity: Severity,
                            appFacts: AppFacts = .unknown()) {
        self.init(model: model, index: index, options: options, ruleID: ruleID, severity: severity,
                  appFactsSource: Deferred(ready: appFacts))
    }

    init(model: FileModel, index: ProjectIndex, options: RuleOptions, ruleID: String, severity: Severity,
         appFactsSource: Deferred<AppFacts>) {
        self.model = model
        self.index = index
        self.options = options
        self.ruleID = ruleID
        self.severity = severity
        self.appFactsSource = appFactsSource
    }

    /// Whether the app this file belongs to can show several window scenes.
    public var sceneSupport: SceneSupport { appFacts.sceneSupport(forFile: source.path) }

    public var tree: SyntaxTree { model.tree }
    public var outline: Outline { model.tree.outline }
    public var source: SourceFile { model.tree.source }

    /// A secondary location for a report.
    public struct Note {
        public var message: String
        public var tokens: Range<Int>

        public init(_ message: String, tokens: Range<Int>) {
            self.message = message
            self.tokens = tokens
        }

        public init(_ message: String, token: Int) {
            self.init(message, tokens: token..<(token + 1))
        }
    }

    /// Reports a finding on the tokens `tokens` (raw token indices), inside `node`. A `fix`
    /// (built with `fixes`) is attached only when the rule is certain of it.
    public func report(tokens: Range<Int>, node: NodeID?, message: String, severity: Severity? = nil, notes: [Note] = [],
                       fix: Fix? = nil) {
        guard let bytes = tree.byteRange(ofTokens: tokens) else { return }
        var enclosingType: String?
        var enclosingFunction: String?
        if let node {
            enclosingType = model.enclosingType(of: node).map { outline[$0].name }
            if outline[node].kind == .function {
                enclosingFunction = outline.functions[outline[node].detail].fullName
            } else {
                enclosingFunction = model.enclosingFunction(of: node).map { outline[$0].fullName }
            }
            if outline[node].kind == .type {
                enclosingType = outline.types[outline[node].detail].name
            }
        }
        let related = notes.compactMap { note -> RelatedLocation? in
            guard let range = tree.byteRange(ofTokens: note.tokens) else { return nil }
            return RelatedLocation(message: note.message, range: range, start: source.location(of: range.lowerBound),
                                   end: source.location(of: range.upperBound))
        }
        diagnostics.append(Diagnostic(
            ruleID: ruleID, severity: severity ?? self.severity, message: message, path: source.path, range: bytes,
            start: source.location(of: bytes.lowerBound), end: source.location(of: bytes.upperBound),
            related: related, enclosingType: enclosingType, enclosingFunction: enclosingFunction, fix: fix))
    }

    /// Reports a finding on one token.
    public func report(token: Int, node: NodeID?, message: String, severity: Severity? = nil, notes: [Note] = [],
                       fix: Fix? = nil) {
        report(tokens: token..<(token + 1), node: node, message: message, severity: severity, notes: notes, fix: fix)
    }
}
