import Foundation
import XCTest
import LifeguardKit
import LifeguardRules

/// Runs rules on in-memory files the way the CLI does, and renders mismatches readably.
enum LintHarness {
    static func lint(_ files: [(path: String, text: String)], rules: [any Rule.Type],
                     options: [String: [String: OptionValue]] = [:], appFacts: AppFacts = .unknown()) -> [Diagnostic] {
        let setups = rules.map { RuleSetup(rule: $0, options: options[$0.description.id] ?? [:]) }
        let configuration = LintConfiguration(rules: setups, knownRuleIDs: Set(RuleRegistry.allDescriptions.map(\.id)),
                                              appFacts: appFacts)
        let inputs = files.map { LintInput(path: $0.path, bytes: Array($0.text.utf8)) }
        return Linter.lint(inputs, configuration: configuration).diagnostics
    }

    /// The source line with a caret under `column`, for failure messages.
    static func caret(_ text: String, line: Int, column: Int) -> String {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        guard line >= 1, line <= lines.count else { return "" }
        let source = String(lines[line - 1])
        // Columns count UTF-8 bytes; the caret goes under the character holding that byte.
        var bytes = 0
        var padding = ""
        for character in source {
            if bytes >= column - 1 { break }
            bytes += character.utf8.count
            padding += character == "\t" ? "\t" : " "
        }
        return "    \(source)\n    \(padding)^"
    }

    /// Variants every example and fixture must pass: the text as written, with CRLF line
    /// endings, after a first line of multi-byte characters (expectations move down a line),
    /// behind a file-level disable (nothing reported), and inside a block comment (nothing).
    enum Mode: String, CaseIterable {
        case asWritten, crlf, multiByteFirstLine, fileLevelDisable, blockComment

        func apply(_ text: String) -> String? {
            switch self {
            case .asWritten:
                return text
            case .crlf:
                return text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n")
            case .multiByteFirstLine:
                return "// Ünïcödé 🚒 ü — ✓ 日本語\n" + text
            case .fileLevelDisable:
                return "// lifeguard:disable all - the mode that checks suppressions\n" + text
            case .blockComment:
                // A file that closes block comments of its own cannot be wrapped in one.
                if text.contains("*/") || text.contains("/*") { return nil }
                return "/*\n" + text + "\n*/\n"
            }
        }

        var lineShift: Int { self == .multiByteFirstLine ? 1 : 0 }
        var silencesEverything: Bool { self == .fileLevelDisable || self == .blockComment }
    }
}
