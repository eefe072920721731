import XCTest
@testable import LifeguardKit

extension RuleDescription {
    /// A description for a rule that exists only in tests: the id, name and severity matter; the
    /// documentation is placeholder text.
    static func testRule(id: String, name: String, severity: Severity = .warning) -> RuleDescription {
        RuleDescription(
            id: id, name: name, category: .lifecycle, defaultSeverity: severity, summary: "Test rule.",
            documentation: RuleDocumentation(whatItDoes: "a", whyIsThisBad: "b", example: "c", useInstead: "d", knownLimitations: "e"),
            triggeringExamples: [], nonTriggeringExamples: [])
    }
}

/// Flags every call named `flagMe`, so engine behavior can be tested without the real rules.
struct FlagMeRule: Rule {
    static let description = RuleDescription.testRule(id: "flag_me", name: "FlagMe")

    func check(_ context: RuleContext) {
        for call in context.model.calls(named: "flagMe") {
            let item = context.outline[call]
            context.report(token: item.nameToken, node: item.nodeID, message: "flagged")
        }
    }
}

struct OtherRule: Rule {
    static let description = RuleDescription.testRule(id: "other_rule", name: "OtherRule", severity: .error)

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

    /// A Lifeguard `disable` that hides a finding is used under its own ids, whatever SwiftLint
    /// comments follow it: a later `swiftlint:disable weak_delegate` (Lifeguard's `strong_delegate`)
    /// once had a `lifeguard:disable all` credited under `strong_delegate`, so `all` was reported
    /// as hiding nothing.
    func testADisableIsUsedUnderItsOwnIdsWhenSwiftLintCommentsFollow() {
        struct StrongDelegateStandIn: Rule {
            static let description = RuleDescription.testRule(id: "strong_delegate", name: "StrongDelegate")

            func check(_ context: RuleContext) {
                for call in context.model.calls(named: "flagDelegate") {
                    context.report(token: context.outline[call].nameToken, node: context.outline[call].nodeID, message: "flagged")
                }
            }
        }
        let configuration = LintConfiguration(rules: [RuleSetup(rule: StrongDelegateStandIn.self)], unusedSuppressionSeverity: .warning)
        func ids(_ text: String) -> [String] {
            Linter.lint([LintInput(path: "A.swift", bytes: Array(text.utf8))], configuration: configuration)
                .diagnostics.map { "\($0.start.line):\($0.ruleID)" }
        }
        XCTAssertEqual(ids("// lifeguard:disable all\n// swiftlint:disable weak_delegate\nflagDelegate()\n"), [])
        XCTAssertEqual(ids("// lifeguard:disable strong_delegate\n// swiftlint:disable weak_delegate\nflagDelegate()\n"), [])
        XCTAssertEqual(ids("// lifeguard:disable all\nlet x = 1\n"), ["1:unused_suppression"], "an unused one is still reported")
    }

    func testSuppressionInsideAStringIsNotASuppression() {
        XCTAssertEqual(ids("let s = \"// lifeguard:disable:next flag_me\"\nflagMe()\n"), ["2:flag_me"])
    }

    func testPlainCommentsMentioningLifeguardAreIgnored() {
        XCTAssertEqual(ids("// lifeguard is great\n// lifeguard:frobnicate flag_me\nflagMe()\n"), ["3:flag_me"])
    }

    /// The filter reads findings in source order, each region command once. It must decide as
    /// reading every command for every finding did: that reading is kept here as the oracle (with
    /// the credit fixed: under the deciding command's own id) and both are run on random commands
    /// (in and out of order, both kinds, `all`, enables) and findings.
    func testSuppressionFilterDecidesAsReadingEveryCommandDid() {
        var generator = SeededGenerator(seed: 7)
        func pick(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &generator) }
        let actions: [SuppressionCommand.Action] = [.disable, .enable, .disableNext, .disableThis, .disablePrevious]
        let idSets = [["a"], ["b"], ["all"], ["a", "b"], ["a", "all"], ["c"]]
        let location = SourceLocation(line: 1, column: 1)
        for round in 0..<300 {
            var commands = (0..<pick(12)).map { _ -> SuppressionCommand in
                let start = pick(200)
                return SuppressionCommand(action: actions[pick(actions.count)], ruleIDs: idSets[pick(idSets.count)], reason: nil,
                                          range: start..<(start + 5), line: pick(20), isSwiftLint: pick(3) == 0)
            }
            if round % 3 != 0 { commands.sort { $0.range.lowerBound < $1.range.lowerBound } }
            let diagnostics = (0..<pick(15)).map { _ -> Diagnostic in
                let start = pick(200)
                return Diagnostic(ruleID: ["a", "b", "c"][pick(3)], severity: .warning, message: "", path: "F.swift",
                                  range: start..<(start + 1), start: location, end: location)
            }
            let lineOf = { (offset: Int) in offset / 10 }
            let outcome = SuppressionFilter(commands: commands, knownRuleIDs: []).apply(to: diagnostics, lineOf: lineOf)
            let expected = Self.applyReadingEveryCommand(commands, to: diagnostics, lineOf: lineOf)
            XCTAssertEqual(outcome.kept.map(\.range), expected.kept.map(\.range), "round \(round)")
            XCTAssertEqual(outcome.kept.map(\.ruleID), expected.kept.map(\.ruleID), "round \(round)")
            XCTAssertEqual(outcome.used, expected.used, "round \(round)")
        }
    }

    /// The filter as it was, every command read for every finding, except that a region hides a
    /// finding under the id by which its own command names the rule.
    static func applyReadingEveryCommand(_ commands: [SuppressionCommand], to diagnostics: [Diagnostic],
                                         lineOf: (Int) -> Int) -> SuppressionFilter.Outcome {
        func matchingID(_ command: SuppressionCommand, _ ruleID: String) -> String? {
            if command.ruleIDs.contains(ruleID) { return ruleID }
            if command.ruleIDs.contains("all") { return "all" }
            return nil
        }
        var used: [Int: Set<String>] = [:]
        var kept: [Diagnostic] = []
        for diagnostic in diagnostics {
            let line = lineOf(diagnostic.range.lowerBound)
            var suppressedBy: Int?
            var suppressingID = ""
            var regionCommand: [Bool: Int] = [:]
            for (index, command) in commands.enumerated() where command.action == .disable || command.action == .enable {
                guard command.range.lowerBound <= diagnostic.range.lowerBound else { break }
                if let id = matchingID(command, diagnostic.ruleID) {
                    regionCommand[command.isSwiftLint] = command.action == .disable ? index : nil
                    if command.action == .disable { suppressingID = id }
                }
            }
            if let region = regionCommand[false] ?? regionCommand[true] {
                suppressedBy = region
                suppressingID = matchingID(commands[region], diagnostic.ruleID) ?? suppressingID
            } else {
                for (index, command) in commands.enumerated()
                where (command.action == .disableNext || command.action == .disableThis || command.action == .disablePrevious)
                    && command.line == line {
                    if let id = matchingID(command, diagnostic.ruleID) {
                        suppressedBy = index
                        suppressingID = id
                        break
                    }
                }
            }
            if let suppressedBy {
                used[suppressedBy, default: []].insert(suppressingID)
            } else {
                kept.append(diagnostic)
            }
        }
        return SuppressionFilter.Outcome(kept: kept, used: used)
    }
}
