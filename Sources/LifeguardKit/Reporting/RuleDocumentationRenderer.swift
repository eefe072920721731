/// Renders a rule's documentation as terminal text (`lifeguard explain`) or Markdown (the
/// generated catalog and SARIF `help.markdown`), from the same fixed sections.
public enum RuleDocumentationRenderer {
    public static func text(for rule: RuleDescription) -> String {
        var output = "\(rule.id) (\(rule.defaultSeverity.rawValue), \(rule.category.rawValue)"
        output += rule.isOptIn ? ", opt-in)\n" : ")\n"
        output += rule.summary + "\n\n"
        output += "What it does\n" + indent(rule.documentation.whatItDoes) + "\n\n"
        output += "Why is this bad?\n" + indent(rule.documentation.whyIsThisBad) + "\n\n"
        output += "Example\n" + indent(rule.documentation.example) + "\n\n"
        output += "Use instead\n" + indent(rule.documentation.useInstead) + "\n\n"
        if let fix = rule.documentation.fix {
            output += "Fix (lifeguard --fix)\n" + indent(fix) + "\n\n"
        }
        if !rule.options.isEmpty {
            output += "Options\n"
            for option in rule.options {
                output += "    \(option.name) (\(option.kind.rawValue), default \(option.defaultValue)): \(option.summary)\n"
            }
            output += "\n"
        }
        output += "Known limitations\n" + indent(rule.documentation.knownLimitations) + "\n"
        return output
    }

    public static func markdown(for rule: RuleDescription, headingLevel: Int = 2) -> String {
        let heading = String(repeating: "#", count: headingLevel)
        let subheading = heading + "#"
        var output = "\(heading) `\(rule.id)`\n\n"
        output += "*\(rule.category.rawValue) · default severity: \(rule.defaultSeverity.rawValue)"
        output += rule.isOptIn ? " · opt-in*\n\n" : "*\n\n"
        output += rule.summary + "\n\n"
        output += "\(subheading) What it does\n\n" + rule.documentation.whatItDoes + "\n\n"
        output += "\(subheading) Why is this bad?\n\n" + rule.documentation.whyIsThisBad + "\n\n"
        output += "\(subheading) Example\n\n```swift\n" + rule.documentation.example + "\n```\n\n"
        output += "\(subheading) Use instead\n\n```swift\n" + rule.documentation.useInstead + "\n```\n\n"
        if let fix = rule.documentation.fix {
            output += "\(subheading) Fix\n\n`lifeguard --fix` applies it. " + fix + "\n\n"
        }
        if !rule.options.isEmpty {
            output += "\(subheading) Options\n\n| option | type | default | meaning |\n|---|---|---|---|\n"
            for option in rule.options {
                output += "| `\(option.name)` | \(option.kind.rawValue) | `\(option.defaultValue)` | \(option.summary) |\n"
            }
            output += "\n"
        }
        output += "\(subheading) Known limitations\n\n" + rule.documentation.knownLimitations + "\n"
        return output
    }

    static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.isEmpty ? "" : "    " + $0 }
            .joined(separator: "\n")
    }
}
