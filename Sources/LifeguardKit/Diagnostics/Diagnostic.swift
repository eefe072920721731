/// How serious a finding is. `error` fails the run; `warning` fails it with `--strict`.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable, Codable {
    case note, warning, error

    private var rank: Int {
        switch self {
        case .note: return 0
        case .warning: return 1
        case .error: return 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// A place related to a finding, such as "timer created here".
public struct RelatedLocation: Sendable, Hashable {
    public var message: String
    public var range: Range<Int>
    public var start: SourceLocation
    public var end: SourceLocation

    public init(message: String, range: Range<Int>, start: SourceLocation, end: SourceLocation) {
        self.message = message
        self.range = range
        self.start = start
        self.end = end
    }
}

/// One finding: a rule, a severity, a message and where it is.
public struct Diagnostic: Sendable, Hashable {
    public var ruleID: String
    public var severity: Severity
    public var message: String
    /// The file's display path (relative to the working directory when the file is under it).
    public var path: String
    /// The flagged bytes.
    public var range: Range<Int>
    /// 1-based line and UTF-8 byte column of the first flagged byte.
    public var start: SourceLocation
    /// 1-based line and column one past the last flagged byte (exclusive, as SARIF's `endColumn`).
    public var end: SourceLocation
    public var related: [RelatedLocation]
    /// The enclosing type and function, which let a baseline recognise a finding after edits.
    public var enclosingType: String?
    public var enclosingFunction: String?
    /// The edits that resolve the finding, when the rule is certain of them.
    public var fix: Fix?

    public init(ruleID: String, severity: Severity, message: String, path: String, range: Range<Int>,
                start: SourceLocation, end: SourceLocation, related: [RelatedLocation] = [],
                enclosingType: String? = nil, enclosingFunction: String? = nil, fix: Fix? = nil) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.path = path
        self.range = range
        self.start = start
        self.end = end
        self.related = related
        self.enclosingType = enclosingType
        self.enclosingFunction = enclosingFunction
        self.fix = fix
    }

    /// Report order: path, then position, then rule.
    public static func reportOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        if lhs.path != rhs.path { return lhs.path < rhs.path }
        if lhs.start != rhs.start { return lhs.start < rhs.start }
        if lhs.ruleID != rhs.ruleID { return lhs.ruleID < rhs.ruleID }
        return lhs.message < rhs.message
    }
}
