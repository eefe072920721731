#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Reads whole files with `open`, `fstat` and `read`: one copy from the kernel into the result,
/// nothing from Foundation. An empty file reads as no bytes, not as a failure.
public enum FileReader {
    /// A file's bytes and identity.
    public struct Contents: Sendable {
        public var bytes: [UInt8]
        var identity: FileIdentity
    }

    /// Why a file could not be read: the `errno` of the call that failed.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var code: Int32
        public var description: String { String(cString: strerror(code)) }
    }

    public static func read(_ path: String) -> Result<Contents, Failure> {
        read(RawPath(path))
    }

    public static func read(_ path: RawPath) -> Result<Contents, Failure> {
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { return .failure(Failure(code: errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(Failure(code: errno)) }
        if (status.st_mode & S_IFMT) == S_IFDIR { return .failure(Failure(code: EISDIR)) }
        // One byte more than the size, so a file that grew since `fstat` is noticed and read on.
        let expected = Int(status.st_size)
        var failure: Int32 = 0
        let initial = max(expected, 0) + 1
        // A regular file that reads short exactly at its size has ended there: no second `read`
        // to see the end, so one call a file instead of two.
        let end = (status.st_mode & S_IFMT) == S_IFREG ? expected : nil
        var bytes = [UInt8](unsafeUninitializedCapacity: initial) { buffer, count in
            count = readFully(descriptor, into: buffer, endingShortAt: end, failure: &failure)
        }
        var more = bytes.count == initial
        while failure == 0, more {
            // Rare: the file is growing, or `st_size` is not its length (a pipe, a special file).
            let chunkSize = 64 * 1024
            let chunk = [UInt8](unsafeUninitializedCapacity: chunkSize) { buffer, count in
                count = readFully(descriptor, into: buffer, endingShortAt: nil, failure: &failure)
            }
            bytes.append(contentsOf: chunk)
            more = chunk.count == chunkSize
        }
        if failure != 0 { return .failure(Failure(code: failure)) }
        return .success(Contents(bytes: bytes, identity: FileIdentity(status)))
    }

    /// Reads until the buffer is full or the file ends; returns how many bytes were read.
    /// `endingShortAt`: a read that returns less than asked and brings the total to this size is
    /// taken as the end (a short read anywhere else, as on some network file systems, reads on).
    private static func readFully(_ descriptor: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>,
                                  endingShortAt end: Int?, failure: inout Int32) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var total = 0
        while total < buffer.count {
            let asked = buffer.count - total
            let count = systemRead(descriptor, base + total, asked)
            if count > 0 {
                total += count
                if count < asked, total == end { break }
            } else if count == 0 {
                break
            } else if errno != EINTR {
                failure = errno
                break
            }
        }
        return total
    }
}

/// `read(2)`, named apart from `FileReader.read`.
@inline(__always)
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
