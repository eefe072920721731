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

    func testACrashNamesTheFileAndExitsThree() throws {
        #if DEBUG
        try write("App/Fine.swift", CLITests.cleanFile)
        try write("App/Poison.swift", CLITests.cleanFile)
        for (kind, signal) in [("trap", "SIG"), ("overflow", "SIGSEGV")] {
            let output = try run(["--no-config", "App"], environment: ["LIFEGUARD_TEST_CRASH_ON": "Poison.swift:\(kind)"])
            XCTAssertEqual(output.status, 3, "\(kind): \(output.stderr)")
            XCTAssertTrue(output.stderr.contains("lifeguard: error: crashed (\(signal)"), output.stderr)
            XCTAssertTrue(output.stderr.contains("while analyzing App/Poison.swift\n"), output.stderr)
            XCTAssertTrue(output.stderr.contains("under `excluded:` in .lifeguard.yml"), output.stderr)
        }
        // Excluding the file, as the message says, lets the run finish.
        try write(".lifeguard.yml", "excluded: [App/Poison.swift]\n")
        let excluded = try run(["App"], environment: ["LIFEGUARD_TEST_CRASH_ON": "Poison.swift"])
        XCTAssertEqual(excluded.status, 0, excluded.stderr)
        #else
        throw XCTSkip("the crash trigger exists only in debug builds")
        #endif
    }
}
