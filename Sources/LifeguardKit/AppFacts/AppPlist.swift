import Foundation

/// Whether an app can show several window scenes at once.
public enum SceneSupport: String, Sendable, CaseIterable {
    /// One window scene: `UIApplication.shared`'s windows and first scene are the app's own.
    case single
    /// Several window scenes (iPad multi-window, CarPlay, an external display): a global lookup
    /// can find the wrong one.
    case multiple
    /// Nothing says.
    case unknown
}

/// What an `Info.plist` says about the bundle it describes.
public struct AppPlist: Sendable, Equatable {
    /// Whether the plist describes an application (not an extension, test bundle or framework).
    public var isApplication: Bool
    public var sceneSupport: SceneSupport

    /// Scene roles other than the app's main windows that make a second scene possible.
    static let extraSceneRoles: Set<String> = [
        "CPTemplateApplicationSceneSessionRoleApplication", "CPTemplateApplicationDashboardSceneSessionRoleApplication",
        "CPTemplateApplicationInstrumentClusterSceneSessionRoleApplication", "UIWindowSceneSessionRoleExternalDisplay",
        "UIWindowSceneSessionRoleExternalDisplayNonInteractive",
    ]

    /// Keys only an application's plist has.
    static let applicationKeys: Set<String> = [
        "UIApplicationSceneManifest", "LSRequiresIPhoneOS", "UILaunchStoryboardName", "UIMainStoryboardFile",
        "UILaunchScreen", "UIRequiredDeviceCapabilities", "UIApplicationSupportsIndirectInputEvents",
        "UISupportedInterfaceOrientations", "UIBackgroundModes", "UIStatusBarStyle",
    ]

    /// Reads a property list (XML or binary); `nil` when it is not a dictionary plist.
    public static func parse(_ data: Data) throws -> [String: Any]? {
        var format = PropertyListSerialization.PropertyListFormat.xml
        return try PropertyListSerialization.propertyList(from: data, options: [], format: &format) as? [String: Any]
    }

    /// The facts of a parsed plist. `knownApplication` says the plist belongs to an application
    /// target (from the Xcode project), so a `$(PRODUCT_BUNDLE_PACKAGE_TYPE)` package type is
    /// trusted to be `APPL`.
    public init(_ plist: [String: Any], knownApplication: Bool = false) {
        let packageType = plist["CFBundlePackageType"] as? String
        let isExtension = plist["NSExtension"] != nil || plist["EXAppExtensionAttributes"] != nil
        switch packageType {
        case "APPL"?:
            isApplication = !isExtension
        case "BNDL"?, "FMWK"?, "XPC!"?:
            isApplication = false
        default:
            isApplication = !isExtension && (knownApplication || !Self.applicationKeys.isDisjoint(with: plist.keys))
        }
        sceneSupport = Self.sceneSupport(of: plist["UIApplicationSceneManifest"])
    }

    /// A manifest with `UIApplicationSupportsMultipleScenes` true or a CarPlay/external-display
    /// configuration means several scenes; a manifest without them, or none, means one.
    static func sceneSupport(of manifest: Any?) -> SceneSupport {
        guard let manifest = manifest as? [String: Any] else { return .single }
        if let multiple = manifest["UIApplicationSupportsMultipleScenes"] as? Bool, multiple { return .multiple }
        if let configurations = manifest["UISceneConfigurations"] as? [String: Any],
           !extraSceneRoles.isDisjoint(with: configurations.keys) {
            return .multiple
        }
        return .single
    }
}
