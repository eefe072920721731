/// What a reporter knows besides the findings.
public struct ReportContext: Sendable {
    public var toolName: String
    public var toolVersion: String
    /// The rules that ran, for formats that describe them (SARIF).
    public var rules: [RuleDescription]
    /// Absolute path of the directory paths are relative to.
    public var workingDirectory: String
    public var useColor: Bool
    /// False when the run hit usage, configuration or I/O errors.
    public var executionSuccessful: Bool

    public init(toolName: String = Lifeguard.name, toolVersion: String = Lifeguard.version, rules: [RuleDescription] = [],
                workingDirectory: String = "/", useColor: Bool = false, executionSuccessful: Bool = true) {
        self.toolName = toolName
        self.toolVersion = toolVersion
        self.rules = rules
        self.workingDirectory = workingDirectory
        self.useColor = useColor
        self.executionSuccessful = executionSuccessful
    }
}

/// Turns a run's result into one output format. Reporters are pure: same input, same bytes.
public protocol Reporter: Sendable {
    /// The name `--format` takes.
    static var name: String { get }
    func report(_ result: LintResult, context: ReportContext) -> String
}

/// The tool's identity.
public enum Lifeguard {
    public static let name = "lifeguard"
    /// Semantic version, shown by `lifeguard --version` and written into JSON and SARIF output.
    public static let version = "0.1.0"
    public static let informationURI = "https://github.com/lifeguard-lint/lifeguard"
}

/// Counts by severity.
public struct SeverityCounts: Sendable, Equatable {
    public var errors = 0
    public var warnings = 0
    public var notes = 0

    public init(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            switch diagnostic.severity {
            case .error: errors += 1
            case .warning: warnings += 1
            case .note: notes += 1
            }
        }
    }
}
