/// A check over one file. Rules are stateless: `check` reads the file's outline (and the
/// project index) and reports through the context, which stamps the rule's id and severity.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    init()
    func check(_ context: RuleContext)
    /// Words (identifiers, as written without backticks) at least one of which a file must
    /// contain for `check` to report anything in it, or `nil` when any file may hold a finding.
    /// Pass 2 skips the files that contain no enabled rule's words (see `AnchorWords`), so the
    /// set must be a necessary condition: every finding's file spells one of them.
    static func anchorWords(_ options: RuleOptions) -> Set<String>?
    /// Word endings that count as anchor words too: a file with an identifier ending in one
    /// (`listDelegate` for `Delegate`) is linted.
    static func anchorSuffixes(_ options: RuleOptions) -> Set<String>
    /// A finer necessary condition than words: a test of pass 1's tree (its significant tokens and
    /// outline; no trivia, no index) that is `false` only for a file in which the rule cannot
    /// report anything. With words, it runs on the files that spell one of them (the words are the
    /// cheap first look); a rule whose words would be in nearly every file (`self`) names none, and
    /// its test runs on every file. `nil` (the default): the words alone decide.
    static func candidateTest(_ options: RuleOptions) -> CandidateTest?
}

/// A rule's test of pass 1's tree: `false` when the file cannot hold one of its findings.
public typealias CandidateTest = @Sendable (SyntaxTree) -> Bool

extension Rule {
    public var description: RuleDescription { Self.description }

    /// A rule that names no words is run on every file.
    public static func anchorWords(_ options: RuleOptions) -> Set<String>? { nil }

    public static func anchorSuffixes(_ options: RuleOptions) -> Set<String> { [] }

    public static func candidateTest(_ options: RuleOptions) -> CandidateTest? { nil }

    /// The base names (`willMove`) of full function names (`willMove(toParent:)`), as anchor words.
    public static func baseNames(_ fullNames: some Sequence<String>) -> Set<String> {
        Set(fullNames.map { name in String(name.prefix { $0 != "(" }) })
    }
}

/// The configured values of a rule's options, with the rule's defaults behind them.
public struct RuleOptions: Sendable {
    public var values: [String: OptionValue] {
        didSet { stringSets = Self.stringSets(values: values, declared: declared) }
    }
    public let declared: [RuleOption]
    /// Every list option's strings as a set, made once for the run: a rule asks for each file or
    /// call, and a set made per file, or a list searched per call, cost the product of a
    /// configuration's size and the code's.
    private var stringSets: [String: Set<String>]

    public init(values: [String: OptionValue] = [:], declared: [RuleOption] = []) {
        self.values = values
        self.declared = declared
        stringSets = Self.stringSets(values: values, declared: declared)
    }

    private static func stringSets(values: [String: OptionValue], declared: [RuleOption]) -> [String: Set<String>] {
        var sets: [String: Set<String>] = [:]
        for name in Set(values.keys).union(declared.map(\.name)) {
            switch values[name] ?? declared.first(where: { $0.name == name })?.defaultValue {
            case .strings(let strings)?: sets[name] = Set(strings)
            case .string(let string)?: sets[name] = [string]
            default: break
            }
        }
        return sets
    }

    /// `strings(name)` as a set.
    public func stringSet(_ name: String) -> Set<String> {
        stringSets[name] ?? []
    }

    private func value(_ name: String) -> OptionValue? {
        values[name] ?? declared.first(where: { $0.name == name })?.defaultValue
    }

    public func strings(_ name: String) -> [String] {
        switch value(name) {
        case .strings(let values)?: return values
        case .string(let value)?: return [value]
        default: return []
        }
    }

    public func bool(_ name: String) -> Bool {
        if case .bool(let value)? = value(name) { return value }
        return false
    }

    public func string(_ name: String) -> String? {
        if case .string(let value)? = value(name) { return value }
        return nil
    }
}
