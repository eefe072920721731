#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `.lifeguard.yml`: which files are linted and which rules run, how severe they are, and their
/// options. Parsed from the documented YAML subset (`YAMLParser`) and validated against the rules
/// that exist, so a typo is an error with its position rather than a setting silently ignored.
///
/// ```yaml
/// included: [Sources, App]          # path globs; default: everything
/// excluded: ["**/Generated/**", Vendor]
/// disabled_rules: [view_nil_check]
/// opt_in_rules: [unused_suppression]
/// controller_base_classes: [BaseViewController]
/// view_base_classes: [BaseView]
/// scenes: single                    # single | multiple, when no Info.plist says
/// rules:
///   missing_super_call:
///     severity: warning             # error | warning | note | off
///     controller_methods: [viewDidLoad(), viewWillAppear(_:)]
/// ```
public struct Configuration: Sendable {
    /// Globs of paths to lint, relative to `baseDirectory`; empty means everything.
    public var included: [String] = []
    /// Globs of paths never to lint; excluded folders are never walked.
    public var excluded: [String] = []
    public var disabledRules: Set<String> = []
    public var optInRules: Set<String> = []
    /// Project classes that count as UIKit view controller or view bases.
    public var controllerBaseClasses: Set<String> = []
    public var viewBaseClasses: Set<String> = []
    /// Whether the app can show several window scenes, for when no `Info.plist` says.
    public var scenes: SceneSupport = .unknown
    /// Per-rule settings by rule id.
    public var ruleSettings: [String: RuleSettings] = [:]
    /// The directory globs are relative to (the configuration file's directory).
    public var baseDirectory: String
    /// The file this configuration came from, if any.
    public var path: String?

    /// One rule's settings: a severity (`nil` keeps the default; `.off` disables it) and options.
    public struct RuleSettings: Sendable, Equatable {
        public var severity: SeveritySetting?
        public var options: [String: OptionValue] = [:]
    }

    /// A severity as configured, `off` included.
    public enum SeveritySetting: String, Sendable, Equatable, CaseIterable {
        case error, warning, note, off

        public var severity: Severity? { Severity(rawValue: rawValue) }
    }

    public static let fileName = ".lifeguard.yml"

    public init(baseDirectory: String) {
        self.baseDirectory = baseDirectory
    }

    // MARK: - Rules

    /// Whether a rule runs: opt-in rules only when listed in `opt_in_rules`, none when disabled
    /// or set to `off`.
    public func isEnabled(_ rule: RuleDescription) -> Bool {
        if disabledRules.contains(rule.id) { return false }
        if ruleSettings[rule.id]?.severity == .off { return false }
        return !rule.isOptIn || optInRules.contains(rule.id)
    }

    /// The configured severity of a rule, or its default.
    public func severity(of rule: RuleDescription) -> Severity {
        ruleSettings[rule.id]?.severity?.severity ?? rule.defaultSeverity
    }

    /// The setups of the enabled rules among `rules`.
    public func setups(for rules: [any Rule.Type]) -> [RuleSetup] {
        rules.filter { isEnabled($0.description) }.map { rule in
            RuleSetup(rule: rule, severity: severity(of: rule.description), options: ruleSettings[rule.description.id]?.options ?? [:])
        }
    }

    // MARK: - Paths

    /// Whether a path (relative to the working directory) is excluded, or not included. A run
    /// asks for every file and folder: it compiles the globs once (`pathFilter()`) instead.
    public func isExcluded(_ path: String, isDirectory: Bool, workingDirectory: String) -> Bool {
        pathFilter().isExcluded(path, isDirectory: isDirectory, workingDirectory: workingDirectory)
    }

    /// `included` and `excluded`, compiled for a run's questions.
    public func pathFilter() -> PathFilter { PathFilter(self) }

    func relativeToBase(_ path: String, workingDirectory: String) -> String {
        // Discovery asks this for every file and folder it meets, mostly with plain relative
        // paths from the directory holding the configuration: those are already relative to it.
        if workingDirectory == baseDirectory, !path.isEmpty, !path.hasPrefix("/"), !path.hasSuffix("/"), path != ".", path != "..",
           !path.hasPrefix("./"), !path.hasPrefix("../"), !path.contains("/./"), !path.contains("/../"),
           !path.contains("//"), !path.hasSuffix("/."), !path.hasSuffix("/..") {
            return path
        }
        let absolute = path.hasPrefix("/") ? path : workingDirectory + "/" + path
        let standardized = URL(fileURLWithPath: absolute).standardized.path
        let base = URL(fileURLWithPath: baseDirectory).standardized.path
        let prefix = base.hasSuffix("/") ? base : base + "/"
        if standardized.hasPrefix(prefix) { return String(standardized.dropFirst(prefix.count)) }
        return standardized
    }

    // MARK: - Loading

    /// Finds `.lifeguard.yml` in `directory` or its ancestors, stopping at the repository root
    /// (the first directory holding `.git`).
    public static func find(from directory: String) -> String? {
        var current = URL(fileURLWithPath: directory).standardized
        while true {
            let candidate = current.appendingPathComponent(fileName).path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            if FileManager.default.fileExists(atPath: current.appendingPathComponent(".git").path) { return nil }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { return nil }
            current = parent
        }
    }

    /// Reads and validates a configuration file.
    public static func load(path: String, rules: [RuleDescription]) throws(ConfigurationError) -> Configuration {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ConfigurationError(path: path, position: nil, message: "cannot read the configuration file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigurationError(path: path, position: nil, message: "the configuration file is not valid UTF-8")
        }
        let base = URL(fileURLWithPath: path).deletingLastPathComponent().standardized.path
        return try parse(text, path: path, baseDirectory: base, rules: rules)
    }

    /// Parses and validates configuration text.
    public static func parse(_ text: String, path: String, baseDirectory: String,
                             rules: [RuleDescription]) throws(ConfigurationError) -> Configuration {
        let document: YAMLNode
        do {
            document = try YAMLParser.parse(text)
        } catch {
            throw ConfigurationError(path: path, position: error.position, message: error.message)
        }
        var reader = ConfigurationReader(path: path, rules: rules)
        var configuration = Configuration(baseDirectory: baseDirectory)
        configuration.path = path
        try reader.read(document, into: &configuration)
        return configuration
    }

    /// The starter file `lifeguard init` writes.
    public static func starter(rules: [RuleDescription]) -> String {
        var text = """
            # Lifeguard configuration. Lifeguard reads the YAML subset documented in README.md:
            # mappings, lists (block or [flow]), quoted or plain values, and # comments.

            # Paths to lint, as globs relative to this file (`**` any folders, `*` any name part).
            # Leave empty to lint every Swift file under the directory you run Lifeguard on.
            included: []

            # Paths never to lint. Excluded folders are not even walked. `.build`, `Pods`,
            # `Carthage`, `DerivedData`, `node_modules` and hidden folders are always skipped.
            excluded:
              - "**/Generated/**"

            # Rules to turn off, and opt-in rules to turn on (see `lifeguard rules`).
            disabled_rules: []
            opt_in_rules: []

            # Your own base classes, when Lifeguard cannot see their UIKit ancestry (say, they come
            # from a binary framework): their subclasses are treated as view controllers or views.
            controller_base_classes: []
            view_base_classes: []

            # Whether the app can show several window scenes (single | multiple). Lifeguard reads it
            # from the app's Info.plist or Xcode project when it finds them; set it here when it
            # cannot (a package, a pre-commit run on a few files).
            # scenes: single

            # Per-rule settings: `severity` (error, warning, note or off) and the rule's options.
            rules:

            """
        for rule in rules where !rule.options.isEmpty || rule.id == "missing_super_call" {
            text += "  # \(rule.id):\n  #   severity: \(rule.defaultSeverity.rawValue)\n"
            for option in rule.options {
                text += "  #   \(option.name): \(starterValue(option.defaultValue))   # \(option.summary)\n"
            }
        }
        return text
    }

    static func starterValue(_ value: OptionValue) -> String {
        switch value {
        case .bool(let flag): return String(flag)
        case .string(let text): return "\"\(text)\""
        case .strings(let items):
            let shown = items.prefix(3).map { "\"\($0)\"" }.joined(separator: ", ")
            return "[" + shown + (items.count > 3 ? ", ...]" : "]")
        }
    }
}

/// A configuration that cannot be used, with where the problem is.
public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var position: YAMLPosition?
    public var message: String

    /// `path:line:column: error: message`, the form editors and CI logs link to.
    public var description: String {
        if let position { return "\(path):\(position.line):\(position.column): error: \(message)" }
        return "\(path): error: \(message)"
    }
}

/// Validates a parsed document key by key.
struct ConfigurationReader {
    let path: String
    let rules: [RuleDescription]

    static let topLevelKeys = ["included", "excluded", "disabled_rules", "opt_in_rules", "controller_base_classes",
                               "view_base_classes", "scenes", "rules"]

    func error(_ message: String, at position: YAMLPosition) -> ConfigurationError {
        ConfigurationError(path: path, position: position, message: message)
    }

    mutating func read(_ document: YAMLNode, into configuration: inout Configuration) throws(ConfigurationError) {
        guard case .mapping(let entries, _) = document else {
            throw error("the configuration must be a mapping of settings, not \(document.kindName)", at: document.position)
        }
        for entry in entries {
            switch entry.key {
            case "included": configuration.included = try strings(entry)
            case "excluded": configuration.excluded = try strings(entry)
            case "disabled_rules": configuration.disabledRules = Set(try ruleIDs(entry))
            case "opt_in_rules": configuration.optInRules = Set(try ruleIDs(entry))
            case "controller_base_classes": configuration.controllerBaseClasses = Set(try strings(entry))
            case "view_base_classes": configuration.viewBaseClasses = Set(try strings(entry))
            case "scenes":
                guard case .scalar(let value, _, _) = entry.value, let scenes = SceneSupport(rawValue: value),
                      scenes != .unknown else {
                    throw error("'scenes' must be 'single' or 'multiple'", at: entry.value.position)
                }
                configuration.scenes = scenes
            case "rules": configuration.ruleSettings = try ruleSettings(entry)
            default:
                throw error(unknownKey(entry.key, known: Self.topLevelKeys, what: "setting"), at: entry.keyPosition)
            }
        }
        for id in configuration.disabledRules where configuration.optInRules.contains(id) {
            let position = entries.first { $0.key == "opt_in_rules" }?.keyPosition ?? YAMLPosition(line: 1, column: 1)
            throw error("rule '\(id)' is both disabled and opted in", at: position)
        }
    }

    func unknownRule(_ id: String) -> String {
        var message = "unknown rule '\(id)'"
        if let suggestion = closest(id, among: rules.map(\.id)) { message += "; did you mean '\(suggestion)'?" }
        return message + " (see `lifeguard rules`)"
    }

    func unknownKey(_ key: String, known: [String], what: String) -> String {
        var message = what.hasPrefix("option for")
            ? "unknown option '\(key)' \(what.dropFirst("option ".count))" : "unknown \(what) '\(key)'"
        if let suggestion = closest(key, among: known) { message += "; did you mean '\(suggestion)'?" }
        return message + " (expected one of: \(known.joined(separator: ", ")))"
    }

    func closest(_ word: String, among candidates: [String]) -> String? {
        Suggestions.closest(word, among: candidates)
    }

    func strings(_ entry: YAMLEntry) throws(ConfigurationError) -> [String] {
        try strings(entry.value, key: entry.key)
    }

    func strings(_ node: YAMLNode, key: String) throws(ConfigurationError) -> [String] {
        switch node {
        case .sequence(let items, _):
            var result: [String] = []
            for item in items {
                guard case .scalar(let value, _, let position) = item else {
                    throw error("'\(key)' must be a list of strings, but an item is \(item.kindName)", at: item.position)
                }
                guard !value.isEmpty else { throw error("'\(key)' has an empty item", at: position) }
                result.append(value)
            }
            return result
        case .scalar(let value, let quoted, _) where value.isEmpty && !quoted:
            return []
        default:
            throw error("'\(key)' must be a list of strings, not \(node.kindName)", at: node.position)
        }
    }

    func ruleIDs(_ entry: YAMLEntry) throws(ConfigurationError) -> [String] {
        guard case .sequence(let items, _) = entry.value else {
            if case .scalar(let value, false, _) = entry.value, value.isEmpty { return [] }
            throw error("'\(entry.key)' must be a list of rule ids, not \(entry.value.kindName)", at: entry.value.position)
        }
        var ids: [String] = []
        for item in items {
            guard case .scalar(let id, _, let position) = item else {
                throw error("'\(entry.key)' must be a list of rule ids", at: item.position)
            }
            guard rules.contains(where: { $0.id == id }) else {
                throw error(unknownRule(id), at: position)
            }
            ids.append(id)
        }
        return ids
    }

    func ruleSettings(_ entry: YAMLEntry) throws(ConfigurationError) -> [String: Configuration.RuleSettings] {
        if case .scalar(let value, false, _) = entry.value, value.isEmpty { return [:] }
        guard case .mapping(let ruleEntries, _) = entry.value else {
            throw error("'rules' must be a mapping from rule id to settings, not \(entry.value.kindName)", at: entry.value.position)
        }
        var result: [String: Configuration.RuleSettings] = [:]
        for ruleEntry in ruleEntries {
            guard let rule = rules.first(where: { $0.id == ruleEntry.key }) else {
                throw error(unknownRule(ruleEntry.key), at: ruleEntry.keyPosition)
            }
            guard case .mapping(let settings, _) = ruleEntry.value else {
                throw error("settings for '\(rule.id)' must be a mapping (severity and options), not \(ruleEntry.value.kindName)",
                            at: ruleEntry.value.position)
            }
            var parsed = Configuration.RuleSettings()
            let known = ["severity"] + rule.options.map(\.name)
            for setting in settings {
                if setting.key == "severity" {
                    guard case .scalar(let value, _, let position) = setting.value else {
                        throw error("'severity' must be one of error, warning, note, off", at: setting.value.position)
                    }
                    guard let severity = Configuration.SeveritySetting(rawValue: value) else {
                        throw error("'severity' must be one of error, warning, note, off, not '\(value)'", at: position)
                    }
                    parsed.severity = severity
                } else if let option = rule.options.first(where: { $0.name == setting.key }) {
                    parsed.options[option.name] = try value(setting, of: option)
                } else {
                    throw error(unknownKey(setting.key, known: known, what: "option for '\(rule.id)'"), at: setting.keyPosition)
                }
            }
            result[rule.id] = parsed
        }
        return result
    }

    func value(_ setting: YAMLEntry, of option: RuleOption) throws(ConfigurationError) -> OptionValue {
        switch option.kind {
        case .strings:
            return .strings(try strings(setting.value, key: setting.key))
        case .string:
            guard case .scalar(let value, _, _) = setting.value else {
                throw error("'\(setting.key)' must be a string, not \(setting.value.kindName)", at: setting.value.position)
            }
            return .string(value)
        case .bool:
            guard case .scalar(let value, false, let position) = setting.value, value == "true" || value == "false" else {
                throw error("'\(setting.key)' must be true or false", at: setting.value.position)
            }
            _ = position
            return .bool(value == "true")
        }
    }
}

/// The configuration's `excluded` and `included` globs, compiled once for a run: discovery asks
/// about every file and folder it meets, and matching each glob from its text again (normalized,
/// split, and its path split into characters, for every glob) made a configuration of thousands
/// of excluded folders quadratic (4,000 folders, 4,000 globs: 48 s). Globs that spell a path or a
/// name without wildcards (`Vendor`, `Sources/Old/**`, `Generated`) are looked up in sets; the
/// rest are compiled and filed under their literal text (`LiteralTrie`), so a path is matched
/// only against globs it starts (or, for `*Tests`, ends, or for `*Tests*` and `**/Gen/**`,
/// contains) like. Tried in turn against 4,000 files, 4,000 globs like `Sources/Gen0001*` took
/// 38 s, 4,000 included folders 47 s, 4,000 like `Sources/*/Gen0001*` (filed under their common
/// start) 30 s, and 4,000 each like `*Gen0001*` and `**/Gen0001/**` 63 s. Deciding which folders
/// to walk, 4,000 included globs like `Sources/*/Gen0001/**` took 48 s against 4,000 folders.
public struct PathFilter: Sendable {
    private let configuration: Configuration
    private let excluded: Globs
    private let included: Globs

    init(_ configuration: Configuration) {
        self.configuration = configuration
        excluded = Globs(configuration.excluded)
        included = Globs(configuration.included)
    }

    /// Whether a path (relative to the working directory) is excluded, or not included.
    public func isExcluded(_ path: String, isDirectory: Bool, workingDirectory: String) -> Bool {
        guard !included.isEmpty || !excluded.isEmpty else { return false }
        let relative = configuration.relativeToBase(path, workingDirectory: workingDirectory)
        let components = relative.split(separator: "/")
        if excluded.matchesPathOrAncestor(relative, components: components) { return true }
        if included.isEmpty { return false }
        if included.matchesPathOrAncestor(relative, components: components) { return false }
        // Walk a directory that lies above an included path: it may contain one.
        return !(isDirectory && included.mayMatchBelow(relative))
    }

    /// A list of globs, each compiled once.
    struct Globs: Sendable {
        /// Anchored globs of literal folders, each perhaps followed by `**` (`Vendor/Old`,
        /// `Vendor/**`), as their folders: a path matches when it or an ancestor is one.
        private var literalPaths: Set<String> = []
        /// Globs of one literal name (`Generated`): a path matches when one of its names is one.
        private var literalNames: Set<String> = []
        /// Globs with `/` and wildcards, filed under the text before their first wildcard
        /// (`Sources/Gen` for `Sources/Gen*/**`), a path tried only against those whose text it
        /// starts with, however many there are; or under a run of text between wildcards of one
        /// of their parts (`Gen` for `**/Gen/**`), which the path spells somewhere. Each glob under
        /// the text fewest globs share (see `init`); the few with no text at all (`*/*.swift`)
        /// are filed under none, and tried on every path.
        private var compiled: [Glob.Compiled] = []
        private var compiledByPrefix = LiteralTrie()
        private var compiledByInfix = LiteralTrie()
        /// Globs of one name with wildcards, the same way, with one more kind of text: the text
        /// after their last wildcard (`*Tests`), read backwards. The few with no text at all
        /// (`*`, `?*`) are filed under no suffix, and tried on every name.
        private var nameGlobs: [Glob.Compiled] = []
        private var nameGlobsByPrefix = LiteralTrie()
        private var nameGlobsBySuffix = LiteralTrie()
        private var nameGlobsByInfix = LiteralTrie()
        /// As written and compiled, for `mayMatchBelow`: anchored ones by the same prefixes as
        /// `compiled`, or, when a literal part before any `**` is shared by fewer globs than that
        /// prefix (`Gen0001` in `Sources/*/Gen0001/**`, whose prefix `Sources/` thousands share),
        /// by their parts; any glob without `/` may match below every folder.
        private var below: [[Substring]] = []
        private var belowByPrefix = LiteralTrie()
        private var belowByParts = PartTrie()
        private var anyUnanchored = false

        var isEmpty: Bool { below.isEmpty && !anyUnanchored }

        init(_ patterns: [String]) {
            var filings: [Filing] = []
            var belowPrefixes: [[UInt8]] = []
            for pattern in patterns {
                let normalized = Glob.normalize(pattern)
                let parts = normalized.split(separator: "/")
                // What anchored globs match is their parts, joined again (`/A` and `A//B` are `A` and `A/B`).
                let joined = parts.joined(separator: "/")
                if normalized.contains("/") {
                    belowPrefixes.append(Glob.literalPrefix(of: joined))
                    below.append(parts)
                } else {
                    anyUnanchored = true
                }
                if !normalized.contains("/"), !parts.isEmpty, parts.allSatisfy(Glob.isLiteralPart) {
                    literalNames.insert(normalized)
                    continue
                }
                // Trailing `**` matches the folder itself and all below it: for a path or its
                // ancestors, as the literal folder alone does.
                var folder = parts[...]
                while folder.last == "**" { folder = folder.dropLast() }
                if normalized.contains("/"), !folder.isEmpty, folder.allSatisfy(Glob.isLiteralPart) {
                    literalPaths.insert(folder.joined(separator: "/"))
                    continue
                }
                filings.append(Filing(normalized, joined: joined))
            }
            fileBelow(prefixes: belowPrefixes)
            // Each glob is filed under the text fewest globs share, so thousands of globs with a
            // common start (`Sources/*/Gen0001*`, `Sources/*/Gen0002*`) are told apart by the text
            // that differs, not all tried on every path under `Sources`.
            let uses = SharedTexts(filings.map { Set($0.texts) })
            for filing in filings {
                let chosen = filing.texts.enumerated().min { left, right in
                    // Fewest sharers first, then the earlier kind (prefix, suffix, runs longest first).
                    (uses[left.element], left.offset) < (uses[right.element], right.offset)
                }
                if filing.glob.anchored {
                    switch chosen {
                    case nil: compiledByPrefix.insert([], value: compiled.count)
                    case let (offset, text)? where offset == 0 && !filing.prefix.isEmpty:
                        compiledByPrefix.insert(text, value: compiled.count)
                    case let (_, text)?: compiledByInfix.insert(text, value: compiled.count)
                    }
                    compiled.append(filing.glob)
                } else {
                    switch chosen {
                    case nil: nameGlobsBySuffix.insert([], value: nameGlobs.count)
                    case let (offset, text)? where offset == 0 && !filing.prefix.isEmpty:
                        nameGlobsByPrefix.insert(text, value: nameGlobs.count)
                    case let (offset, text)? where offset == filing.suffixOffset:
                        nameGlobsBySuffix.insert(text.reversed(), value: nameGlobs.count)
                    case let (_, text)?: nameGlobsByInfix.insert(text, value: nameGlobs.count)
                    }
                    nameGlobs.append(filing.glob)
                }
            }
        }

        /// Files each anchored glob for `mayMatchBelow` under its prefix, or by its parts when a
        /// literal part before its first `**` is shared by fewer globs than the prefix is.
        private mutating func fileBelow(prefixes: [[UInt8]]) {
            let literalParts = below.map { parts in
                Set(parts.prefix { $0 != "**" }.filter(Glob.isLiteralPart).map { Array($0.utf8) })
            }
            let uses = SharedTexts(zip(prefixes, literalParts).map { $1.union([$0]) })
            for position in below.indices {
                let prefixUses = uses[prefixes[position]]
                if literalParts[position].contains(where: { uses[$0] < prefixUses }) {
                    belowByParts.insert(below[position])
                } else {
                    belowByPrefix.insert(prefixes[position], value: position)
                }
            }
        }

        /// How many globs of a list spell each text they may be filed under (each glob's texts
        /// given once).
        private struct SharedTexts {
            private var counts: [[UInt8]: Int] = [:]

            init(_ textsOfEachGlob: [Set<[UInt8]>]) {
                for texts in textsOfEachGlob {
                    for text in texts { counts[text, default: 0] += 1 }
                }
            }

            subscript(text: [UInt8]) -> Int { counts[text] ?? 0 }
        }

        /// A compiled glob and the texts it may be filed under, each spelled by every path it
        /// matches (see `Glob.literalPrefix`): its text before the first wildcard, for a glob of one
        /// name its text after the last, and its runs between wildcards (`Glob.literalRuns`).
        private struct Filing {
            let glob: Glob.Compiled
            let prefix: [UInt8]
            /// In order: the prefix, the suffix (at `suffixOffset`, when there is one), then the
            /// runs, longest first; only texts that are not empty.
            let texts: [[UInt8]]
            let suffixOffset: Int?

            init(_ normalized: String, joined: String) {
                glob = Glob.Compiled(normalized)
                prefix = Glob.literalPrefix(of: glob.anchored ? joined : normalized)
                var texts: [[UInt8]] = prefix.isEmpty ? [] : [prefix]
                let suffix = glob.anchored ? [] : Glob.literalSuffix(of: normalized)
                suffixOffset = suffix.isEmpty ? nil : texts.count
                if !suffix.isEmpty { texts.append(suffix) }
                texts += Glob.literalRuns(of: glob.anchored ? joined : normalized).sorted { $0.count > $1.count }
                self.texts = texts
            }
        }

        /// `Glob.matches(_:path:orAncestor: true)` of some glob of the list.
        func matchesPathOrAncestor(_ path: String, components: [Substring]) -> Bool {
            guard !components.isEmpty else {
                return compiled.contains { $0.matches(path, orAncestor: true) }
                    || nameGlobs.contains { $0.matches(path, orAncestor: true) }
            }
            if !literalNames.isEmpty, components.contains(where: { literalNames.contains(String($0)) }) { return true }
            if !literalPaths.isEmpty {
                var prefix = ""
                for component in components {
                    prefix = prefix.isEmpty ? String(component) : prefix + "/" + component
                    if literalPaths.contains(prefix) { return true }
                }
            }
            guard !compiled.isEmpty || !nameGlobs.isEmpty else { return false }
            let characters = components.map { Array($0) }
            if !nameGlobs.isEmpty {
                for (component, name) in zip(components, characters) {
                    let tries: (Int) -> Bool = { nameGlobs[$0].matches(components: [name], orAncestor: true) }
                    if nameGlobsByPrefix.anyFiled(underPrefixesOf: component.utf8, tries)
                        || nameGlobsBySuffix.anyFiled(underPrefixesOf: component.utf8.reversed(), tries)
                        || (!nameGlobsByInfix.isEmpty && nameGlobsByInfix.anyFiled(inside: Array(component.utf8), tries)) {
                        return true
                    }
                }
            }
            guard !compiled.isEmpty else { return false }
            // The globs see the path as its components joined by `/`, as they were split.
            let joined = Self.joinedBytes(components)
            let tries: (Int) -> Bool = { compiled[$0].matches(components: characters, orAncestor: true) }
            return compiledByPrefix.anyFiled(underPrefixesOf: joined, tries) || compiledByInfix.anyFiled(inside: joined, tries)
        }

        /// Whether files below `directory` could match a glob of the list (for deciding what to
        /// walk): any glob without `/`; an anchored one whose text before its first wildcard goes
        /// on past the folder's (`Sources/App` below `Sources`); or one whose text the folder's
        /// starts with and whose parts match the folder's components.
        func mayMatchBelow(_ directory: String) -> Bool {
            if anyUnanchored { return true }
            guard !below.isEmpty else { return false }
            let components = directory.split(separator: "/")
            let bytes = Self.joinedBytes(components) + (components.isEmpty ? [] : [UInt8(ascii: "/")])
            if belowByPrefix.hasLiteral(startingWith: bytes) { return true }
            return belowByPrefix.anyFiled(underPrefixesOf: bytes) { Glob.mayMatchBelow(parts: below[$0], components: components) }
                || belowByParts.mayMatchBelow(components)
        }

        private static func joinedBytes(_ components: [Substring]) -> [UInt8] {
            var bytes: [UInt8] = []
            for (position, component) in components.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: "/")) }
                bytes.append(contentsOf: component.utf8)
            }
            return bytes
        }
    }
}

/// Anchored globs by their parts, a node per distinct run of leading parts, for deciding which
/// folders to walk: `mayMatchBelow` walks a folder down a component at a time, looking literal
/// parts up by name, so thousands of globs that differ in a literal folder (`Sources/*/Gen0001/**`,
/// `Sources/*/Gen0002/**`) cost one lookup a component instead of a try each. Parts with
/// wildcards are tried in turn, once per distinct part.
struct PartTrie: Sendable {
    private struct Node: Sendable {
        /// The part that leads here (`[]` at the root).
        var part: [Character] = []
        /// Children by literal part, under its text (`String` equality is canonical equivalence,
        /// as `Character`'s is; each child is still compared by its characters).
        var literal: [String: [Int32]] = [:]
        /// Children by a part with wildcards, each distinct one once.
        var patterns: [Int32] = []
        var patternsByText: [[UInt8]: Int32] = [:]
        /// Some glob's next part is `**`: it may match below whatever reaches this node.
        var doubleStar = false
    }

    private var nodes = [Node()]
    private var isEmpty = true

    mutating func insert(_ parts: [Substring]) {
        isEmpty = false
        var node = 0
        for part in parts {
            if part == "**" {
                nodes[node].doubleStar = true
                return
            }
            let characters = Array(part)
            if Glob.isLiteralPart(part) {
                let key = String(part)
                if let existing = nodes[node].literal[key]?.first(where: { nodes[Int($0)].part == characters }) {
                    node = Int(existing)
                    continue
                }
                nodes.append(Node(part: characters))
                nodes[node].literal[key, default: []].append(Int32(nodes.count - 1))
            } else {
                let key = Array(part.utf8)
                if let existing = nodes[node].patternsByText[key] {
                    node = Int(existing)
                    continue
                }
                nodes.append(Node(part: characters))
                nodes[node].patternsByText[key] = Int32(nodes.count - 1)
                nodes[node].patterns.append(Int32(nodes.count - 1))
            }
            node = nodes.count - 1
        }
    }

    /// `Glob.mayMatchBelow(parts:components:)` of some glob inserted: the folder's components
    /// are matched by a glob's leading parts until the folder ends or the glob's next part is `**`.
    func mayMatchBelow(_ components: [Substring]) -> Bool {
        guard !isEmpty else { return false }
        // Nodes reached by the components so far: at most one per distinct run of leading parts.
        var states = [0]
        for component in components {
            let characters = Array(component)
            let key = String(component)
            var next: [Int] = []
            for state in states {
                let node = nodes[state]
                if node.doubleStar { return true }
                for child in node.literal[key] ?? [] where nodes[Int(child)].part == characters { next.append(Int(child)) }
                for child in node.patterns where Glob.matchComponent(nodes[Int(child)].part, characters) { next.append(Int(child)) }
            }
            if next.isEmpty { return false }
            states = next
        }
        return true
    }
}

/// Byte strings in a trie, each with the values filed under it: `anyFiled(underPrefixesOf:)` finds
/// the values of every string a text starts with in one walk of the text, however many strings
/// there are (the globs of a configuration, filed under their literal text).
struct LiteralTrie: Sendable {
    private var children: [[UInt8: Int32]] = [[:]]
    private var values: [[Int]] = [[]]

    /// Nothing filed.
    var isEmpty: Bool { children[0].isEmpty && values[0].isEmpty }

    mutating func insert(_ literal: some Sequence<UInt8>, value: Int) {
        var node = 0
        for byte in literal {
            if let next = children[node][byte] {
                node = Int(next)
            } else {
                children[node][byte] = Int32(children.count)
                node = children.count
                children.append([:])
                values.append([])
            }
        }
        values[node].append(value)
    }

    /// Whether `body` holds for a value filed under a prefix of `text` (the empty one included),
    /// tried shortest first.
    func anyFiled(underPrefixesOf text: some Sequence<UInt8>, _ body: (Int) -> Bool) -> Bool {
        var node = 0
        var iterator = text.makeIterator()
        while true {
            if values[node].contains(where: body) { return true }
            guard let byte = iterator.next(), let next = children[node][byte] else { return false }
            node = Int(next)
        }
    }

    /// Whether `body` holds for a value filed under a string `text` holds somewhere: one walk
    /// from each of its bytes, as long as the longest string filed at most, however many strings
    /// there are. A value may be tried more than once, when its string recurs in `text`.
    func anyFiled(inside text: [UInt8], _ body: (Int) -> Bool) -> Bool {
        guard !isEmpty else { return false }
        if values[0].contains(where: body) { return true }
        for start in text.indices {
            var node = 0
            var position = start
            while position < text.count, let next = children[node][text[position]] {
                node = Int(next)
                if values[node].contains(where: body) { return true }
                position += 1
            }
        }
        return false
    }

    /// Whether some string filed is longer than `text` and starts with it.
    func hasLiteral(startingWith text: [UInt8]) -> Bool {
        var node = 0
        for byte in text {
            guard let next = children[node][byte] else { return false }
            node = Int(next)
        }
        return !children[node].isEmpty
    }
}

/// Path globs: `**` matches any number of folders, `*` any run of characters within one path
/// component, `?` one character. A pattern without a slash may match a file or folder name at
/// any depth (`Generated` excludes every `Generated` folder); a pattern with one is anchored at
/// the configuration's directory.
public enum Glob {
    /// Whether `pattern` matches `path` or (with `orAncestor`) one of its parent folders.
    public static func matches(_ pattern: String, path: String, orAncestor: Bool = false) -> Bool {
        Compiled(normalize(pattern)).matches(path, orAncestor: orAncestor)
    }

    /// A normalized glob, split once.
    struct Compiled: Sendable {
        let pattern: String
        let anchored: Bool
        /// The pattern's characters, for one without `/`.
        let characters: [Character]
        /// Its parts, for one with `/`: `nil` stands for `**`.
        let parts: [[Character]?]

        init(_ normalized: String) {
            pattern = normalized
            anchored = normalized.contains("/")
            characters = anchored ? [] : Array(normalized)
            parts = anchored ? normalized.split(separator: "/").map { $0 == "**" ? nil : Array($0) } : []
        }

        func matches(_ path: String, orAncestor: Bool) -> Bool {
            let components = path.split(separator: "/").map { Array($0) }
            guard !components.isEmpty else {
                return !orAncestor && anchored && match(pattern.split(separator: "/").map(String.init)[...], [])
            }
            return matches(components: components, orAncestor: orAncestor)
        }

        /// For a path of at least one component.
        func matches(components: [[Character]], orAncestor: Bool) -> Bool {
            if !anchored {
                // A pattern without `/` matches a name at any depth: the last one, or (with
                // `orAncestor`) any of them.
                if orAncestor { return components.contains { matchComponent(characters, $0) } }
                return matchComponent(characters, components[components.count - 1])
            }
            return matchParts(components, orAncestor: orAncestor)
        }

        /// One pass over the path, tracking which pattern parts could come next (`**` matches any
        /// number of folders): linear in the path's depth, where matching every ancestor again
        /// from the start is quadratic.
        private func matchParts(_ components: [[Character]], orAncestor: Bool) -> Bool {
            func close(_ states: inout [Bool]) {
                for index in parts.indices where states[index] && parts[index] == nil { states[index + 1] = true }
            }
            var states = [Bool](repeating: false, count: parts.count + 1)
            states[0] = true
            close(&states)
            for component in components {
                var next = [Bool](repeating: false, count: parts.count + 1)
                for index in parts.indices where states[index] {
                    if let part = parts[index] {
                        if matchComponent(part, component) { next[index + 1] = true }
                    } else {
                        next[index] = true
                    }
                }
                close(&next)
                states = next
                if orAncestor && states[parts.count] { return true }
                if !states.contains(true) { return false }
            }
            return states[parts.count]
        }
    }

    /// Whether files below `directory` could match `pattern` (for deciding what to walk).
    public static func mayMatchBelow(_ pattern: String, directory: String) -> Bool {
        let pattern = normalize(pattern)
        guard pattern.contains("/") else { return true }
        return mayMatchBelow(parts: pattern.split(separator: "/"), components: directory.split(separator: "/"))
    }

    /// `mayMatchBelow(_:directory:)` for a pattern with `/`, split.
    static func mayMatchBelow(parts: [Substring], components: [Substring]) -> Bool {
        for (index, component) in components.enumerated() {
            guard index < parts.count else { return false }
            let part = parts[index]
            if part == "**" { return true }
            if !matchComponent(Array(part), Array(component)) { return false }
        }
        return true
    }

    /// The bytes of a normalized pattern before its first wildcard, which every path it matches
    /// (or whose ancestor it matches) starts with. Characters compare by canonical equivalence,
    /// bytes do not: the text stops at the first character some other spelling is equivalent to
    /// (anything not ASCII, and `K`, `;` and `` ` ``, which KELVIN SIGN, GREEK QUESTION MARK and
    /// GREEK VARIA are), so a path that matches never spells it differently. A letter a non-ASCII
    /// scalar follows goes too: with a combining mark it is another character (`e` and U+0301
    /// are `é`, which a path may spell as U+00E9).
    static func literalPrefix(of pattern: String) -> [UInt8] {
        let bytes = Array(pattern.utf8)
        let count = bytes.prefix { isLiteralByte($0) }.count
        return Array(bytes[..<literalEnd(bytes, start: 0, stop: count)])
    }

    /// Where literal text from `start` ends when `stop` is the first byte that is not literal: a
    /// byte sooner when `stop` is a non-ASCII scalar's, since the letter before it may be
    /// another character with it.
    private static func literalEnd(_ bytes: [UInt8], start: Int, stop: Int) -> Int {
        stop < bytes.count && bytes[stop] >= 0x80 ? max(start, stop - 1) : stop
    }

    /// A part of a glob without wildcards (`Sources`, not `Gen*` or `**`).
    static func isLiteralPart(_ part: Substring) -> Bool {
        !part.contains("*") && !part.contains("?")
    }

    /// The bytes of a pattern after its last wildcard, on the same terms.
    static func literalSuffix(of pattern: String) -> [UInt8] {
        Array(pattern.utf8.reversed().prefix { isLiteralByte($0) }.reversed())
    }

    /// The runs of bytes between wildcards within one part of a normalized pattern, on the terms
    /// of `literalPrefix`, which every path the pattern matches (or whose ancestor it matches)
    /// spells somewhere: a run never reaches across `/`, since `**/` may match no folder at all.
    /// None for a pattern without such text (`*`, `**/*`).
    static func literalRuns(of pattern: String) -> [[UInt8]] {
        let bytes = Array(pattern.utf8)
        var runs: [[UInt8]] = []
        var start = 0
        for index in 0...bytes.count where index == bytes.count || !isLiteralByte(bytes[index]) || bytes[index] == UInt8(ascii: "/") {
            let end = literalEnd(bytes, start: start, stop: index)
            if end > start { runs.append(Array(bytes[start..<end])) }
            start = index + 1
        }
        return runs
    }

    private static func isLiteralByte(_ byte: UInt8) -> Bool {
        byte < 0x80 && byte != UInt8(ascii: "*") && byte != UInt8(ascii: "?") && byte != UInt8(ascii: "K")
            && byte != UInt8(ascii: ";") && byte != UInt8(ascii: "`")
    }

    static func normalize(_ pattern: String) -> String {
        var result = pattern
        while result.hasPrefix("./") { result.removeFirst(2) }
        while result.count > 1, result.hasSuffix("/") { result.removeLast() }
        return result
    }

    static func match(_ pattern: ArraySlice<String>, _ path: ArraySlice<String>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == "**" {
            let rest = pattern.dropFirst()
            var remaining = path
            while true {
                if match(rest, remaining) { return true }
                guard !remaining.isEmpty else { return false }
                remaining = remaining.dropFirst()
            }
        }
        guard let component = path.first, matchComponent(Array(first), Array(component)) else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    /// `*` and `?` within one path component, by dynamic programming (no backtracking blow-up).
    static func matchComponent(_ pattern: [Character], _ text: [Character]) -> Bool {
        var previous = [Bool](repeating: false, count: text.count + 1)
        previous[0] = true
        for symbol in pattern {
            var current = [Bool](repeating: false, count: text.count + 1)
            if symbol == "*" {
                current[0] = previous[0]
                for index in 1...max(1, text.count) where index <= text.count {
                    current[index] = current[index - 1] || previous[index]
                }
            } else {
                for index in stride(from: 1, through: text.count, by: 1) {
                    current[index] = previous[index - 1] && (symbol == "?" || symbol == text[index - 1])
                }
            }
            previous = current
        }
        return previous[text.count]
    }
}
