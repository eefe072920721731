import Foundation
import XCTest
import LifeguardKit
import LifeguardRules
import LifeguardTestSupport

/// Every fixture reports exactly what its `// expect:` markers say — every expected diagnostic
/// and nothing else — in every harness mode. `Fixtures/rules/<rule_id>/` runs with that rule
/// alone (its files form one run, so types may be declared across them); the sample app and
/// the corpus run with every rule.
final class FixtureTests: XCTestCase {
    func testEveryRuleHasAFixtureFolderAndEveryFolderARule() throws {
        let folders = try ruleFolders().map(\.lastPathComponent).sorted()
        let ids = RuleRegistry.rules.map { $0.description.id }.sorted()
        XCTAssertEqual(folders, ids)
    }

    func testRuleFixtures() throws {
        for folder in try ruleFolders() {
            let id = folder.lastPathComponent
            guard let rule = RuleRegistry.rule(withID: id) else { continue }
            let files = FixtureFiles.swiftFiles(in: folder)
            XCTAssertFalse(files.isEmpty, "\(id) has no fixtures")
            try check(files, rules: [rule], label: id)
        }
    }

    func testSampleApp() throws {
        let files = FixtureFiles.swiftFiles(under: "SampleApp")
        XCTAssertGreaterThanOrEqual(files.count, 5)
        try check(files, rules: RuleRegistry.rules, label: "SampleApp")
        // A new user sees every rule fire on the sample.
        let fired = Set(try files.flatMap { Expectation.parse(try String(contentsOf: $0, encoding: .utf8)).map(\.ruleID) })
        for rule in RuleRegistry.rules {
            XCTAssertTrue(fired.contains(rule.description.id), "the sample app shows no instance of \(rule.description.id)")
        }
    }

    func testCorpus() throws {
        try check(FixtureFiles.swiftFiles(under: "Corpus"), rules: RuleRegistry.rules, label: "Corpus")
    }

    func ruleFolders() throws -> [URL] {
        let root = FixtureFiles.directory.appendingPathComponent("rules")
        return try FileManager.default.contentsOfDirectory(at: root, includingPropertiesForKeys: nil)
            .filter { $0.hasDirectoryPath }
            .sorted { $0.path < $1.path }
    }

    func check(_ files: [URL], rules: [any Rule.Type], label: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let texts = try files.map { try String(contentsOf: $0, encoding: .utf8) }
        for mode in LintHarness.Mode.allCases {
            // A file the mode cannot apply to (one holding `*/` cannot be wrapped in a comment)
            // runs as written, with its own expectations, beside the files the mode changes.
            var inputs: [(path: String, text: String)] = []
            var applied: [Bool] = []
            for (url, text) in zip(files, texts) {
                let variant = mode.apply(text)
                inputs.append((FixtureFiles.shortPath(url), variant ?? text))
                applied.append(variant != nil)
            }
            let diagnostics = LintHarness.lint(inputs, rules: rules)
            for ((input, original), wasApplied) in zip(zip(inputs, texts), applied) {
                let silenced = wasApplied && mode.silencesEverything
                let shift = wasApplied ? mode.lineShift : 0
                let expected = silenced ? [] : Expectation.parse(original).map {
                    Expectation(line: $0.line + shift, ruleID: $0.ruleID)
                }
                let found = diagnostics.filter { $0.path == input.path }
                let actual = found.map { Expectation(line: $0.start.line, ruleID: $0.ruleID) }.sorted()
                guard actual != expected.sorted() else { continue }
                var report = "\(label) [\(mode.rawValue)] \(input.path):\n"
                for missing in multisetDifference(expected.sorted(), actual) {
                    report += "  missing \(missing.ruleID) on line \(missing.line):\n"
                    report += LintHarness.caret(input.text, line: missing.line, column: 1) + "\n"
                }
                for extra in multisetDifference(actual, expected.sorted()) {
                    for diagnostic in found where diagnostic.start.line == extra.line && diagnostic.ruleID == extra.ruleID {
                        report += "  unexpected \(extra.ruleID) at \(diagnostic.start): \(diagnostic.message)\n"
                        report += LintHarness.caret(input.text, line: diagnostic.start.line, column: diagnostic.start.column) + "\n"
                        break
                    }
                }
                XCTFail(report, file: file, line: line)
            }
        }
    }

    func multisetDifference(_ lhs: [Expectation], _ rhs: [Expectation]) -> [Expectation] {
        var remaining = rhs
        var result: [Expectation] = []
        for item in lhs {
            if let index = remaining.firstIndex(of: item) { remaining.remove(at: index) } else { result.append(item) }
        }
        return result
    }
}
