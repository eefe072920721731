import LifeguardKit

/// Every rule Lifeguard ships, in catalog order.
public enum RuleRegistry {
    public static let rules: [any Rule.Type] = [
        // Containment
        ChildViewWithoutAddChildRule.self,
        AddChildWithoutDidMoveRule.self,
        IncompleteChildRemovalRule.self,
        ManualLifecycleCallRule.self,
        UnbalancedAppearanceTransitionRule.self,
        // View loading
        DirectLoadViewCallRule.self,
        SuperLoadViewInCustomRootRule.self,
        ViewAccessInLoadViewRule.self,
        ViewNilCheckRule.self,
        // Layout
        NonIdempotentLayoutRule.self,
        GeometryInViewDidLoadRule.self,
        // Resources and retain cycles
        TimerInvalidatedOnlyInDeinitRule.self,
        StrongSelfInEscapingClosureRule.self,
        StrongDelegateRule.self,
        ObserverWithoutRemovalRule.self,
        // Lifecycle contract
        MissingSuperCallRule.self,
        GlobalKeyWindowRule.self,
    ]

    /// Descriptions of the shipped rules followed by the engine's own suppression rules.
    public static var allDescriptions: [RuleDescription] {
        rules.map { $0.description } + BuiltInRules.all
    }

    public static func rule(withID id: String) -> (any Rule.Type)? {
        rules.first { $0.description.id == id }
    }
}
