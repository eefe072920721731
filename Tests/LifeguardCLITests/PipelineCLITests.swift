import Foundation
import XCTest
import LifeguardTestSupport

/// Discovery, reading and crash reporting, through the `lifeguard` executable.
final class PipelineCLITests: XCTestCase {
    var workspace: URL!

    override func setUpWithError() throws {
        workspace = FileManager.default.temporaryDirectory.appendingPathComponent("lifeguard-pipeline-\(UUID().uuidString)")
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

    func link(_ path: String, to destination: String) throws {
        let url = workspace.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: destination)
    }

    func run(_ arguments: [String], environment: [String: String] = [:], in directory: URL? = nil) throws -> ProcessRunner.Output {
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = nil
        for (key, value) in environment { env[key] = value }
        return try ProcessRunner.run(CLITests.binary, arguments, environment: env, currentDirectory: directory ?? workspace)
    }

    /// The paths of the findings in xcode output, in order.
    func flaggedPaths(_ output: ProcessRunner.Output) -> [String] {
        output.stdout.split(separator: "\n").map { String($0.split(separator: ":")[0]) }
    }

    func testEmptyFilesLintAsEmpty() throws {
        try write("Empty.swift", "")
        try write("App/Also.swift", "")
        try write("App/Error.swift", CLITests.errorFile)
        let named = try run(["--no-config", "Empty.swift"])
        XCTAssertEqual(named.status, 0, named.stderr)
        XCTAssertTrue(named.stderr.contains("no findings in 1 file"), named.stderr)
        let walked = try run(["--no-config", "."])
        XCTAssertEqual(walked.status, 1, walked.stderr)
        XCTAssertEqual(flaggedPaths(walked), ["App/Error.swift"])
        XCTAssertTrue(walked.stderr.contains("in 3 files"), walked.stderr)
    }

    func testARootThatIsALinkToADirectoryIsWalked() throws {
        try write("Real/Error.swift", CLITests.errorFile)
        try link("Alias", to: "Real")
        let output = try run(["--no-config", "Alias"])
        XCTAssertEqual(output.status, 1, output.stderr)
        XCTAssertEqual(flaggedPaths(output), ["Alias/Error.swift"])
    }

    func testLinksMetDuringTheWalkAreFollowedOnce() throws {
        try write("Project/App/Error.swift", CLITests.errorFile)
        try write("Shared/Helper.swift", CLITests.errorFile.replacingOccurrences(of: "Screen", with: "Helper"))
        // A link into a folder outside the walked tree is followed...
        try link("Project/Shared", to: "../Shared")
        // ...a second link to a folder already walked adds nothing...
        try link("Project/Again", to: "App")
        // ...and a link to a single file is linted once, under the path without a link.
        try link("Project/App/Alias.swift", to: "Error.swift")
        let output = try run(["--no-config", "Project"])
        XCTAssertEqual(output.status, 1, output.stderr)
        XCTAssertEqual(flaggedPaths(output), ["Project/App/Error.swift", "Project/Shared/Helper.swift"],
                       "each file once, by its own path rather than a link's")
        XCTAssertTrue(output.stderr.contains("2 findings"), output.stderr)
    }

    func testALinkCycleEndsTheWalk() throws {
        try write("Loop/Inner/Error.swift", CLITests.errorFile)
        try link("Loop/Inner/Back", to: "..")
        try link("Loop/Self", to: ".")
        try link("Loop/Dangling.swift", to: "Missing.swift")
        let output = try run(["--no-config", "Loop"])
        XCTAssertEqual(output.status, 1, output.stderr)
        XCTAssertEqual(flaggedPaths(output), ["Loop/Inner/Error.swift"])
    }

    func testUnreadableSubdirectoryFailsTheRun() throws {
        try write("App/Error.swift", CLITests.errorFile)
        try write("App/Locked/Hidden.swift", CLITests.cleanFile)
        let locked = workspace.appendingPathComponent("App/Locked")
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: locked.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked.path) }
        if FileManager.default.isReadableFile(atPath: locked.path) {
            throw XCTSkip("running with privileges that read any directory")
        }
        let output = try run(["--no-config", "App"])
        XCTAssertEqual(output.status, 2)
        XCTAssertTrue(output.stderr.contains("App/Locked: directory is not readable"), output.stderr)
    }

    func testACrashSkipsTheFileLintsTheRestAndExitsThree() throws {
        #if DEBUG
        try write("App/Broken.swift", CLITests.errorFile)
        try write("App/Poison.swift", CLITests.errorFile)
        try write("App/Zed.swift", CLITests.errorFile)
        for (kind, signal) in [("trap", "SIG"), ("overflow", "SIGSEGV")] {
            let output = try run(["--no-config", "--format", "json", "App"],
                                 environment: ["LIFEGUARD_TEST_CRASH_ON": "Poison.swift:\(kind)"])
            XCTAssertEqual(output.status, 3, "\(kind): \(output.stderr)")
            XCTAssertTrue(output.stderr.contains("lifeguard: error: crashed (\(signal)"), output.stderr)
            XCTAssertTrue(output.stderr.contains("while analyzing App/Poison.swift\n"), output.stderr)
            XCTAssertTrue(output.stderr.contains("linting the other files again, without this one"), output.stderr)
            XCTAssertTrue(output.stderr.contains("App/Poison.swift: not linted: Lifeguard crashed while linting it"), output.stderr)
            XCTAssertFalse(output.stderr.contains("the rest of the run was lost"), output.stderr)
            // The files before and after the crashed one are linted and reported, once each.
            let report = try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any]
            let paths = (report?["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
            XCTAssertEqual(paths, ["App/Broken.swift", "App/Zed.swift"], "\(kind): \(output.stdout)")
        }
        // A second file that crashes in the run started again is skipped the same way.
        let twice = try run(["--no-config", "--format", "json", "App"],
                            environment: ["LIFEGUARD_TEST_CRASH_ON": "Poison.swift,Zed.swift:overflow"])
        XCTAssertEqual(twice.status, 3, twice.stderr)
        for path in ["App/Poison.swift", "App/Zed.swift"] {
            XCTAssertTrue(twice.stderr.contains("while analyzing \(path)\n"), twice.stderr)
            XCTAssertTrue(twice.stderr.contains("\(path): not linted"), twice.stderr)
        }
        let report = try JSONSerialization.jsonObject(with: Data(twice.stdout.utf8)) as? [String: Any]
        XCTAssertEqual((report?["diagnostics"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String },
                       ["App/Broken.swift"], twice.stdout)
        // SARIF says the run did not succeed.
        let sarif = try run(["--no-config", "--format", "sarif", "App"], environment: ["LIFEGUARD_TEST_CRASH_ON": "Poison.swift"])
        XCTAssertEqual(sarif.status, 3, sarif.stderr)
        XCTAssertTrue(sarif.stdout.contains("\"executionSuccessful\": false"), sarif.stdout)
        // Excluding the file, as the message says, lets the run finish cleanly.
        try write(".lifeguard.yml", "excluded: [App/Poison.swift]\n")
        let excluded = try run(["--quiet", "App"], environment: ["LIFEGUARD_TEST_CRASH_ON": "Poison.swift"])
        XCTAssertEqual(excluded.status, 1, excluded.stderr)
        XCTAssertEqual(flaggedPaths(excluded), ["App/Broken.swift", "App/Zed.swift"])
        #else
        throw XCTSkip("the crash trigger exists only in debug builds")
        #endif
    }

    func testACrashEndsTheRunWhenItCannotStartAgain() throws {
        #if DEBUG
        try write("App/Fine.swift", CLITests.cleanFile)
        try write("App/Poison.swift", CLITests.cleanFile)
        // Standard input cannot be read twice, so a crash there ends the run.
        var environment = ProcessInfo.processInfo.environment
        environment["LIFEGUARD_TEST_CRASH_ON"] = "Poison.swift"
        let stdin = try ProcessRunner.run(CLITests.binary, ["--no-config", "--stdin-path", "App/Poison.swift"],
                                          input: Data(CLITests.cleanFile.utf8), environment: environment,
                                          currentDirectory: workspace)
        XCTAssertEqual(stdin.status, 3, stdin.stderr)
        XCTAssertTrue(stdin.stderr.contains("while analyzing App/Poison.swift\n"), stdin.stderr)
        XCTAssertTrue(stdin.stderr.contains("under `excluded:` in .lifeguard.yml"), stdin.stderr)
        // Nor does a run that writes a baseline: one without the file's findings would report
        // them as new once the crash is fixed. No baseline is written.
        let baseline = try run(["--no-config", "--write-baseline", "base.json", "App"],
                               environment: ["LIFEGUARD_TEST_CRASH_ON": "Poison.swift"])
        XCTAssertEqual(baseline.status, 3, baseline.stderr)
        XCTAssertTrue(baseline.stderr.contains("the rest of the run was lost"), baseline.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: workspace.appendingPathComponent("base.json").path))
        // Nor once as many files as the bound allows have crashed: the fourth crash ends the run.
        for index in 1...4 { try write("App/Bad\(index).swift", CLITests.cleanFile) }
        let bounded = try run(["--no-config", "App"],
                              environment: ["LIFEGUARD_TEST_CRASH_ON": "Bad1.swift,Bad2.swift,Bad3.swift,Bad4.swift"])
        XCTAssertEqual(bounded.status, 3, bounded.stderr)
        XCTAssertEqual(bounded.stderr.components(separatedBy: "linting the other files again").count - 1, 3, bounded.stderr)
        XCTAssertTrue(bounded.stderr.contains("the rest of the run was lost"), bounded.stderr)
        #else
        throw XCTSkip("the crash trigger exists only in debug builds")
        #endif
    }

    /// A file that crashed while it was linted still gives the index what it declares, so the
    /// other files' findings are those of a run without the crash; one that crashed while its
    /// facts were read is left out of the index, and the message says so.
    func testAFileThatCrashedWhileLintedStillCountsForTheOthers() throws {
        #if DEBUG
        try write("App/Base.swift", "import UIKit\nclass BaseScreen: UIViewController {}\n")
        try write("App/Feed.swift", "import UIKit\nfinal class Feed: BaseScreen {\n    override func viewDidLoad() {}\n}\n")
        let clean = try run(["--no-config", "--quiet", "App"])
        XCTAssertEqual(flaggedPaths(clean), ["App/Feed.swift"], clean.stdout)
        let linting = try run(["--no-config", "--quiet", "App"], environment: ["LIFEGUARD_TEST_CRASH_ON": "Base.swift:trap:linting"])
        XCTAssertEqual(linting.status, 3, linting.stderr)
        XCTAssertEqual(flaggedPaths(linting), ["App/Feed.swift"], "Feed is still known to be a controller")
        XCTAssertTrue(linting.stderr.contains("App/Base.swift: not linted: Lifeguard crashed while linting it"), linting.stderr)
        let indexing = try run(["--no-config", "--quiet", "App"], environment: ["LIFEGUARD_TEST_CRASH_ON": "Base.swift:trap:indexing"])
        XCTAssertEqual(indexing.status, 3, indexing.stderr)
        XCTAssertEqual(flaggedPaths(indexing), [], "without Base.swift, BaseScreen is unknown")
        XCTAssertTrue(indexing.stderr.contains("App/Base.swift: not linted: Lifeguard crashed while reading it for the project index"),
                      indexing.stderr)
        // The list of crashed files is the restarted process's own: one set by anyone else is ignored.
        let foreign = try run(["--no-config", "--quiet", "App"], environment: ["LIFEGUARD_CRASHED_FILES": "1;2App/Feed.swift"])
        XCTAssertEqual(foreign.status, 1, foreign.stderr)
        XCTAssertEqual(flaggedPaths(foreign), ["App/Feed.swift"])
        #else
        throw XCTSkip("the crash trigger exists only in debug builds")
        #endif
    }

    /// The handler writes the crashed path with `\` and line breaks escaped; the next run reads
    /// it back and skips the file (the crash would come again otherwise, until the bound).
    func testAFileNamedWithALineBreakIsSkippedAfterItsCrash() throws {
        #if DEBUG
        try write("App/Fine.swift", CLITests.errorFile)
        try write("App/Odd\\\nName.swift", CLITests.cleanFile)
        let output = try run(["--no-config", "--quiet", "App"], environment: ["LIFEGUARD_TEST_CRASH_ON": "Odd\\\nName.swift"])
        XCTAssertEqual(output.status, 3, output.stderr)
        XCTAssertEqual(output.stderr.components(separatedBy: "linting the other files again").count - 1, 1, output.stderr)
        XCTAssertTrue(output.stderr.contains("App/Odd\\\nName.swift: not linted"), output.stderr)
        XCTAssertEqual(flaggedPaths(output), ["App/Fine.swift"])
        #else
        throw XCTSkip("the crash trigger exists only in debug builds")
        #endif
    }
}
