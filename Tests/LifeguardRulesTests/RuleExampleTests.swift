import XCTest
import LifeguardKit
import LifeguardRules

/// Every example in every rule's description runs: triggering examples report exactly at their
/// `↓` markers, non-triggering ones report nothing, in every harness mode.
final class RuleExampleTests: XCTestCase {
    struct Position: Hashable, Comparable, CustomStringConvertible {
        var line: Int
        var column: Int
        static func < (lhs: Position, rhs: Position) -> Bool { (lhs.line, lhs.column) < (rhs.line, rhs.column) }
        var description: String { "\(line):\(column)" }
    }

    /// Removes the `↓` markers and returns where each one was (UTF-8 columns, 1-based).
    static func stripMarkers(_ code: String) -> (String, [Position]) {
        var output = ""
        var positions: [Position] = []
        var line = 1
        var column = 1
        for character in code {
            if character == RuleExample.marker {
                positions.append(Position(line: line, column: column))
                continue
            }
            output.append(character)
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += character.utf8.count
            }
        }
        return (output, positions)
    }

    func run(_ rule: any Rule.Type, _ example: RuleExample, expectMarkers: Bool, file: StaticString = #filePath, line: UInt = #line) {
        let description = rule.description
        let (code, markers) = Self.stripMarkers(example.code)
        if expectMarkers {
            XCTAssertFalse(markers.isEmpty, "\(description.id): a triggering example needs ↓ markers", file: file, line: line)
        }
        for mode in LintHarness.Mode.allCases {
            guard let text = mode.apply(code) else { continue }
            var files = [(path: "Example.swift", text: text)]
            for (offset, supporting) in example.supportingFiles.enumerated() {
                files.append((path: "Supporting\(offset).swift", text: supporting))
            }
            let diagnostics = LintHarness.lint(files, rules: [rule], options: [description.id: example.options])
                .filter { $0.path == "Example.swift" && $0.ruleID == description.id }
            let actual = diagnostics.map { Position(line: $0.start.line, column: $0.start.column) }.sorted()
            var expected = mode.silencesEverything ? [] : markers.map { Position(line: $0.line + mode.lineShift, column: $0.column) }
            expected.sort()
            if actual != expected {
                var report = "\(description.id) [\(mode.rawValue)]: expected \(expected), got \(actual)\n"
                for diagnostic in diagnostics {
                    report += LintHarness.caret(text, line: diagnostic.start.line, column: diagnostic.start.column)
                    report += "  " + diagnostic.message + "\n"
                }
                report += "in:\n" + text
                XCTFail(report, file: file, line: line)
            }
        }
    }

    func testTriggeringExamplesReportAtTheirMarkers() {
        for rule in RuleRegistry.rules {
            XCTAssertFalse(rule.description.triggeringExamples.isEmpty, "\(rule.description.id) needs triggering examples")
            for example in rule.description.triggeringExamples { run(rule, example, expectMarkers: true) }
        }
    }

    func testNonTriggeringExamplesReportNothing() {
        for rule in RuleRegistry.rules {
            XCTAssertFalse(rule.description.nonTriggeringExamples.isEmpty, "\(rule.description.id) needs non-triggering examples")
            for example in rule.description.nonTriggeringExamples { run(rule, example, expectMarkers: false) }
        }
    }

    /// The documentation's Example must trigger the rule and its Use instead must not.
    func testDocumentationExampleTriggersAndUseInsteadDoesNot() {
        for rule in RuleRegistry.rules {
            let description = rule.description
            let example = LintHarness.lint([("Doc.swift", wrapIfNeeded(description.documentation.example))], rules: [rule])
            XCTAssertFalse(example.isEmpty, "\(description.id): the documentation's Example should trigger the rule")
            let fixed = LintHarness.lint([("Doc.swift", wrapIfNeeded(description.documentation.useInstead))], rules: [rule])
            XCTAssertEqual(fixed.map(\.message), [], "\(description.id): Use instead should be clean")
        }
    }

    /// Documentation snippets that are bare members are read inside a view controller.
    func wrapIfNeeded(_ code: String) -> String {
        let trimmed = code.drop { $0 == " " || $0 == "\n" }
        if trimmed.hasPrefix("override") || trimmed.hasPrefix("func") || trimmed.hasPrefix("deinit") {
            return "final class DocumentationController: UIViewController {\n"
                + "    var refreshTimer: Timer?\n    let gradient = CAGradientLayer()\n    let detail = DetailViewController()\n"
                + code + "\n}\n"
        }
        return code
    }
}
