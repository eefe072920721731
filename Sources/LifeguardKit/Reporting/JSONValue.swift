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
        var output = ""
        write(to: &output, pretty: pretty, level: 0)
        return output
    }

    private func write(to output: inout String, pretty: Bool, level: Int) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .string(let value): JSONValue.writeString(value, to: &output)
        case .array(let values):
            if values.isEmpty {
                output += "[]"
                return
            }
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                if pretty { output += "\n" + String(repeating: "  ", count: level + 1) }
                value.write(to: &output, pretty: pretty, level: level + 1)
            }
            if pretty { output += "\n" + String(repeating: "  ", count: level) }
            output += "]"
        case .object(let members):
            if members.isEmpty {
                output += "{}"
                return
            }
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                if pretty { output += "\n" + String(repeating: "  ", count: level + 1) }
                JSONValue.writeString(member.0, to: &output)
                output += pretty ? ": " : ":"
                member.1.write(to: &output, pretty: pretty, level: level + 1)
            }
            if pretty { output += "\n" + String(repeating: "  ", count: level) }
            output += "}"
        }
    }

    /// RFC 8259 escaping: quotes, backslashes and control characters; everything else as UTF-8.
    static func writeString(_ value: String, to output: inout String) {
        // Runs that need no escape are appended whole: a report of thousands of findings spent
        // most of its time appending one scalar at a time.
        output += "\""
        let utf8 = value.utf8
        var runStart = utf8.startIndex
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            var next = utf8.index(after: index)
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
            case 0xE2:
                // U+2028 and U+2029 (E2 80 A8, E2 80 A9), which JavaScript reads as line breaks.
                escape = nil
                if next != utf8.endIndex, utf8[next] == 0x80 {
                    let third = utf8.index(after: next)
                    if third != utf8.endIndex, utf8[third] == 0xA8 || utf8[third] == 0xA9 {
                        output += value[runStart..<index]
                        output += Self.unicodeEscape(utf8[third] == 0xA8 ? 0x2028 : 0x2029)
                        next = utf8.index(after: third)
                        runStart = next
                    }
                }
            default:
                escape = nil
            }
            if let escape {
                output += value[runStart..<index]
                output += escape
                runStart = next
            }
            index = next
        }
        output += value[runStart..<utf8.endIndex]
        output += "\""
    }

    private static func unicodeEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}
