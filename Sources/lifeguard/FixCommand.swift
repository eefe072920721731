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

/// `lifeguard --fix` and `--diff`: the lint command with a fix step between the lint and the
/// reports, so configuration, exclusions, file reading, baselines, reports and the exit status
/// are the lint's own.
struct FixCommand {
    var tool: Tool
    var arguments: LintArguments

    func run() -> Int32 {
        let output: FixStep.Output = arguments.diff ? .diff : (arguments.stdinPath != nil ? .standardOutput : .files)
        var command = LintCommand(tool: tool, arguments: arguments)
        command.fixStep = FixStep(output: output, baselinePath: arguments.baseline, quiet: arguments.quiet,
                                  workingDirectory: tool.workingDirectory)
        return command.run()
    }
}

/// Applies the certain fixes of the findings a lint would report (suppressed and baselined
/// findings are never fixed), then hands the lint the findings to report and judge: those that
/// remain after fixing, or with `--diff`, which writes nothing, those of the files as they are.
struct FixStep {
    enum Output {
        /// Rewrite each changed file in place, atomically, keeping its mode.
        case files
        /// Print a unified diff of every change on stdout.
        case diff
        /// `--stdin-path`: print the whole fixed source on stdout, as formatters do, for editors.
        case standardOutput
    }

    var output: Output
    var baselinePath: String?
    var quiet: Bool
    var workingDirectory: String

    /// Whether stdout carries the diff or the fixed source, so reports may go to files only.
    var ownsStdout: Bool { output != .files }

    /// The findings to report and whether writing failed; `nil` after an error that stops the run.
    func run(_ inputs: [LintInput], configuration: LintConfiguration, console: Console) -> (result: LintResult, failed: Bool)? {
        var baseline: Baseline?
        if let baselinePath {
            do {
                baseline = try Baseline.load(path: baselinePath)
            } catch {
                console.error(error)
                return nil
            }
        }
        let outcome = FixSession.run(inputs, configuration: configuration) { result in
            baseline?.newFindings(in: result.diagnostics, sources: result.sources) ?? result.diagnostics
        }
        var failed = false
        switch output {
        case .diff:
            console.writeOut(outcome.files.map { UnifiedDiff.diff(path: $0.path, original: $0.original, modified: $0.fixed) }
                .joined())
        case .standardOutput:
            // Unchanged input is echoed too: an editor replaces its buffer with whatever comes back.
            Console.write(bytes: outcome.files.first?.fixed ?? inputs.first?.bytes ?? [], to: STDOUT_FILENO)
        case .files:
            for file in outcome.files where !write(file, console: console) { failed = true }
        }
        if !quiet { console.writeError(report(outcome)) }
        if !outcome.converged {
            console.warning("fixes were still changing the code after \(FixSession.defaultMaxPasses) passes; run --fix again")
        }
        return (output == .diff ? outcome.initial : outcome.remaining, failed)
    }

    /// Writes a fixed file over the original, after checking that it still holds the bytes that
    /// were linted (an editor may have saved it meanwhile). A symbolic link stays a link: its
    /// target is rewritten.
    func write(_ file: FixedFile, console: Console) -> Bool {
        // Display paths are relative to the working directory, or absolute.
        let path = file.path.hasPrefix("/") ? file.path : workingDirectory + "/" + file.path
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard let current = FileManager.default.contents(atPath: target), [UInt8](current) == file.original else {
            console.error("\(file.path): changed while Lifeguard was fixing it; not written")
            return false
        }
        var status = stat()
        let permissions = stat(target, &status) == 0 ? Int(status.st_mode & 0o7777) : nil
        do {
            try AtomicFile.write(file.fixed, to: target, permissions: permissions)
        } catch {
            console.error(error)
            return false
        }
        return true
    }

    /// Per file, how many fixes of each rule; then the total.
    func report(_ outcome: FixOutcome) -> String {
        let verb = output == .diff ? "Would fix" : "Fixed"
        var text = ""
        for file in outcome.files {
            let rules = file.fixesByRule.keys.sorted().map { "\($0): \(file.fixesByRule[$0]!)" }.joined(separator: ", ")
            text += "\(verb) \(Self.plural(file.fixCount, "finding")) in \(file.path) (\(rules)).\n"
        }
        let total = outcome.files.reduce(0) { $0 + $1.fixCount }
        guard total > 0 else { return "Lifeguard: nothing to fix.\n" }
        return text + "Lifeguard: \(verb.lowercased()) \(Self.plural(total, "finding")) in \(Self.plural(outcome.files.count, "file")).\n"
    }

    /// The hint after a lint's summary line, when findings it reports have a fix.
    static func fixableHint(_ diagnostics: [Diagnostic]) -> String {
        let count = diagnostics.reduce(0) { $0 + ($1.fix == nil ? 0 : 1) }
        guard count > 0 else { return "" }
        return "Lifeguard: \(count) fixable with `lifeguard --fix` (preview with `--diff`).\n"
    }

    static func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
}
