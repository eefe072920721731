#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
    ///
    /// A file that never spells the application product type has no application target, so it
    /// is not parsed at all: a workspace's framework and library projects are often most of its
    /// project bytes. (Xcode writes the product type as is, in every format it saves; a project
    /// spelling it with escapes, or a broken framework project, is read as having no app target,
    /// without a warning.)
    public init(pbxprojAt path: String) throws {
        guard case .success(let contents) = FileReader.read(path) else {
            throw AppFactsError(path: path, reason: "cannot read the file")
        }
        let bytes = contents.bytes
        guard Self.mayHaveApplicationTarget(bytes) else {
            self.init(targets: [])
            return
        }
        let projectDirectory = LexicalPath.folder(of: LexicalPath.folder(of: path))
        do {
            try self.init(parsing: bytes, projectDirectory: projectDirectory)
        } catch let error as OldStylePlist.SyntaxError {
            throw AppFactsError(path: path, reason: "cannot be parsed (\(error))")
        } catch is NotAProject {
            throw AppFactsError(path: path, reason: "not an Xcode project file")
        }
    }

    private init(targets: [AppTarget]) {
        self.targets = targets
    }

    /// Whether `bytes` spell the application product type anywhere.
    static func mayHaveApplicationTarget(_ bytes: [UInt8]) -> Bool {
        let marker = Array(ProjectGraph.applicationProductType.utf8)
        return bytes.withUnsafeBufferPointer { AnchorWords.contains(marker, in: $0) }
    }

    /// A property list that parses but has no `objects` dictionary.
    struct NotAProject: Error {}

    /// Reads a project file's bytes; `projectDirectory` is the folder holding the `.xcodeproj`.
    public init(parsing bytes: [UInt8], projectDirectory: String) throws {
        try self.init(parsing: bytes, projectDirectory: projectDirectory, readsDirectly: true)
    }

    /// `readsDirectly: false` parses an old-style file as a property list even when
    /// `ProjectGraph(oldStyle:)` could read it (the test that both give the same targets).
    init(parsing bytes: [UInt8], projectDirectory: String, readsDirectly: Bool) throws {
        let graph: ProjectGraph
        if readsDirectly, let direct = Self.isOldStyle(bytes) ? ProjectGraph(oldStyle: bytes) : nil {
            graph = direct
        } else {
            let plist = try Self.parse(bytes, keepingNestedKeys: Reader.keys)
            guard let objects = plist["objects"]?.dictionary else { throw NotAProject() }
            graph = ProjectGraph(objects: objects)
        }
        targets = Reader(graph: graph, sourceRoot: projectDirectory).applicationTargets()
    }

    private static func isOldStyle(_ bytes: [UInt8]) -> Bool {
        !bytes.starts(with: Array("<?xml".utf8)) && !bytes.starts(with: Array("bplist".utf8))
    }

    /// A project file's property list: old-style, as Xcode writes it, or — for a project someone
    /// converted — XML or binary, through Foundation's `PropertyListDecoder`.
    /// `keepingNestedKeys`: an old-style file's objects keep only these keys (see
    /// `OldStylePlist.parse(_:keepingNestedKeys:)`); `nil` keeps everything.
    static func parse(_ bytes: [UInt8], keepingNestedKeys keys: [String]? = nil) throws -> OldStylePlist {
        guard !isOldStyle(bytes) else {
            guard let keys else { return try OldStylePlist.parse(bytes) }
            return try OldStylePlist.parse(bytes, keepingNestedKeys: keys)
        }
        guard let dictionary = try? PlistValue.parseDictionary(Data(bytes)) else {
            throw OldStylePlist.SyntaxError(offset: 0, reason: "not a property list")
        }
        return converted(.dictionary(dictionary), depth: 0)
    }

    private static func converted(_ value: PlistValue, depth: Int) -> OldStylePlist {
        guard depth < 256 else { return .string("") }
        switch value {
        case .string(let string): return .string(string)
        case .array(let array): return .array(array.map { converted($0, depth: depth + 1) })
        case .dictionary(let dictionary): return .dictionary(dictionary.mapValues { converted($0, depth: depth + 1) })
        case .bool(let value): return .string(value ? "1" : "0")
        case .integer(let value): return .string(String(value))
        case .real(let value): return .string(String(value))
        case .date, .data: return .string("")
        }
    }

    /// Walks the object graph of one project.
    private struct Reader {
        /// Every key this reader asks of an object or of its build settings, for a project parsed
        /// as a property list: the rest of the file is not built.
        static let keys = [
            "isa", "name", "path", "sourceTree", "children", "productName", "productType", "buildPhases", "files",
            "fileRef", "fileSystemSynchronizedGroups", "buildConfigurationList", "buildConfigurations", "buildSettings",
            "INFOPLIST_FILE", "INFOPLIST_KEY_UIApplicationSupportsMultipleScenes",
            "INFOPLIST_KEY_UIApplicationSceneManifest_Generation",
        ]

        let graph: ProjectGraph
        let sourceRoot: String
        /// Each object's parent group (by number; -1 for none), for resolving `<group>`-relative paths.
        let parents: [Int32]

        init(graph: ProjectGraph, sourceRoot: String) {
            self.graph = graph
            self.sourceRoot = sourceRoot
            var parents = [Int32](repeating: -1, count: graph.objects.count)
            for number in graph.defined {
                for child in graph.objects[Int(number)]?.children ?? [] { parents[Int(child)] = number }
            }
            self.parents = parents
        }

        func parent(of number: Int32) -> Int32? {
            let parent = parents[Int(number)]
            return parent >= 0 ? parent : nil
        }

        func applicationTargets() -> [AppTarget] {
            var result: [AppTarget] = []
            for number in graph.defined {
                guard graph.isApplicationTarget(number), let target = graph.object(number) else { continue }
                let phases = target.buildPhases.compactMap(graph.object).filter { $0.kind == .sourcesBuildPhase }
                var files = Set<String>()
                // Sized for every build file at once: grown from empty, the set rehashed its
                // paths at each doubling.
                files.reserveCapacity(phases.reduce(0) { $0 + $1.files.count })
                for phase in phases {
                    for buildFile in phase.files {
                        guard let reference = graph.fileRef(of: buildFile), let path = resolvedPath(of: reference),
                              path.hasSuffix(".swift") else { continue }
                        files.insert(path)
                    }
                }
                let folders = target.fileSystemSynchronizedGroups.compactMap { resolvedPath(of: $0) }
                var infoPlist: String?
                var generated = SceneSupport.unknown
                let configurationList = graph.object(target.buildConfigurationList)
                for configuration in (configurationList?.buildConfigurations ?? []).compactMap(graph.object) {
                    guard let settings = configuration.buildSettings else { continue }
                    if infoPlist == nil, let written = settings.infoPlistFile, let file = expand(written, target: target) {
                        infoPlist = LexicalPath.normalized(file.hasPrefix("/") ? file : sourceRoot + "/" + file)
                    }
                    generated = merge(generated, Self.generatedSceneSupport(settings))
                }
                result.append(AppTarget(name: target.name ?? "", swiftFiles: files,
                                        synchronizedFolders: folders, infoPlist: infoPlist, generatedSceneSupport: generated))
            }
            return result.sorted { $0.name < $1.name }
        }

        /// `INFOPLIST_KEY_UIApplicationSupportsMultipleScenes = YES`, or a generated scene manifest.
        static func generatedSceneSupport(_ settings: ProjectGraph.BuildSettings) -> SceneSupport {
            func isYes(_ value: String?) -> Bool? {
                guard let value else { return nil }
                return value == "YES" || value == "yes" || value == "true"
            }
            if let multiple = isYes(settings.supportsMultipleScenes) { return multiple ? .multiple : .single }
            // A generated manifest for a new-style app allows several windows on iPad.
            if isYes(settings.sceneManifestGeneration) == true { return .multiple }
            return .unknown
        }

        /// A build setting with the variables a plist path uses replaced (`$(SRCROOT)/App/Info.plist`);
        /// `nil` when another variable remains.
        func expand(_ value: String, target: ProjectGraph.Object) -> String? {
            // Every variable is spelled with a `$`: without one there is nothing to replace.
            guard value.utf8.contains(UInt8(ascii: "$")) else { return value }
            var result = value
            let name = target.name ?? ""
            let replacements = [
                "SRCROOT": sourceRoot, "PROJECT_DIR": sourceRoot, "SOURCE_ROOT": sourceRoot,
                "TARGET_NAME": name, "PRODUCT_NAME": target.productName ?? name,
            ]
            for (variable, replacement) in replacements {
                result = result.replacingEvery("$(\(variable))", with: replacement)
                result = result.replacingEvery("${\(variable)}", with: replacement)
            }
            return result.contains("$(") || result.contains("${") ? nil : result
        }

        func merge(_ lhs: SceneSupport, _ rhs: SceneSupport) -> SceneSupport {
            if lhs == .multiple || rhs == .multiple { return .multiple }
            if lhs == .single || rhs == .single { return .single }
            return .unknown
        }

        /// Each group's resolved path, once asked: a project's thousands of files sit in a few
        /// hundred groups, whose walk up to the project each file would otherwise repeat.
        private final class GroupPaths {
            var paths: [Int32: String?] = [:]
        }
        private let groupPaths = GroupPaths()

        /// An object's absolute path: a file in a group is its group's path and its own, the rest
        /// (and a file whose group resolves to nothing) the whole walk of `walkedPath(of:)`.
        func resolvedPath(of number: Int32) -> String? {
            guard let item = graph.location(of: number), (item.sourceTree ?? "<group>") == "<group>",
                  let parent = parent(of: number) else { return walkedPath(of: number) }
            let group: String?
            if let known = groupPaths.paths[parent] {
                group = known
            } else {
                group = walkedPath(of: parent)
                groupPaths.paths[parent] = group
            }
            // Lexical normalization composes: the group's normalized path and the file's own
            // normalize to what the whole walk gives.
            guard let group else { return walkedPath(of: number) }
            guard let path = item.path else { return group }
            return LexicalPath.normalized(group + "/" + path)
        }

        /// An object's absolute path, following its groups up to the project (bounded: a group
        /// cycle in a damaged file ends the walk).
        func walkedPath(of number: Int32) -> String? {
            var components: [String] = []
            var current: Int32? = number
            var steps = 0
            while let identifier = current, let item = graph.location(of: identifier), steps < 64 {
                steps += 1
                let path = item.path
                switch item.sourceTree ?? "<group>" {
                case "<group>":
                    if let path { components.append(path) }
                    current = parent(of: identifier)
                    if current == nil { return LexicalPath.normalized(([sourceRoot] + components.reversed()).joined(separator: "/")) }
                case "SOURCE_ROOT":
                    if let path { components.append(path) }
                    return LexicalPath.normalized(([sourceRoot] + components.reversed()).joined(separator: "/"))
                case "<absolute>":
                    if let path { components.append(path) }
                    let joined = components.reversed().joined(separator: "/")
                    return joined.hasPrefix("/") ? LexicalPath.normalized(joined) : nil
                default:
                    return nil
                }
            }
            return nil
        }
    }
}

/// A project or plist file that could not be read; reported as a warning, never fatal.
public struct AppFactsError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason); scene support there is unknown" }
}
