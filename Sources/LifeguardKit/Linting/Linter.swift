/// One enabled rule with its configured severity and options.
public struct RuleSetup: Sendable {
    public var rule: any Rule.Type
    public var severity: Severity
    public var options: RuleOptions

    public init(rule: any Rule.Type, severity: Severity? = nil, options: [String: OptionValue] = [:]) {
        self.rule = rule
        self.severity = severity ?? rule.description.defaultSeverity
        self.options = RuleOptions(values: options, declared: rule.description.options)
    }
}

/// What a lint run checks and how.
public struct LintConfiguration: Sendable {
    public var rules: [RuleSetup]
    /// Every rule id a suppression comment may name, enabled or not.
    public var knownRuleIDs: Set<String>
    public var extraControllerBases: Set<String>
    public var extraViewBases: Set<String>
    /// Severity of `unknown_rule_in_suppression`; `nil` turns it off.
    public var unknownSuppressionSeverity: Severity?
    /// Severity of `unused_suppression`; `nil` (the default) turns it off.
    public var unusedSuppressionSeverity: Severity?
    /// What the apps' Info.plists and Xcode projects say (scene support), perhaps still being read.
    public var appFactsSource: Deferred<AppFacts>
    /// What the apps' Info.plists and Xcode projects say; waits when they are still being read.
    public var appFacts: AppFacts { appFactsSource.value }

    public init(rules: [RuleSetup], knownRuleIDs: Set<String>? = nil, extraControllerBases: Set<String> = [],
                extraViewBases: Set<String> = [], unknownSuppressionSeverity: Severity? = .warning,
                unusedSuppressionSeverity: Severity? = nil, appFacts: AppFacts = .unknown(),
                deferredAppFacts: Deferred<AppFacts>? = nil) {
        self.appFactsSource = deferredAppFacts ?? Deferred(ready: appFacts)
        self.rules = rules
        self.knownRuleIDs = knownRuleIDs ?? Set(rules.map { $0.rule.description.id })
        self.extraControllerBases = extraControllerBases
        self.extraViewBases = extraViewBases
        self.unknownSuppressionSeverity = unknownSuppressionSeverity
        self.unusedSuppressionSeverity = unusedSuppressionSeverity
    }
}

/// A file to lint: the path to show and its bytes.
public struct LintInput: Sendable {
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}

/// The outcome of a run: sorted diagnostics and the lines of source they point at.
public struct LintResult: Sendable {
    public var diagnostics: [Diagnostic]
    /// The flagged lines of each file with findings, by path, for reporters that read source
    /// text (SARIF fingerprints and columns, baselines, GitLab fingerprints).
    public var sources: [String: SourceExcerpt]
    public var fileCount: Int

    public init(diagnostics: [Diagnostic], sources: [String: SourceExcerpt], fileCount: Int) {
        self.diagnostics = diagnostics
        self.sources = sources
        self.fileCount = fileCount
    }

    /// A result over whole files, keeping each file (shared, not copied) and the lines
    /// `diagnostics` point at.
    public init(diagnostics: [Diagnostic], sources files: [String: SourceFile], fileCount: Int) {
        var byPath: [String: [Diagnostic]] = [:]
        for diagnostic in diagnostics { byPath[diagnostic.path, default: []].append(diagnostic) }
        var sources: [String: SourceExcerpt] = [:]
        for (path, file) in files {
            sources[path] = SourceExcerpt(file, for: byPath[path] ?? [], lineHashes: true, keepingBytes: true)
        }
        self.init(diagnostics: diagnostics, sources: sources, fileCount: fileCount)
    }
}

/// The pipeline's entry points for callers that hold files in memory (tests, the fuzzer,
/// editors): parse every file, index the project, run every rule on every file, apply
/// suppressions, sort. The CLI runs `LintPipeline` itself, over files as discovery finds them.
public enum Linter {
    public static func lint(_ inputs: [LintInput], configuration: LintConfiguration) -> LintResult {
        // These callers lint a few files already in memory: every tree is kept for pass 2.
        let cores = PipelineOptions().workers
        var options = PipelineOptions(workers: min(cores, inputs.count), retainedSourceBytes: Int.max / 2,
                                      ordersByPath: false, lineHashes: true)
        options.keepsSources = true
        let pipeline = LintPipeline(configuration: configuration, options: options)
        let output = pipeline.run { submit in
            for input in inputs { submit(PipelineFile(displayPath: input.path, origin: .memory(input.bytes))) }
        }
        return output.result
    }

    public static func lint(trees: [SyntaxTree], configuration: LintConfiguration) -> LintResult {
        let index = ProjectIndex(trees: trees, extraControllerBases: configuration.extraControllerBases,
                                 extraViewBases: configuration.extraViewBases,
                                 requests: IndexRequests(configuration.rules.map { $0.rule.description }))
        let perFile = Parallel.map(trees) { tree in
            lintFile(tree, index: index, configuration: configuration)
        }
        var diagnostics = perFile.flatMap { $0 }
        diagnostics.sort(by: Diagnostic.reportOrder)
        var sources: [String: SourceFile] = [:]
        for tree in trees { sources[tree.source.path] = tree.source }
        return LintResult(diagnostics: diagnostics, sources: sources, fileCount: trees.count)
    }

    static func lintFile(_ tree: SyntaxTree, index: ProjectIndex, configuration: LintConfiguration) -> [Diagnostic] {
        let model = FileModel(tree: tree, index: index)
        var found: [Diagnostic] = []
        for setup in configuration.rules {
            let description = setup.rule.description
            let context = RuleContext(model: model, index: index, options: setup.options, ruleID: description.id,
                                      severity: setup.severity, appFactsSource: configuration.appFactsSource)
            setup.rule.init().check(context)
            found.append(contentsOf: context.diagnostics)
        }
        let commands = SuppressionParser.commands(in: tree)
        guard !commands.isEmpty else { return found }
        let filter = SuppressionFilter(commands: commands, knownRuleIDs: configuration.knownRuleIDs)
        let outcome = filter.apply(to: found, lineOf: { tree.source.lineIndex(of: $0) })
        var kept = outcome.kept
        let known = configuration.knownRuleIDs.union(BuiltInRules.all.map(\.id))
        for (position, command) in commands.enumerated() where !command.isSwiftLint {
            let unknown = command.ruleIDs.filter { $0 != "all" && !known.contains($0) }
            if let severity = configuration.unknownSuppressionSeverity {
                for id in unknown {
                    kept.append(metaDiagnostic(BuiltInRules.unknownRuleInSuppression, severity: severity, tree: tree,
                                               range: command.range,
                                               message: "`\(id)` is not a Lifeguard rule; this suppression hides nothing"))
                }
            }
            if let severity = configuration.unusedSuppressionSeverity, command.action != .enable {
                let used = outcome.used[position] ?? []
                // A set: a comment may name thousands of ids.
                let unknownIDs = Set(unknown)
                let unused = command.ruleIDs.filter { !used.contains($0) && !unknownIDs.contains($0) }
                if command.ruleIDs.isEmpty || !unused.isEmpty {
                    let names = unused.isEmpty ? "this comment" : unused.map { "`\($0)`" }.joined(separator: ", ")
                    kept.append(metaDiagnostic(BuiltInRules.unusedSuppression, severity: severity, tree: tree,
                                               range: command.range,
                                               message: "suppression of \(names) hides no finding; remove it"))
                }
            }
        }
        return kept
    }

    static func metaDiagnostic(_ rule: RuleDescription, severity: Severity, tree: SyntaxTree, range: Range<Int>,
                               message: String) -> Diagnostic {
        Diagnostic(ruleID: rule.id, severity: severity, message: message, path: tree.source.path, range: range,
                   start: tree.source.location(of: range.lowerBound), end: tree.source.location(of: range.upperBound))
    }
}
