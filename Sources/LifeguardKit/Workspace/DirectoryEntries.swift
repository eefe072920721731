#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// One directory's entries, read with `readdir` on byte names: the walks of discovery and of
/// app facts share it, so both see links and hidden entries the same way.
enum DirectoryEntries {
    /// What an entry is; with links followed, what the link points at.
    enum Kind { case directory, file, other }

    struct Entry {
        var name: [UInt8]
        var kind: Kind
        /// The entry itself is a symbolic link.
        var isLink: Bool
    }

    /// Appends the visible entries of `handle` (hidden ones, `.` and `..` skipped). With
    /// `followingLinks`, a link reads as what it points at and a dangling link is dropped (kept
    /// as `.other` with `keepingDanglingLinks`, as a walk without links sees it); without, a link
    /// is `.other`, never entered, so a walk cannot loop through one.
    static func read(_ handle: OpaquePointer, followingLinks: Bool, keepingDanglingLinks: Bool = false,
                     into entries: inout [Entry]) {
        let descriptor = dirfd(handle)
        while let entry = readdir(handle) {
            let name: [UInt8] = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                let bytes = raw.bindMemory(to: UInt8.self)
                let length = bytes.firstIndex(of: 0) ?? bytes.count
                return Array(bytes[..<length])
            }
            guard let first = name.first, first != UInt8(ascii: ".") else { continue }
            let type = Int32(entry.pointee.d_type)
            switch type {
            case Int32(DT_DIR):
                entries.append(Entry(name: name, kind: .directory, isLink: false))
            case Int32(DT_REG):
                entries.append(Entry(name: name, kind: .file, isLink: false))
            case Int32(DT_LNK), Int32(DT_UNKNOWN):
                // A link, or a file system that does not fill in `d_type`: ask.
                var status = stat()
                var isLink = type == Int32(DT_LNK)
                var terminated = name
                terminated.append(0)
                let answered = terminated.withUnsafeBufferPointer { buffer -> Bool in
                    buffer.withMemoryRebound(to: CChar.self) { path in
                        if !isLink {
                            guard fstatat(descriptor, path.baseAddress!, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return false }
                            isLink = (status.st_mode & S_IFMT) == S_IFLNK
                            if !isLink { return true }
                        }
                        guard followingLinks else { return true }
                        return fstatat(descriptor, path.baseAddress!, &status, 0) == 0
                    }
                }
                guard answered else {
                    if keepingDanglingLinks, isLink { entries.append(Entry(name: name, kind: .other, isLink: true)) }
                    continue
                }
                if isLink && !followingLinks {
                    entries.append(Entry(name: name, kind: .other, isLink: true))
                    continue
                }
                let kind: Kind
                switch status.st_mode & S_IFMT {
                case S_IFDIR: kind = .directory
                case S_IFREG: kind = .file
                default: kind = .other
                }
                entries.append(Entry(name: name, kind: kind, isLink: isLink))
            default:
                entries.append(Entry(name: name, kind: .other, isLink: false))
            }
        }
    }

    /// The visible entries of the directory at `path`, or `nil` when it cannot be opened.
    static func read(path: String, followingLinks: Bool) -> [Entry]? {
        guard let handle = opendir(path) else { return nil }
        defer { closedir(handle) }
        var entries: [Entry] = []
        read(handle, followingLinks: followingLinks, into: &entries)
        return entries
    }
}
