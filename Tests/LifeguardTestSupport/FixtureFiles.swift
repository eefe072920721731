import Foundation
import LifeguardKit

/// Locates the repository's `Fixtures/` folder from this file's path, so tests run from any
/// working directory.
public enum FixtureFiles {
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static let directory = repositoryRoot.appendingPathComponent("Fixtures")

    /// Every `.swift` file under `Fixtures/` (or a subfolder), sorted by path.
    public static func swiftFiles(under subfolder: String? = nil) -> [URL] {
        swiftFiles(in: subfolder.map { directory.appendingPathComponent($0) } ?? directory)
    }

    public static func swiftFiles(in root: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
            return []
        }
        var files: [URL] = []
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            files.append(url)
        }
        return files.sorted { $0.path < $1.path }
    }

    public static func source(_ url: URL) throws -> SourceFile {
        let data = try Data(contentsOf: url)
        return SourceFile(path: url.path, bytes: [UInt8](data))
    }

    /// An inline sample followed by every fixture: the inputs of the oracle tests that compare a
    /// fast answer of the semantic model with the long way on everything the fixtures hold.
    public static func sources(after sample: String) throws -> [SourceFile] {
        try [SourceFile(path: "File.swift", text: sample)] + swiftFiles().map(source)
    }

    /// Every fixture parsed, in path order: the inputs of the oracle tests that check an answer
    /// of the index or the semantic model on everything the fixtures hold.
    public static func trees() throws -> [SyntaxTree] {
        try swiftFiles().map { SyntaxTree(source: try source($0)) }
    }

    /// Every fixture's model, each built with the index of them all.
    public static func models() throws -> [FileModel] {
        let trees = try trees()
        let index = ProjectIndex(trees: trees)
        return trees.map { FileModel(tree: $0, index: index) }
    }

    /// The path relative to `Fixtures/`, for messages.
    public static func shortPath(_ url: URL) -> String {
        let prefix = directory.path + "/"
        return url.path.hasPrefix(prefix) ? String(url.path.dropFirst(prefix.count)) : url.path
    }
}

/// Runs a program and captures its output.
public enum ProcessRunner {
    public struct Output: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    public static func run(_ executable: URL, _ arguments: [String], input: Data? = nil,
                    environment: [String: String]? = nil, currentDirectory: URL? = nil) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let stdout = Pipe()
        let stderr = Pipe()
        let stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(input) }
        try? stdin.fileHandleForWriting.close()
        // Read both pipes concurrently so a full pipe cannot block the child.
        let errorBox = DataBox()
        let group = DispatchGroup()
        group.enter()
        let errorHandle = stderr.fileHandleForReading
        DispatchQueue.global().async {
            errorBox.data = errorHandle.readDataToEndOfFile()
            group.leave()
        }
        let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Output(status: process.terminationStatus,
                      stdout: String(decoding: outputData, as: UTF8.self),
                      stderr: String(decoding: errorBox.data, as: UTF8.self))
    }

    /// Written by one reader thread and read after `DispatchGroup.wait()`, which orders the two.
    private final class DataBox: @unchecked Sendable {
        var data = Data()
    }

    /// Finds a program on `PATH`.
    public static func which(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }
}
