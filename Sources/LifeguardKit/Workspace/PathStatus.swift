#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// What is at a path, from `stat(2)` with links followed: `FileManager.fileExists(atPath:isDirectory:)`
/// in one call, without Foundation's `ObjCBool`.
enum PathStatus: Equatable {
    case missing
    case directory
    /// A file, or anything else that is not a directory.
    case other

    init(_ path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            self = .missing
            return
        }
        self = (status.st_mode & S_IFMT) == S_IFDIR ? .directory : .other
    }

    var exists: Bool { self != .missing }
}
