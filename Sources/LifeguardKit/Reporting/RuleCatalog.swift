/// The generated `Rules/README.md`: every rule's documentation, grouped by category.
public enum RuleCatalog {
    public static func markdown(for rules: [RuleDescription]) -> String {
        var output = """
            # Lifeguard rule catalog

            <!-- Generated from the rules' own documentation by `LIFEGUARD_REGENERATE=1 swift test --filter CatalogTests`. Do not edit by hand. -->

            Each rule's documentation lives in its Swift file in this folder; this page collects them. \
            Run `lifeguard explain <rule_id>` for the same text in a terminal. \
            A *yes* in the fix column means `lifeguard --fix` can apply the fix.

            | rule | category | default severity | fix | summary |
            |---|---|---|---|---|

            """
        for rule in rules {
            let optIn = rule.isOptIn ? " (opt-in)" : ""
            let fix = rule.documentation.fix == nil ? "" : "yes"
            output += "| [`\(rule.id)`](#\(rule.id)) | \(rule.category.rawValue) | \(rule.defaultSeverity.rawValue)\(optIn) | \(fix) | \(rule.summary) |\n"
        }
        for category in RuleCategory.allCases {
            let members = rules.filter { $0.category == category }
            guard !members.isEmpty else { continue }
            output += "\n# \(title(category))\n"
            for rule in members {
                output += "\n" + RuleDocumentationRenderer.markdown(for: rule, headingLevel: 2)
            }
        }
        return output
    }

    static func title(_ category: RuleCategory) -> String {
        switch category {
        case .containment: return "Containment"
        case .viewLoading: return "View loading"
        case .layout: return "Layout"
        case .resources: return "Resources and retain cycles"
        case .lifecycle: return "Lifecycle contract"
        case .suppressions: return "Suppression comments"
        }
    }
}
