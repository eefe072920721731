import XCTest
@testable import LifeguardKit

/// Flags every call named `flagMe`, so engine behavior can be tested without the real rules.
struct FlagMeRule: Rule {
    static let description = RuleDescription(
        id: "flag_me", name: "FlagMe", category: .lifecycle, defaultSeverity: .warning, summary: "Test rule.",
        documentation: RuleDocumentation(whatItDoes: "a", whyIsThisBad: "b", example: "c", useInstead: "d", knownLimitations: "e"),
        triggeringExamples: [], nonTriggeringExamples: [])

    func check(_ context: RuleContext) {
        for call in context.model.calls(named: "flagMe") {
            let item = context.outline[call]
            context.report(token: item.nameToken, node: item.nodeID, message: "flagged")
        }
    }
}

struct OtherRule: Rule {
    static let description = RuleDescription(
        id: "other_rule", name: "OtherRule", category: .lifecycle, defaultSeverity: .error, summary: "Test rule.",
        documentation: RuleDocumentation(whatItDoes: "a", whyIsThisBad: "b", example: "c", useInstead: "d", knownLimitations: "e"),
        triggeringExamples: [], nonTriggeringExamples: [])

    func check(_ context: RuleContext) {
        for call in context.model.calls(named: "other") {
            let item = context.outline[call]
            context.report(token: item.nameToken, node: item.nodeID, message: "other")
        }
    }
}

func lint(_ files: [(String, String)], unused: Bool = false) -> LintResult {
    let configuration = LintConfiguration(rules: [RuleSetup(rule: FlagMeRule.self), RuleSetup(rule: OtherRule.self)],
                                          unusedSuppressionSeverity: unused ? .warning : nil)
    return Linter.lint(files.map { LintInput(path: $0.0, bytes: Array($0.1.utf8)) }, configuration: configuration)
}

final class BaselineTests: XCTestCase {
    let original = """
        final class Screen {
            func load() {
                flagMe()
                other()
            }
        }

        """

    func newFindings(baselineOf old: [(String, String)], now current: [(String, String)]) throws -> [Diagnostic] {
        let before = lint(old)
        let baseline = Baseline(recording: before.diagnostics, sources: before.sources)
        // Through the file format, as the CLI does.
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID().uuidString).json").path
        try AtomicFile.write(baseline.rendered(), to: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let loaded = try Baseline.load(path: path)
        XCTAssertEqual(loaded, baseline)
        let after = lint(current)
        return loaded.newFindings(in: after.diagnostics, sources: after.sources)
    }

    func testUnchangedCodeHasNoNewFindings() throws {
        XCTAssertEqual(try newFindings(baselineOf: [("A.swift", original)], now: [("A.swift", original)]).count, 0)
    }

    func testInsertingLinesAboveKeepsFindingsBaselined() throws {
        let shifted = "import UIKit\n\n// a new comment\n\n" + original
        XCTAssertEqual(try newFindings(baselineOf: [("A.swift", original)], now: [("A.swift", shifted)]).count, 0)
        let reindented = original.replacingOccurrences(of: "        flagMe()", with: "            flagMe( )")
        XCTAssertEqual(try newFindings(baselineOf: [("A.swift", original)], now: [("A.swift", reindented)]).count, 1,
                       "whitespace inside the line is part of its text only up to runs of spaces")
    }

    func testASecondIdenticalFindingInTheSameFunctionIsNew() throws {
        let doubled = original.replacingOccurrences(of: "        flagMe()\n", with: "        flagMe()\n        flagMe()\n")
        let found = try newFindings(baselineOf: [("A.swift", original)], now: [("A.swift", doubled)])
        XCTAssertEqual(found.map(\.ruleID), ["flag_me"])
    }

    func testEditingTheFlaggedLineMakesItNew() throws {
        let edited = original.replacingOccurrences(of: "flagMe()", with: "flagMe(again: true)")
        XCTAssertEqual(try newFindings(baselineOf: [("A.swift", original)], now: [("A.swift", edited)]).map(\.ruleID), ["flag_me"])
    }

    func testMovingToAnotherFunctionOrRenamingTheFileMakesItNew() throws {
        let moved = original.replacingOccurrences(of: "func load()", with: "func reload()")
        XCTAssertEqual(try newFindings(baselineOf: [("A.swift", original)], now: [("A.swift", moved)]).count, 2)
        XCTAssertEqual(try newFindings(baselineOf: [("A.swift", original)], now: [("B.swift", original)]).count, 2)
    }

    func testCorruptBaselinesAreErrors() throws {
        for text in ["", "not json", "[]", "{\"version\": 2, \"findings\": []}", "{\"version\": 1}",
                     "{\"version\": 1, \"findings\": [{\"rule\": \"x\"}]}"] {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("corrupt-\(UUID().uuidString).json").path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(atPath: path) }
            XCTAssertThrowsError(try Baseline.load(path: path), text)
        }
        XCTAssertThrowsError(try Baseline.load(path: "/nonexistent/baseline.json"))
    }

    func testRenderedBaselineIsDeterministic() {
        let result = lint([("B.swift", original), ("A.swift", original)])
        let first = Baseline(recording: result.diagnostics, sources: result.sources).rendered()
        let second = Baseline(recording: result.diagnostics.reversed(), sources: result.sources).rendered()
        XCTAssertEqual(first, second)
    }
}

final class SuppressionTests: XCTestCase {
    func ids(_ text: String, unused: Bool = false) -> [String] {
        lint([("A.swift", text)], unused: unused).diagnostics.map { "\($0.start.line):\($0.ruleID)" }
    }

    func testNextAndThis() {
        XCTAssertEqual(ids("""
            // lifeguard:disable:next flag_me
            flagMe()
            flagMe() // lifeguard:disable:this flag_me - measured, not a problem here
            flagMe() // lifeguard:disable:this other_rule
            """), ["4:flag_me"])
    }

    func testNextSkipsBlankAndCommentLinesAndStacks() {
        XCTAssertEqual(ids("""
            // lifeguard:disable:next flag_me
            // lifeguard:disable:next other_rule

            flagMe(); other()
            flagMe()
            """), ["5:flag_me"])
    }

    func testRegionsAndAll() {
        XCTAssertEqual(ids("""
            flagMe()
            // lifeguard:disable flag_me
            flagMe()
            other()
            // lifeguard:enable flag_me
            flagMe()
            /* lifeguard:disable all */
            flagMe(); other()
            """), ["1:flag_me", "4:other_rule", "6:flag_me"])
    }

    func testSeveralIdsAndReasons() {
        XCTAssertEqual(ids("flagMe(); other() // lifeguard:disable:this flag_me other_rule - both are fine here"), [])
        XCTAssertEqual(ids("flagMe(); other() // lifeguard:disable:this flag_me, other_rule"), [])
    }

    func testUnknownRuleIdsAreReported() {
        let found = lint([("A.swift", "// lifeguard:disable:next flag_mee\nflagMe()\n")]).diagnostics
        XCTAssertEqual(found.map(\.ruleID).sorted(), ["flag_me", "unknown_rule_in_suppression"])
        XCTAssertTrue(found.contains { $0.message.contains("`flag_mee`") })
    }

    func testUnusedSuppressionsOnlyWhenAsked() {
        let text = "// lifeguard:disable:next flag_me\nlet x = 1\nflagMe() // lifeguard:disable:this flag_me\n"
        XCTAssertEqual(ids(text), [])
        XCTAssertEqual(ids(text, unused: true), ["1:unused_suppression"])
    }

    func testSuppressionInsideAStringIsNotASuppression() {
        XCTAssertEqual(ids("let s = \"// lifeguard:disable:next flag_me\"\nflagMe()\n"), ["2:flag_me"])
    }

    func testPlainCommentsMentioningLifeguardAreIgnored() {
        XCTAssertEqual(ids("// lifeguard is great\n// lifeguard:frobnicate flag_me\nflagMe()\n"), ["3:flag_me"])
    }
}
