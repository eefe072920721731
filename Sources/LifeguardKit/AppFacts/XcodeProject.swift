import Foundation

/// The application targets of an Xcode project (`project.pbxproj`, an old-style property list):
/// which Swift files each compiles, and what its Info.plist and `INFOPLIST_KEY_…` build settings
/// say about scenes.
public struct XcodeProject: Sendable {
    /// One application target.
    public struct AppTarget: Sendable {
        public var name: String
        /// Absolute, standardized paths of the Swift files the target compiles.
        public var swiftFiles: Set<String>
        /// Folders whose every Swift file the target compiles (Xcode 16 synchronized folders).
        public var synchronizedFolders: [String]
        /// The `INFOPLIST_FILE` setting, resolved to an absolute path.
        public var infoPlist: String?
        /// What the generated-plist build settings say, when they say anything.
        public var generatedSceneSupport: SceneSupport
    }

    public var targets: [AppTarget] = []

    /// Reads `path/to/App.xcodeproj/project.pbxproj`. Anything malformed is a thrown error the
    /// caller turns into a warning.
    public init(pbxprojAt path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw AppFactsError(path: path, reason: "cannot read the file")
        }
        guard let plist = try AppPlist.parse(data), let objects = plist["objects"] as? [String: Any] else {
            throw AppFactsError(path: path, reason: "not an Xcode project file")
        }
        let projectDirectory = ((path as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        let reader = Reader(objects: objects, sourceRoot: projectDirectory)
        targets = reader.applicationTargets()
    }

    /// Walks the object graph of one project.
    private struct Reader {
        let objects: [String: Any]
        let sourceRoot: String
        /// Each object's parent group, for resolving `<group>`-relative paths.
        let parents: [String: String]

        init(objects: [String: Any], sourceRoot: String) {
            self.objects = objects
            self.sourceRoot = sourceRoot
            var parents: [String: String] = [:]
            for (id, value) in objects {
                guard let object = value as? [String: Any], let children = object["children"] as? [String] else { continue }
                for child in children { parents[child] = id }
            }
            self.parents = parents
        }

        func object(_ id: String?) -> [String: Any]? { id.flatMap { objects[$0] as? [String: Any] } }

        func applicationTargets() -> [AppTarget] {
            var result: [AppTarget] = []
            for (_, value) in objects {
                guard let target = value as? [String: Any], target["isa"] as? String == "PBXNativeTarget",
                      let productType = target["productType"] as? String,
                      productType == "com.apple.product-type.application" else { continue }
                var files = Set<String>()
                for phase in (target["buildPhases"] as? [String] ?? []).compactMap(object) where phase["isa"] as? String == "PBXSourcesBuildPhase" {
                    for buildFile in (phase["files"] as? [String] ?? []).compactMap(object) {
                        guard let reference = buildFile["fileRef"] as? String, let path = resolvedPath(of: reference),
                              path.hasSuffix(".swift") else { continue }
                        files.insert(path)
                    }
                }
                let folders = (target["fileSystemSynchronizedGroups"] as? [String] ?? []).compactMap { resolvedPath(of: $0) }
                var infoPlist: String?
                var generated = SceneSupport.unknown
                let configurationList = object(target["buildConfigurationList"] as? String)
                for configuration in (configurationList?["buildConfigurations"] as? [String] ?? []).compactMap(object) {
                    guard let settings = configuration["buildSettings"] as? [String: Any] else { continue }
                    if infoPlist == nil, let written = settings["INFOPLIST_FILE"] as? String,
                       let file = expand(written, target: target) {
                        infoPlist = standardized(file.hasPrefix("/") ? file : sourceRoot + "/" + file)
                    }
                    generated = merge(generated, Self.generatedSceneSupport(settings))
                }
                result.append(AppTarget(name: target["name"] as? String ?? "", swiftFiles: files,
                                        synchronizedFolders: folders, infoPlist: infoPlist, generatedSceneSupport: generated))
            }
            return result.sorted { $0.name < $1.name }
        }

        /// `INFOPLIST_KEY_UIApplicationSupportsMultipleScenes = YES`, or a generated scene manifest.
        static func generatedSceneSupport(_ settings: [String: Any]) -> SceneSupport {
            func isYes(_ key: String) -> Bool? {
                guard let value = settings[key] as? String else { return nil }
                return value == "YES" || value == "yes" || value == "true"
            }
            if let multiple = isYes("INFOPLIST_KEY_UIApplicationSupportsMultipleScenes") { return multiple ? .multiple : .single }
            // A generated manifest for a new-style app allows several windows on iPad.
            if isYes("INFOPLIST_KEY_UIApplicationSceneManifest_Generation") == true { return .multiple }
            return .unknown
        }

        /// A build setting with the variables a plist path uses replaced (`$(SRCROOT)/App/Info.plist`);
        /// `nil` when another variable remains.
        func expand(_ value: String, target: [String: Any]) -> String? {
            var result = value
            let name = target["name"] as? String ?? ""
            let replacements = [
                "SRCROOT": sourceRoot, "PROJECT_DIR": sourceRoot, "SOURCE_ROOT": sourceRoot,
                "TARGET_NAME": name, "PRODUCT_NAME": target["productName"] as? String ?? name,
            ]
            for (variable, replacement) in replacements {
                result = result.replacingOccurrences(of: "$(\(variable))", with: replacement)
                result = result.replacingOccurrences(of: "${\(variable)}", with: replacement)
            }
            return result.contains("$(") || result.contains("${") ? nil : result
        }

        func merge(_ lhs: SceneSupport, _ rhs: SceneSupport) -> SceneSupport {
            if lhs == .multiple || rhs == .multiple { return .multiple }
            if lhs == .single || rhs == .single { return .single }
            return .unknown
        }

        /// An object's absolute path, following its groups up to the project (bounded: a group
        /// cycle in a damaged file ends the walk).
        func resolvedPath(of id: String) -> String? {
            var components: [String] = []
            var current: String? = id
            var steps = 0
            while let identifier = current, let item = object(identifier), steps < 64 {
                steps += 1
                let path = item["path"] as? String
                switch item["sourceTree"] as? String ?? "<group>" {
                case "<group>":
                    if let path { components.append(path) }
                    current = parents[identifier]
                    if current == nil { return standardized(([sourceRoot] + components.reversed()).joined(separator: "/")) }
                case "SOURCE_ROOT":
                    if let path { components.append(path) }
                    return standardized(([sourceRoot] + components.reversed()).joined(separator: "/"))
                case "<absolute>":
                    if let path { components.append(path) }
                    return standardized(components.reversed().joined(separator: "/"))
                default:
                    return nil
                }
            }
            return nil
        }

        func standardized(_ path: String) -> String { (path as NSString).standardizingPath }
    }
}

/// A project or plist file that could not be read; reported as a warning, never fatal.
public struct AppFactsError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason); scene support there is unknown" }
}
