#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Folder listings one walk keeps for a later walk over the same folders: discovery records what
/// it reads, and the app-facts walk that follows it (`AppFacts.locate`) takes those listings
/// instead of opening and reading every folder again. A folder nobody recorded (one the
/// configuration excludes, one above the linted paths) is read from the disk as before.
///
/// Keyed by absolute, lexically normalized path (`LexicalPath.absolute`), a child's key being its
/// parent's, a slash and its name. A listing keeps only the entries its reader asks for, in the
/// order `readdir` gave them, and how many entries that reader would have counted.
public final class DirectoryListings: @unchecked Sendable {
    struct Listing {
        var entries: [DirectoryEntries.Entry]
        /// Entries the reader counts against its walk's limit, kept or not.
        var counted: Int
    }

    private let keeps: @Sendable (DirectoryEntries.Entry) -> Bool
    private let counts: @Sendable (DirectoryEntries.Entry) -> Bool
    private let lock = Lock()
    private var byPath: [String: Listing] = [:]

    /// `keeps`: the entries the reader needs; `counts`: the ones its walk counts.
    init(keeping keeps: @escaping @Sendable (DirectoryEntries.Entry) -> Bool,
         counting counts: @escaping @Sendable (DirectoryEntries.Entry) -> Bool) {
        self.keeps = keeps
        self.counts = counts
    }

    /// Records a folder's entries as read with links followed and dangling links kept
    /// (`DirectoryEntries.read(_:followingLinks:keepingDanglingLinks:into:)`).
    func record(_ path: String, _ entries: [DirectoryEntries.Entry]) {
        var kept: [DirectoryEntries.Entry] = []
        var counted = 0
        for entry in entries {
            if counts(entry) { counted += 1 }
            if keeps(entry) { kept.append(entry) }
        }
        lock.lock()
        byPath[path] = Listing(entries: kept, counted: counted)
        lock.unlock()
    }

    func listing(of path: String) -> Listing? {
        lock.lock()
        defer { lock.unlock() }
        return byPath[path]
    }
}
