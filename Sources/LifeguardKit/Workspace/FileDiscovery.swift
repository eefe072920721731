#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// A Swift file discovery found: the path to open it by and the path to show for it.
public struct DiscoveredFile: Sendable {
    /// The path as walked (the user's spelling of the root, then directory entries' bytes).
    public var path: RawPath
    /// The path used in diagnostics: relative to the working directory when the file is under it.
    public var displayPath: String
    /// Reached through a symbolic link (to the file or to a folder on its path). When one file
    /// is reached by several paths, a path without links is preferred.
    public var throughLink: Bool = false
}

/// Finds the Swift files a run lints: files given by name, and `.swift` files under given
/// directories, walked without entering the folders Swift projects keep generated or
/// third-party code in.
///
/// The walk uses `opendir`/`readdir` on byte paths and hands each file over as soon as it is
/// found, so reading and parsing start before the walk ends. Symbolic links are followed — a
/// root named on the command line, and links met during the walk — and every directory is
/// entered at most once, recognised by its device and inode, so a link cycle ends the walk of
/// that branch instead of looping. Folders reached through links are walked after the rest of
/// their root, so a folder reachable both directly and through a link is listed by its own path.
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

    /// Where the walk records the folders it reads, for a later walk over them (see
    /// `DirectoryListings`).
    public var listings: DirectoryListings?

    public init(isExcluded: @escaping @Sendable (String, Bool) -> Bool = { _, _ in false },
                listings: DirectoryListings? = nil) {
        self.isExcluded = isExcluded
        self.listings = listings
    }

    /// The Swift files under `paths`, sorted and without duplicates. Every path must exist; a
    /// directory must hold at least one Swift file.
    public func swiftFiles(in paths: [String], workingDirectory: String) throws -> [String] {
        var found: [String] = []
        try discover(paths, workingDirectory: workingDirectory) { found.append($0.path.description) }
        return Array(Set(found)).sorted()
    }

    /// Calls `found` with every Swift file under `paths`, in walk order, as soon as it is found.
    /// The same file may be reported twice when two given paths overlap or a link leads to it;
    /// readers drop the later copies by file identity. Throws at the first path that cannot be
    /// walked; files reported before then have been reported.
    public func discover(_ paths: [String], workingDirectory: String,
                         found: (DiscoveredFile) throws -> Void) throws {
        var walker = DirectoryWalker(isExcluded: isExcluded, listings: listings)
        for path in paths {
            let normalized = Self.normalize(path)
            let raw = RawPath(normalized)
            var status = stat()
            // `stat`, not `lstat`: a root that is a link to a directory is walked.
            guard raw.withCString({ stat($0, &status) }) == 0 else {
                let code = errno
                let reason = code == ENOENT || code == ENOTDIR ? "no such file or directory" : String(cString: strerror(code))
                throw Failure(path: path, reason: reason)
            }
            let display = Self.displayPath(normalized, workingDirectory: workingDirectory)
            if (status.st_mode & S_IFMT) == S_IFDIR {
                guard raw.withCString({ access($0, R_OK) }) == 0 else {
                    throw Failure(path: path, reason: "directory is not readable")
                }
                let key = listings == nil ? nil : LexicalPath.absolute(normalized, workingDirectory: workingDirectory)
                let sawSwift = try walker.walk(raw, displayPath: display, key: key, found: found)
                if !sawSwift {
                    throw Failure(path: path, reason: "no Swift files found in this directory")
                }
            } else {
                guard raw.withCString({ access($0, R_OK) }) == 0 else {
                    throw Failure(path: path, reason: "file is not readable")
                }
                // Files named on the command line honour exclusions too, so a pre-commit hook that
                // passes every staged file still skips excluded ones.
                if isExcluded(display, false) { continue }
                try found(DiscoveredFile(path: raw, displayPath: display))
            }
        }
    }

    static func normalize(_ path: String) -> String {
        var path = path
        while path.utf8.count > 1, path.hasSuffix("/") { path.removeLast() }
        if path.hasPrefix("./"), path.utf8.count > 2 { path.removeFirst(2) }
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
        if standardized == workingDirectory { return "." }
        return path.hasPrefix("/") ? standardized : path
    }
}

/// One depth-first walk over directories, entries in byte order, with an explicit stack (no
/// recursion) and a set of the directories already entered.
struct DirectoryWalker {
    var isExcluded: (String, Bool) -> Bool
    private var entered = Set<FileIdentity>()

    /// Where the folders read are recorded, each under its key (`Pending.key`).
    var listings: DirectoryListings?

    init(isExcluded: @escaping (String, Bool) -> Bool, listings: DirectoryListings? = nil) {
        self.isExcluded = isExcluded
        self.listings = listings
    }

    private static let skippedNames: Set<[UInt8]> = Set(FileDiscovery.skippedDirectoryNames.map { Array($0.utf8) })

    private struct Pending {
        var path: RawPath
        var display: String
        var throughLink: Bool
        /// The folder's key in `listings` (`nil`: not recorded). Only folders a walk without
        /// links would enter are recorded: not those reached through a link.
        var key: String?
    }

    /// Walks `root`; returns whether the tree holds any Swift file at all, excluded or not.
    mutating func walk(_ root: RawPath, displayPath: String, key: String? = nil,
                       found: (DiscoveredFile) throws -> Void) throws -> Bool {
        var sawSwift = false
        var pending = [Pending(path: root, display: displayPath, throughLink: false, key: key)]
        // Folders reached through a link wait until everything else under the root is walked.
        var linked: [Pending] = []
        var entries: [DirectoryEntries.Entry] = []
        while let next = pending.popLast() ?? (linked.isEmpty ? nil : linked.removeFirst()) {
            let directory = next.path
            let display = next.display
            guard let handle = directory.withCString({ opendir($0) }) else {
                throw FileDiscovery.Failure(path: display, reason: "directory is not readable")
            }
            defer { closedir(handle) }
            var status = stat()
            guard fstat(dirfd(handle), &status) == 0, entered.insert(FileIdentity(status)).inserted else { continue }
            entries.removeAll(keepingCapacity: true)
            DirectoryEntries.read(handle, followingLinks: true, keepingDanglingLinks: true, into: &entries)
            if let key = next.key { listings?.record(key, entries) }
            entries.sort { $0.name.lexicographicallyPrecedes($1.name) }
            var subdirectories: [Pending] = []
            for entry in entries {
                let isSwift = entry.kind == .file && Self.hasSwiftSuffix(entry.name)
                guard entry.kind == .directory ? !Self.skippedNames.contains(entry.name) : isSwift else { continue }
                let path = entry.name.withUnsafeBufferPointer { directory.appending($0) }
                let childDisplay = Self.child(display, String(decoding: entry.name, as: UTF8.self))
                let throughLink = next.throughLink || entry.isLink
                if entry.kind == .directory {
                    if isExcluded(childDisplay, true) { continue }
                    let childKey = entry.isLink ? nil : next.key.map { $0 + "/" + String(decoding: entry.name, as: UTF8.self) }
                    let child = Pending(path: path, display: childDisplay, throughLink: throughLink, key: childKey)
                    if entry.isLink && !next.throughLink { linked.append(child) } else { subdirectories.append(child) }
                } else {
                    sawSwift = true
                    if isExcluded(childDisplay, false) { continue }
                    try found(DiscoveredFile(path: path, displayPath: childDisplay, throughLink: throughLink))
                }
            }
            // Reversed, so the stack pops them in order.
            pending.append(contentsOf: subdirectories.reversed())
        }
        return sawSwift
    }

    private static func child(_ display: String, _ name: String) -> String {
        if display == "." { return name }
        return display.hasSuffix("/") ? display + name : display + "/" + name
    }

    private static let swiftSuffix: [UInt8] = Array(".swift".utf8)

    private static func hasSwiftSuffix(_ name: [UInt8]) -> Bool {
        name.count > swiftSuffix.count && name.suffix(swiftSuffix.count).elementsEqual(swiftSuffix)
    }
}
