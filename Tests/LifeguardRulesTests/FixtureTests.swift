import Foundation
import XCTest
import LifeguardKit
import LifeguardRules
import LifeguardTestSupport

/// Every fixture reports exactly what its `// expect:` markers say — every expected diagnostic
/// and nothing else — in every harness mode. `Fixtures/rules/<rule_id>/` runs with that rule
/// alone: each file in it on its own, each subfolder as one project (types declared across its
/// files); the sample app and the corpus run with every rule.
final class FixtureTests: XCTestCase {
    func testEveryRuleHasAFixtureFolderAndEveryFolderARule() throws {
        let folders = try ruleFolders().map(\.lastPathComponent).sorted()
        let ids = RuleRegistry.rules.map { $0.description.id }.sorted()
        XCTAssertEqual(folders, ids)
    }

    /// Every rule's fixtures, one rule after another; each rule also has a test of its own below,
    /// so `swift test --filter FixtureTests/test_missing_super_call` runs just that rule.
    func testRuleFixtures() throws {
        for folder in try ruleFolders() {
            try checkRule(folder.lastPathComponent)
        }
    }

    /// A rule's fixture folder: each file directly in it is linted on its own (a regression case
    /// stands alone); each subfolder is one project whose files are linted together (`Project/`).
    func checkRule(_ id: String, file: StaticString = #filePath, line: UInt = #line) throws {
        guard let rule = RuleRegistry.rule(withID: id) else { return XCTFail("no rule \(id)", file: file, line: line) }
        let folder = FixtureFiles.directory.appendingPathComponent("rules").appendingPathComponent(id)
        let entries = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .sorted { $0.path < $1.path }
        var runs = 0
        for entry in entries {
            if entry.hasDirectoryPath {
                let files = FixtureFiles.swiftFiles(in: entry)
                guard !files.isEmpty else { continue }
                // A project folder may hold the app's Info.plist and Xcode project.
                let appFacts = AppFacts.locate(forLinting: [entry.path], workingDirectory: FixtureFiles.directory.path,
                                               lookingUpward: false)
                XCTAssertEqual(appFacts.problems.map(\.description), [], file: file, line: line)
                try check(files, rules: [rule], label: "\(id)/\(entry.lastPathComponent)", appFacts: appFacts,
                          file: file, line: line)
                runs += 1
            } else if entry.pathExtension == "swift" {
                try check([entry], rules: [rule], label: id, file: file, line: line)
                runs += 1
            }
        }
        XCTAssertGreaterThan(runs, 0, "\(id) has no fixtures", file: file, line: line)
    }

    func test_add_child_without_did_move() throws { try checkRule("add_child_without_did_move") }
    func test_child_view_without_add_child() throws { try checkRule("child_view_without_add_child") }
    func test_direct_load_view_call() throws { try checkRule("direct_load_view_call") }
    func test_geometry_in_view_did_load() throws { try checkRule("geometry_in_view_did_load") }
    func test_global_key_window() throws { try checkRule("global_key_window") }
    func test_incomplete_child_removal() throws { try checkRule("incomplete_child_removal") }
    func test_manual_lifecycle_call() throws { try checkRule("manual_lifecycle_call") }
    func test_missing_super_call() throws { try checkRule("missing_super_call") }
    func test_non_idempotent_layout() throws { try checkRule("non_idempotent_layout") }
    func test_observer_without_removal() throws { try checkRule("observer_without_removal") }
    func test_strong_delegate() throws { try checkRule("strong_delegate") }
    func test_strong_self_in_escaping_closure() throws { try checkRule("strong_self_in_escaping_closure") }
    func test_super_load_view_in_custom_root() throws { try checkRule("super_load_view_in_custom_root") }
    func test_timer_invalidated_only_in_deinit() throws { try checkRule("timer_invalidated_only_in_deinit") }
    func test_unbalanced_appearance_transition() throws { try checkRule("unbalanced_appearance_transition") }
    func test_view_access_in_load_view() throws { try checkRule("view_access_in_load_view") }
    func test_view_nil_check() throws { try checkRule("view_nil_check") }

    /// Every rule has a test of its own above, so a new rule cannot miss one.
    func testEveryRuleHasItsOwnFixtureTest() throws {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        for rule in RuleRegistry.rules {
            let id = rule.description.id
            XCTAssertTrue(source.contains("func test_\(id)() throws { try checkRule(\"\(id)\") }"),
                          "FixtureTests has no test_\(id)")
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

    /// Inputs the fuzzer found crashing (minimized, one file each, a `0x00` byte splitting two
    /// files as the fuzz target does): each lints through every rule and reporter-ready result.
    func testFuzzerCrashInputsLint() throws {
        let files = FixtureFiles.swiftFiles(under: "Crashes")
        XCTAssertFalse(files.isEmpty)
        for url in files {
            let bytes = Array(try Data(contentsOf: url))
            var inputs: [(path: String, text: String)] = []
            if let split = bytes.firstIndex(of: 0) {
                inputs = [("Base.swift", String(decoding: bytes[..<split], as: UTF8.self)),
                          ("Screen.swift", String(decoding: bytes[(split + 1)...], as: UTF8.self))]
            } else {
                inputs = [("Screen.swift", String(decoding: bytes, as: UTF8.self))]
            }
            for diagnostic in LintHarness.lint(inputs, rules: RuleRegistry.rules) {
                let text = inputs.first { $0.path == diagnostic.path }?.text ?? ""
                XCTAssertLessThanOrEqual(diagnostic.range.upperBound, text.utf8.count, url.lastPathComponent)
            }
        }
    }

    func ruleFolders() throws -> [URL] {
        let root = FixtureFiles.directory.appendingPathComponent("rules")
        return try FileManager.default.contentsOfDirectory(at: root, includingPropertiesForKeys: nil)
            .filter { $0.hasDirectoryPath }
            .sorted { $0.path < $1.path }
    }

    func check(_ files: [URL], rules: [any Rule.Type], label: String, appFacts: AppFacts = .unknown(),
               file: StaticString = #filePath, line: UInt = #line) throws {
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
            let diagnostics = LintHarness.lint(inputs, rules: rules, appFacts: appFacts)
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
