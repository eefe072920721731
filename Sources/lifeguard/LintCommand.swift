#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
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
        let configuration: Configuration
        do {
            configuration = try tool.loadConfiguration(arguments)
            if arguments.stdinPath != nil, !arguments.paths.isEmpty {
                throw UsageError("`--stdin-path` lints standard input; do not also give paths")
            }
        } catch {
            console.error(error)
            return ExitStatus.failure
        }

        // A crash in one file starts a plain lint again without that file. Not `--fix` (it may
        // have rewritten files by then), standard input (which cannot be read twice), nor a run
        // that writes a baseline (one without a file's findings would report them as new later).
        if fixStep == nil, arguments.stdinPath == nil, arguments.writeBaseline == nil {
            CrashGuard.resumeAfterCrash(arguments: CommandLine.arguments, environment: tool.environment)
        }
        let rules = configuration.setups(for: RuleRegistry.rules)
        // Discovery records the folders it reads for the app-facts walk, which then need not read
        // them again.
        let listings = Self.needsAppFacts(rules) ? AppFacts.listingsForLocating() : nil
        let appFacts = locateAppFacts(rules: rules, configuration: configuration, listings: listings)
        let unknownRule = BuiltInRules.unknownRuleInSuppression
        let unusedRule = BuiltInRules.unusedSuppression
        let lintConfiguration = LintConfiguration(
            rules: rules, knownRuleIDs: Set(RuleRegistry.allDescriptions.map(\.id)),
            extraControllerBases: configuration.controllerBaseClasses, extraViewBases: configuration.viewBaseClasses,
            unknownSuppressionSeverity: configuration.isEnabled(unknownRule) ? configuration.severity(of: unknownRule) : nil,
            unusedSuppressionSeverity: arguments.reportUnusedSuppressions || configuration.isEnabled(unusedRule)
                ? configuration.severity(of: unusedRule) : nil,
            deferredAppFacts: appFacts)
        var hadFailure = false
        var crashed = false
        var result: LintResult
        if let fixStep {
            // Fixing rewrites files, so it holds them all in memory, as it always has.
            let read: (inputs: [LintInput], failed: Bool)
            do {
                read = try readInputs(configuration: configuration)
            } catch {
                console.error(error)
                return ExitStatus.failure
            }
            guard let fixed = fixStep.run(read.inputs, configuration: lintConfiguration, console: console) else {
                return ExitStatus.failure
            }
            result = fixed.result
            hadFailure = read.failed || fixed.failed
        } else {
            let output: LintPipeline.Output
            do {
                output = try lint(configuration: configuration, lintConfiguration: lintConfiguration, listings: listings)
            } catch {
                console.error(error)
                return ExitStatus.failure
            }
            hadFailure = report(output.problems)
            crashed = output.problems.contains { if case .crashed = $0.kind { true } else { false } }
            result = output.result
        }
        // An unreadable plist or project costs `global_key_window` its answer, not the run. Said
        // of those read: a run no rule asked about reads none (see `LintPipeline`).
        for problem in appFacts.valueIfBegun?.problems ?? [] { console.warning(problem.description) }

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
            useColor: useColor, executionSuccessful: !hadFailure && !crashed)
        do {
            try writeReports(result, context: context)
        } catch {
            console.error(error)
            return ExitStatus.failure
        }
        // The run's tables (app facts by file, the folders discovery listed, the findings) go
        // with the process: freeing them one entry at a time cost about 2 ms at the end.
        KeptUntilExit.keep((appFacts, listings, result))
        let counts = SeverityCounts(result.diagnostics)
        if !arguments.quiet {
            console.writeError(summaryLine(counts, files: result.fileCount) + (fixStep == nil ? FixStep.fixableHint(result.diagnostics) : ""))
            if let path = arguments.writeBaseline {
                console.writeError("Lifeguard: wrote a baseline of \(result.diagnostics.count) findings to \(path).\n")
            }
        }
        if crashed { return CrashGuard.exitStatus }
        if hadFailure { return ExitStatus.failure }
        if counts.errors > 0 || (arguments.strict && counts.warnings > 0) { return ExitStatus.findings }
        return ExitStatus.clean
    }

    /// What the apps' Info.plists and Xcode projects say, read only when a rule asks
    /// (`global_key_window`); unreadable files are warnings.
    func locateAppFacts(rules: [RuleSetup], configuration: Configuration, listings: DirectoryListings?) -> Deferred<AppFacts> {
        guard Self.needsAppFacts(rules) else {
            return Deferred(ready: .unknown(configured: configuration.scenes))
        }
        let paths = arguments.stdinPath.map { [$0] } ?? (arguments.paths.isEmpty ? ["."] : arguments.paths)
        let workingDirectory = tool.workingDirectory
        let scenes = configuration.scenes
        // Read once pass one is over (`LintPipeline` starts it): pass one keeps both cores busy,
        // while the index build leaves one idle for part of its time. The rules of pass two wait
        // for it. Problems are printed after the run.
        return .held {
            AppFacts.locate(forLinting: paths, workingDirectory: workingDirectory, configured: scenes, listings: listings)
        }
    }

    static func needsAppFacts(_ rules: [RuleSetup]) -> Bool {
        rules.contains(where: { $0.rule.description.id == "global_key_window" })
    }

    var useColor: Bool {
        switch arguments.color {
        case .always: return true
        case .never: return false
        case .auto: return arguments.output == nil && Console.stdoutWantsColor(environment: tool.environment)
        }
    }

    /// Discovers, reads and lints in one pipeline: files are parsed while the walk goes on.
    func lint(configuration: Configuration, lintConfiguration: LintConfiguration,
              listings: DirectoryListings?) throws -> LintPipeline.Output {
        let formats = [arguments.format] + arguments.reports.map(\.format)
        var options = PipelineOptions(lineHashes: formats.contains(SARIFReporter.name), keepsIndexUntilExit: true)
        options.crashTrigger = Self.crashTrigger(environment: tool.environment)
        // Files an earlier attempt of this run crashed on (see `CrashGuard`) are reported, not
        // linted. One that crashed in pass 1 is left out of the index too; one that crashed in
        // pass 2 still gives the index its facts, which the other files' findings depend on.
        let crashed = CrashGuard.crashedFiles(environment: tool.environment)
        let crashedWhileIndexing = Set(crashed.filter { $0.phase == .indexing }.map(\.path))
        options.crashedWhileLinting = Set(crashed.filter { $0.phase == .linting }.map(\.path))
        let pipeline = LintPipeline(configuration: lintConfiguration, options: options)
        let workingDirectory = tool.workingDirectory
        if let stdinPath = arguments.stdinPath {
            let bytes = Self.readStandardInput()
            let path = FileDiscovery.displayPath(stdinPath, workingDirectory: workingDirectory)
            return pipeline.run { submit in submit(PipelineFile(displayPath: path, origin: .memory(bytes))) }
        }
        let paths = arguments.paths.isEmpty ? ["."] : arguments.paths
        // Before the run starts its threads, which then mark their heaps (`LIFEGUARD_HUGE_PAGES=1` only).
        HugePageHeaps.adopt(forLinting: paths, workingDirectory: workingDirectory, environment: tool.environment)
        let filter = configuration.pathFilter()
        let discovery = FileDiscovery(isExcluded: { path, isDirectory in
            filter.isExcluded(path, isDirectory: isDirectory, workingDirectory: workingDirectory)
        }, listings: listings)
        var problems: [FileProblem] = []
        var seen = Set<String>()
        var output = try pipeline.run { submit in
            try discovery.discover(paths, workingDirectory: workingDirectory) { file in
                guard !crashed.isEmpty else {
                    submit(PipelineFile(displayPath: file.displayPath, origin: .disk(file.path), throughLink: file.throughLink))
                    return
                }
                seen.insert(file.displayPath)
                if crashedWhileIndexing.contains(file.displayPath) {
                    problems.append(FileProblem(path: file.displayPath, kind: .crashed(whileIndexing: true)))
                    return
                }
                submit(PipelineFile(displayPath: file.displayPath, origin: .disk(file.path), throughLink: file.throughLink))
            }
        }
        // A file that crashed and is gone now still made this run incomplete.
        for file in crashed where !seen.contains(file.path) {
            problems.append(FileProblem(path: file.path, kind: .crashed(whileIndexing: file.phase == .indexing)))
        }
        output.problems = (output.problems + problems).sorted { $0.path < $1.path }
        return output
    }

    /// Prints the files that were not linted; returns whether any makes the run fail (exit 2).
    func report(_ problems: [FileProblem]) -> Bool {
        var failed = false
        for problem in problems {
            switch problem.kind {
            case .unreadable:
                console.error("\(problem.path): cannot read file")
                failed = true
            case .binary:
                console.warning("\(problem.path): skipped, looks like a binary file (contains NUL bytes)")
            case .crashed(let whileIndexing):
                console.error("\(problem.path): not linted: Lifeguard crashed while "
                              + (whileIndexing ? "reading it for the project index (the other files were linted without "
                                 + "what it declares)" : "linting it (every other file was linted)")
                              + "; please report the crash with the file if you can")
            }
        }
        return failed
    }

    /// Every file's bytes, in path order, for `--fix` and `--diff`; unreadable and binary files
    /// are reported as in a lint.
    func readInputs(configuration: Configuration) throws -> (inputs: [LintInput], failed: Bool) {
        let workingDirectory = tool.workingDirectory
        if let stdinPath = arguments.stdinPath {
            let path = FileDiscovery.displayPath(stdinPath, workingDirectory: workingDirectory)
            return ([LintInput(path: path, bytes: Self.readStandardInput())], false)
        }
        let paths = arguments.paths.isEmpty ? ["."] : arguments.paths
        let filter = configuration.pathFilter()
        let discovery = FileDiscovery { path, isDirectory in
            filter.isExcluded(path, isDirectory: isDirectory, workingDirectory: workingDirectory)
        }
        var files: [String: DiscoveredFile] = [:]
        try discovery.discover(paths, workingDirectory: workingDirectory) { file in
            if files[file.displayPath] == nil { files[file.displayPath] = file }
        }
        var inputs: [LintInput] = []
        var problems: [FileProblem] = []
        for path in files.keys.sorted() {
            switch FileReader.read(files[path]!.path) {
            case .success(let contents):
                if contents.bytes.contains(0) {
                    problems.append(FileProblem(path: path, kind: .binary))
                } else {
                    inputs.append(LintInput(path: path, bytes: contents.bytes))
                }
            case .failure(let failure):
                problems.append(FileProblem(path: path, kind: .unreadable(reason: failure.description)))
            }
        }
        return (inputs, report(problems))
    }

    /// Debug builds only: `LIFEGUARD_TEST_CRASH_ON=Name.swift[:trap|:overflow]` crashes the run
    /// on that file, for the test of crash reporting. Release builds have no such switch.
    static func crashTrigger(environment: [String: String]) -> CrashTrigger? {
        #if DEBUG
        return environment["LIFEGUARD_TEST_CRASH_ON"].flatMap(CrashTrigger.init)
        #else
        return nil
        #endif
    }

    static func readStandardInput() -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.append(contentsOf: chunk[..<count])
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return bytes
            }
        }
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
