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

    /// The facts of a property list (XML or binary); `nil` when it is not a dictionary plist.
    /// `knownApplication` says the plist belongs to an application target (from the Xcode
    /// project), so a `$(PRODUCT_BUNDLE_PACKAGE_TYPE)` package type is trusted to be `APPL`.
    /// Only the keys the facts need are decoded: a whole plist decoded value by value (each
    /// value's kind found by trying kinds in turn) cost ten times the reading of it.
    public static func read(_ data: Data, knownApplication: Bool = false) throws -> AppPlist? {
        let summary: Summary
        do {
            summary = try PropertyListDecoder().decode(Summary.self, from: data)
        } catch DecodingError.typeMismatch(_, let context) where context.codingPath.isEmpty {
            return nil
        }
        return AppPlist(summary, knownApplication: knownApplication)
    }

    private init(_ plist: Summary, knownApplication: Bool) {
        let isExtension = plist.keys.contains("NSExtension") || plist.keys.contains("EXAppExtensionAttributes")
        switch plist.packageType {
        case "APPL"?:
            isApplication = !isExtension
        case "BNDL"?, "FMWK"?, "XPC!"?:
            isApplication = false
        default:
            isApplication = !isExtension && (knownApplication || !Self.applicationKeys.isDisjoint(with: plist.keys))
        }
        sceneSupport = plist.sceneSupport
    }

    /// What the facts are made of: the top-level keys, the package type, and the scene manifest's
    /// verdict (a manifest with `UIApplicationSupportsMultipleScenes` true or a CarPlay or
    /// external-display configuration means several scenes; a manifest without them, or none,
    /// means one). A value of another kind than expected counts as absent.
    private struct Summary: Decodable {
        var keys: Set<String>
        var packageType: String?
        var sceneSupport: SceneSupport

        init(from decoder: any Decoder) throws {
            let plist = try decoder.container(keyedBy: AnyCodingKey.self)
            keys = Set(plist.allKeys.map(\.stringValue))
            packageType = try? plist.decode(String.self, forKey: AnyCodingKey("CFBundlePackageType"))
            sceneSupport = .single
            guard let manifest = try? plist.nestedContainer(keyedBy: AnyCodingKey.self, forKey: AnyCodingKey("UIApplicationSceneManifest"))
            else { return }
            if (try? manifest.decode(Bool.self, forKey: AnyCodingKey("UIApplicationSupportsMultipleScenes"))) == true {
                sceneSupport = .multiple
            } else if let configurations = try? manifest.nestedContainer(keyedBy: AnyCodingKey.self,
                                                                           forKey: AnyCodingKey("UISceneConfigurations")),
                      configurations.allKeys.contains(where: { AppPlist.extraSceneRoles.contains($0.stringValue) }) {
                sceneSupport = .multiple
            }
        }
    }
}

/// A property list value as `PropertyListDecoder` reads it, nothing assumed about its shape.
/// Values nested deeper than `SchemalessDecoding.depthLimit` read as an empty string.
public indirect enum PlistValue: Decodable, Sendable, Equatable {
    case string(String)
    case bool(Bool)
    case integer(Int64)
    case real(Double)
    case date(Date)
    case data(Data)
    case array([PlistValue])
    case dictionary([String: PlistValue])

    /// Reads a property list (XML or binary) whole; `nil` when it is not a dictionary. For a
    /// project file someone converted from Xcode's own format: rare, and read in full.
    public static func parseDictionary(_ data: Data) throws -> [String: PlistValue]? {
        guard case .dictionary(let dictionary) = try PropertyListDecoder().decode(PlistValue.self, from: data) else { return nil }
        return dictionary
    }

    public init(from decoder: any Decoder) throws {
        if SchemalessDecoding.isTooDeep(decoder) {
            self = .string("")
            return
        }
        switch try SchemalessDecoding.containers(decoder, as: PlistValue.self) {
        case .dictionary(let dictionary)?: self = .dictionary(dictionary)
        case .array(let array)?: self = .array(array)
        case nil:
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
}
