import Foundation

/// Finds the Swift files a run lints: files given by name, and `.swift` files under given
/// directories, walked without following the folders Swift projects keep generated or
/// third-party code in.
public struct FileDiscovery: Sendable {
    /// Folder names never walked into (hidden folders are skipped too).
    public static let skippedDirectoryNames: Set<String> = [".build", "Pods", "Carthage", "DerivedData", "node_modules"]

    /// A path the user gave that cannot be linted.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// Decides, for a path relative to the working directory, whether it is excluded.
    public var isExcluded: @Sendable (_ relativePath: String, _ isDirectory: Bool) -> Bool

    public init(isExcluded: @escaping @Sendable (String, Bool) -> Bool = { _, _ in false }) {
        self.isExcluded = isExcluded
    }

    /// The Swift files under `paths`, sorted and without duplicates. Every path must exist; a
    /// directory must hold at least one Swift file.
    public func swiftFiles(in paths: [String], workingDirectory: String) throws -> [String] {
        var found: [String] = []
        var seen = Set<String>()
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw Failure(path: path, reason: "no such file or directory")
            }
            if isDirectory.boolValue {
                guard FileManager.default.isReadableFile(atPath: path) else {
                    throw Failure(path: path, reason: "directory is not readable")
                }
                let sawSwift = try walk(path, workingDirectory: workingDirectory, into: &found, seen: &seen)
                if !sawSwift {
                    throw Failure(path: path, reason: "no Swift files found in this directory")
                }
            } else {
                guard FileManager.default.isReadableFile(atPath: path) else {
                    throw Failure(path: path, reason: "file is not readable")
                }
                let normalized = Self.normalize(path)
                // Files named on the command line honour exclusions too, so a pre-commit hook that
                // passes every staged file still skips excluded ones.
                if isExcluded(Self.displayPath(normalized, workingDirectory: workingDirectory), false) { continue }
                if seen.insert(normalized).inserted { found.append(normalized) }
            }
        }
        return found.sorted()
    }

    /// Walks a directory with an explicit stack (no recursion), never into a symbolic link to a
    /// directory, so cycles cannot trap it. Returns whether the tree holds any Swift file at all,
    /// excluded or not.
    private func walk(_ root: String, workingDirectory: String, into found: inout [String], seen: inout Set<String>) throws -> Bool {
        var sawSwift = false
        var pending = [Self.normalize(root)]
        let manager = FileManager.default
        let keys: [URLResourceKey] = [.isDirectoryKey, .isSymbolicLinkKey]
        while let directory = pending.popLast() {
            let directoryURL = URL(fileURLWithPath: directory, isDirectory: true)
            guard let entries = try? manager.contentsOfDirectory(at: directoryURL, includingPropertiesForKeys: keys,
                                                                  options: [.skipsHiddenFiles]) else {
                throw Failure(path: directory, reason: "directory is not readable")
            }
            var names: [(name: String, isDirectory: Bool, isLink: Bool)] = []
            names.reserveCapacity(entries.count)
            for entry in entries {
                let values = try? entry.resourceValues(forKeys: Set(keys))
                names.append((entry.lastPathComponent, values?.isDirectory ?? false, values?.isSymbolicLink ?? false))
            }
            names.sort { $0.name < $1.name }
            for entry in names where !entry.name.hasPrefix(".") {
                let path = directory == "." ? entry.name : directory + "/" + entry.name
                if entry.isDirectory {
                    if entry.isLink || Self.skippedDirectoryNames.contains(entry.name) { continue }
                    if isExcluded(Self.displayPath(path, workingDirectory: workingDirectory), true) { continue }
                    pending.append(path)
                } else if entry.name.hasSuffix(".swift") {
                    if entry.isLink {
                        // A link to a file is linted; a dangling one is not a file.
                        var isDirectory: ObjCBool = false
                        guard manager.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
                    }
                    sawSwift = true
                    if !isExcluded(Self.displayPath(path, workingDirectory: workingDirectory), false),
                       seen.insert(path).inserted {
                        found.append(path)
                    }
                }
            }
        }
        return sawSwift
    }

    static func normalize(_ path: String) -> String {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        if path.hasPrefix("./"), path.count > 2 { path.removeFirst(2) }
        return path
    }

    /// `path` relative to `workingDirectory` when it lies under it; otherwise as given.
    public static func displayPath(_ path: String, workingDirectory: String) -> String {
        // Already relative and plain (the walk's own paths): nothing to resolve.
        if !path.hasPrefix("/"), !path.hasPrefix("."), !path.contains("/."), !path.contains("//") { return path }
        let absolute = path.hasPrefix("/") ? path : workingDirectory + "/" + path
        let standardized = URL(fileURLWithPath: absolute).standardized.path
        let base = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
        if standardized.hasPrefix(base) { return String(standardized.dropFirst(base.count)) }
        return path.hasPrefix("/") ? standardized : path
    }
}
