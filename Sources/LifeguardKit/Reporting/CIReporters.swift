/// GitHub Actions workflow commands: `::error file=...,line=...::message`, most severe first
/// (GitHub shows only the first few annotations of each kind per step).
public struct GitHubReporter: Reporter {
    public static let name = "github"

    public init() {}

    public func report(_ result: LintResult, context: ReportContext) -> String {
        let ordered = result.diagnostics.enumerated().sorted { lhs, rhs in
            lhs.element.severity != rhs.element.severity ? lhs.element.severity > rhs.element.severity : lhs.offset < rhs.offset
        }.map(\.element)
        var output = ""
        for diagnostic in ordered {
            let command: String
            switch diagnostic.severity {
            case .error: command = "error"
            case .warning: command = "warning"
            case .note: command = "notice"
            }
            var properties = ["file=" + Self.escapeProperty(diagnostic.path), "line=\(diagnostic.start.line)"]
            properties.append("endLine=\(max(diagnostic.end.line, diagnostic.start.line))")
            if diagnostic.end.line == diagnostic.start.line {
                properties.append("col=\(diagnostic.start.column)")
                properties.append("endColumn=\(max(diagnostic.end.column, diagnostic.start.column))")
            } else {
                properties.append("col=\(diagnostic.start.column)")
            }
            properties.append("title=" + Self.escapeProperty(diagnostic.ruleID))
            output += "::\(command) \(properties.joined(separator: ","))::\(Self.escapeData(diagnostic.message))\n"
        }
        return output
    }

    /// `%`, CR and LF, as the runner decodes them (`%` first).
    static func escapeData(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": output += "%25"
            case "\r": output += "%0D"
            case "\n": output += "%0A"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// Property values also escape `:` and `,`, which separate properties.
    static func escapeProperty(_ text: String) -> String {
        var output = ""
        for scalar in escapeData(text).unicodeScalars {
            switch scalar {
            case ":": output += "%3A"
            case ",": output += "%2C"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}

/// Checkstyle XML, read by Jenkins, Danger, reviewdog and most CI dashboards.
public struct CheckstyleReporter: Reporter {
    public static let name = "checkstyle"

    public init() {}

    public func report(_ result: LintResult, context: ReportContext) -> String {
        var output = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<checkstyle version=\"4.3\">\n"
        var currentPath: String?
        for diagnostic in result.diagnostics {
            if diagnostic.path != currentPath {
                if currentPath != nil { output += "</file>\n" }
                output += "<file name=\"\(XML.escape(diagnostic.path))\">\n"
                currentPath = diagnostic.path
            }
            let severity = diagnostic.severity == .note ? "info" : diagnostic.severity.rawValue
            output += "<error line=\"\(diagnostic.start.line)\" column=\"\(diagnostic.start.column)\" "
            output += "severity=\"\(severity)\" message=\"\(XML.escape(diagnostic.message))\" "
            output += "source=\"lifeguard.rules.\(XML.escape(diagnostic.ruleID))\"/>\n"
        }
        if currentPath != nil { output += "</file>\n" }
        return output + "</checkstyle>\n"
    }
}

/// JUnit XML: one test suite per file, one failing test case per finding, and one passing case
/// when there are none, so CI test views show lint results beside tests.
public struct JUnitReporter: Reporter {
    public static let name = "junit"

    public init() {}

    public func report(_ result: LintResult, context: ReportContext) -> String {
        let count = result.diagnostics.count
        var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        output += "<testsuites name=\"\(context.toolName)\" tests=\"\(max(count, 1))\" failures=\"\(count)\" errors=\"0\">\n"
        if count == 0 {
            output += "  <testsuite name=\"\(context.toolName)\" tests=\"1\" failures=\"0\" errors=\"0\">\n"
            output += "    <testcase name=\"No findings\" classname=\"\(context.toolName)\"/>\n  </testsuite>\n"
            return output + "</testsuites>\n"
        }
        var index = 0
        let diagnostics = result.diagnostics
        while index < diagnostics.count {
            let path = diagnostics[index].path
            var end = index
            while end < diagnostics.count, diagnostics[end].path == path { end += 1 }
            let group = diagnostics[index..<end]
            output += "  <testsuite name=\"\(XML.escape(path))\" tests=\"\(group.count)\" failures=\"\(group.count)\" errors=\"0\">\n"
            for diagnostic in group {
                let location = "line \(diagnostic.start.line), col \(diagnostic.start.column)"
                output += "    <testcase name=\"lifeguard.\(XML.escape(diagnostic.ruleID))\" classname=\"\(XML.escape(path))\" "
                output += "line=\"\(diagnostic.start.line)\" column=\"\(diagnostic.start.column)\">\n"
                output += "      <failure message=\"\(XML.escape(diagnostic.message))\" type=\"\(diagnostic.severity.rawValue)\">"
                output += XML.escape("\(location), \(diagnostic.message)") + "</failure>\n"
                output += "    </testcase>\n"
            }
            output += "  </testsuite>\n"
            index = end
        }
        return output + "</testsuites>\n"
    }
}

/// GitLab Code Quality JSON: a list of issues with stable fingerprints and lowercase severities,
/// shown in merge request widgets.
public struct GitLabReporter: Reporter {
    public static let name = "gitlab"

    public init() {}

    public func report(_ result: LintResult, context: ReportContext) -> String {
        var occurrences: [String: Int] = [:]
        let issues = result.diagnostics.map { diagnostic -> JSONValue in
            // The fingerprint follows the finding, not its line number: rule, path, enclosing
            // declarations, the line's text, and which occurrence of that it is.
            let key = Baseline.key(for: diagnostic, sources: result.sources)
            let identity = [key.rule, key.path, key.type, key.function, key.line].joined(separator: "\u{1F}")
            let occurrence = occurrences[identity, default: 0]
            occurrences[identity] = occurrence + 1
            return .object([
                ("type", .string("issue")),
                ("check_name", .string(diagnostic.ruleID)),
                ("description", .string(diagnostic.message)),
                ("categories", .array([.string("Bug Risk")])),
                ("severity", .string(severity(diagnostic.severity))),
                ("fingerprint", .string(StableHash.hex(identity + "\u{1F}\(occurrence)"))),
                ("engine_name", .string(context.toolName)),
                ("location", .object([
                    ("path", .string(diagnostic.path)),
                    ("lines", .object([("begin", .int(diagnostic.start.line)), ("end", .int(max(diagnostic.end.line, diagnostic.start.line)))])),
                ])),
            ])
        }
        return JSONValue.array(issues).rendered(pretty: true) + "\n"
    }

    func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: return "major"
        case .warning: return "minor"
        case .note: return "info"
        }
    }
}

/// A table of finding counts per rule and severity, with how many `lifeguard --fix` can fix.
public struct SummaryReporter: Reporter {
    public static let name = "summary"

    public init() {}

    public func report(_ result: LintResult, context: ReportContext) -> String {
        var counts: [String: SeverityCounts] = [:]
        var fixable: [String: Int] = [:]
        for diagnostic in result.diagnostics {
            var entry = counts[diagnostic.ruleID] ?? SeverityCounts([])
            entry.add(diagnostic.severity)
            counts[diagnostic.ruleID] = entry
            if diagnostic.fix != nil { fixable[diagnostic.ruleID, default: 0] += 1 }
        }
        let rules = counts.keys.sorted { lhs, rhs in
            let left = counts[lhs]!.total
            let right = counts[rhs]!.total
            return left != right ? left > right : lhs < rhs
        }
        let width = max(4, (rules.map(\.count).max() ?? 0))
        func row(_ name: String, _ entry: SeverityCounts, _ fixes: Int) -> String {
            name.padded(width) + "  " + String(entry.errors).leftPadded(6) + "  " + String(entry.warnings).leftPadded(8)
                + "  " + String(entry.notes).leftPadded(5) + "  " + String(entry.total).leftPadded(5)
                + "  " + String(fixes).leftPadded(7) + "\n"
        }
        var output = "rule".padded(width) + "  errors  warnings  notes  total  fixable\n"
        for rule in rules { output += row(rule, counts[rule]!, fixable[rule] ?? 0) }
        output += row("total", SeverityCounts(result.diagnostics), fixable.values.reduce(0, +))
        output += "\(result.fileCount) file\(result.fileCount == 1 ? "" : "s") linted\n"
        return output
    }
}

extension SeverityCounts {
    public var total: Int { errors + warnings + notes }

    mutating func add(_ severity: Severity) {
        switch severity {
        case .error: errors += 1
        case .warning: warnings += 1
        case .note: notes += 1
        }
    }
}

extension String {
    func padded(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}

/// Escaping for XML attribute values and text.
enum XML {
    static func escape(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "'": output += "&apos;"
            case "\n": output += "&#10;"
            case "\r": output += "&#13;"
            case "\t": output += "&#9;"
            default:
                // XML 1.0 cannot carry other control characters at all, not even escaped.
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF { output += "\u{FFFD}" } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output
    }
}

/// A 128-bit FNV-1a style hash (two 64-bit lanes), for fingerprints that must not change
/// between runs or machines.
enum StableHash {
    static func hex(_ text: String) -> String {
        var first: UInt64 = 0xCBF2_9CE4_8422_2325
        var second: UInt64 = 0x8422_2325_CBF2_9CE4
        for byte in text.utf8 {
            first = (first ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            second = (second ^ UInt64(byte)) &* 0x0000_0100_0000_0193
            second = (second << 13) | (second >> 51)
        }
        return hex64(first) + hex64(second)
    }

    static func hex64(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}

/// The `summary` table as Swift line comments: a file a build system can compile, for the
/// build-tool plugin, whose command must declare an output and whose outputs SwiftPM and Xcode
/// treat by their extension (any other kind of file would be copied into the app's resources).
public struct SwiftSummaryReporter: Reporter {
    public static let name = "swift-summary"

    public init() {}

    public func report(_ result: LintResult, context: ReportContext) -> String {
        let table = SummaryReporter().report(result, context: context)
        var output = "// Lifeguard \(context.toolVersion): findings of this build; generated, do not edit.\n"
        for line in table.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            output += "// " + line + "\n"
        }
        return output
    }
}
