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
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
