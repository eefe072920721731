/// The group a rule belongs to in the catalog.
public enum RuleCategory: String, Sendable, CaseIterable {
    case containment
    case viewLoading = "view-loading"
    case layout
    case resources
    case lifecycle
    case suppressions
}

/// A rule's documentation, in the fixed sections every rule has.
public struct RuleDocumentation: Sendable {
    public var whatItDoes: String
    public var whyIsThisBad: String
    /// Swift code showing the problem.
    public var example: String
    /// Swift code showing the fix.
    public var useInstead: String
    public var knownLimitations: String
    /// What `lifeguard --fix` changes, and when it does not; `nil` for a rule without a certain fix.
    public var fix: String?

    public init(whatItDoes: String, whyIsThisBad: String, example: String, useInstead: String,
                knownLimitations: String, fix: String? = nil) {
        self.whatItDoes = whatItDoes
        self.whyIsThisBad = whyIsThisBad
        self.example = example
        self.useInstead = useInstead
        self.knownLimitations = knownLimitations
        self.fix = fix
    }
}

/// A code sample that a rule's tests run. In triggering examples, `↓` marks where each expected
/// diagnostic starts; the marker is removed before linting.
public struct RuleExample: Sendable {
    public var code: String
    /// Other files of the same run (a base class declared elsewhere, say).
    public var supportingFiles: [String]
    /// Rule options for this example, as `name: value` pairs.
    public var options: [String: OptionValue]

    public init(_ code: String, supportingFiles: [String] = [], options: [String: OptionValue] = [:]) {
        self.code = code
        self.supportingFiles = supportingFiles
        self.options = options
    }

    /// The marker that shows where a diagnostic is expected.
    public static let marker: Character = "↓"
}

/// A value of a rule option or configuration key.
public enum OptionValue: Sendable, Hashable, CustomStringConvertible {
    case bool(Bool)
    case string(String)
    case strings([String])

    public var description: String {
        switch self {
        case .bool(let value): return String(value)
        case .string(let value): return value
        case .strings(let values): return "[" + values.joined(separator: ", ") + "]"
        }
    }
}

/// One option a rule accepts in `.lifeguard.yml`.
public struct RuleOption: Sendable {
    public enum Kind: String, Sendable {
        case bool, string, strings = "list of strings"
    }

    public var name: String
    public var kind: Kind
    public var summary: String
    public var defaultValue: OptionValue

    public init(name: String, kind: Kind, summary: String, defaultValue: OptionValue) {
        self.name = name
        self.kind = kind
        self.summary = summary
        self.defaultValue = defaultValue
    }
}

/// Everything the catalog, the documentation and the reporters know about a rule.
public struct RuleDescription: Sendable {
    /// The stable `snake_case` id.
    public var id: String
    /// A `CamelCase` name, as SARIF's `name`.
    public var name: String
    public var category: RuleCategory
    public var defaultSeverity: Severity
    /// One line: what is wrong.
    public var summary: String
    public var documentation: RuleDocumentation
    public var triggeringExamples: [RuleExample]
    public var nonTriggeringExamples: [RuleExample]
    public var options: [RuleOption]
    /// Off unless `opt_in_rules` lists it.
    public var isOptIn: Bool
    /// Call names whose sites the project index should remember for this rule, across files
    /// (`addChild`, `invalidate`): see `ProjectIndex.calls(inType:)`.
    public var indexedCalls: Set<String>
    /// Whether the project index should remember assignments to members across files for this
    /// rule: see `ProjectIndex.assignedValues`, which is empty when no enabled rule asks.
    public var indexesAssignments: Bool

    public init(id: String, name: String, category: RuleCategory, defaultSeverity: Severity, summary: String,
                documentation: RuleDocumentation, triggeringExamples: [RuleExample],
                nonTriggeringExamples: [RuleExample], options: [RuleOption] = [], isOptIn: Bool = false,
                indexedCalls: Set<String> = [], indexesAssignments: Bool = false) {
        self.indexedCalls = indexedCalls
        self.indexesAssignments = indexesAssignments
        self.id = id
        self.name = name
        self.category = category
        self.defaultSeverity = defaultSeverity
        self.summary = summary
        self.documentation = documentation
        self.triggeringExamples = triggeringExamples
        self.nonTriggeringExamples = nonTriggeringExamples
        self.options = options
        self.isOptIn = isOptIn
    }

    /// The option's configured value, or its default.
    public func option(_ name: String, in values: [String: OptionValue]) -> OptionValue? {
        values[name] ?? options.first(where: { $0.name == name })?.defaultValue
    }
}
