#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Writes files so a reader never sees half a file and a failed write never destroys the old one:
/// the bytes go to a temporary file beside the target, which is then renamed over it.
public enum AtomicFile {
    public struct WriteError: Error, CustomStringConvertible, Sendable {
        public var path: String
        public var reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    public static func write(_ text: String, to path: String) throws {
        try write(Array(text.utf8), to: path)
    }

    /// `permissions` (POSIX mode bits) are set on the new file before it replaces the old one,
    /// so rewriting a file in place (`--fix`) keeps its mode; a new file gets 0666 less the umask.
    /// `path` is normalized by its text first (`out/../report.json` is `report.json`), as
    /// Foundation's file URLs did.
    public static func write(_ bytes: [UInt8], to path: String, permissions: Int? = nil) throws {
        let target = LexicalPath.normalized(path)
        let folder = LexicalPath.folder(of: target)
        let directory = folder.isEmpty ? "." : folder
        guard PathStatus(directory) == .directory else {
            throw WriteError(path: path, reason: "directory \(directory) does not exist")
        }
        let name = target.utf8.split(separator: UInt8(ascii: "/")).last.map { String(decoding: $0, as: UTF8.self) } ?? target
        let prefix = (folder.isEmpty ? "" : folder == "/" ? "/" : folder + "/") + "." + name + ".lifeguard-\(getpid())-"
        // `O_EXCL` on a name not taken: another run (or a stale file of this one) never shares it.
        var descriptor: Int32 = -1
        var temporary = ""
        for attempt in 0..<100 {
            temporary = prefix + "\(attempt).tmp"
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        func fail(_ code: Int32) -> WriteError {
            close(descriptor)
            unlink(temporary)
            return WriteError(path: path, reason: String(cString: strerror(code)))
        }
        let written = bytes.withUnsafeBytes { writeAll($0, to: descriptor) }
        if written != 0 { throw fail(written) }
        if let permissions, fchmod(descriptor, mode_t(permissions & 0o7777)) != 0 { throw fail(errno) }
        guard close(descriptor) == 0 else {
            let code = errno
            unlink(temporary)
            throw WriteError(path: path, reason: String(cString: strerror(code)))
        }
        guard rename(temporary, target) == 0 else {
            let code = errno
            unlink(temporary)
            throw WriteError(path: path, reason: String(cString: strerror(code)))
        }
    }
}

extension AtomicFile {
    /// Writes every byte to `descriptor`, retrying short and interrupted writes; 0, or the `errno`
    /// of the write that failed (`EPIPE` for a closed pipe).
    public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            let count = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if count > 0 {
                offset += count
            } else if count < 0, errno == EINTR {
                continue
            } else {
                return count < 0 ? errno : EIO
            }
        }
        return 0
    }
}

/// `write(2)`, named apart from `AtomicFile.write`.
@inline(__always)
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
