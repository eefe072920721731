/// `path:line:column: warning: message (rule_id)`, the form Xcode and most editors pick up.
public struct XcodeReporter: Reporter {
    public static let name = "xcode"

    public init() {}

    public func report(_ result: LintResult, context: ReportContext) -> String {
        var output = ""
        for diagnostic in result.diagnostics {
            output += line(for: diagnostic, color: context.useColor) + "\n"
            for related in diagnostic.related {
                output += "\(diagnostic.path):\(related.start.line):\(related.start.column): "
                output += (context.useColor ? "\u{1B}[1;30mnote:\u{1B}[0m " : "note: ") + related.message + "\n"
            }
        }
        return output
    }

    func line(for diagnostic: Diagnostic, color: Bool) -> String {
        let location = "\(diagnostic.path):\(diagnostic.start.line):\(diagnostic.start.column):"
        let label = diagnostic.severity.rawValue + ":"
        // Messages are one line in this format; a newline would start a fake diagnostic.
        let message = diagnostic.message.replacingNewlines()
        guard color else { return "\(location) \(label) \(message) (\(diagnostic.ruleID))" }
        let labelColor: String
        switch diagnostic.severity {
        case .error: labelColor = "\u{1B}[1;31m"
        case .warning: labelColor = "\u{1B}[1;33m"
        case .note: labelColor = "\u{1B}[1;36m"
        }
        return "\u{1B}[1m\(location)\u{1B}[0m \(labelColor)\(label)\u{1B}[0m \(message) \u{1B}[2m(\(diagnostic.ruleID))\u{1B}[0m"
    }
}

extension String {
    /// Line breaks folded to spaces, for one-line formats.
    func replacingNewlines() -> String {
        var result = ""
        result.reserveCapacity(utf8.count)
        for character in self {
            result.append(character == "\n" || character == "\r" || character == "\r\n" ? " " : character)
        }
        return result
    }
}
