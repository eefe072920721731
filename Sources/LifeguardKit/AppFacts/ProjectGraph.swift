/// The objects of an Xcode project file as numbered records: each object id (`8D1107260486CEB8`…)
/// becomes a number the first time it is seen, references are those numbers, and an object keeps
/// only the fields the project reader asks. Read straight from an old-style file's bytes, the
/// project is never built as nested dictionaries of strings keyed by 24-digit ids, which is most
/// of what reading a large project cost.
struct ProjectGraph {
    /// What an object is, as far as the reader cares.
    enum Kind: Equatable { case nativeTarget, sourcesBuildPhase, other }

    struct Object {
        var kind = Kind.other
        var name: String?
        var path: String?
        var sourceTree: String?
        var productName: String?
        /// `productType = "com.apple.product-type.application"`.
        var isApplication = false
        var children: [Int32] = []
        var buildPhases: [Int32] = []
        var files: [Int32] = []
        var fileSystemSynchronizedGroups: [Int32] = []
        var buildConfigurations: [Int32] = []
        var fileRef: Int32?
        var buildConfigurationList: Int32?
        /// The build settings the reader asks, when `buildSettings` is a dictionary.
        var buildSettings: BuildSettings?
    }

    struct BuildSettings {
        var infoPlistFile: String?
        var supportsMultipleScenes: String?
        var sceneManifestGeneration: String?
    }

    /// By number; `nil` for an id that is referred to but never defined.
    private(set) var objects: [Object?] = []
    /// The defined objects' numbers, in the order they were read (file order when read straight
    /// from the file, so a file two groups list takes the last one's path; a dictionary's order
    /// otherwise).
    private(set) var defined: [Int32] = []
    private var numbers = IDNumbers()

    func object(_ number: Int32?) -> Object? {
        guard let number, number >= 0, Int(number) < objects.count else { return nil }
        return objects[Int(number)]
    }

    // One object's fields read in place: `object(_:)` hands out a copy, which retains each of
    // the object's arrays and strings (and releases them after), for a field or two.

    /// Whether `number` is an application's native target.
    func isApplicationTarget(_ number: Int32) -> Bool {
        guard number >= 0, Int(number) < objects.count else { return false }
        return objects[Int(number)]?.kind == .nativeTarget && objects[Int(number)]?.isApplication == true
    }

    /// The `fileRef` of `number`; `nil` also for no object.
    func fileRef(of number: Int32) -> Int32? {
        guard number >= 0, Int(number) < objects.count else { return nil }
        return objects[Int(number)]?.fileRef
    }

    /// The `path` and `sourceTree` of `number`; `nil` for no object.
    func location(of number: Int32) -> (path: String?, sourceTree: String?)? {
        guard number >= 0, Int(number) < objects.count, objects[Int(number)] != nil else { return nil }
        return (objects[Int(number)]?.path, objects[Int(number)]?.sourceTree)
    }

    private mutating func define(_ number: Int32, _ object: Object) {
        if objects[Int(number)] == nil { defined.append(number) }
        objects[Int(number)] = object
    }

    private mutating func number(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        let number = numbers.number(bytes)
        if Int(number) == objects.count { objects.append(nil) }
        return number
    }

    private mutating func number(_ id: String) -> Int32 {
        var id = id
        return id.withUTF8 { number($0) }
    }

    // MARK: - From a parsed property list

    /// The graph of a project's `objects` dictionary (a converted XML or binary project, or an
    /// old-style one the direct reader turned down).
    init(objects: [String: OldStylePlist]) {
        var graph = ProjectGraph()
        for (id, value) in objects {
            let number = graph.number(id)
            var object = Object()
            if let fields = value.dictionary {
                func string(_ key: String) -> String? { fields[key]?.string }
                func references(_ key: String) -> [Int32] { (fields[key]?.strings ?? []).map { graph.number($0) } }
                object.kind = Self.kind(string("isa"))
                object.name = string("name")
                object.path = string("path")
                object.sourceTree = string("sourceTree")
                object.productName = string("productName")
                object.isApplication = string("productType") == Self.applicationProductType
                object.children = references("children")
                object.buildPhases = references("buildPhases")
                object.files = references("files")
                object.fileSystemSynchronizedGroups = references("fileSystemSynchronizedGroups")
                object.buildConfigurations = references("buildConfigurations")
                object.fileRef = string("fileRef").map { graph.number($0) }
                object.buildConfigurationList = string("buildConfigurationList").map { graph.number($0) }
                if let settings = fields["buildSettings"]?.dictionary {
                    object.buildSettings = BuildSettings(
                        infoPlistFile: settings["INFOPLIST_FILE"]?.string,
                        supportsMultipleScenes: settings["INFOPLIST_KEY_UIApplicationSupportsMultipleScenes"]?.string,
                        sceneManifestGeneration: settings["INFOPLIST_KEY_UIApplicationSceneManifest_Generation"]?.string)
                }
            }
            graph.define(number, object)
        }
        self = graph
    }

    static let applicationProductType = applicationProductTypeText.description
    private static let applicationProductTypeText: StaticString = "com.apple.product-type.application"

    static func kind(_ isa: String?) -> Kind {
        switch isa {
        case "PBXNativeTarget": return .nativeTarget
        case "PBXSourcesBuildPhase": return .sourcesBuildPhase
        default: return .other
        }
    }

    /// `kind(_:)` of a string's UTF-8 bytes, with no string made. Byte equality is string
    /// equality here: no character of these ASCII spellings has another canonically
    /// equivalent spelling (only `K`, `;` and `` ` `` have, as singletons).
    static func kind(_ isa: UnsafeBufferPointer<UInt8>) -> Kind {
        if spells(isa, "PBXNativeTarget") { return .nativeTarget }
        if spells(isa, "PBXSourcesBuildPhase") { return .sourcesBuildPhase }
        return .other
    }

    /// Whether UTF-8 `bytes` are the application product type (see `kind(_:)` on why bytes do).
    static func isApplicationProductType(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        spells(bytes, applicationProductTypeText)
    }

    private static func spells(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
        bytes.count == text.utf8CodeUnitCount
            && bytes.elementsEqual(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    // MARK: - Straight from an old-style file

    /// The graph of an old-style project file, or `nil` when the file is not the plain shape
    /// Xcode writes (a syntax error, a second `objects`, no `objects` dictionary): the caller
    /// then parses it as a property list, which reads what it can and reports what it cannot,
    /// with the same answers.
    init?(oldStyle bytes: [UInt8]) {
        var graph = ProjectGraph()
        // Xcode writes an object per couple of hundred bytes: room for about that many spares
        // moving the large records each time the table doubles.
        graph.objects.reserveCapacity(bytes.count / 256)
        graph.defined.reserveCapacity(bytes.count / 256)
        let read: Bool = bytes.withUnsafeBufferPointer { buffer in
            var reader = DirectReader(parser: OldStylePlist.Parser(bytes: buffer))
            return (try? reader.readFile(into: &graph)) == true
        }
        guard read else { return nil }
        self = graph
    }

    private init() {}

    /// Reads the file's top-level dictionary and its `objects` with the property-list parser's
    /// own checks, building only what `Object` keeps.
    private struct DirectReader {
        var parser: OldStylePlist.Parser

        /// The keys an object's fields come from, in `Field` order.
        static let fieldKeys: NameSlots = [String](arrayLiteral:
            "isa", "name", "path", "sourceTree", "productName", "productType", "children", "buildPhases", "files",
            "fileSystemSynchronizedGroups", "buildConfigurations", "fileRef", "buildConfigurationList", "buildSettings"
        ).reduce(into: NameSlots()) { _ = $0.insert($1) }
        static let settingKeys: NameSlots = [String](arrayLiteral:
            "INFOPLIST_FILE", "INFOPLIST_KEY_UIApplicationSupportsMultipleScenes",
            "INFOPLIST_KEY_UIApplicationSceneManifest_Generation"
        ).reduce(into: NameSlots()) { _ = $0.insert($1) }

        /// Whether the file was read; `false` (or a thrown error) sends it to the general parser.
        mutating func readFile(into graph: inout ProjectGraph) throws -> Bool {
            try parser.expect(UInt8(ascii: "{"))
            var sawObjects = false
            while try !closes(UInt8(ascii: "}")) {
                let key = try parser.string()
                try parser.expect(UInt8(ascii: "="))
                if key == "objects" {
                    guard !sawObjects, try opens(UInt8(ascii: "{")) else { return false }
                    sawObjects = true
                    try readObjects(into: &graph)
                } else {
                    _ = try parser.value(depth: 1, builds: false)
                }
                try parser.expect(UInt8(ascii: ";"))
            }
            try parser.skipTrivia()
            return sawObjects && parser.position == parser.bytes.count
        }

        /// Skips trivia; consumes `byte` when it comes next.
        private mutating func closes(_ byte: UInt8) throws -> Bool {
            try parser.skipTrivia()
            guard parser.position < parser.bytes.count else { throw parser.error("unterminated dictionary") }
            guard parser.bytes[parser.position] == byte else { return false }
            parser.position += 1
            return true
        }

        private mutating func opens(_ byte: UInt8) throws -> Bool {
            try parser.skipTrivia()
            guard parser.position < parser.bytes.count, parser.bytes[parser.position] == byte else { return false }
            parser.position += 1
            return true
        }

        /// A string's bytes to `body`: in place for an unquoted one, decoded for a quoted one.
        private mutating func withString<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) throws -> T {
            if let run = try parser.unquotedString() { return body(UnsafeBufferPointer(rebasing: parser.bytes[run])) }
            var text = try parser.string()
            return text.withUTF8(body)
        }

        private mutating func readObjects(into graph: inout ProjectGraph) throws {
            while try !closes(UInt8(ascii: "}")) {
                let number = try withString { graph.number($0) }
                try parser.expect(UInt8(ascii: "="))
                var object = Object()
                if try opens(UInt8(ascii: "{")) {
                    try readFields(of: &object, graph: &graph)
                } else {
                    // Not a dictionary: an object with no fields, as the general reader sees it.
                    _ = try parser.value(depth: 2, builds: false)
                }
                try parser.expect(UInt8(ascii: ";"))
                graph.define(number, object)
            }
        }

        private mutating func readFields(of object: inout Object, graph: inout ProjectGraph) throws {
            while try !closes(UInt8(ascii: "}")) {
                let field = try withString { Self.fieldKeys.slot(of: $0) } ?? -1
                try parser.expect(UInt8(ascii: "="))
                switch field {
                case 0: object.kind = try ifString(depth: 3) { try $0.withString { ProjectGraph.kind($0) } } ?? .other
                case 1: object.name = try stringValue()
                case 2: object.path = try stringValue()
                case 3: object.sourceTree = try stringValue()
                case 4: object.productName = try stringValue()
                case 5:
                    object.isApplication = try ifString(depth: 3) {
                        try $0.withString { ProjectGraph.isApplicationProductType($0) }
                    } ?? false
                case 6: object.children = try references(graph: &graph)
                case 7: object.buildPhases = try references(graph: &graph)
                case 8: object.files = try references(graph: &graph)
                case 9: object.fileSystemSynchronizedGroups = try references(graph: &graph)
                case 10: object.buildConfigurations = try references(graph: &graph)
                case 11: object.fileRef = try reference(graph: &graph)
                case 12: object.buildConfigurationList = try reference(graph: &graph)
                case 13:
                    if try opens(UInt8(ascii: "{")) {
                        object.buildSettings = try readSettings()
                    } else {
                        object.buildSettings = nil
                        _ = try parser.value(depth: 3, builds: false)
                    }
                default:
                    _ = try parser.value(depth: 3, builds: false)
                }
                try parser.expect(UInt8(ascii: ";"))
            }
        }

        private mutating func readSettings() throws -> BuildSettings {
            var settings = BuildSettings()
            while try !closes(UInt8(ascii: "}")) {
                let key = try withString { Self.settingKeys.slot(of: $0) } ?? -1
                try parser.expect(UInt8(ascii: "="))
                switch key {
                case 0: settings.infoPlistFile = try stringValue(depth: 4)
                case 1: settings.supportsMultipleScenes = try stringValue(depth: 4)
                case 2: settings.sceneManifestGeneration = try stringValue(depth: 4)
                default: _ = try parser.value(depth: 4, builds: false)
                }
                try parser.expect(UInt8(ascii: ";"))
            }
            return settings
        }

        /// A value that should be a string, read by `read`; `nil` (read past at `depth`, with the
        /// general parser's checks) when it is an array, a dictionary or data, as
        /// `OldStylePlist.string` answers.
        private mutating func ifString<T>(depth: Int, _ read: (inout DirectReader) throws -> T) throws -> T? {
            try parser.skipTrivia()
            guard parser.position < parser.bytes.count else { throw parser.error("unexpected end of file") }
            switch parser.bytes[parser.position] {
            case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "<"):
                _ = try parser.value(depth: depth, builds: false)
                return nil
            default:
                return try read(&self)
            }
        }

        private mutating func stringValue(depth: Int = 3) throws -> String? {
            try ifString(depth: depth) { try $0.parser.string() }
        }

        private mutating func reference(depth: Int = 3, graph: inout ProjectGraph) throws -> Int32? {
            try ifString(depth: depth) { reader in try reader.withString { graph.number($0) } }
        }

        /// The strings of an array value, numbered (other elements skipped, as
        /// `OldStylePlist.strings` does); empty for anything but an array.
        private mutating func references(graph: inout ProjectGraph) throws -> [Int32] {
            guard try opens(UInt8(ascii: "(")) else {
                _ = try parser.value(depth: 3, builds: false)
                return []
            }
            var result: [Int32] = []
            while true {
                try parser.skipTrivia()
                guard parser.position < parser.bytes.count else { throw parser.error("unterminated array") }
                if parser.bytes[parser.position] == UInt8(ascii: ")") {
                    parser.position += 1
                    return result
                }
                if let number = try reference(depth: 4, graph: &graph) { result.append(number) }
                try parser.skipTrivia()
                guard parser.position < parser.bytes.count else { throw parser.error("unterminated array") }
                if parser.bytes[parser.position] == UInt8(ascii: ",") {
                    parser.position += 1
                } else if parser.bytes[parser.position] != UInt8(ascii: ")") {
                    throw parser.error("expected ',' or ')'")
                }
            }
        }
    }
}

/// Numbers for object ids. Xcode's ids are 24 characters (hexadecimal digits), kept as their
/// three 8-byte words in a table of their own, probed with a multiplicative hash: `Dictionary`
/// hashed each of a large project's hundred thousand references with a seeded SipHash, and the
/// digits were decoded first. Any other id (another tool's, a hand-written one, one with
/// non-ASCII bytes) is a string. Two ids get one number exactly when they are equal strings: for
/// ASCII that is when their bytes are equal.
private struct IDNumbers {
    private var words = WordTable()
    private var other: [String: Int32] = [:]
    private var count: Int32 = 0

    mutating func number(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        if bytes.count == 24, let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            let key = WordTable.Key(first: raw.loadUnaligned(as: UInt64.self),
                                    second: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self),
                                    third: raw.loadUnaligned(fromByteOffset: 16, as: UInt64.self))
            if (key.first | key.second | key.third) & 0x8080_8080_8080_8080 == 0 {
                let number = words.numberInsertingIfAbsent(key, count)
                if number == count { count += 1 }
                return number
            }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        if let known = other[text] { return known }
        other[text] = count
        count += 1
        return count - 1
    }
}

/// Open addressing from three words to a number, at most half full.
private struct WordTable {
    struct Key: Equatable {
        var first: UInt64
        var second: UInt64
        var third: UInt64
    }
    private struct Bucket {
        var key: Key
        /// -1: empty.
        var number: Int32
    }
    private var buckets: [Bucket] = []
    private var count = 0
    private var bits = 0

    /// The number of `key`, which is given `number` first if it has none.
    mutating func numberInsertingIfAbsent(_ key: Key, _ number: Int32) -> Int32 {
        if (count + 1) * 2 > buckets.count { grow() }
        let bucket = find(key)
        if buckets[bucket].number >= 0 { return buckets[bucket].number }
        buckets[bucket] = Bucket(key: key, number: number)
        count += 1
        return number
    }

    /// The bucket holding `key`, or the empty one where it would go.
    private func find(_ key: Key) -> Int {
        let mixed = (key.first &* 0x9E37_79B9_7F4A_7C15) ^ (key.second &* 0xC2B2_AE3D_27D4_EB4F) ^ key.third
        let mask = buckets.count - 1
        var bucket = Int(truncatingIfNeeded: (mixed &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
        return buckets.withUnsafeBufferPointer { buckets in
            while true {
                let stored = buckets[bucket]
                if stored.number < 0 || stored.key == key { return bucket }
                bucket = (bucket + 1) & mask
            }
        }
    }

    private mutating func grow() {
        let old = buckets
        bits = max(bits + 1, 10)
        buckets = [Bucket](repeating: Bucket(key: Key(first: 0, second: 0, third: 0), number: -1), count: 1 << bits)
        for entry in old where entry.number >= 0 { buckets[find(entry.key)] = entry }
    }
}
