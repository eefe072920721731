#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
    public static func parse(_ data: Data) throws -> [String: PlistValue]? {
        guard case .dictionary(let dictionary) = try PropertyListDecoder().decode(PlistValue.self, from: data) else { return nil }
        return dictionary
    }

    /// The facts of a parsed plist. `knownApplication` says the plist belongs to an application
    /// target (from the Xcode project), so a `$(PRODUCT_BUNDLE_PACKAGE_TYPE)` package type is
    /// trusted to be `APPL`.
    public init(_ plist: [String: PlistValue], knownApplication: Bool = false) {
        let packageType = plist["CFBundlePackageType"]?.string
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
    static func sceneSupport(of manifest: PlistValue?) -> SceneSupport {
        guard case .dictionary(let manifest)? = manifest else { return .single }
        if case .bool(true)? = manifest["UIApplicationSupportsMultipleScenes"] { return .multiple }
        if case .dictionary(let configurations)? = manifest["UISceneConfigurations"],
           !extraSceneRoles.isDisjoint(with: configurations.keys) {
            return .multiple
        }
        return .single
    }
}

/// A property list value as `PropertyListDecoder` reads it, nothing assumed about its shape.
public indirect enum PlistValue: Decodable, Sendable, Equatable {
    case string(String)
    case bool(Bool)
    case integer(Int64)
    case real(Double)
    case date(Date)
    case data(Data)
    case array([PlistValue])
    case dictionary([String: PlistValue])

    /// Values nested deeper than this read as an empty string: a plist is data from a repository,
    /// and each level is a frame of this decoder's recursion.
    static let depthLimit = 256

    public var string: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    public init(from decoder: any Decoder) throws {
        guard decoder.codingPath.count < Self.depthLimit else {
            self = .string("")
            return
        }
        if let keyed = try? decoder.container(keyedBy: AnyKey.self) {
            var dictionary: [String: PlistValue] = [:]
            for key in keyed.allKeys { dictionary[key.stringValue] = try keyed.decode(PlistValue.self, forKey: key) }
            self = .dictionary(dictionary)
        } else if var unkeyed = try? decoder.unkeyedContainer() {
            var array: [PlistValue] = []
            while !unkeyed.isAtEnd { array.append(try unkeyed.decode(PlistValue.self)) }
            self = .array(array)
        } else {
            let single = try decoder.singleValueContainer()
            if let value = try? single.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? single.decode(String.self) {
                self = .string(value)
            } else if let value = try? single.decode(Int64.self) {
                self = .integer(value)
            } else if let value = try? single.decode(Double.self) {
                self = .real(value)
            } else if let value = try? single.decode(Date.self) {
                self = .date(value)
            } else {
                self = .data(try single.decode(Data.self))
            }
        }
    }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
