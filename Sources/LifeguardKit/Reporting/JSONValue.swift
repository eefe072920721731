/// A JSON document with keys kept in the order they were written, so output is byte-for-byte
/// deterministic.
public indirect enum JSONValue: Sendable, Equatable {
    case object([(String, JSONValue)])
    case array([JSONValue])
    case string(String)
    case int(Int)
    case bool(Bool)
    case null

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.rendered(pretty: false) == rhs.rendered(pretty: false)
    }

    /// The document as text; `pretty` indents by two spaces per level.
    public func rendered(pretty: Bool = true) -> String {
        // Written as UTF-8 bytes and made a string once: appending to a `String` piece by piece
        // cost about 120 instructions a byte of a report.
        var output: [UInt8] = []
        output.reserveCapacity(1 << 12)
        write(to: &output, pretty: pretty, level: 0)
        return String(decoding: output, as: UTF8.self)
    }

    private func write(to output: inout [UInt8], pretty: Bool, level: Int) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .int(let value): output.append(contentsOf: String(value).utf8)
        case .string(let value): JSONValue.writeString(value, to: &output)
        case .array(let values):
            if values.isEmpty {
                output.append(contentsOf: "[]".utf8)
                return
            }
            output.append(UInt8(ascii: "["))
            for index in values.indices {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                if pretty { Self.newline(indentedBy: level + 1, to: &output) }
                values[index].write(to: &output, pretty: pretty, level: level + 1)
            }
            if pretty { Self.newline(indentedBy: level, to: &output) }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            if members.isEmpty {
                output.append(contentsOf: "{}".utf8)
                return
            }
            output.append(UInt8(ascii: "{"))
            for index in members.indices {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                if pretty { Self.newline(indentedBy: level + 1, to: &output) }
                JSONValue.writeString(members[index].0, to: &output)
                output.append(UInt8(ascii: ":"))
                if pretty { output.append(UInt8(ascii: " ")) }
                members[index].1.write(to: &output, pretty: pretty, level: level + 1)
            }
            if pretty { Self.newline(indentedBy: level, to: &output) }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func newline(indentedBy level: Int, to output: inout [UInt8]) {
        output.append(0x0A)
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * level))
    }

    /// RFC 8259 escaping (quotes, backslashes and control characters; everything else as UTF-8),
    /// and U+2028 and U+2029 (which JavaScript reads as line breaks) as
    /// `\u` escapes. Runs of bytes that need no escape are copied whole.
    static func writeString(_ value: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { bytes in
            var runStart = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                // Most bytes: printable ASCII other than `"` and `\`, or part of a character
                // that is not U+2028 or U+2029.
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0xE2 else {
                    index += 1
                    continue
                }
                var next = index + 1
                let escape: String?
                switch byte {
                case 0x22: escape = "\\\""
                case 0x5C: escape = "\\\\"
                case 0x0A: escape = "\\n"
                case 0x0D: escape = "\\r"
                case 0x09: escape = "\\t"
                case 0x08: escape = "\\b"
                case 0x0C: escape = "\\f"
                case 0x00..<0x20: escape = Self.unicodeEscape(UInt32(byte))
                default:
                    // 0xE2: U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
                    if index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
                        escape = Self.unicodeEscape(bytes[index + 2] == 0xA8 ? 0x2028 : 0x2029)
                        next = index + 3
                    } else {
                        escape = nil
                    }
                }
                if let escape {
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                    output.append(contentsOf: escape.utf8)
                    runStart = next
                }
                index = next
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
        }
        output.append(UInt8(ascii: "\""))
    }

    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}
