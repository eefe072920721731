import LifeguardKit

/// Every rule Lifeguard ships, in catalog order.
public enum RuleRegistry {
    public static let rules: [any Rule.Type] = [
        ChildViewWithoutAddChildRule.self,
        DirectLoadViewCallRule.self,
        NonIdempotentLayoutRule.self,
        TimerInvalidatedOnlyInDeinitRule.self,
        StrongSelfInEscapingClosureRule.self,
    ]

    /// Descriptions of the shipped rules followed by the engine's own suppression rules.
    public static var allDescriptions: [RuleDescription] {
        rules.map { $0.description } + BuiltInRules.all
    }

    public static func rule(withID id: String) -> (any Rule.Type)? {
        rules.first { $0.description.id == id }
    }
}
