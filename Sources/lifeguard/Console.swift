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
import LifeguardKit

/// Where the tool writes: stdout for reports, stderr for status and errors.
struct Console {
    var writeOut: (String) -> Void = { Console.write($0, to: STDOUT_FILENO) }
    var writeError: (String) -> Void = { Console.write($0, to: STDERR_FILENO) }

    func error(_ message: String) { writeError("lifeguard: error: \(message)\n") }
    func warning(_ message: String) { writeError("lifeguard: warning: \(message)\n") }

    /// Errors that carry their own `path:line:column: error:` prefix print as they are, so editors
    /// and CI logs can link to the position.
    func error(_ error: Error) {
        if let positioned = error as? ConfigurationError {
            writeError("\(positioned)\n")
        } else {
            self.error("\(error)")
        }
    }

    /// Writes all of `text`, retrying short writes; a closed pipe (`lifeguard | head`) ends the
    /// output quietly instead of crashing the run.
    static func write(_ text: String, to descriptor: Int32) {
        write(bytes: Array(text.utf8), to: descriptor)
    }

    /// Writes bytes as they are (a fixed source may hold invalid UTF-8 that a `String` would
    /// replace), as `write(_:to:)` does.
    static func write(bytes: [UInt8], to descriptor: Int32) {
        _ = bytes.withUnsafeBytes { AtomicFile.writeAll($0, to: descriptor) }
    }

    /// Whether stdout is a terminal that wants color.
    static func stdoutWantsColor(environment: [String: String]) -> Bool {
        if environment["NO_COLOR"].map({ !$0.isEmpty }) ?? false { return false }
        if environment["TERM"] == "dumb" { return false }
        return isatty(STDOUT_FILENO) == 1
    }
}

