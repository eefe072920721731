import Foundation

/// Writes files so a reader never sees half a file and a failed write never destroys the old one:
/// the bytes go to a temporary file beside the target, which is then renamed over it.
public enum AtomicFile {
    public struct WriteError: Error, CustomStringConvertible, Sendable {
        public var path: String
        public var reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    public static func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    /// `permissions` (POSIX mode bits) are set on the new file before it replaces the old one,
    /// so rewriting a file in place (`--fix`) keeps its mode.
    public static func write(_ data: Data, to path: String, permissions: Int? = nil) throws {
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw WriteError(path: path, reason: "directory \(directory.path) does not exist")
        }
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).lifeguard-\(UUID().uuidString).tmp")
        do {
            try data.write(to: temporary, options: [])
            if let permissions {
                try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: temporary.path)
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw WriteError(path: path, reason: Self.reason(error))
        }
        guard rename(temporary.path, url.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw WriteError(path: path, reason: reason)
        }
    }

    static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedDescription
    }
}
