/// The YAML subset `.lifeguard.yml` is written in, and its parser.
///
/// Supported: block mappings and block sequences nested by indentation, flow sequences
/// (`[a, "b", 'c']`), plain scalars, single- and double-quoted scalars, and `#` comments.
/// Everything else YAML has — flow mappings, anchors and aliases, tags, block scalars (`|`, `>`),
/// multiple documents, tabs for indentation — is rejected with its position, never guessed at.
public indirect enum YAMLNode: Sendable, Equatable {
    case mapping([YAMLEntry], at: YAMLPosition)
    case sequence([YAMLNode], at: YAMLPosition)
    case scalar(String, quoted: Bool, at: YAMLPosition)

    public var position: YAMLPosition {
        switch self {
        case .mapping(_, let at), .sequence(_, let at), .scalar(_, _, let at): return at
        }
    }

    /// What the node is, for error messages.
    public var kindName: String {
        switch self {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar: return "a single value"
        }
    }
}

/// `key: value` in a mapping, with where the key is.
public struct YAMLEntry: Sendable, Equatable {
    public var key: String
    public var keyPosition: YAMLPosition
    public var value: YAMLNode
}

/// A 1-based line and column.
public struct YAMLPosition: Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var description: String { "\(line):\(column)" }
}

/// A YAML text Lifeguard cannot read, and where.
public struct YAMLError: Error, Sendable, Equatable {
    public var message: String
    public var position: YAMLPosition
}

public enum YAMLParser {
    /// Parses a whole document; an empty document is an empty mapping.
    public static func parse(_ text: String) throws(YAMLError) -> YAMLNode {
        var lines: [Line] = []
        var lineNumber = 0
        // `\r\n` is one Character in Swift, so it is a separator of its own.
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            lineNumber += 1
            var content = Substring(raw)
            if lineNumber == 1, content.hasPrefix("\u{FEFF}") { content = content.dropFirst() }
            let indentation = content.prefix(while: { $0 == " " }).count
            let afterIndentation = content.dropFirst(indentation)
            if afterIndentation.first == "\t" {
                throw YAMLError(message: "tabs cannot indent YAML; use spaces", position: YAMLPosition(line: lineNumber, column: indentation + 1))
            }
            let body = try stripComment(afterIndentation, line: lineNumber, column: indentation + 1)
            let trimmed = body.trimmingTrailingSpaces()
            if trimmed.isEmpty { continue }
            if indentation == 0, trimmed == "---" && lines.isEmpty { continue }
            if indentation == 0, trimmed == "---" || trimmed == "..." {
                throw YAMLError(message: "only one YAML document is supported", position: YAMLPosition(line: lineNumber, column: 1))
            }
            if trimmed.hasPrefix("%") {
                throw YAMLError(message: "YAML directives are not supported", position: YAMLPosition(line: lineNumber, column: indentation + 1))
            }
            lines.append(Line(number: lineNumber, indentation: indentation, text: String(trimmed)))
        }
        var reader = Reader(lines: lines)
        guard !lines.isEmpty else { return .mapping([], at: YAMLPosition(line: 1, column: 1)) }
        let node = try reader.parseBlock(indentation: lines[0].indentation)
        if reader.index < lines.count {
            let line = lines[reader.index]
            throw YAMLError(message: "unexpected indentation", position: YAMLPosition(line: line.number, column: line.indentation + 1))
        }
        return node
    }

    struct Line {
        var number: Int
        var indentation: Int
        var text: String
    }

    /// Removes a `#` comment (one preceded by a space, or at the start) outside quotes.
    static func stripComment(_ text: Substring, line: Int, column: Int) throws(YAMLError) -> Substring {
        var quote: Character?
        var previous: Character = " "
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if let open = quote {
                if character == open {
                    if open == "'", text.index(after: index) < text.endIndex, text[text.index(after: index)] == "'" {
                        index = text.index(index, offsetBy: 2)
                        previous = "'"
                        continue
                    }
                    quote = nil
                } else if open == "\"", character == "\\" {
                    index = text.index(after: index)
                }
            } else if character == "#", previous == " " || previous == "\t" {
                return text[..<index]
            } else if character == "\"" || character == "'", previous == " " || previous == "[" || previous == ","
                        || previous == ":" || previous == "-" || index == text.startIndex {
                quote = character
            }
            previous = character
            if index < text.endIndex { index = text.index(after: index) }
        }
        return text
    }

    struct Reader {
        let lines: [Line]
        var index = 0

        func position(_ line: Line, offset: Int = 0) -> YAMLPosition {
            YAMLPosition(line: line.number, column: line.indentation + 1 + offset)
        }

        /// A mapping or sequence whose items sit at exactly `indentation`.
        mutating func parseBlock(indentation: Int) throws(YAMLError) -> YAMLNode {
            let first = lines[index]
            if first.text == "-" || first.text.hasPrefix("- ") {
                return try parseSequence(indentation: indentation)
            }
            return try parseMapping(indentation: indentation)
        }

        mutating func parseSequence(indentation: Int) throws(YAMLError) -> YAMLNode {
            let start = position(lines[index])
            var items: [YAMLNode] = []
            while index < lines.count, lines[index].indentation == indentation {
                let line = lines[index]
                guard line.text == "-" || line.text.hasPrefix("- ") else {
                    throw YAMLError(message: "expected a list item (`- value`) here", position: position(line))
                }
                let rest = line.text.dropFirst(1).drop(while: { $0 == " " })
                let restOffset = line.text.count - rest.count
                index += 1
                if rest.isEmpty {
                    guard index < lines.count, lines[index].indentation > indentation else {
                        items.append(.scalar("", quoted: false, at: position(line, offset: 1)))
                        continue
                    }
                    items.append(try parseBlock(indentation: lines[index].indentation))
                } else if YAMLParser.splitKey(String(rest)) != nil {
                    throw YAMLError(message: "mappings inside list items are not supported; use a list of values",
                                    position: position(line, offset: restOffset))
                } else {
                    items.append(try YAMLParser.parseInline(String(rest), at: position(line, offset: restOffset)))
                }
            }
            if index < lines.count, lines[index].indentation > indentation {
                throw YAMLError(message: "unexpected indentation", position: position(lines[index]))
            }
            return .sequence(items, at: start)
        }

        mutating func parseMapping(indentation: Int) throws(YAMLError) -> YAMLNode {
            let start = position(lines[index])
            var entries: [YAMLEntry] = []
            while index < lines.count, lines[index].indentation == indentation {
                let line = lines[index]
                guard let (key, rest, restOffset) = YAMLParser.splitKey(line.text) else {
                    if line.text.hasPrefix("- ") || line.text == "-" {
                        throw YAMLError(message: "a list item cannot appear among mapping keys", position: position(line))
                    }
                    throw YAMLError(message: "expected `key: value`", position: position(line))
                }
                let keyPosition = position(line)
                if entries.contains(where: { $0.key == key }) {
                    throw YAMLError(message: "duplicate key '\(key)'", position: keyPosition)
                }
                index += 1
                let value: YAMLNode
                if rest.isEmpty {
                    if index < lines.count, lines[index].indentation > indentation {
                        value = try parseBlock(indentation: lines[index].indentation)
                    } else if index < lines.count, lines[index].indentation == indentation,
                              lines[index].text == "-" || lines[index].text.hasPrefix("- ") {
                        // A list may sit at the key's own indentation.
                        value = try parseSequence(indentation: indentation)
                    } else {
                        value = .scalar("", quoted: false, at: position(line, offset: restOffset))
                    }
                } else {
                    value = try YAMLParser.parseInline(rest, at: position(line, offset: restOffset))
                }
                entries.append(YAMLEntry(key: key, keyPosition: keyPosition, value: value))
            }
            if index < lines.count, lines[index].indentation > indentation {
                throw YAMLError(message: "unexpected indentation", position: position(lines[index]))
            }
            return .mapping(entries, at: start)
        }
    }

    /// `key: rest` → (key, rest, offset of rest); `nil` when the line is not a mapping entry.
    static func splitKey(_ text: String) -> (String, String, Int)? {
        let characters = Array(text)
        var key: String
        var afterKey: Int
        if let first = characters.first, first == "\"" || first == "'" {
            guard let (value, end) = try? scanQuoted(characters, from: 0), end < characters.count, characters[end] == ":" else {
                return nil
            }
            key = value
            afterKey = end
        } else {
            guard let colon = (0..<characters.count).first(where: { offset in
                characters[offset] == ":" && (offset + 1 == characters.count || characters[offset + 1] == " ")
            }) else { return nil }
            key = String(characters[..<colon]).trimmingTrailingSpaces()
            afterKey = colon
            if key.isEmpty || key.hasPrefix("[") || key.hasPrefix("{") || key.hasPrefix("- ") { return nil }
        }
        var restStart = afterKey + 1
        while restStart < characters.count, characters[restStart] == " " { restStart += 1 }
        return (key, String(characters[restStart...]), restStart)
    }

    /// A value written on one line: a flow sequence, a quoted scalar or a plain scalar.
    static func parseInline(_ text: String, at position: YAMLPosition) throws(YAMLError) -> YAMLNode {
        let characters = Array(text)
        guard let first = characters.first else { return .scalar("", quoted: false, at: position) }
        switch first {
        case "[":
            var offset = 1
            var items: [YAMLNode] = []
            while true {
                while offset < characters.count, characters[offset] == " " { offset += 1 }
                guard offset < characters.count else {
                    throw YAMLError(message: "unclosed `[`", position: position)
                }
                if characters[offset] == "]" {
                    offset += 1
                    break
                }
                let itemPosition = YAMLPosition(line: position.line, column: position.column + offset)
                if characters[offset] == "\"" || characters[offset] == "'" {
                    let (value, end) = try scanQuoted(characters, from: offset, position: itemPosition)
                    items.append(.scalar(value, quoted: true, at: itemPosition))
                    offset = end
                } else if characters[offset] == "[" || characters[offset] == "{" {
                    throw YAMLError(message: "nested flow collections are not supported", position: itemPosition)
                } else {
                    var end = offset
                    while end < characters.count, characters[end] != ",", characters[end] != "]" { end += 1 }
                    let value = String(characters[offset..<end]).trimmingTrailingSpaces()
                    try checkPlain(value, at: itemPosition)
                    items.append(.scalar(value, quoted: false, at: itemPosition))
                    offset = end
                }
                while offset < characters.count, characters[offset] == " " { offset += 1 }
                guard offset < characters.count else { throw YAMLError(message: "unclosed `[`", position: position) }
                if characters[offset] == "," {
                    offset += 1
                } else if characters[offset] != "]" {
                    throw YAMLError(message: "expected `,` or `]` in a list",
                                    position: YAMLPosition(line: position.line, column: position.column + offset))
                }
            }
            let rest = String(characters[offset...]).trimmingTrailingSpaces()
            guard rest.isEmpty else {
                throw YAMLError(message: "unexpected text after the list",
                                position: YAMLPosition(line: position.line, column: position.column + offset))
            }
            return .sequence(items, at: position)
        case "{":
            throw YAMLError(message: "flow mappings (`{...}`) are not supported; use an indented mapping", position: position)
        case "\"", "'":
            let (value, end) = try scanQuoted(characters, from: 0, position: position)
            let rest = String(characters[end...]).trimmingTrailingSpaces()
            guard rest.isEmpty else {
                throw YAMLError(message: "unexpected text after a quoted value",
                                position: YAMLPosition(line: position.line, column: position.column + end))
            }
            return .scalar(value, quoted: true, at: position)
        default:
            try checkPlain(text, at: position)
            return .scalar(text, quoted: false, at: position)
        }
    }

    static func checkPlain(_ text: String, at position: YAMLPosition) throws(YAMLError) {
        guard let first = text.first else { return }
        switch first {
        case "&", "*": throw YAMLError(message: "anchors and aliases are not supported", position: position)
        case "!": throw YAMLError(message: "tags are not supported", position: position)
        case "|", ">": throw YAMLError(message: "block scalars (`|`, `>`) are not supported; write the value on one line", position: position)
        case "@", "`": throw YAMLError(message: "a plain value cannot start with `\(first)`; quote it", position: position)
        default: break
        }
        if text.contains(": ") {
            throw YAMLError(message: "a value cannot contain `: `; quote it", position: position)
        }
    }

    /// Reads a quoted scalar starting at `start`; returns its value and the offset after it.
    static func scanQuoted(_ characters: [Character], from start: Int,
                           position: YAMLPosition = YAMLPosition(line: 0, column: 0)) throws(YAMLError) -> (String, Int) {
        let quote = characters[start]
        var value = ""
        var offset = start + 1
        while offset < characters.count {
            let character = characters[offset]
            if character == quote {
                if quote == "'", offset + 1 < characters.count, characters[offset + 1] == "'" {
                    value.append("'")
                    offset += 2
                    continue
                }
                return (value, offset + 1)
            }
            if quote == "\"", character == "\\", offset + 1 < characters.count {
                let escaped = characters[offset + 1]
                switch escaped {
                case "n": value.append("\n")
                case "t": value.append("\t")
                case "\\": value.append("\\")
                case "\"": value.append("\"")
                case "/": value.append("/")
                default:
                    throw YAMLError(message: "unsupported escape `\\\(escaped)`",
                                    position: YAMLPosition(line: position.line, column: position.column + offset - start))
                }
                offset += 2
                continue
            }
            value.append(character)
            offset += 1
        }
        throw YAMLError(message: "unterminated quoted value", position: position)
    }
}

extension StringProtocol {
    func trimmingTrailingSpaces() -> String {
        var end = endIndex
        while end > startIndex, self[index(before: end)] == " " || self[index(before: end)] == "\t" {
            end = index(before: end)
        }
        return String(self[startIndex..<end])
    }
}
