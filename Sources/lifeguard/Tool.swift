#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LifeguardKit
import LifeguardRules

/// Exit statuses, as ruff, ESLint and most linters use them.
enum ExitStatus {
    static let clean: Int32 = 0
    static let findings: Int32 = 1
    static let failure: Int32 = 2
}

/// The command-line tool: parses arguments and runs the subcommand.
struct Tool {
    var environment: [String: String]
    var console = Console()
    var workingDirectory = FileManager.default.currentDirectoryPath

    func run(_ arguments: [String]) -> Int32 {
        let invocation: Invocation
        do {
            invocation = try ArgumentParser.parse(arguments)
        } catch {
            console.error(error)
            return ExitStatus.failure
        }
        switch invocation {
        case .help:
            console.writeOut(ArgumentParser.help + "\n")
            return ExitStatus.clean
        case .version:
            console.writeOut(Lifeguard.version + "\n")
            return ExitStatus.clean
        case .outline(let files):
            return outline(files)
        case .scenes(let paths):
            return scenes(paths.isEmpty ? ["."] : paths)
        case .explain(let id):
            return explain(id)
        case .rules(let arguments):
            return listRules(arguments)
        case .initConfiguration(let path):
            return initConfiguration(path)
        case .lint(let arguments):
            return arguments.fix ? FixCommand(tool: self, arguments: arguments).run()
                : LintCommand(tool: self, arguments: arguments).run()
        }
    }

    /// The app facts `global_key_window` uses, and each Swift file's verdict.
    func scenes(_ paths: [String]) -> Int32 {
        let facts = AppFacts.locate(forLinting: paths, workingDirectory: workingDirectory)
        for problem in facts.problems { console.warning(problem.description) }
        for line in facts.sources { console.writeOut(line + "\n") }
        let files: [String]
        do {
            files = try FileDiscovery().swiftFiles(in: paths, workingDirectory: workingDirectory)
        } catch {
            console.error(error)
            return ExitStatus.failure
        }
        var counts: [SceneSupport: Int] = [:]
        for file in files {
            let support = facts.sceneSupport(forFile: file)
            counts[support, default: 0] += 1
            if files.count <= 50 { console.writeOut("\(file): \(support.rawValue)\n") }
        }
        let summary = SceneSupport.allCases.map { "\(counts[$0] ?? 0) \($0.rawValue)" }.joined(separator: ", ")
        console.writeOut("\(files.count) Swift \(files.count == 1 ? "file" : "files"): \(summary)\n")
        return ExitStatus.clean
    }

    func outline(_ files: [String]) -> Int32 {
        var status = ExitStatus.clean
        for file in files {
            guard case .success(let contents) = FileReader.read(file) else {
                console.error("\(file): cannot read file")
                status = ExitStatus.failure
                continue
            }
            let tree = SyntaxTree(source: SourceFile(path: file, bytes: contents.bytes))
            if files.count > 1 { console.writeOut("== \(file)\n") }
            console.writeOut(tree.outlineDescription() + "\n")
        }
        return status
    }

    func explain(_ id: String) -> Int32 {
        guard let description = RuleRegistry.allDescriptions.first(where: { $0.id == id }) else {
            var message = "unknown rule '\(id)'"
            if let suggestion = Suggestions.closest(id, among: RuleRegistry.allDescriptions.map(\.id)) {
                message += "; did you mean '\(suggestion)'?"
            }
            console.error(message + " (see `lifeguard rules`)")
            return ExitStatus.failure
        }
        console.writeOut(RuleDocumentationRenderer.text(for: description))
        return ExitStatus.clean
    }

    func listRules(_ arguments: LintArguments) -> Int32 {
        let configuration: Configuration
        do {
            configuration = try loadConfiguration(arguments)
        } catch {
            console.error(error)
            return ExitStatus.failure
        }
        let descriptions = RuleRegistry.allDescriptions
        let idWidth = max(2, descriptions.map(\.id.count).max() ?? 0)
        let categoryWidth = max(8, descriptions.map(\.category.rawValue.count).max() ?? 0)
        var output = "id".padding(idWidth) + "  " + "category".padding(categoryWidth) + "  severity  enabled  summary\n"
        for description in descriptions {
            let enabled = configuration.isEnabled(description) ? "yes" : "no"
            let severity = configuration.severity(of: description).rawValue
            output += description.id.padding(idWidth) + "  " + description.category.rawValue.padding(categoryWidth)
            output += "  " + severity.padding(8) + "  " + enabled.padding(7) + "  " + description.summary + "\n"
        }
        if let path = configuration.path {
            output += "\n(configuration: \(path))\n"
        }
        console.writeOut(output)
        return ExitStatus.clean
    }

    func initConfiguration(_ path: String) -> Int32 {
        if FileManager.default.fileExists(atPath: path) {
            console.error("\(path) already exists; Lifeguard will not overwrite it")
            return ExitStatus.failure
        }
        do {
            try AtomicFile.write(Configuration.starter(rules: RuleRegistry.allDescriptions), to: path)
        } catch {
            console.error(error)
            return ExitStatus.failure
        }
        console.writeOut("Wrote \(path). Edit it, then run `lifeguard rules` to see what is enabled.\n")
        return ExitStatus.clean
    }
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}

