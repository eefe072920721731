import Foundation

/// Where the tool writes: stdout for reports, stderr for status and errors.
struct Console {
    var writeOut: (String) -> Void = { text in FileHandle.standardOutput.write(Data(text.utf8)) }
    var writeError: (String) -> Void = { text in FileHandle.standardError.write(Data(text.utf8)) }

    func error(_ message: String) { writeError("lifeguard: error: \(message)\n") }
    func warning(_ message: String) { writeError("lifeguard: warning: \(message)\n") }

    /// Whether stdout is a terminal that wants color.
    static func stdoutWantsColor(environment: [String: String]) -> Bool {
        if environment["NO_COLOR"].map({ !$0.isEmpty }) ?? false { return false }
        if environment["TERM"] == "dumb" { return false }
        return isatty(STDOUT_FILENO) == 1
    }
}
