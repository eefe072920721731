import Foundation
import LifeguardKit
import LifeguardRules

/// `lifeguard lint`: find files, read them in parallel, lint, report, choose the exit status.
struct LintCommand {
    var tool: Tool
    var arguments: LintArguments
    /// Set by `--fix` and `--diff` (FixCommand.swift): fixes between the lint and the reports.
    var fixStep: FixStep?

    var console: Console { tool.console }

    func run() -> Int32 {
        var hadFailure = false
        let configuration: Configuration
        let inputs: [LintInput]
        do {
            configuration = try tool.loadConfiguration(arguments)
            if let stdinPath = arguments.stdinPath {
                guard arguments.paths.isEmpty else {
                    throw UsageError("`--stdin-path` lints standard input; do not also give paths")
                }
                let data = FileHandle.standardInput.readDataToEndOfFile()
                inputs = [LintInput(path: FileDiscovery.displayPath(stdinPath, workingDirectory: tool.workingDirectory),
                                    bytes: [UInt8](data))]
            } else {
                let paths = arguments.paths.isEmpty ? ["."] : arguments.paths
                let workingDirectory = tool.workingDirectory
                let discovery = FileDiscovery { path, isDirectory in
                    configuration.isExcluded(path, isDirectory: isDirectory, workingDirectory: workingDirectory)
                }
                let files = try discovery.swiftFiles(in: paths, workingDirectory: workingDirectory)
                let read = readFiles(files)
                inputs = read.inputs
                hadFailure = read.failed
            }
        } catch {
            console.error(error)
            return ExitStatus.failure
        }

        let rules = configuration.setups(for: RuleRegistry.rules)
        let appFacts = locateAppFacts(rules: rules, configuration: configuration)
        let unknownRule = BuiltInRules.unknownRuleInSuppression
        let unusedRule = BuiltInRules.unusedSuppression
        let lintConfiguration = LintConfiguration(
            rules: rules, knownRuleIDs: Set(RuleRegistry.allDescriptions.map(\.id)),
            extraControllerBases: configuration.controllerBaseClasses, extraViewBases: configuration.viewBaseClasses,
            unknownSuppressionSeverity: configuration.isEnabled(unknownRule) ? configuration.severity(of: unknownRule) : nil,
            unusedSuppressionSeverity: arguments.reportUnusedSuppressions || configuration.isEnabled(unusedRule)
                ? configuration.severity(of: unusedRule) : nil,
            appFacts: appFacts)
        var result: LintResult
        if let fixStep {
            guard let fixed = fixStep.run(inputs, configuration: lintConfiguration, console: console) else {
                return ExitStatus.failure
            }
            result = fixed.result
            hadFailure = hadFailure || fixed.failed
        } else {
            result = Linter.lint(inputs, configuration: lintConfiguration)
        }

        do {
            if let path = arguments.writeBaseline {
                let baseline = Baseline(recording: result.diagnostics, sources: result.sources)
                try AtomicFile.write(baseline.rendered(), to: path)
            }
            if let path = arguments.baseline {
                let baseline = try Baseline.load(path: path)
                result.diagnostics = baseline.newFindings(in: result.diagnostics, sources: result.sources)
            }
        } catch {
            console.error(error)
            return ExitStatus.failure
        }
        if arguments.absolutePaths { result = result.withAbsolutePaths(from: tool.workingDirectory) }

        var described = rules.map { $0.rule.description }
        if lintConfiguration.unknownSuppressionSeverity != nil { described.append(unknownRule) }
        if lintConfiguration.unusedSuppressionSeverity != nil { described.append(unusedRule) }
        let context = ReportContext(
            rules: described, workingDirectory: tool.workingDirectory,
            useColor: useColor, executionSuccessful: !hadFailure)
        do {
            try writeReports(result, context: context)
        } catch {
            console.error(error)
            return ExitStatus.failure
        }
        let counts = SeverityCounts(result.diagnostics)
        if !arguments.quiet {
            console.writeError(summaryLine(counts, files: result.fileCount) + (fixStep == nil ? FixStep.fixableHint(result.diagnostics) : ""))
            if let path = arguments.writeBaseline {
                console.writeError("Lifeguard: wrote a baseline of \(result.diagnostics.count) findings to \(path).\n")
            }
        }
        if hadFailure { return ExitStatus.failure }
        if counts.errors > 0 || (arguments.strict && counts.warnings > 0) { return ExitStatus.findings }
        return ExitStatus.clean
    }

    /// What the apps' Info.plists and Xcode projects say, read only when a rule asks
    /// (`global_key_window`); unreadable files are warnings.
    func locateAppFacts(rules: [RuleSetup], configuration: Configuration) -> AppFacts {
        guard rules.contains(where: { $0.rule.description.id == "global_key_window" }) else {
            return .unknown(configured: configuration.scenes)
        }
        let paths = arguments.stdinPath.map { [$0] } ?? (arguments.paths.isEmpty ? ["."] : arguments.paths)
        let facts = AppFacts.locate(forLinting: paths, workingDirectory: tool.workingDirectory, configured: configuration.scenes)
        for problem in facts.problems { console.warning(problem.description) }
        return facts
    }

    var useColor: Bool {
        switch arguments.color {
        case .always: return true
        case .never: return false
        case .auto: return arguments.output == nil && Console.stdoutWantsColor(environment: tool.environment)
        }
    }

    /// Reads every file in parallel. Unreadable files are reported and make the run fail (exit 2);
    /// binary files are reported and skipped; the rest of the run always completes.
    func readFiles(_ paths: [String]) -> (inputs: [LintInput], failed: Bool) {
        let workingDirectory = tool.workingDirectory
        let outcomes: [ReadOutcome] = ParallelRead.map(paths) { path in
            guard let handle = FileHandle(forReadingAtPath: path) else { return .unreadable(path) }
            defer { try? handle.close() }
            guard let data = try? handle.readToEnd() else { return .unreadable(path) }
            let bytes = [UInt8](data)
            if bytes.contains(0) { return .binary(path) }
            return .read(LintInput(path: FileDiscovery.displayPath(path, workingDirectory: workingDirectory), bytes: bytes))
        }
        var inputs: [LintInput] = []
        var failed = false
        for outcome in outcomes {
            switch outcome {
            case .read(let input):
                inputs.append(input)
            case .unreadable(let path):
                console.error("\(path): cannot read file")
                failed = true
            case .binary(let path):
                console.warning("\(path): skipped, looks like a binary file (contains NUL bytes)")
            }
        }
        return (inputs, failed)
    }

    func writeReports(_ result: LintResult, context: ReportContext) throws {
        var requests = [(format: arguments.format, path: arguments.output)]
        requests.append(contentsOf: arguments.reports)
        var reporters: [(any Reporter, String?)] = []
        for request in requests {
            guard let reporter = Reporters.named(request.format) else {
                throw UsageError("unknown format '\(request.format)'; formats: \(Reporters.names.joined(separator: ", "))")
            }
            reporters.append((reporter, request.path))
        }
        // `--diff` and a fixed `--stdin-path` source own stdout; reports to files still go out.
        for (reporter, path) in reporters where path != nil || fixStep?.ownsStdout != true {
            var reportContext = context
            if path != nil { reportContext.useColor = false }
            let text = reporter.report(result, context: reportContext)
            if let path {
                try AtomicFile.write(text, to: path)
            } else {
                console.writeOut(text)
            }
        }
    }

    func summaryLine(_ counts: SeverityCounts, files: Int) -> String {
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        let total = counts.errors + counts.warnings + counts.notes
        if total == 0 { return "Lifeguard: no findings in \(plural(files, "file")).\n" }
        var parts = [plural(counts.errors, "error"), plural(counts.warnings, "warning")]
        if counts.notes > 0 { parts.append(plural(counts.notes, "note")) }
        return "Lifeguard: \(plural(total, "finding")) (\(parts.joined(separator: ", "))) in \(plural(files, "file")).\n"
    }
}

enum ReadOutcome: Sendable {
    case read(LintInput)
    case unreadable(String)
    case binary(String)
}

/// The reporters `--format` and `--report` accept.
enum Reporters {
    static let all: [any Reporter] = [
        XcodeReporter(), JSONReporter(), SARIFReporter(), GitHubReporter(), CheckstyleReporter(), JUnitReporter(),
        GitLabReporter(), SummaryReporter(), SwiftSummaryReporter(),
    ]
    static var names: [String] { all.map { type(of: $0).name } }

    static func named(_ name: String) -> (any Reporter)? {
        all.first { type(of: $0).name == name }
    }
}
