#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

// What Foundation's `String(format:)`, `padding(toLength:…)` and `trimmingCharacters(in:)` did
// here: the bench links FoundationEssentials like the tool, so its start-up and peak memory are
// the tool's own.

/// `printf`-style formatting of numbers (`%.3f`, `%7.1f`, `%d`), through `vsnprintf`.
func format(_ specification: String, _ arguments: CVarArg...) -> String {
    withVaList(arguments) { list in
        var buffer = [CChar](repeating: 0, count: 512)
        _ = vsnprintf(&buffer, buffer.count, specification, list)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// `text` cut or padded with spaces to `width` characters.
func padded(_ text: String, to width: Int) -> String {
    text.count >= width ? String(text.prefix(width)) : text + String(repeating: " ", count: width - text.count)
}

/// `text` without leading and trailing spaces and tabs.
func trimmed<Text: StringProtocol>(_ text: Text) -> String {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = text.firstIndex(where: { !blank($0) }), let last = text.lastIndex(where: { !blank($0) }) else { return "" }
    return String(text[first...last])
}
