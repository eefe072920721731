#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The app facts of a run: for each Swift file, whether the app it belongs to can show several
/// window scenes. Which app a file belongs to, in this order: the Xcode project's target
/// membership (an application target's `INFOPLIST_FILE` and `INFOPLIST_KEY_…` settings); else
/// the nearest application `Info.plist` in the file's folder or a parent folder; else the run's
/// application plists when they all agree; else the configuration's `scenes:` answer; else unknown.
public struct AppFacts: Sendable {
    /// Scene support by absolute Swift file path, from project membership.
    private var byMembership: [String: SceneSupport] = [:]
    /// Synchronized folders of application targets (absolute, with a trailing `/`).
    private var byFolder: [(folder: String, support: SceneSupport)] = []
    /// Application plists by the absolute folder they sit in.
    private var plistsByFolder: [String: SceneSupport] = [:]
    /// What every application plist of the run says, when they agree.
    private var agreed: SceneSupport = .unknown
    /// `scenes:` from the configuration, for files nothing else decides.
    public var configured: SceneSupport = .unknown
    /// What relative Swift paths are relative to.
    public var workingDirectory = "/"
    /// Files that could not be read, for warnings.
    public private(set) var problems: [AppFactsError] = []
    /// What was read, one line each, for `lifeguard scenes`.
    public private(set) var sources: [String] = []

    public init() {}

    /// Nothing known: every file's scene support is what the configuration says.
    public static func unknown(configured: SceneSupport = .unknown) -> AppFacts {
        var facts = AppFacts()
        facts.configured = configured
        return facts
    }

    /// Reads the plists and projects found among `paths` (absolute or relative to
    /// `workingDirectory`): `Info.plist`-style files and `project.pbxproj` files.
    public init(plists: [String], projects: [String], workingDirectory: String, configured: SceneSupport = .unknown) {
        self.configured = configured
        self.workingDirectory = workingDirectory
        var applicationPlists: [String: SceneSupport] = [:]
        var projectTargets: [XcodeProject.AppTarget] = []
        for project in projects.sorted() {
            do {
                projectTargets.append(contentsOf: try XcodeProject(pbxprojAt: Self.absolute(project, workingDirectory)).targets)
            } catch let error as AppFactsError {
                problems.append(error)
            } catch {
                problems.append(AppFactsError(path: project, reason: "cannot be parsed (\(error))"))
            }
        }
        let targetPlists = Set(projectTargets.compactMap(\.infoPlist))
        for path in plists.sorted() {
            let absolute = Self.absolute(path, workingDirectory)
            guard let data = FileManager.default.contents(atPath: absolute) else {
                problems.append(AppFactsError(path: path, reason: "cannot read the file"))
                continue
            }
            do {
                guard let facts = try AppPlist.read(data, knownApplication: targetPlists.contains(absolute)) else { continue }
                if facts.isApplication { applicationPlists[absolute] = facts.sceneSupport }
            } catch {
                problems.append(AppFactsError(path: path, reason: "is not a valid property list"))
            }
        }
        for (path, support) in applicationPlists.sorted(by: { $0.key < $1.key }) {
            sources.append("application plist \(path): \(support.rawValue)")
        }
        for target in projectTargets {
            var support = target.generatedSceneSupport
            if let plist = target.infoPlist, let fromPlist = applicationPlists[plist] {
                support = support == .multiple || fromPlist == .multiple ? .multiple : fromPlist
            }
            let count = target.swiftFiles.count
            sources.append("app target \(target.name) (\(count) Swift \(count == 1 ? "file" : "files"), plist "
                           + "\(target.infoPlist ?? "none")): \(support.rawValue)")
            guard support != .unknown else { continue }
            for file in target.swiftFiles { byMembership[file] = Self.combine(byMembership[file], support) }
            for folder in target.synchronizedFolders { byFolder.append((folder.hasSuffix("/") ? folder : folder + "/", support)) }
        }
        for (path, support) in applicationPlists {
            let folder = LexicalPath.folder(of: path)
            plistsByFolder[folder] = Self.combine(plistsByFolder[folder], support)
        }
        let values = Set(applicationPlists.values)
        agreed = values.count == 1 ? values.first! : .unknown
    }

    /// A file in several app targets is multi-scene if any of them is.
    static func combine(_ existing: SceneSupport?, _ new: SceneSupport) -> SceneSupport {
        guard let existing, existing != .unknown else { return new }
        return existing == .multiple || new == .multiple ? .multiple : existing
    }

    static func absolute(_ path: String, _ workingDirectory: String) -> String {
        LexicalPath.absolute(path, workingDirectory: workingDirectory)
    }

    /// Whether the app of the Swift file at `path` can show several window scenes.
    public func sceneSupport(forFile path: String) -> SceneSupport {
        let absolute = Self.absolute(path, workingDirectory)
        if let support = byMembership[absolute] { return support }
        for (folder, support) in byFolder where absolute.hasPrefix(folder) { return support }
        var folder = LexicalPath.folder(of: absolute)
        var steps = 0
        while folder.count > 1, steps < 64 {
            if let support = plistsByFolder[folder] { return support }
            folder = LexicalPath.folder(of: folder)
            steps += 1
        }
        if agreed != .unknown { return agreed }
        return configured
    }

    /// Whether a file name is one an app's Info.plist may have (`Info.plist`, `App-Info.plist`).
    public static func isInfoPlistName(_ name: String) -> Bool {
        name == "Info.plist" || name.hasSuffix("-Info.plist") || name.hasSuffix("_Info.plist")
    }

    /// Finds the facts for a run over `paths`: plists and Xcode projects under the linted
    /// directories, in every folder from the linted paths up to the repository root (one level
    /// each), and — when that finds no application plist — under the repository root. Walks are
    /// bounded and skip hidden, dependency and build folders.
    /// `lookingUpward: false` reads only what lies under the linted directories.
    /// `listings`: folders a walk of the same run has read already (see `listingsForLocating()`).
    public static func locate(forLinting paths: [String], workingDirectory: String,
                              configured: SceneSupport = .unknown, lookingUpward: Bool = true,
                              listings: DirectoryListings? = nil) -> AppFacts {
        var found = Found(listings: listings)
        var ancestors = Set<String>()
        var repositoryRoot: String?
        for path in paths {
            let absolute = absolute(path, workingDirectory)
            let status = PathStatus(absolute)
            guard status.exists else { continue }
            if status == .directory { found.walk(absolute, limit: 200_000) }
            guard lookingUpward else { continue }
            var folder = status == .directory ? absolute : LexicalPath.folder(of: absolute)
            var steps = 0
            while steps < 64 {
                steps += 1
                if ancestors.insert(folder).inserted { found.list(folder) }
                if PathStatus(folder + "/.git").exists {
                    repositoryRoot = repositoryRoot ?? folder
                    break
                }
                let parent = LexicalPath.folder(of: folder)
                if parent == folder || parent.isEmpty { break }
                folder = parent
            }
        }
        var facts = AppFacts(plists: found.plists, projects: found.projects, workingDirectory: workingDirectory,
                             configured: configured)
        if facts.plistsByFolder.isEmpty, facts.byMembership.isEmpty, let root = repositoryRoot {
            found.walk(root, limit: 200_000)
            facts = AppFacts(plists: found.plists, projects: found.projects, workingDirectory: workingDirectory,
                             configured: configured)
        }
        return facts
    }

    /// Listings for discovery to record as it walks (`FileDiscovery.listings`), which `locate`
    /// then reads instead of the disk: only the entries its walk looks at are kept.
    public static func listingsForLocating() -> DirectoryListings {
        DirectoryListings(keeping: Found.isLookedAt, counting: Found.isCounted)
    }

    /// Plist and project paths found so far.
    private struct Found {
        var plists: [String] = []
        var projects: [String] = []
        var seen = Set<String>()
        var listings: DirectoryListings?

        static let skipped: Set<String> = [".build", "Pods", "Carthage", "DerivedData", "node_modules", "build"]
        /// Bundles and packages that hold no app sources.
        static let bundleExtensions: Set<String> = [
            "xcassets", "lproj", "bundle", "framework", "xcframework", "app", "xcworkspace", "playground", "docc",
            "xctemplate", "appiconset", "imageset", "colorset", "dataset", "scnassets", "rcproject",
        ]

        mutating func add(_ path: String, name: String) {
            if AppFacts.isInfoPlistName(name) {
                if seen.insert(path).inserted { plists.append(path) }
            } else if name == "project.pbxproj" {
                if seen.insert(path).inserted { projects.append(path) }
            }
        }

        /// The entries of one folder, and the `project.pbxproj` of any `.xcodeproj` in it.
        mutating func list(_ folder: String) {
            guard let entries = DirectoryEntries.read(path: folder, followingLinks: true) else { return }
            for entry in entries {
                let name = String(decoding: entry.name, as: UTF8.self)
                if name.hasSuffix(".xcodeproj") {
                    add(folder + "/" + name + "/project.pbxproj", name: "project.pbxproj")
                } else {
                    add(folder + "/" + name, name: name)
                }
            }
        }

        /// Every folder under `root` (at most `limit` entries). Links are not followed, so a link
        /// cycle cannot make the walk loop; a real project keeps its plists and projects in
        /// folders of its own. Names are tested as bytes: a path is made only for a folder to
        /// enter or a file found, not for every entry.
        mutating func walk(_ root: String, limit: Int) {
            var pending = [root]
            var visited = 0
            while let folder = pending.popLast(), visited < limit {
                let entries: [DirectoryEntries.Entry]
                if let listing = listings?.listing(of: folder) {
                    entries = listing.entries
                    visited += listing.counted
                } else {
                    guard let read = DirectoryEntries.read(path: folder, followingLinks: false) else { continue }
                    entries = read
                    visited += entries.reduce(0) { $0 + (Self.isCounted($1) ? 1 : 0) }
                }
                for entry in entries {
                    let name = entry.name
                    guard Self.isCounted(entry) else { continue }
                    if Self.hasSuffix(name, Self.projectSuffix) {
                        let path = folder + "/" + String(decoding: name, as: UTF8.self)
                        add(path + "/project.pbxproj", name: "project.pbxproj")
                        continue
                    }
                    if Self.isInfoPlistName(name) {
                        let text = String(decoding: name, as: UTF8.self)
                        add(folder + "/" + text, name: text)
                        continue
                    }
                    guard entry.kind == .directory, !entry.isLink else { continue }
                    // Bundles that hold no app sources are not walked.
                    if let dot = name.lastIndex(of: UInt8(ascii: ".")),
                       Self.bundleExtensionBytes.contains(where: { $0.elementsEqual(name[(dot + 1)...]) }) { continue }
                    pending.append(folder + "/" + String(decoding: name, as: UTF8.self))
                }
            }
        }

        /// An entry the walk counts against its limit: any but the skipped folders' names.
        @Sendable static func isCounted(_ entry: DirectoryEntries.Entry) -> Bool {
            !skippedNames.contains(where: { $0 == entry.name })
        }

        /// An entry the walk acts on: a project, a plist, or a folder it may enter.
        @Sendable static func isLookedAt(_ entry: DirectoryEntries.Entry) -> Bool {
            isCounted(entry) && (hasSuffix(entry.name, projectSuffix) || isInfoPlistName(entry.name)
                                 || (entry.kind == .directory && !entry.isLink))
        }

        private static let skippedNames = skipped.map { Array($0.utf8) }
        private static let bundleExtensionBytes = bundleExtensions.map { Array($0.utf8) }
        private static let projectSuffix = Array(".xcodeproj".utf8)

        private static func hasSuffix(_ name: [UInt8], _ suffix: [UInt8]) -> Bool {
            name.count >= suffix.count && name[(name.count - suffix.count)...].elementsEqual(suffix)
        }

        private static let plistName = Array("Info.plist".utf8)

        /// `AppFacts.isInfoPlistName`, on bytes.
        private static func isInfoPlistName(_ name: [UInt8]) -> Bool {
            let plist = plistName
            guard hasSuffix(name, plist) else { return false }
            if name.count == plist.count { return true }
            let separator = name[name.count - plist.count - 1]
            return separator == UInt8(ascii: "-") || separator == UInt8(ascii: "_")
        }
    }
}
