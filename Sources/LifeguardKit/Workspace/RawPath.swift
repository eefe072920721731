#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// A path as the file system spells it: bytes, which need not be valid UTF-8. Discovery builds
/// paths from directory entries byte by byte, so a file with any name can be opened again.
public struct RawPath: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The path's bytes, without a terminating NUL.
    public private(set) var bytes: [UInt8]

    public init(_ string: String) {
        bytes = Array(string.utf8)
    }

    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The path with `name` (a single component's bytes) appended after a `/`.
    func appending(_ name: UnsafeBufferPointer<UInt8>) -> RawPath {
        var result = [UInt8]()
        let needsSlash = !(bytes.last == UInt8(ascii: "/"))
        result.reserveCapacity(bytes.count + name.count + 1)
        if !(bytes.count == 1 && bytes[0] == UInt8(ascii: ".")) {
            result.append(contentsOf: bytes)
            if needsSlash { result.append(UInt8(ascii: "/")) }
        }
        result.append(contentsOf: name)
        return RawPath(bytes: result)
    }

    /// Calls `body` with the path as a NUL-terminated C string.
    public func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        var terminated = bytes
        terminated.append(0)
        return try terminated.withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: CChar.self) { try body($0.baseAddress!) }
        }
    }

    /// The path as text; bytes that are not UTF-8 show as U+FFFD.
    public var description: String { String(decoding: bytes, as: UTF8.self) }

    public static func < (lhs: RawPath, rhs: RawPath) -> Bool {
        lhs.bytes.lexicographicallyPrecedes(rhs.bytes)
    }
}

/// A file's identity on its file system, which tells two paths to the same file apart from two files.
struct FileIdentity: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64

    init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    init(_ status: stat) {
        device = UInt64(truncatingIfNeeded: status.st_dev)
        inode = UInt64(truncatingIfNeeded: status.st_ino)
    }
}
