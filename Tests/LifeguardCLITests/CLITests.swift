import Foundation
import XCTest
import LifeguardTestSupport

/// The `lifeguard` executable, run as users and CI run it.
final class CLITests: XCTestCase {
    static var binary: URL {
        // The test bundle sits in the build products folder, beside the executable.
        let bundle = URL(fileURLWithPath: CommandLine.arguments.first { $0.hasSuffix(".xctest") } ?? CommandLine.arguments[0])
        var directory = bundle.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("lifeguard").path), directory.path != "/" {
            directory = directory.deletingLastPathComponent()
        }
        return directory.appendingPathComponent("lifeguard")
    }

    var workspace: URL!

    override func setUpWithError() throws {
        workspace = FileManager.default.temporaryDirectory.appendingPathComponent("lifeguard-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workspace, withIntermediateDirectories: true)
        // A repository root, so configuration search stops here.
        try FileManager.default.createDirectory(at: workspace.appendingPathComponent(".git"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: workspace)
    }

    @discardableResult
    func write(_ path: String, _ text: String) throws -> URL {
        let url = workspace.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url
    }

    func run(_ arguments: [String], input: String? = nil, environment: [String: String] = [:]) throws -> ProcessRunner.Output {
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = nil
        for (key, value) in environment { env[key] = value }
        return try ProcessRunner.run(Self.binary, arguments, input: input.map { Data($0.utf8) }, environment: env,
                                     currentDirectory: workspace)
    }

    static let errorFile = """
        import UIKit
        final class Screen: UIViewController {
            func warmUp() { loadView() }
        }

        """
    static let warningFile = """
        import UIKit
        final class Screen: UIViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                let width = view.bounds.width
            }
        }

        """
    static let cleanFile = "import UIKit\nfinal class Screen: UIViewController {}\n"

    // MARK: - Basics

    func testHelpAndVersion() throws {
        let help = try run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("USAGE"))
        XCTAssertTrue(help.stdout.contains("--format"))
        let version = try run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
    }

    func testUsageErrorsExitTwoWithOneLine() throws {
        for arguments in [["--bogus"], ["--format"], ["--format", "yaml", "."], ["--color", "sometimes"], ["explain"],
                          ["--config", "a.yml", "--no-config"]] {
            try write("A.swift", Self.cleanFile)
            let output = try run(arguments)
            XCTAssertEqual(output.status, 2, "\(arguments)")
            XCTAssertEqual(output.stderr.split(separator: "\n").count, 1, "\(arguments): \(output.stderr)")
            XCTAssertTrue(output.stderr.hasPrefix("lifeguard: error: "), output.stderr)
        }
    }

    func testMissingPathsAndEmptyDirectoriesExitTwo() throws {
        let missing = try run(["Nope"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.contains("Nope: no such file or directory"))
        try FileManager.default.createDirectory(at: workspace.appendingPathComponent("Empty"), withIntermediateDirectories: true)
        try write("Empty/readme.txt", "text")
        let empty = try run(["Empty"])
        XCTAssertEqual(empty.status, 2)
        XCTAssertTrue(empty.stderr.contains("no Swift files"))
    }

    func testExitStatusFollowsSeverity() throws {
        try write("Clean.swift", Self.cleanFile)
        XCTAssertEqual(try run(["Clean.swift"]).status, 0)
        try write("Warning.swift", Self.warningFile)
        // The warning comes from an opt-in rule: off by default, on through the configuration.
        XCTAssertEqual(try run(["--strict", "Warning.swift"]).status, 0, "an opt-in rule stays off without configuration")
        try write(".lifeguard.yml", "opt_in_rules: [geometry_in_view_did_load]\n")
        XCTAssertEqual(try run(["Warning.swift"]).status, 0, "warnings do not fail a run")
        XCTAssertEqual(try run(["--strict", "Warning.swift"]).status, 1)
        try write("Error.swift", Self.errorFile)
        let failing = try run(["Error.swift"])
        XCTAssertEqual(failing.status, 1)
        XCTAssertTrue(failing.stdout.hasPrefix("Error.swift:3:21: error: never call `loadView()` yourself"), failing.stdout)
        XCTAssertTrue(failing.stdout.hasSuffix("(direct_load_view_call)\n"))
        XCTAssertTrue(failing.stderr.contains("1 finding"), failing.stderr)
    }

    func testDirectoriesAreWalkedSkippingGeneratedAndHiddenFolders() throws {
        try write("App/Error.swift", Self.errorFile)
        for skipped in [".build", "Pods", "Carthage", "DerivedData", "node_modules", ".hidden"] {
            try write("App/\(skipped)/Vendor.swift", Self.errorFile)
        }
        let output = try run(["-q"])
        XCTAssertEqual(output.stdout.split(separator: "\n").map { $0.split(separator: ":")[0] }, ["App/Error.swift"])
    }

    func testOutputIsSortedAndDeterministic() throws {
        try write("B.swift", Self.errorFile)
        try write("A.swift", Self.errorFile + Self.errorFile.replacingOccurrences(of: "Screen", with: "Other"))
        let first = try run(["--format", "json", "."])
        let second = try run(["--format", "json", "."])
        XCTAssertEqual(first.stdout, second.stdout)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        let paths = (json["diagnostics"] as? [[String: Any]])?.compactMap { "\($0["path"]!):\($0["line"]!)" }
        XCTAssertEqual(paths, ["A.swift:3", "A.swift:7", "B.swift:3"])
    }

    func testQuietMutesTheSummary() throws {
        try write("Error.swift", Self.errorFile)
        XCTAssertEqual(try run(["--quiet", "Error.swift"]).stderr, "")
    }

    // MARK: - Hostile input

    func testBinaryFilesAreSkippedAndTheRunCompletes() throws {
        try Data([0x69, 0x6D, 0x70, 0x00, 0xFF, 0x00]).write(to: workspace.appendingPathComponent("Binary.swift"))
        try write("Error.swift", Self.errorFile)
        let output = try run(["."])
        XCTAssertEqual(output.status, 1)
        XCTAssertTrue(output.stderr.contains("Binary.swift: skipped, looks like a binary file"))
        XCTAssertTrue(output.stdout.contains("Error.swift:3:21"))
    }

    /// A run in which no file is left to lint (here every one is binary) reports that, where it
    /// trapped (exit 3) when pass 2 had no file.
    func testARunWithNothingLeftToLintCompletes() throws {
        try Data([0x69, 0x6D, 0x70, 0x00, 0xFF, 0x00]).write(to: workspace.appendingPathComponent("Binary.swift"))
        for arguments in [["."], ["Binary.swift"], ["--format", "json", "."]] {
            let output = try run(arguments)
            XCTAssertEqual(output.status, 0, "\(arguments): \(output.stderr)")
            XCTAssertTrue(output.stderr.contains("Binary.swift: skipped, looks like a binary file"), output.stderr)
            XCTAssertFalse(output.stderr.contains("crashed"), output.stderr)
        }
        XCTAssertTrue(try run(["--format", "json", "."]).stdout.contains("\"files\": 0"))
    }

    /// App facts are read when a rule asks about a file's app: a damaged Info.plist is a warning
    /// then, and goes unread (and unmentioned) in a run where no rule asks.
    func testDamagedPlistsAreWarnedAboutWhenRead() throws {
        try write("Info.plist", "<?xml version=\"1.0\"?><plist><dict><key>UIApplicationSceneManifest")
        try write("Plain.swift", "final class Plain { func f() {} }\n")
        let quiet = try run(["Plain.swift"])
        XCTAssertEqual(quiet.status, 0, quiet.stderr)
        XCTAssertFalse(quiet.stderr.contains("Info.plist"), quiet.stderr)
        try write("Window.swift", """
            import UIKit
            final class WindowScreen: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let window = UIApplication.shared.keyWindow
                    print(window as Any)
                }
            }

            """)
        let asked = try run(["Window.swift"])
        XCTAssertTrue(asked.stderr.contains("Info.plist"), asked.stderr)
        XCTAssertTrue(asked.stderr.contains("warning"), asked.stderr)
    }

    func testInvalidUTF8IsStillLinted() throws {
        var bytes = Array(Self.errorFile.utf8)
        bytes.insert(contentsOf: [0xC3, 0x28, 0xFF], at: 13)
        try Data(bytes).write(to: workspace.appendingPathComponent("Broken.swift"))
        let output = try run(["Broken.swift"])
        XCTAssertEqual(output.status, 1)
        XCTAssertTrue(output.stdout.contains("direct_load_view_call"))
    }

    func testUnreadableFilesFailTheRunButTheRestIsReported() throws {
        let locked = try write("Locked.swift", Self.cleanFile)
        try write("Error.swift", Self.errorFile)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: locked.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: locked.path) }
        if FileManager.default.isReadableFile(atPath: locked.path) {
            throw XCTSkip("running with privileges that read any file")
        }
        let output = try run(["."])
        XCTAssertEqual(output.status, 2)
        XCTAssertTrue(output.stderr.contains("Locked.swift: cannot read file"))
        XCTAssertTrue(output.stdout.contains("Error.swift:3:21"))
    }

    func testUnterminatedAndHugeInputDoNotCrash() throws {
        try write("Open.swift", "let s = \"\"\"\nfunc f() {\n/* never closed\n" + String(repeating: "(", count: 50_000))
        let output = try run(["Open.swift"])
        XCTAssertEqual(output.status, 0)
    }

    // MARK: - Input and output channels

    func testStdinPath() throws {
        let output = try run(["--stdin-path", "Sources/Edited.swift"], input: Self.errorFile)
        XCTAssertEqual(output.status, 1)
        XCTAssertTrue(output.stdout.hasPrefix("Sources/Edited.swift:3:21: error:"), output.stdout)
        XCTAssertEqual(try run(["--stdin-path", "X.swift", "A.swift"], input: "").status, 2)
    }

    func testOutputFileAndExtraReports() throws {
        try write("Error.swift", Self.errorFile)
        let output = try run(["--format", "json", "--output", "report.json", "--report", "sarif:out/../lifeguard.sarif",
                              "--report", "summary", "."])
        XCTAssertEqual(output.status, 1)
        XCTAssertTrue(output.stdout.contains("direct_load_view_call"), "the summary report goes to stdout")
        let json = try Data(contentsOf: workspace.appendingPathComponent("report.json"))
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: json))
        XCTAssertTrue(FileManager.default.fileExists(atPath: workspace.appendingPathComponent("lifeguard.sarif").path))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: workspace.path).filter { $0.hasSuffix(".tmp") }
        XCTAssertEqual(leftovers, [], "atomic writes leave no temporary files")
    }

    func testAFailedWriteKeepsTheOldFile() throws {
        try write("Error.swift", Self.errorFile)
        try write("report.json", "previous")
        let output = try run(["--format", "json", "--output", "missing/dir/report.json", "."])
        XCTAssertEqual(output.status, 2)
        XCTAssertTrue(output.stderr.contains("cannot write missing/dir/report.json"))
        XCTAssertEqual(try String(contentsOf: workspace.appendingPathComponent("report.json"), encoding: .utf8), "previous")
    }

    func testColor() throws {
        try write("Error.swift", Self.errorFile)
        XCTAssertTrue(try run(["--color", "always", "Error.swift"]).stdout.contains("\u{1B}["))
        XCTAssertFalse(try run(["--color", "never", "Error.swift"]).stdout.contains("\u{1B}["))
        XCTAssertFalse(try run(["Error.swift"]).stdout.contains("\u{1B}["), "auto: not a terminal")
    }

    // MARK: - Configuration, baseline, rules, explain, init

    func testConfigurationIsFoundAndApplied() throws {
        try write("Sources/Error.swift", Self.errorFile)
        try write("Sources/Generated/Error.swift", Self.errorFile)
        try write(".lifeguard.yml", "excluded: [Generated]\nrules:\n  direct_load_view_call:\n    severity: warning\n")
        let output = try run(["Sources"])
        XCTAssertEqual(output.status, 0, "severity lowered to warning")
        XCTAssertEqual(output.stdout.split(separator: "\n").count, 1, output.stdout)
        XCTAssertTrue(output.stdout.contains("Sources/Error.swift:3:21: warning:"))
        XCTAssertEqual(try run(["--no-config", "Sources"]).status, 1)
    }

    func testConfigurationErrorsPointAtTheirPosition() throws {
        try write("A.swift", Self.cleanFile)
        try write(".lifeguard.yml", "disabled_rules:\n  - direct_load_view_cal\n")
        let output = try run(["."])
        XCTAssertEqual(output.status, 2)
        XCTAssertTrue(output.stderr.contains(".lifeguard.yml:2:5: error: unknown rule 'direct_load_view_cal'; did you mean 'direct_load_view_call'?"),
                      output.stderr)
    }

    func testBaselineRoundTrip() throws {
        try write("Error.swift", Self.errorFile)
        let recorded = try run(["--write-baseline", "baseline.json", "."])
        XCTAssertEqual(recorded.status, 1, "writing a baseline still reports")
        let clean = try run(["--baseline", "baseline.json", "."])
        XCTAssertEqual(clean.status, 0)
        XCTAssertEqual(clean.stdout, "")
        try write("Error.swift", "// moved down\n\n" + Self.errorFile + Self.errorFile.replacingOccurrences(of: "Screen", with: "Second"))
        let newOnly = try run(["--baseline", "baseline.json", "."])
        XCTAssertEqual(newOnly.status, 1)
        XCTAssertEqual(newOnly.stdout.split(separator: "\n").count, 1, newOnly.stdout)
        try write("baseline.json", "{ broken")
        XCTAssertEqual(try run(["--baseline", "baseline.json", "."]).status, 2)
    }

    func testRulesExplainAndInit() throws {
        let rules = try run(["rules"])
        XCTAssertEqual(rules.status, 0)
        XCTAssertTrue(rules.stdout.contains("missing_super_call"))
        try write(".lifeguard.yml", "disabled_rules: [missing_super_call]\n")
        let configured = try run(["rules"])
        let line = configured.stdout.split(separator: "\n").first { $0.hasPrefix("missing_super_call ") }
        XCTAssertTrue(line?.contains(" no ") ?? false, String(line ?? ""))

        let explain = try run(["explain", "timer_invalidated_only_in_deinit"])
        XCTAssertEqual(explain.status, 0)
        for section in ["What it does", "Why is this bad?", "Example", "Use instead", "Known limitations"] {
            XCTAssertTrue(explain.stdout.contains(section), section)
        }
        let unknown = try run(["explain", "timer_invalidated_only_in_dealloc"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("did you mean 'timer_invalidated_only_in_deinit'"))

        try FileManager.default.removeItem(at: workspace.appendingPathComponent(".lifeguard.yml"))
        XCTAssertEqual(try run(["init"]).status, 0)
        let written = try String(contentsOf: workspace.appendingPathComponent(".lifeguard.yml"), encoding: .utf8)
        XCTAssertTrue(written.contains("excluded:"))
        XCTAssertEqual(try run(["init"]).status, 2, "init never overwrites")
        try write("A.swift", Self.cleanFile)
        XCTAssertEqual(try run(["A.swift"]).status, 0, "the starter configuration is valid")
    }

    func testSuppressionCommentsAndUnusedReport() throws {
        try write("A.swift", Self.errorFile.replacingOccurrences(of: "func warmUp() { loadView() }",
                                                                 with: "func warmUp() { loadView() } // lifeguard:disable:this direct_load_view_call\n    // lifeguard:disable:next view_nil_check\n    let x = 1"))
        XCTAssertEqual(try run(["A.swift"]).status, 0)
        let unused = try run(["--report-unused-suppressions", "A.swift"])
        XCTAssertTrue(unused.stdout.contains("unused_suppression"), unused.stdout)
        XCTAssertFalse(unused.stdout.contains("direct_load_view_call)"))
    }
}
