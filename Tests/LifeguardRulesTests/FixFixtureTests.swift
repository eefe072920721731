import Foundation
import XCTest
import LifeguardKit
import LifeguardRules
import LifeguardTestSupport

/// `Fixtures/fixes/<rule_id>/<scenario>.swift` is linted with that rule alone and fixed; the
/// result must equal `<scenario>.swift.fixed` byte for byte. A scenario without a `.fixed`
/// golden has findings and no fix: fixing must leave it untouched. Every golden parses with the
/// Swift compiler, keeps the findings that had no fix and loses the fixed ones, and is a fixed
/// point (fixing it again changes nothing); CRLF and BOM inputs give the golden in CRLF and
/// with its BOM. Regenerate after an intended change with
/// `LIFEGUARD_REGENERATE=1 swift test --filter FixFixtureTests`, then read the diff.
final class FixFixtureTests: XCTestCase {
    static let root = FixtureFiles.directory.appendingPathComponent("fixes")

    func testEveryFixableRuleHasFixFixturesAndEveryFolderARule() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.root.path).sorted()
        let fixable = RuleRegistry.rules.filter { $0.description.documentation.fix != nil }.map { $0.description.id }.sorted()
        XCTAssertEqual(folders, fixable, "each rule whose documentation describes a fix has a folder under Fixtures/fixes")
    }

    func testFixesMatchTheirGoldens() throws {
        let swiftc = ProcessRunner.which("swiftc")
        var fixedFiles = 0
        for folder in try FileManager.default.contentsOfDirectory(atPath: Self.root.path).sorted() {
            let rule = try XCTUnwrap(RuleRegistry.rule(withID: folder), "\(folder) is not a rule id")
            for url in FixtureFiles.swiftFiles(in: Self.root.appendingPathComponent(folder)) {
                let name = "\(folder)/\(url.lastPathComponent)"
                let original = try [UInt8](Data(contentsOf: url))
                let goldenURL = url.appendingPathExtension("fixed")
                let outcome = fix(original, path: name, rule: rule)
                let fixed = outcome.files.first?.fixed ?? original
                let before = lint(original, path: name, rule: rule)
                XCTAssertFalse(before.isEmpty, "\(name): a fix fixture must have findings")

                if ProcessInfo.processInfo.environment["LIFEGUARD_REGENERATE"] != nil {
                    if fixed != original { try Data(fixed).write(to: goldenURL) } else { try? FileManager.default.removeItem(at: goldenURL) }
                }
                guard FileManager.default.fileExists(atPath: goldenURL.path) else {
                    XCTAssertEqual(fixed, original, "\(name) has no .fixed golden, so fixing must not change it")
                    XCTAssertTrue(before.allSatisfy { $0.fix == nil }, "\(name): findings without a golden carry no fix")
                    continue
                }
                let golden = try [UInt8](Data(contentsOf: goldenURL))
                XCTAssertTrue(fixed == golden, "\(name) differs from its golden:\n" + Self.diff(golden, fixed))
                fixedFiles += 1

                // What was fixed is gone; what had no fix is still reported.
                let after = lint(golden, path: name, rule: rule)
                XCTAssertEqual(after.count, before.filter { $0.fix == nil }.count, "\(name): findings left after fixing")
                XCTAssertTrue(after.allSatisfy { $0.fix == nil }, "\(name): the fixed file still has fixable findings")
                XCTAssertEqual(outcome.files.first?.fixCount, before.filter { $0.fix != nil }.count, name)
                XCTAssertEqual(outcome.passes, 1, "\(name): every fix of these fixtures applies in one pass")

                // A fixed point.
                XCTAssertTrue(fix(golden, path: name, rule: rule).files.isEmpty, "\(name): fixing the golden changes it")

                // Line endings and a byte order mark survive.
                let crlf = fix(Self.crlf(original), path: name, rule: rule).files.first?.fixed ?? []
                XCTAssertTrue(crlf == Self.crlf(golden), "\(name) in CRLF:\n" + Self.diff(Self.crlf(golden), crlf))
                let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
                let withBOM = fix(bom + original, path: name, rule: rule).files.first?.fixed ?? []
                XCTAssertTrue(withBOM == bom + golden, "\(name) with a BOM:\n" + Self.diff(bom + golden, withBOM))

                if let swiftc {
                    let parsed = try ProcessRunner.run(swiftc, ["-frontend", "-parse", "-swift-version", "6", goldenURL.path])
                    XCTAssertEqual(parsed.status, 0, "\(name).fixed does not parse:\n\(parsed.stderr)")
                }
            }
        }
        XCTAssertGreaterThanOrEqual(fixedFiles, 5)
        XCTAssertNotNil(swiftc, "swiftc must be on PATH to check that fixed files parse")
    }

    func lint(_ bytes: [UInt8], path: String, rule: any Rule.Type) -> [Diagnostic] {
        Linter.lint([LintInput(path: path, bytes: bytes)], configuration: configuration(rule)).diagnostics
    }

    func fix(_ bytes: [UInt8], path: String, rule: any Rule.Type) -> FixOutcome {
        FixSession.run([LintInput(path: path, bytes: bytes)], configuration: configuration(rule))
    }

    func configuration(_ rule: any Rule.Type) -> LintConfiguration {
        LintConfiguration(rules: [RuleSetup(rule: rule)], knownRuleIDs: Set(RuleRegistry.allDescriptions.map(\.id)))
    }

    /// Expected → actual, with CRs shown.
    static func diff(_ expected: [UInt8], _ actual: [UInt8]) -> String {
        UnifiedDiff.diff(path: "golden", original: expected, modified: actual).replacingOccurrences(of: "\r", with: "␍")
    }

    static func crlf(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        for byte in bytes {
            if byte == 0x0A { output.append(0x0D) }
            output.append(byte)
        }
        return output
    }
}
