/// Rules the engine itself reports: they are about suppression comments, not Swift code.
public enum BuiltInRules {
    public static let unknownRuleInSuppression = RuleDescription(
        id: "unknown_rule_in_suppression",
        name: "UnknownRuleInSuppression",
        category: .suppressions,
        defaultSeverity: .warning,
        summary: "A `lifeguard:` suppression comment names a rule that does not exist.",
        documentation: RuleDocumentation(
            whatItDoes: "Reports rule ids in `// lifeguard:disable...` comments that match no rule.",
            whyIsThisBad: """
                A misspelled id suppresses nothing, so the finding it was meant to silence keeps \
                appearing, or worse, the comment looks like it documents a decision that never took effect.
                """,
            example: "// lifeguard:disable:next missing_super_cal\noverride func viewDidLoad() {}",
            useInstead: "// lifeguard:disable:next missing_super_call\noverride func viewDidLoad() {}",
            knownLimitations: "None."),
        triggeringExamples: [RuleExample("↓// lifeguard:disable:next no_such_rule\nlet x = 1\n")],
        nonTriggeringExamples: [RuleExample("// lifeguard:disable:next all\nlet x = 1\n")])

    public static let unusedSuppression = RuleDescription(
        id: "unused_suppression",
        name: "UnusedSuppression",
        category: .suppressions,
        defaultSeverity: .warning,
        summary: "A `lifeguard:` suppression comment hides no finding.",
        documentation: RuleDocumentation(
            whatItDoes: """
                With `--report-unused-suppressions`, reports suppression comments (or ids within them) that \
                did not hide any diagnostic in this run.
                """,
            whyIsThisBad: """
                Stale suppressions outlive the code they excused and later hide new, real findings on the \
                same line or region.
                """,
            example: "// lifeguard:disable:next direct_load_view_call\nlet x = 1",
            useInstead: "let x = 1",
            knownLimitations: "Only reported when `--report-unused-suppressions` is given."),
        triggeringExamples: [],
        nonTriggeringExamples: [],
        isOptIn: true)

    public static let all = [unknownRuleInSuppression, unusedSuppression]
}
