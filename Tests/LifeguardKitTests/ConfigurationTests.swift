import Foundation
import XCTest
@testable import LifeguardKit

final class YAMLTests: XCTestCase {
    func testMappingsSequencesAndScalars() throws {
        let text = """
            # a comment
            name: plain value   # trailing comment
            quoted: "a # not a comment"
            single: 'it''s'
            flow: [a, "b, c", 'd']
            block:
              - one
              - "two"
            nested:
              inner:
                deep: [x]
            empty:
            """
        guard case .mapping(let entries, _) = try YAMLParser.parse(text) else { return XCTFail("expected a mapping") }
        XCTAssertEqual(entries.map(\.key), ["name", "quoted", "single", "flow", "block", "nested", "empty"])
        XCTAssertEqual(entries[0].value, .scalar("plain value", quoted: false, at: YAMLPosition(line: 2, column: 7)))
        XCTAssertEqual(entries[1].value, .scalar("a # not a comment", quoted: true, at: YAMLPosition(line: 3, column: 9)))
        XCTAssertEqual(entries[2].value, .scalar("it's", quoted: true, at: YAMLPosition(line: 4, column: 9)))
        guard case .sequence(let flow, _) = entries[3].value else { return XCTFail("flow list") }
        XCTAssertEqual(flow.count, 3)
        XCTAssertEqual(flow[1], .scalar("b, c", quoted: true, at: YAMLPosition(line: 5, column: 11)))
        guard case .sequence(let block, _) = entries[4].value else { return XCTFail("block list") }
        XCTAssertEqual(block.map { if case .scalar(let value, _, _) = $0 { return value } else { return "" } }, ["one", "two"])
        guard case .mapping(let nested, _) = entries[5].value, case .mapping(let inner, _) = nested[0].value else {
            return XCTFail("nested mapping")
        }
        XCTAssertEqual(inner[0].key, "deep")
    }

    func testListAtTheKeysIndentation() throws {
        guard case .mapping(let entries, _) = try YAMLParser.parse("excluded:\n- Pods\n- Vendor\n"),
              case .sequence(let items, _) = entries[0].value else { return XCTFail("expected a list") }
        XCTAssertEqual(items.count, 2)
    }

    func testEverythingOutsideTheSubsetIsAnErrorWithItsPosition() {
        let cases: [(String, Int, Int, String)] = [
            ("a: &anchor x\n", 1, 4, "anchors"),
            ("a: *alias\n", 1, 4, "anchors"),
            ("a: !tag x\n", 1, 4, "tags"),
            ("a: |\n  text\n", 1, 4, "block scalars"),
            ("a: {b: c}\n", 1, 4, "flow mappings"),
            ("a: [b, [c]]\n", 1, 8, "nested"),
            ("a: [b, c\n", 1, 4, "unclosed"),
            ("a: \"open\n", 1, 4, "unterminated"),
            ("a: 1\na: 2\n", 2, 1, "duplicate"),
            ("a: 1\n   b: 2\n", 2, 4, "indentation"),
            ("\ta: 1\n", 1, 1, "tabs"),
            ("a: 1\n---\nb: 2\n", 2, 1, "one YAML document"),
            ("- a\nb: 1\n", 2, 1, "list item"),
            ("list:\n  - a: 1\n", 2, 5, "mappings inside list items"),
            ("just text\n", 1, 1, "key: value"),
        ]
        for (text, line, column, fragment) in cases {
            do {
                _ = try YAMLParser.parse(text)
                XCTFail("accepted \(text.debugDescription)")
            } catch {
                XCTAssertEqual(error.position, YAMLPosition(line: line, column: column), text.debugDescription)
                XCTAssertTrue(error.message.contains(fragment), "\(text.debugDescription): \(error.message)")
            }
        }
    }

    func testCRLFAndByteOrderMark() throws {
        guard case .mapping(let entries, _) = try YAMLParser.parse("\u{FEFF}a: 1\r\nb: [x]\r\n") else { return XCTFail() }
        XCTAssertEqual(entries.map(\.key), ["a", "b"])
    }
}

final class ConfigurationTests: XCTestCase {
    static let sampleRule = RuleDescription(
        id: "sample_rule", name: "SampleRule", category: .lifecycle, defaultSeverity: .error, summary: "Sample.",
        documentation: RuleDocumentation(whatItDoes: "a", whyIsThisBad: "b", example: "c", useInstead: "d", knownLimitations: "e"),
        triggeringExamples: [], nonTriggeringExamples: [],
        options: [RuleOption(name: "methods", kind: .strings, summary: "Methods.", defaultValue: .strings(["a()"])),
                  RuleOption(name: "strict", kind: .bool, summary: "Strict.", defaultValue: .bool(false))])
    static let rules = [sampleRule] + BuiltInRules.all

    func parse(_ text: String) throws(ConfigurationError) -> Configuration {
        try Configuration.parse(text, path: ".lifeguard.yml", baseDirectory: "/repo", rules: Self.rules)
    }

    func testFullConfiguration() throws {
        let configuration = try parse("""
            included: [Sources]
            excluded:
              - "**/Generated/**"
            disabled_rules: [unknown_rule_in_suppression]
            opt_in_rules: [unused_suppression]
            controller_base_classes: [BaseViewController]
            view_base_classes: []
            rules:
              sample_rule:
                severity: warning
                methods: [viewDidLoad()]
                strict: true
            """)
        XCTAssertEqual(configuration.included, ["Sources"])
        XCTAssertEqual(configuration.excluded, ["**/Generated/**"])
        XCTAssertFalse(configuration.isEnabled(BuiltInRules.unknownRuleInSuppression))
        XCTAssertTrue(configuration.isEnabled(BuiltInRules.unusedSuppression))
        XCTAssertEqual(configuration.controllerBaseClasses, ["BaseViewController"])
        XCTAssertEqual(configuration.severity(of: Self.sampleRule), .warning)
        XCTAssertEqual(configuration.ruleSettings["sample_rule"]?.options["methods"], .strings(["viewDidLoad()"]))
        XCTAssertEqual(configuration.ruleSettings["sample_rule"]?.options["strict"], .bool(true))
    }

    func testSeverityOffDisablesARule() throws {
        let configuration = try parse("rules:\n  sample_rule:\n    severity: off\n")
        XCTAssertFalse(configuration.isEnabled(Self.sampleRule))
    }

    func testEveryErrorKindHasItsPosition() {
        let cases: [(String, Int, Int, String)] = [
            ("exclude: [a]\n", 1, 1, "did you mean 'excluded'"),
            ("disabled_rules: [sample_rul]\n", 1, 18, "unknown rule 'sample_rul'; did you mean 'sample_rule'"),
            ("rules:\n  nope:\n    severity: error\n", 2, 3, "unknown rule 'nope'"),
            ("rules:\n  sample_rule:\n    severity: loud\n", 3, 15, "severity"),
            ("rules:\n  sample_rule:\n    method: [x]\n", 3, 5, "did you mean 'methods'"),
            ("rules:\n  sample_rule:\n    methods: yes\n", 3, 14, "list of strings"),
            ("rules:\n  sample_rule:\n    strict: maybe\n", 3, 13, "true or false"),
            ("rules:\n  sample_rule: error\n", 2, 16, "must be a mapping"),
            ("included: Sources\n", 1, 11, "list of strings"),
            ("disabled_rules: [sample_rule]\nopt_in_rules: [sample_rule]\n", 2, 1, "both disabled and opted in"),
            ("- a\n", 1, 1, "mapping of settings"),
        ]
        for (text, line, column, fragment) in cases {
            do {
                _ = try parse(text)
                XCTFail("accepted \(text.debugDescription)")
            } catch {
                XCTAssertEqual(error.position, YAMLPosition(line: line, column: column), text.debugDescription)
                XCTAssertTrue(error.message.contains(fragment), "\(text.debugDescription): \(error.message)")
                XCTAssertTrue(error.description.hasPrefix(".lifeguard.yml:\(line):\(column): error: "))
            }
        }
    }

    func testEmptyAndCommentOnlyFilesAreDefaults() throws {
        for text in ["", "# nothing\n", "---\n"] {
            let configuration = try parse(text)
            XCTAssertTrue(configuration.isEnabled(Self.sampleRule))
            XCTAssertTrue(configuration.excluded.isEmpty)
        }
    }

    /// A list option's set is the configured list, else the default, and follows a change of the values.
    func testRuleOptionSetsAreTheConfiguredListsOrTheDefaults() {
        let declared = [RuleOption(name: "methods", kind: .strings, summary: "", defaultValue: .strings(["a()", "b()"])),
                        RuleOption(name: "single", kind: .string, summary: "", defaultValue: .string("x")),
                        RuleOption(name: "flag", kind: .bool, summary: "", defaultValue: .bool(true))]
        var options = RuleOptions(declared: declared)
        XCTAssertEqual(options.stringSet("methods"), ["a()", "b()"])
        XCTAssertEqual(options.stringSet("single"), ["x"])
        XCTAssertEqual(options.stringSet("flag"), [])
        XCTAssertEqual(options.stringSet("undeclared"), [])
        options.values["methods"] = .strings(["c()", "c()", "d()"])
        XCTAssertEqual(options.stringSet("methods"), ["c()", "d()"])
        XCTAssertEqual(RuleOptions(values: ["extra": .strings(["e"])], declared: declared).stringSet("extra"), ["e"])
    }

    func testStarterConfigurationParses() throws {
        let configuration = try parse(Configuration.starter(rules: Self.rules))
        XCTAssertEqual(configuration.excluded, ["**/Generated/**"])
        XCTAssertTrue(configuration.isEnabled(Self.sampleRule))
    }

    func testFindStopsAtTheRepositoryRoot() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("lifeguard-find-\(UUID().uuidString)")
        let nested = root.appendingPathComponent("repo/App/Sources")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("repo/.git"), withIntermediateDirectories: true)
        XCTAssertNil(Configuration.find(from: nested.path))
        try "".write(to: root.appendingPathComponent(".lifeguard.yml"), atomically: true, encoding: .utf8)
        XCTAssertNil(Configuration.find(from: nested.path), "a file above the repository root is not the repository's")
        let config = root.appendingPathComponent("repo/App/.lifeguard.yml")
        try "".write(to: config, atomically: true, encoding: .utf8)
        XCTAssertEqual(Configuration.find(from: nested.path).map { URL(fileURLWithPath: $0).standardized.path },
                       config.standardized.path)
    }
}

final class GlobTests: XCTestCase {
    func testStarsAndQuestionMarks() {
        XCTAssertTrue(Glob.matches("Sources/*.swift", path: "Sources/A.swift"))
        XCTAssertFalse(Glob.matches("Sources/*.swift", path: "Sources/Deep/A.swift"))
        XCTAssertTrue(Glob.matches("Sources/**/*.swift", path: "Sources/Deep/Deeper/A.swift"))
        XCTAssertTrue(Glob.matches("Sources/**/*.swift", path: "Sources/A.swift"), "`**` matches zero folders")
        XCTAssertTrue(Glob.matches("**/Generated/**", path: "App/Generated/Models.swift"))
        XCTAssertTrue(Glob.matches("File?.swift", path: "File1.swift"))
        XCTAssertFalse(Glob.matches("File?.swift", path: "File12.swift"))
        XCTAssertFalse(Glob.matches("*.swift", path: "A.swift.orig"))
    }

    func testPatternsWithoutSlashMatchNamesAtAnyDepth() {
        XCTAssertTrue(Glob.matches("Generated", path: "App/Generated", orAncestor: true))
        XCTAssertTrue(Glob.matches("Generated", path: "App/Generated/X.swift", orAncestor: true))
        XCTAssertFalse(Glob.matches("Generated", path: "App/GeneratedCode/X.swift", orAncestor: true))
        XCTAssertTrue(Glob.matches("*Tests.swift", path: "Deep/Folder/HomeTests.swift"))
    }

    func testAnchoredFoldersExcludeTheirContents() {
        XCTAssertTrue(Glob.matches("Vendor/Lib", path: "Vendor/Lib/Deep/A.swift", orAncestor: true))
        XCTAssertFalse(Glob.matches("Vendor/Lib", path: "App/Vendor/Lib/A.swift", orAncestor: true))
    }

    func testConfigurationExclusionAndInclusion() {
        var configuration = Configuration(baseDirectory: "/repo")
        configuration.included = ["Sources/**", "App/**/*.swift"]
        configuration.excluded = ["**/Generated/**", "Sources/Legacy"]
        func excluded(_ path: String, directory: Bool = false) -> Bool {
            configuration.isExcluded(path, isDirectory: directory, workingDirectory: "/repo")
        }
        XCTAssertFalse(excluded("Sources/A.swift"))
        XCTAssertTrue(excluded("Sources/Legacy/A.swift"))
        XCTAssertTrue(excluded("Sources/Legacy", directory: true))
        XCTAssertTrue(excluded("Sources/Generated/X.swift"))
        XCTAssertFalse(excluded("App/Deep/B.swift"))
        XCTAssertTrue(excluded("Tools/C.swift"), "not included")
        XCTAssertTrue(excluded("Tools", directory: true), "a folder that cannot contain included files is not walked")
        XCTAssertFalse(excluded("App", directory: true))
        XCTAssertFalse(excluded("/repo/Sources/A.swift"), "absolute paths are made relative to the configuration")
    }

    func testStarMatchingHasNoExponentialBlowUp() {
        let text = String(repeating: "a", count: 2_000)
        XCTAssertFalse(Glob.matchComponent(Array(String(repeating: "*a", count: 60) + "b"), Array(text)))
    }
}
