import Foundation
import XCTest
import LifeguardTestSupport

/// `lifeguard --fix` and `--diff`, run as users run them, on files in a scratch repository.
final class FixCLITests: XCTestCase {
    var workspace: URL!

    override func setUpWithError() throws {
        workspace = FileManager.default.temporaryDirectory.appendingPathComponent("lifeguard-fix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: workspace.appendingPathComponent(".git"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: workspace)
    }

    func write(_ path: String, _ text: String) throws {
        let url = workspace.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func read(_ path: String) throws -> String {
        try String(decoding: Data(contentsOf: workspace.appendingPathComponent(path)), as: UTF8.self)
    }

    func run(_ arguments: [String], input: String? = nil) throws -> ProcessRunner.Output {
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = nil
        return try ProcessRunner.run(CLITests.binary, arguments, input: input.map { Data($0.utf8) }, environment: environment,
                                     currentDirectory: workspace)
    }

    /// Switches on the opt-in rule the screen's warning comes from.
    static let configuration = "opt_in_rules: [geometry_in_view_did_load]\n"

    /// Two fixable errors and a warning without a fix (from an opt-in rule: `configuration`).
    static let screen = """
        import UIKit
        final class Screen: UIViewController {
            override func viewDidLoad() {
                configure()
                print(view.bounds.width)
            }
            func warmUp() { loadView() }
            func configure() {}
        }

        """
    static let fixedScreen = """
        import UIKit
        final class Screen: UIViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                configure()
                print(view.bounds.width)
            }
            func warmUp() { loadViewIfNeeded() }
            func configure() {}
        }

        """

    func testFixWritesTheFilesReportsWhatRemainsAndSettles() throws {
        try write(".lifeguard.yml", Self.configuration)
        try write("Sources/Screen.swift", Self.screen)
        try write("Sources/Clean.swift", "let x = 1\n")
        let cleanDate = try FileManager.default.attributesOfItem(atPath: workspace.appendingPathComponent("Sources/Clean.swift").path)[.modificationDate] as? Date
        try FileManager.default.setAttributes([.posixPermissions: 0o640],
                                              ofItemAtPath: workspace.appendingPathComponent("Sources/Screen.swift").path)
        let output = try run(["--fix", "."])
        XCTAssertEqual(output.status, 0, "only a warning remains:\n\(output.stderr)")
        XCTAssertEqual(try read("Sources/Screen.swift"), Self.fixedScreen)
        XCTAssertTrue(output.stderr.contains(
            "Fixed 2 findings in Sources/Screen.swift (direct_load_view_call: 1, missing_super_call: 1).\n"), output.stderr)
        XCTAssertTrue(output.stderr.contains("Lifeguard: fixed 2 findings in 1 file.\n"), output.stderr)
        XCTAssertTrue(output.stderr.contains("Lifeguard: 1 finding (0 errors, 1 warning) in 2 files.\n"), output.stderr)
        XCTAssertTrue(output.stdout.hasPrefix("Sources/Screen.swift:6:20: warning: "), "the remaining finding, at its new line")
        XCTAssertTrue(output.stdout.hasSuffix("(geometry_in_view_did_load)\n"), output.stdout)
        XCTAssertEqual(output.stdout.split(separator: "\n").count, 1, output.stdout)
        let attributes = try FileManager.default.attributesOfItem(atPath: workspace.appendingPathComponent("Sources/Screen.swift").path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o640, "the file keeps its mode")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: workspace.appendingPathComponent("Sources/Clean.swift").path)[.modificationDate] as? Date,
                       cleanDate, "an unchanged file is not rewritten")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: workspace.appendingPathComponent("Sources").path).sorted(),
                       ["Clean.swift", "Screen.swift"], "no temporary files are left")

        let again = try run(["--fix", "."])
        XCTAssertEqual(again.status, 0)
        XCTAssertTrue(again.stderr.contains("Lifeguard: nothing to fix.\n"), again.stderr)
        XCTAssertEqual(try read("Sources/Screen.swift"), Self.fixedScreen)
    }

    func testExitStatusAfterFixCountsTheRemainingFindings() throws {
        try write(".lifeguard.yml", Self.configuration)
        try write("A.swift", Self.screen)
        XCTAssertEqual(try run(["--fix", "--strict", "A.swift"]).status, 1, "with --strict the remaining warning fails")
        try write("B.swift", Self.screen.replacingOccurrences(of: "Screen", with: "Other")
            .replacingOccurrences(of: "        configure()\n", with: "        super.viewWillAppear(true)\n        configure()\n"))
        let output = try run(["--fix", "B.swift"])
        XCTAssertEqual(output.status, 1, "a missing super call that calls another method on super has no fix: still an error")
        XCTAssertTrue(output.stdout.contains("B.swift:3:5: error:"), output.stdout)
    }

    func testDiffPrintsAPatchAndWritesNothing() throws {
        try write("Sources/Screen.swift", Self.screen)
        let output = try run(["--diff", "Sources"])
        XCTAssertEqual(output.status, 1, "--diff judges the files as they are")
        XCTAssertEqual(try read("Sources/Screen.swift"), Self.screen)
        XCTAssertTrue(output.stdout.hasPrefix("--- Sources/Screen.swift\n+++ Sources/Screen.swift\n@@ -1,9 +1,10 @@\n"), output.stdout)
        XCTAssertTrue(output.stdout.contains("\n+        super.viewDidLoad()\n"))
        XCTAssertFalse(output.stdout.contains("warning:"), "stdout holds only the diff")
        XCTAssertTrue(output.stderr.contains("Would fix 2 findings in Sources/Screen.swift"), output.stderr)
        let patch = try XCTUnwrap(ProcessRunner.which("patch"))
        let applied = try ProcessRunner.run(patch, ["-p0", "--quiet"], input: Data(output.stdout.utf8), currentDirectory: workspace)
        XCTAssertEqual(applied.status, 0, applied.stderr)
        XCTAssertEqual(try read("Sources/Screen.swift"), Self.fixedScreen)

        // `--fix --diff` is the same; a report to a file still goes out.
        try write("Sources/Screen.swift", Self.screen)
        let reported = try run(["--fix", "--diff", "--format", "json", "--output", "report.json", "Sources"])
        XCTAssertEqual(reported.stdout, output.stdout)
        XCTAssertTrue(try read("report.json").contains("\"fix\" : {") || read("report.json").contains("\"fix\": {"))
    }

    func testStdinFixPrintsTheWholeFixedSource() throws {
        let fixed = try run(["--fix", "--stdin-path", "Sources/Screen.swift"], input: Self.screen)
        XCTAssertEqual(fixed.stdout, Self.fixedScreen)
        XCTAssertEqual(fixed.status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: workspace.appendingPathComponent("Sources/Screen.swift").path))
        let clean = "let x = 1 // ünïcode\n"
        XCTAssertEqual(try run(["--fix", "--stdin-path", "A.swift"], input: clean).stdout, clean, "nothing to fix: the input comes back")
        let diff = try run(["--diff", "--stdin-path", "Sources/Screen.swift"], input: Self.screen)
        XCTAssertTrue(diff.stdout.hasPrefix("--- Sources/Screen.swift\n"), diff.stdout)
    }

    func testSuppressedBaselinedAndExcludedFindingsAreNotFixed() throws {
        let suppressed = Self.screen.replacingOccurrences(
            of: "    func warmUp()", with: "    // lifeguard:disable:next direct_load_view_call - measured on purpose\n    func warmUp()")
        try write("Sources/Suppressed.swift", suppressed)
        try write("Sources/Baselined.swift", Self.screen)
        try write("Sources/Generated/Excluded.swift", Self.screen)
        try write(".lifeguard.yml", "excluded: [Generated]\n")
        XCTAssertEqual(try run(["--write-baseline", "baseline.json", "Sources/Baselined.swift"]).status, 1)
        try write("Sources/New.swift", Self.screen.replacingOccurrences(of: "Screen", with: "Fresh"))
        let output = try run(["--fix", "--baseline", "baseline.json", "Sources"])
        XCTAssertEqual(output.status, 0, output.stderr)
        XCTAssertEqual(try read("Sources/Baselined.swift"), Self.screen)
        XCTAssertEqual(try read("Sources/Generated/Excluded.swift"), Self.screen)
        XCTAssertEqual(try read("Sources/New.swift"), Self.fixedScreen.replacingOccurrences(of: "Screen", with: "Fresh"))
        XCTAssertTrue(try read("Sources/Suppressed.swift").contains("func warmUp() { loadView() }"), "the suppressed call stays")
        XCTAssertTrue(try read("Sources/Suppressed.swift").contains("super.viewDidLoad()"), "the rest of the file is fixed")
    }

    func testASymbolicLinkStaysALink() throws {
        try write("Real/Screen.swift", Self.screen)
        try FileManager.default.createDirectory(at: workspace.appendingPathComponent("Linked"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: workspace.appendingPathComponent("Linked/Screen.swift").path,
                                                   withDestinationPath: "../Real/Screen.swift")
        XCTAssertEqual(try run(["--fix", "Linked/Screen.swift"]).status, 0)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: workspace.appendingPathComponent("Linked/Screen.swift").path),
                       "../Real/Screen.swift")
        XCTAssertEqual(try read("Real/Screen.swift"), Self.fixedScreen)
    }

    /// What the build-tool plugin runs: absolute paths, and a summary that compiles as Swift.
    func testBuildToolPluginInvocation() throws {
        try write("Sources/Screen.swift", Self.screen)
        try write("lifeguard.yml", Self.configuration)
        let output = try run(["lint", "--quiet", "--format", "xcode", "--absolute-paths", "--config", "lifeguard.yml",
                              "--report", "swift-summary:Summary.swift", "--", "Sources/Screen.swift"])
        XCTAssertEqual(output.status, 1)
        let base = workspace.resolvingSymlinksInPath().path
        for line in output.stdout.split(separator: "\n") {
            XCTAssertTrue(line.hasPrefix(workspace.path + "/Sources/Screen.swift:") || line.hasPrefix(base + "/Sources/Screen.swift:"),
                          String(line))
        }
        XCTAssertEqual(output.stdout.split(separator: "\n").count, 3, output.stdout)
        let summary = try read("Summary.swift")
        XCTAssertTrue(summary.split(separator: "\n").allSatisfy { $0.hasPrefix("// ") }, summary)
        XCTAssertTrue(summary.contains("missing_super_call"))
        if let swiftc = ProcessRunner.which("swiftc") {
            let parsed = try ProcessRunner.run(swiftc, ["-frontend", "-parse", workspace.appendingPathComponent("Summary.swift").path])
            XCTAssertEqual(parsed.status, 0, parsed.stderr)
        }
    }

    func testLintSaysHowManyFindingsAreFixable() throws {
        try write("A.swift", Self.screen)
        let output = try run(["A.swift"])
        XCTAssertTrue(output.stderr.hasSuffix("Lifeguard: 2 fixable with `lifeguard --fix` (preview with `--diff`).\n"), output.stderr)
        XCTAssertFalse(output.stdout.contains("fixable"), "the xcode lines are unchanged")
        XCTAssertFalse(try run(["--quiet", "A.swift"]).stderr.contains("fixable"))
        XCTAssertTrue(try run(["--format", "summary", "A.swift"]).stdout.contains("  fixable\n"))
    }
}
