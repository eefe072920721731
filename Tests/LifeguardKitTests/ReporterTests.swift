import Foundation
import XCTest
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import LifeguardKit

/// Every reporter, over one multi-file result whose paths and messages hold the characters each
/// format must escape, compared with golden files. Regenerate the goldens after an intended change
/// with `LIFEGUARD_REGENERATE=1 swift test --filter ReporterTests`.
final class ReporterTests: XCTestCase {
    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static let homeSource = """
        import UIKit

        final class HomeViewController: UIViewController {
            let detail = DetailViewController()
            override func viewDidLoad() {
                view.addSubview(detail.view)
            }
        }

        """
    static let detailSource = """
        // Écran « détail » 🚒
        final class DétailViewController: UIViewController {
            let título = "ñ"; override func viewDidLoad() { loadView() }
        }

        """

    static let rule = RuleDescription(
        id: "sample_rule", name: "SampleRule", category: .containment, defaultSeverity: .error,
        summary: "A sample rule with <angle> & \"quotes\".",
        documentation: RuleDocumentation(whatItDoes: "Does things.", whyIsThisBad: "Because.", example: "x()", useInstead: "y()",
                                         knownLimitations: "None."),
        triggeringExamples: [], nonTriggeringExamples: [])

    static func makeResult() -> LintResult {
        let home = SourceFile(path: "Sources/App/Home Screen.swift", text: homeSource)
        let detail = SourceFile(path: "Sources/Ünïcode/Détail.swift", text: detailSource)
        func offset(of needle: String, in source: SourceFile) -> Int {
            let text = Array(source.bytes)
            let pattern = Array(needle.utf8)
            var start = 0
            while start + pattern.count <= text.count, Array(text[start..<(start + pattern.count)]) != pattern { start += 1 }
            return start
        }
        func diagnostic(_ source: SourceFile, _ rule: String, _ severity: Severity, _ needle: String, length: Int,
                        message: String, related: [(String, String)] = [], fix: Fix? = nil) -> Diagnostic {
            let text = Array(source.bytes)
            let pattern = Array(needle.utf8)
            var start = 0
            while start + pattern.count <= text.count, Array(text[start..<(start + pattern.count)]) != pattern { start += 1 }
            let range = start..<(start + length)
            let notes = related.map { message, relatedNeedle -> RelatedLocation in
                var offset = 0
                let pattern = Array(relatedNeedle.utf8)
                while offset + pattern.count <= text.count, Array(text[offset..<(offset + pattern.count)]) != pattern { offset += 1 }
                return RelatedLocation(message: message, range: offset..<(offset + pattern.count),
                                       start: source.location(of: offset), end: source.location(of: offset + pattern.count))
            }
            return Diagnostic(ruleID: rule, severity: severity, message: message, path: source.path, range: range,
                              start: source.location(of: range.lowerBound), end: source.location(of: range.upperBound),
                              related: notes, enclosingType: "HomeViewController", enclosingFunction: "viewDidLoad()",
                              fix: fix)
        }
        // Two edits around one line (with a line break and a quote to escape), and a replacement.
        let addSubview = offset(of: "view.addSubview", in: home)
        let lineEnd = offset(of: "\n    }\n}", in: home)
        let containment = Fix(message: "add `detail` as a \"child\"", edits: [
            Edit(range: lineEnd..<lineEnd, replacement: "\n        detail.didMove(toParent: self)"),
            Edit(range: addSubview..<addSubview, replacement: "addChild(detail)\n        "),
        ])
        let loadView = offset(of: "loadView()", in: detail)
        let ifNeeded = Fix(message: "replace `loadView()` with `loadViewIfNeeded()`",
                           edits: [Edit(range: loadView..<(loadView + 8), replacement: "loadViewIfNeeded")])
        let diagnostics = [
            diagnostic(home, "sample_rule", .error, "addSubview", length: 10,
                       message: "`detail.view` is added: 100% wrong, \"quoted\" <tags> & 'apostrophes'",
                       related: [("`detail` is created here", "detail =")], fix: containment),
            diagnostic(home, "sample_rule", .warning, "viewDidLoad", length: 11, message: "two lines:\nsecond line, with a comma"),
            diagnostic(detail, "unknown_rule_in_suppression", .note, "loadView", length: 8, message: "emoji 🚒 and %0A stays literal",
                       fix: ifNeeded),
        ].sorted(by: Diagnostic.reportOrder)
        return LintResult(diagnostics: diagnostics, sources: [home.path: home, detail.path: detail], fileCount: 2)
    }

    static let context = ReportContext(rules: [rule, BuiltInRules.unknownRuleInSuppression],
                                       workingDirectory: "/work/my project", useColor: false, executionSuccessful: true)

    static let reporters: [any Reporter] = [
        XcodeReporter(), JSONReporter(), SARIFReporter(), GitHubReporter(), CheckstyleReporter(), JUnitReporter(),
        GitLabReporter(), SummaryReporter(), SwiftSummaryReporter(),
    ]

    func testEveryReporterMatchesItsGoldenFile() throws {
        let result = Self.makeResult()
        for reporter in Self.reporters {
            let name = type(of: reporter).name
            let output = reporter.report(result, context: Self.context)
            XCTAssertEqual(output, reporter.report(result, context: Self.context), "\(name) must be deterministic")
            let golden = Self.goldenDirectory.appendingPathComponent("\(name).golden")
            if ProcessInfo.processInfo.environment["LIFEGUARD_REGENERATE"] != nil {
                try output.write(to: golden, atomically: true, encoding: .utf8)
            }
            let expected = try String(contentsOf: golden, encoding: .utf8)
            XCTAssertEqual(output, expected, "\(name) output differs from \(golden.lastPathComponent)")
        }
    }

    func testXMLFormatsAreWellFormed() throws {
        let result = Self.makeResult()
        for reporter in [CheckstyleReporter(), JUnitReporter()] as [any Reporter] {
            let data = Data(reporter.report(result, context: Self.context).utf8)
            let parser = XMLParser(data: data)
            XCTAssertTrue(parser.parse(), "\(type(of: reporter).name): \(String(describing: parser.parserError))")
        }
    }

    func testJSONFormatsParseAndKeepTheirShape() throws {
        let result = Self.makeResult()
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(JSONReporter().report(result, context: Self.context).utf8)) as? [String: Any])
        XCTAssertEqual(json["version"] as? Int, 1)
        let diagnostics = try XCTUnwrap(json["diagnostics"] as? [[String: Any]])
        XCTAssertEqual(diagnostics.count, 3)
        XCTAssertEqual(Set(diagnostics[0].keys), ["rule", "severity", "message", "path", "line", "column", "endLine", "endColumn"])
        XCTAssertEqual(Set(diagnostics[1].keys),
                       ["rule", "severity", "message", "path", "line", "column", "endLine", "endColumn", "fix"])
        let summary = try XCTUnwrap(json["summary"] as? [String: Int])
        XCTAssertEqual(summary, ["files": 2, "errors": 1, "warnings": 1, "notes": 1])

        let sarif = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(SARIFReporter().report(result, context: Self.context).utf8)) as? [String: Any])
        let run = try XCTUnwrap((sarif["runs"] as? [[String: Any]])?.first)
        XCTAssertEqual(run["columnKind"] as? String, "utf16CodeUnits")
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        let uris = results.compactMap { (($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any] }
            .compactMap { $0["uri"] as? String }
        XCTAssertTrue(uris.contains("Sources/App/Home%20Screen.swift"))
        XCTAssertTrue(uris.contains("Sources/%C3%9Cn%C3%AFcode/D%C3%A9tail.swift"))
        _ = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(GitLabReporter().report(result, context: Self.context).utf8)) as? [[String: Any]])
    }

    /// A consumer that applies the edits of the JSON `fix` and of the SARIF `fixes` to the file
    /// gets exactly what Lifeguard's own applier writes.
    func testFixesInJSONAndSARIFApplyToTheSource() throws {
        let result = Self.makeResult()
        var expected: [String: [UInt8]] = [:]
        for (path, source) in result.sources {
            expected[path] = FixApplier.apply(result.diagnostics.filter { $0.path == path }, to: source.bytes!).bytes
        }
        XCTAssertTrue(String(decoding: expected["Sources/App/Home Screen.swift"]!, as: UTF8.self).contains(
            "        addChild(detail)\n        view.addSubview(detail.view)\n        detail.didMove(toParent: self)\n"))
        XCTAssertTrue(String(decoding: expected["Sources/Ünïcode/Détail.swift"]!, as: UTF8.self).contains("{ loadViewIfNeeded() }"))

        func apply(_ edits: [(start: Int, end: Int, text: String)], to bytes: [UInt8]) -> [UInt8] {
            var output = bytes
            for edit in edits.sorted(by: { $0.start > $1.start }) {
                output.replaceSubrange(edit.start..<edit.end, with: Array(edit.text.utf8))
            }
            return output
        }

        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(JSONReporter().report(result, context: Self.context).utf8))
            as? [String: Any])
        var fromJSON: [String: [(start: Int, end: Int, text: String)]] = [:]
        for diagnostic in try XCTUnwrap(json["diagnostics"] as? [[String: Any]]) {
            guard let fix = diagnostic["fix"] as? [String: Any] else { continue }
            XCTAssertNotNil(fix["message"] as? String)
            for edit in try XCTUnwrap(fix["edits"] as? [[String: Any]]) {
                fromJSON[diagnostic["path"] as! String, default: []].append(
                    (edit["start"] as! Int, edit["end"] as! Int, edit["replacement"] as! String))
            }
        }
        XCTAssertEqual(fromJSON.count, 2)
        for (path, edits) in fromJSON {
            XCTAssertEqual(apply(edits, to: result.sources[path]!.bytes!), expected[path], path)
        }

        let sarif = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(SARIFReporter().report(result, context: Self.context).utf8))
            as? [String: Any])
        let results = try XCTUnwrap(((sarif["runs"] as? [[String: Any]])?.first)?["results"] as? [[String: Any]])
        var fromSARIF: [String: [(start: Int, end: Int, text: String)]] = [:]
        for result in results {
            for fix in (result["fixes"] as? [[String: Any]]) ?? [] {
                XCTAssertNotNil((fix["description"] as? [String: Any])?["text"] as? String)
                for change in try XCTUnwrap(fix["artifactChanges"] as? [[String: Any]]) {
                    let uri = try XCTUnwrap((change["artifactLocation"] as? [String: Any])?["uri"] as? String)
                    let path = try XCTUnwrap(uri.removingPercentEncoding)
                    for replacement in try XCTUnwrap(change["replacements"] as? [[String: Any]]) {
                        let region = try XCTUnwrap(replacement["deletedRegion"] as? [String: Any])
                        let start = try XCTUnwrap(region["byteOffset"] as? Int)
                        let length = try XCTUnwrap(region["byteLength"] as? Int)
                        let text = (replacement["insertedContent"] as? [String: Any])?["text"] as? String ?? ""
                        fromSARIF[path, default: []].append((start, start + length, text))
                    }
                }
            }
        }
        XCTAssertEqual(fromSARIF.count, 2)
        for (path, edits) in fromSARIF {
            XCTAssertEqual(apply(edits, to: result.sources[path]!.bytes!), expected[path], path)
        }
    }

    func testSARIFColumnsCountUTF16CodeUnits() throws {
        // On `    let título = "ñ"; override func viewDidLoad() { loadView() }`, `loadView` starts at
        // byte column 55 but UTF-16 column 53 (`í` and `ñ` take two bytes each, one unit each).
        let result = Self.makeResult()
        let detail = try XCTUnwrap(result.diagnostics.first { $0.path.hasPrefix("Sources/Ü") })
        XCTAssertEqual(detail.start.column, 55)
        let source = try XCTUnwrap(result.sources[detail.path])
        XCTAssertEqual(source.utf16Column(of: detail.range.lowerBound), 53)
        let sarif = SARIFReporter().report(result, context: Self.context)
        XCTAssertTrue(sarif.contains("\"startColumn\": 53"))
        XCTAssertTrue(sarif.contains("\"endColumn\": 61"))
    }

    func testGitHubEscaping() {
        XCTAssertEqual(GitHubReporter.escapeData("100% a\r\nb"), "100%25 a%0D%0Ab")
        XCTAssertEqual(GitHubReporter.escapeProperty("a:b,c%"), "a%3Ab%2Cc%25")
        let output = GitHubReporter().report(Self.makeResult(), context: Self.context)
        let lines = output.split(separator: "\n")
        XCTAssertEqual(lines.count, 3, "one command per finding, newlines escaped")
        XCTAssertTrue(lines[0].hasPrefix("::error "), "most severe first")
        XCTAssertTrue(lines[2].hasPrefix("::notice "))
    }

    func testCleanJUnitReportHasOnePassingCase() {
        let empty = LintResult(diagnostics: [], sources: [String: SourceExcerpt](), fileCount: 3)
        let output = JUnitReporter().report(empty, context: Self.context)
        XCTAssertTrue(output.contains("<testcase name=\"No findings\""))
        XCTAssertFalse(output.contains("<failure"))
    }

    func testGitLabFingerprintsAreStableAndUnique() throws {
        let first = GitLabReporter().report(Self.makeResult(), context: Self.context)
        let issues = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(first.utf8)) as? [[String: Any]])
        let fingerprints = issues.compactMap { $0["fingerprint"] as? String }
        XCTAssertEqual(Set(fingerprints).count, issues.count)
        XCTAssertEqual(issues.compactMap { $0["severity"] as? String }, ["minor", "major", "info"])
    }

    /// JSON strings are written run by run; escaping one scalar at a time (the oracle) and
    /// decoding the result must both give the same text, for random strings of quotes,
    /// backslashes, control characters, U+2028/U+2029, accents and emoji.
    func testJSONStringsEscapeAsScalarByScalarDoes() throws {
        func oracle(_ value: String) -> String {
            var output = "\""
            for scalar in value.unicodeScalars {
                switch scalar {
                case "\"": output += "\\\""
                case "\\": output += "\\\\"
                case "\n": output += "\\n"
                case "\r": output += "\\r"
                case "\t": output += "\\t"
                case "\u{08}": output += "\\b"
                case "\u{0C}": output += "\\f"
                default:
                    if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                        let hex = String(scalar.value, radix: 16)
                        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                    } else {
                        output.unicodeScalars.append(scalar)
                    }
                }
            }
            return output + "\""
        }
        let pieces = ["a", "view", "\"", "\\", "\n", "\r\n", "\t", "\u{08}", "\u{0C}", "\u{01}", "\u{1F}", "\u{00}",
                      "\u{2028}", "\u{2029}", "\u{2027}", "\u{20AC}", "é", "e\u{301}", "😀", "\u{E2}", " "]
        var generator = SeededGenerator(seed: 0x15_0A)
        for _ in 0..<2_000 {
            let value = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                pieces[Int.random(in: 0..<pieces.count, using: &generator)]
            }.joined()
            var bytes: [UInt8] = []
            JSONValue.writeString(value, to: &bytes)
            let written = String(decoding: bytes, as: UTF8.self)
            XCTAssertEqual(written, oracle(value))
            let decoded = try JSONSerialization.jsonObject(with: Data("[\(written)]".utf8)) as? [String]
            XCTAssertEqual(decoded, [value])
        }
    }
}
