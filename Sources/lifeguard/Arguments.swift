import LifeguardKit

/// A mistake in how the tool was invoked; reported on stderr with exit status 2.
struct UsageError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// `--color` choices.
enum ColorMode: String {
    case auto, always, never
}

/// Options of `lifeguard lint`.
struct LintArguments {
    var paths: [String] = []
    var format = "xcode"
    var output: String?
    /// Extra reports: `--report sarif:lifeguard.sarif`, `--report summary`.
    var reports: [(format: String, path: String?)] = []
    var color = ColorMode.auto
    var quiet = false
    var strict = false
    var stdinPath: String?
    var configPath: String?
    var noConfig = false
    var baseline: String?
    var writeBaseline: String?
    var reportUnusedSuppressions = false
    /// `--fix`: apply every certain fix, then report what remains.
    var fix = false
    /// `--diff`: print the fixes as a unified diff instead of writing them (implies `--fix`).
    var diff = false
    /// `--absolute-paths`: report absolute paths, for IDEs and build-tool plugins.
    var absolutePaths = false
}

/// What the command line asks for.
enum Invocation {
    case lint(LintArguments)
    case rules(LintArguments)
    case explain(String)
    case initConfiguration(path: String)
    case outline([String])
    case scenes([String])
    case help
    case version
}

/// A small hand-written parser: subcommand first (default `lint`), then `--flag value`,
/// `--flag=value`, and `--` to end options.
enum ArgumentParser {
    static let subcommands = ["lint", "rules", "explain", "init", "outline", "scenes", "help"]

    static func parse(_ arguments: [String]) throws -> Invocation {
        var rest = arguments[...]
        if let first = rest.first {
            if first == "--help" || first == "-h" || first == "help" { return .help }
            if first == "--version" || first == "-v" { return .version }
        }
        var subcommand = "lint"
        if let first = rest.first, subcommands.contains(first) {
            subcommand = first
            rest = rest.dropFirst()
        }
        switch subcommand {
        case "explain":
            let words = try positionalOnly(rest, command: "explain")
            guard words.count == 1 else { throw UsageError("`lifeguard explain` takes exactly one rule id") }
            return .explain(words[0])
        case "init":
            var path = ".lifeguard.yml"
            var iterator = rest.makeIterator()
            while let argument = iterator.next() {
                if argument == "--help" || argument == "-h" { return .help }
                if argument == "--config" || argument.hasPrefix("--config=") {
                    path = try value(of: argument, from: &iterator)
                } else {
                    throw UsageError("unknown option '\(argument)' for `lifeguard init`")
                }
            }
            return .initConfiguration(path: path)
        case "outline":
            let files = try positionalOnly(rest, command: "outline")
            guard !files.isEmpty else { throw UsageError("`lifeguard outline` needs at least one file") }
            return .outline(files)
        case "rules":
            return .rules(try parseLint(rest))
        case "scenes":
            return .scenes(try positionalOnly(rest, command: "scenes"))
        default:
            if rest.contains("--help") || rest.contains("-h") { return .help }
            if rest.contains("--version") { return .version }
            return .lint(try parseLint(rest))
        }
    }

    static func positionalOnly(_ arguments: ArraySlice<String>, command: String) throws -> [String] {
        for argument in arguments where argument.hasPrefix("-") && argument != "-" {
            throw UsageError("unknown option '\(argument)' for `lifeguard \(command)`")
        }
        return Array(arguments)
    }

    /// The value of `--flag value` or `--flag=value`.
    static func value(of argument: String, from iterator: inout IndexingIterator<ArraySlice<String>>) throws -> String {
        if let equals = argument.firstIndex(of: "=") {
            let value = String(argument[argument.index(after: equals)...])
            guard !value.isEmpty else { throw UsageError("option '\(argument[..<equals])' needs a value") }
            return value
        }
        guard let value = iterator.next() else { throw UsageError("option '\(argument)' needs a value") }
        return value
    }

    static func parseLint(_ arguments: ArraySlice<String>) throws -> LintArguments {
        var result = LintArguments()
        var iterator = arguments.makeIterator()
        var optionsEnded = false
        while let argument = iterator.next() {
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                result.paths.append(argument)
                continue
            }
            let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
            switch name {
            case "--":
                optionsEnded = true
            case "--format", "-f":
                result.format = try value(of: argument, from: &iterator)
            case "--output", "-o":
                result.output = try value(of: argument, from: &iterator)
            case "--report":
                let spec = try value(of: argument, from: &iterator)
                if let colon = spec.firstIndex(of: ":") {
                    let path = String(spec[spec.index(after: colon)...])
                    guard !path.isEmpty else { throw UsageError("`--report \(spec)` names no file") }
                    result.reports.append((String(spec[..<colon]), path))
                } else {
                    result.reports.append((spec, nil))
                }
            case "--color":
                let choice = try value(of: argument, from: &iterator)
                guard let mode = ColorMode(rawValue: choice) else {
                    throw UsageError("`--color` takes auto, always or never, not '\(choice)'")
                }
                result.color = mode
            case "--no-color":
                result.color = .never
            case "--quiet", "-q":
                result.quiet = true
            case "--strict":
                result.strict = true
            case "--stdin-path":
                result.stdinPath = try value(of: argument, from: &iterator)
            case "--config":
                result.configPath = try value(of: argument, from: &iterator)
            case "--no-config":
                result.noConfig = true
            case "--baseline":
                result.baseline = try value(of: argument, from: &iterator)
            case "--write-baseline":
                result.writeBaseline = try value(of: argument, from: &iterator)
            case "--report-unused-suppressions":
                result.reportUnusedSuppressions = true
            case "--fix":
                result.fix = true
            case "--diff":
                result.diff = true
                result.fix = true
            case "--absolute-paths":
                result.absolutePaths = true
            default:
                throw UsageError("unknown option '\(name)' (see `lifeguard --help`)")
            }
        }
        if result.configPath != nil && result.noConfig {
            throw UsageError("`--config` and `--no-config` cannot be used together")
        }
        if result.baseline != nil, result.writeBaseline != nil, result.baseline == result.writeBaseline {
            throw UsageError("`--baseline` and `--write-baseline` name the same file")
        }
        return result
    }

    static let help = """
        lifeguard \(Lifeguard.version): finds UIKit view-controller lifecycle misuse in Swift source.

        USAGE:
          lifeguard [lint] [options] [path ...]   lint files and directories (default: .)
          lifeguard rules [--config PATH]         list rules and whether they are enabled
          lifeguard explain <rule_id>             print a rule's documentation and examples
          lifeguard init [--config PATH]          write a commented starter .lifeguard.yml
          lifeguard outline <file ...>            print the structural outline Lifeguard parses
          lifeguard scenes [path ...]             show which Info.plist says whether each app has
                                                  several window scenes (global_key_window)
          lifeguard --version | --help

        LINT OPTIONS:
          --format NAME             report format on stdout: xcode (default), json, sarif, github,
                                    checkstyle, junit, gitlab, summary, swift-summary
          --output PATH             write that report to PATH (atomically) instead of stdout
          --report FORMAT[:PATH]    an additional report, to PATH or stdout; repeatable
          --color auto|always|never color the xcode format (auto: when stdout is a terminal and
                                    NO_COLOR is unset)
          --quiet                   no summary on stderr
          --strict                  warnings fail the run too
          --stdin-path PATH         lint standard input as if it were the file PATH
          --config PATH             use this configuration instead of searching for .lifeguard.yml
          --no-config               ignore any .lifeguard.yml
          --baseline PATH           report only findings not recorded in this baseline
          --write-baseline PATH     record the current findings as a baseline
          --report-unused-suppressions
                                    report lifeguard:disable comments that hide nothing
          --fix                     apply every certain fix, then report the findings that remain
                                    (with --stdin-path: print the fixed source on stdout)
          --diff                    print the fixes as a unified diff instead of writing them
          --absolute-paths          report absolute paths (IDEs, the build-tool plugin)

        EXIT STATUS:
          0  no error-severity findings (with --strict: no warnings either)
          1  findings at or above that threshold
          2  usage, configuration or I/O error
          With --fix, the findings are those that remain after fixing; with --diff, which writes
          nothing, those in the files as they are.
        """
}
