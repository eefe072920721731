#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// A value of an old-style (OpenStep) property list, the format of `project.pbxproj`.
///
/// Xcode projects are read with this small parser rather than `PropertyListSerialization`: a
/// large app has projects of several megabytes, and Foundation's reader, with the bridging of its
/// result to Swift dictionaries, took a tenth of a whole run's CPU. Info.plists (XML or binary)
/// go through FoundationEssentials' `PropertyListDecoder` (`AppPlist.read`).
public enum OldStylePlist: Sendable, Equatable {
    case string(String)
    case array([OldStylePlist])
    case dictionary([String: OldStylePlist])
    /// `<0fbd 7a>`: kept as its hex digits; nothing here reads data values.
    case data(String)

    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var array: [OldStylePlist]? {
        if case .array(let value) = self { return value }
        return nil
    }

    public var dictionary: [String: OldStylePlist]? {
        if case .dictionary(let value) = self { return value }
        return nil
    }

    /// The strings of an array value (non-strings skipped); empty for anything else.
    public var strings: [String] { array?.compactMap(\.string) ?? [] }

    public subscript(key: String) -> OldStylePlist? { dictionary?[key] }

    /// Why a file is not an old-style plist.
    public struct SyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
        public var offset: Int
        public var reason: String
        public var description: String { "\(reason) at byte \(offset)" }
    }

    /// Parses a whole file: one value, then nothing but comments and white space.
    public static func parse(_ bytes: [UInt8]) throws -> OldStylePlist {
        try bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(bytes: buffer)
            let value = try parser.value(depth: 0)
            try parser.skipTrivia()
            guard parser.position == buffer.count else { throw parser.error("unexpected text after the value") }
            return value
        }
    }

    /// Parses a whole file keeping, in dictionaries nested two deep or more (a project's objects
    /// and what they hold), only the entries whose keys are in `keys`; the others are checked as
    /// strictly and skipped without being built. A project reader asks a dozen keys of thousands
    /// of objects, and most of the file is build settings it never reads.
    public static func parse(_ bytes: [UInt8], keepingNestedKeys keys: [String]) throws -> OldStylePlist {
        try bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(bytes: buffer)
            parser.keptKeys = keys.reduce(into: NameSlots()) { _ = $0.insert($1) }
            let value = try parser.value(depth: 0)
            try parser.skipTrivia()
            guard parser.position == buffer.count else { throw parser.error("unexpected text after the value") }
            return value
        }
    }

    /// Also read by `ProjectGraph`, which reads a project file's objects with the same checks.
    struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0
        /// Keys kept in dictionaries from `keptFromDepth` down; `nil`: every key.
        var keptKeys: NameSlots?
        static let keptFromDepth = 2
        /// Nesting deeper than any project file, so hostile input cannot exhaust the stack.
        static let maxDepth = 256

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        func error(_ reason: String) -> SyntaxError { SyntaxError(offset: position, reason: reason) }

        mutating func skipTrivia() throws {
            while position < bytes.count {
                let byte = bytes[position]
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                    position += 1
                } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "/") {
                    while position < bytes.count, bytes[position] != 0x0A { position += 1 }
                } else if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "*") {
                    // A project file comments every reference (`/* Screen.swift in Sources */`):
                    // the closing star is searched for with `memchr`, not byte by byte.
                    let start = position
                    position += 2
                    while true {
                        guard position + 1 < bytes.count, let base = bytes.baseAddress,
                              let star = memchr(base + position, Int32(UInt8(ascii: "*")), bytes.count - 1 - position) else {
                            position = start
                            throw error("unterminated comment")
                        }
                        position = base.distance(to: star.assumingMemoryBound(to: UInt8.self))
                        if bytes[position + 1] == UInt8(ascii: "/") { break }
                        position += 1
                    }
                    position += 2
                } else {
                    return
                }
            }
        }

        mutating func expect(_ byte: UInt8) throws {
            try skipTrivia()
            guard position < bytes.count, bytes[position] == byte else {
                throw error("expected '\(Character(Unicode.Scalar(byte)))'")
            }
            position += 1
        }

        /// Reads one value. With `builds` false it is read with the same checks and nothing is
        /// built (an entry of a key nobody asks for): the result is then an empty placeholder.
        mutating func value(depth: Int, builds: Bool = true) throws -> OldStylePlist {
            guard depth < Self.maxDepth else { throw error("nested too deeply") }
            try skipTrivia()
            guard position < bytes.count else { throw error("unexpected end of file") }
            switch bytes[position] {
            case UInt8(ascii: "{"):
                position += 1
                var dictionary: [String: OldStylePlist] = [:]
                // A project's `objects` holds an entry per couple of hundred bytes of the file:
                // sized for them, it is not rehashed a dozen times as it grows.
                if builds, depth == 1 { dictionary.reserveCapacity(bytes.count / 256) }
                // An object keeps a few of its entries (its `isa`, a name or path, a reference or
                // two): room for them at once spares the growth from one entry to two to four.
                if builds, depth == Self.keptFromDepth, keptKeys != nil { dictionary.reserveCapacity(4) }
                while true {
                    try skipTrivia()
                    guard position < bytes.count else { throw error("unterminated dictionary") }
                    if bytes[position] == UInt8(ascii: "}") {
                        position += 1
                        return builds ? .dictionary(dictionary) : Self.placeholder
                    }
                    // `nil`: the entry is read past, not built.
                    let key: String?
                    if !builds {
                        try skipString()
                        key = nil
                    } else if depth >= Self.keptFromDepth, let kept = keptKeys {
                        key = try keptKey(kept)
                    } else {
                        key = try string()
                    }
                    try expect(UInt8(ascii: "="))
                    let entry = try value(depth: depth + 1, builds: key != nil)
                    try expect(UInt8(ascii: ";"))
                    // As Foundation does, a repeated key keeps its last value.
                    if let key { dictionary[key] = entry }
                }
            case UInt8(ascii: "("):
                position += 1
                var array: [OldStylePlist] = []
                while true {
                    try skipTrivia()
                    guard position < bytes.count else { throw error("unterminated array") }
                    if bytes[position] == UInt8(ascii: ")") {
                        position += 1
                        return builds ? .array(array) : Self.placeholder
                    }
                    let element = try value(depth: depth + 1, builds: builds)
                    if builds { array.append(element) }
                    try skipTrivia()
                    guard position < bytes.count else { throw error("unterminated array") }
                    if bytes[position] == UInt8(ascii: ",") {
                        position += 1
                    } else if bytes[position] != UInt8(ascii: ")") {
                        throw error("expected ',' or ')'")
                    }
                }
            case UInt8(ascii: "<"):
                position += 1
                let start = position
                while position < bytes.count, bytes[position] != UInt8(ascii: ">") {
                    let byte = bytes[position]
                    guard Self.isHexDigit(byte) || byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else {
                        throw error("invalid data")
                    }
                    position += 1
                }
                guard position < bytes.count else { throw error("unterminated data") }
                let digits = builds ? String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self) : ""
                position += 1
                return builds ? .data(digits) : Self.placeholder
            default:
                guard builds else {
                    try skipString()
                    return Self.placeholder
                }
                return .string(try string())
            }
        }

        /// What an unbuilt value reads as: never stored.
        static let placeholder = OldStylePlist.array([])

        /// The next key when `kept` holds it, else `nil` (read past either way). A key without
        /// escapes is looked up by its bytes, so a skipped key makes no string.
        mutating func keptKey(_ kept: NameSlots) throws -> String? {
            if let run = try unquotedString() {
                let key = UnsafeBufferPointer(rebasing: bytes[run])
                return kept.slot(of: key) == nil ? nil : String(decoding: key, as: UTF8.self)
            }
            let key = try string()
            return kept.slot(of: key) == nil ? nil : key
        }

        /// Skips trivia and reads an unquoted string, the range of its bytes; `nil` where a quoted
        /// string starts (left at its quote). Anything else is an error. The one start of
        /// `string()`, `skipString()` and `keptKey(_:)`.
        mutating func unquotedString() throws -> Range<Int>? {
            try skipTrivia()
            guard position < bytes.count else { throw error("expected a string") }
            let first = bytes[position]
            if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") { return nil }
            let start = position
            var end = start
            let count = bytes.count
            // Ids, keys and most values are letters and digits: eight bytes are tested at a time
            // while they all are (ids are 24), the rest of the set byte by byte.
            if let base = bytes.baseAddress {
                while end + 8 <= count, Self.isAlphanumeric(UnsafeRawPointer(base + end).loadUnaligned(as: UInt64.self)) {
                    end += 8
                }
            }
            while end < count, Self.isUnquoted(bytes[end]) { end += 1 }
            guard end > start else { throw error("expected a string") }
            position = end
            return start..<end
        }

        /// Reads past a string (quoted or not) with the checks `string()` makes.
        mutating func skipString() throws {
            guard try unquotedString() == nil else { return }
            let quote = bytes[position]
            let opening = position
            position += 1
            while position < bytes.count, bytes[position] != quote {
                // An escape covers the byte after the backslash (`\"` is no closing quote).
                position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard position < bytes.count else {
                position = opening
                throw error("unterminated string")
            }
            position += 1
        }

        static func isHexDigit(_ byte: UInt8) -> Bool {
            (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x66)
        }

        /// Characters of an unquoted string (NeXT's set, which project files use for ids,
        /// numbers and plain names): letters, digits and `_$+/:.-`, one bit per ASCII byte in two
        /// words (a test where ranges took a branch each; `testUnquotedCharacters` spells the set).
        @inline(__always)
        static func isUnquoted(_ byte: UInt8) -> Bool {
            let mask: UInt64 = byte < 64 ? 0x07FF_E810_0000_0000 : 0x07FF_FFFE_87FF_FFFE
            return byte < 128 && mask >> UInt64(byte & 63) & 1 != 0
        }

        /// Whether all eight bytes of `word` are ASCII letters or digits (a subset of the unquoted
        /// characters). A byte's range test is two additions whose top bits say `>= low` and
        /// `> high`; with every byte below 0x80 no addition carries into the next byte.
        @inline(__always)
        static func isAlphanumeric(_ word: UInt64) -> Bool {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let tops = ones &* 0x80
            guard word & tops == 0 else { return false }
            @inline(__always)
            func within(_ low: UInt64, _ high: UInt64) -> UInt64 {
                (word &+ ones &* (0x80 - low)) & ~(word &+ ones &* (0x7F - high))
            }
            let hits = within(0x30, 0x39) | within(0x41, 0x5A) | within(0x61, 0x7A)
            return hits & tops == tops
        }

        mutating func string() throws -> String {
            if let run = try unquotedString() {
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[run]), as: UTF8.self)
            }
            let quote = bytes[position]
            let opening = position
            position += 1
            let start = position
            // Most strings have no escapes: one scan, one copy.
            while position < bytes.count, bytes[position] != quote, bytes[position] != UInt8(ascii: "\\") { position += 1 }
            guard position < bytes.count else {
                position = opening
                throw error("unterminated string")
            }
            if bytes[position] == quote {
                let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
                position += 1
                return text
            }
            var utf8 = Array(bytes[start..<position])
            while position < bytes.count, bytes[position] != quote {
                guard bytes[position] == UInt8(ascii: "\\") else {
                    utf8.append(bytes[position])
                    position += 1
                    continue
                }
                position += 1
                guard position < bytes.count else { break }
                let escaped = bytes[position]
                position += 1
                switch escaped {
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "a"): utf8.append(0x07)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "v"): utf8.append(0x0B)
                case UInt8(ascii: "U"), UInt8(ascii: "u"):
                    var scalar: UInt32 = 0
                    var digits = 0
                    while digits < 4, position < bytes.count, Self.isHexDigit(bytes[position]) {
                        let byte = bytes[position] | 0x20
                        scalar = scalar << 4 | UInt32(byte <= 0x39 ? byte - 0x30 : byte - 0x61 + 10)
                        position += 1
                        digits += 1
                    }
                    utf8.append(contentsOf: Array(String(Unicode.Scalar(scalar).map(Character.init) ?? "\u{FFFD}").utf8))
                case UInt8(ascii: "0")...UInt8(ascii: "7"):
                    var value = UInt32(escaped - 0x30)
                    var digits = 1
                    while digits < 3, position < bytes.count, bytes[position] >= 0x30, bytes[position] <= 0x37 {
                        value = value << 3 | UInt32(bytes[position] - 0x30)
                        position += 1
                        digits += 1
                    }
                    utf8.append(contentsOf: Array(String(Unicode.Scalar(value).map(Character.init) ?? "\u{FFFD}").utf8))
                default:
                    utf8.append(escaped)
                }
            }
            guard position < bytes.count else {
                position = opening
                throw error("unterminated string")
            }
            position += 1
            return String(decoding: utf8, as: UTF8.self)
        }
    }
}
