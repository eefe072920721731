/// Reads type names out of declarations: the type an annotation names, the type an initializer
/// creates. Only the outermost nominal type matters to rules (`DetailViewController` in
/// `DetailViewController?`), so generic arguments, optionality and module prefixes are dropped.
public enum TypeNames {
    /// `DetailViewController?` → `DetailViewController`; `UIKit.UILabel!` → `UIKit.UILabel` (the
    /// index reduces framework qualifiers);
    /// `any Delegate` → `Delegate`; `Box<Int>` → `Box`. Collections, tuples and function
    /// types name no single type: `nil`.
    public static func annotated(_ tree: SyntaxTree, _ range: Range<Int>) -> String? {
        var tokens = tree.significantTokens(in: range)[...]
        // `(Delegate)?`, `(any Delegate)!`
        while let first = tokens.first, tree.tokens[first].kind == .leftParen,
              let close = tree.partner(ofToken: first), let last = tokens.last {
            let trailing = tree.significantTokens(in: (close + 1)..<(last + 1))
            guard trailing.allSatisfy({ tree.tokens[$0].kind == .operator }) else { break }
            tokens = tokens.dropFirst().prefix(while: { $0 < close })
        }
        while let first = tokens.first, tree.tokens[first].kind == .attribute
                || tree.token(first, is: "any") || tree.token(first, is: "some") || tree.tokens[first].isKeyword(.inout) {
            tokens = tokens.dropFirst()
        }
        var name: String?
        var expectName = true
        for token in tokens {
            let kind = tree.tokens[token].kind
            if expectName {
                guard kind == .identifier else { return nil }
                // `Inbox.Preview` stays qualified, so the index can tell it from `Compose.Preview`.
                name = name.map { $0 + "." + tree.text(ofToken: token) } ?? tree.text(ofToken: token)
                expectName = false
            } else if kind == .period {
                expectName = true
            } else if kind == .operator {
                // `?`, `!`, or the start of generic arguments: the name is complete.
                break
            } else {
                return nil
            }
        }
        return name
    }

    /// Whether an annotation is a function type, such as `(() -> Void)?`.
    public static func isFunctionType(_ tree: SyntaxTree, _ range: Range<Int>) -> Bool {
        var depth = 0
        for token in tree.significantTokens(in: range) {
            switch tree.tokens[token].kind {
            case .leftParen, .leftBracket: depth += 1
            case .rightParen, .rightBracket: depth -= 1
            case .arrow: if depth <= 1 { return true }
            default: break
            }
        }
        return false
    }

    /// The type an initializer expression evidently creates: `Foo(...)`, `Foo<T>(...)`,
    /// `Foo.init(...)`, `Foo { ... }`, or the target of a trailing `as!`/`as?`/`as` cast.
    public static func initialized(_ tree: SyntaxTree, _ range: Range<Int>) -> String? {
        let tokens = tree.significantTokens(in: range)
        guard let first = tokens.first else { return nil }
        // A cast at the top level names the type: `storyboard.instantiate...() as! DetailViewController`.
        var depth = 0
        for (offset, token) in tokens.enumerated() {
            switch tree.tokens[token].kind {
            case .leftParen, .leftBracket, .leftBrace: depth += 1
            case .rightParen, .rightBracket, .rightBrace: depth -= 1
            case .keyword where depth == 0 && tree.tokens[token].keyword == .as:
                let rest = tokens[(offset + 1)...].drop { tree.tokens[$0].kind == .operator }
                if let start = rest.first, let end = rest.last {
                    return annotated(tree, start..<(end + 1))
                }
            default:
                break
            }
        }
        guard tree.tokens[first].kind == .identifier else { return nil }
        // `Widgets.Header`: a dotted path of capitalized names. A name starting with an ASCII
        // byte other than a capital (`loader.make()`, most initializers) is not made into a string.
        let firstName = tree.nameBytes(ofToken: first)
        if let byte = firstName.first.map({ tree.source.bytes[$0] }), byte < 0x80,
           !(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) { return nil }
        var name = tree.text(ofToken: first)
        guard startsUppercase(name) else { return nil }
        var next = 1
        while next + 1 < tokens.count, tree.tokens[tokens[next]].kind == .period,
              tree.tokens[tokens[next + 1]].kind == .identifier, startsUppercase(tree.text(ofToken: tokens[next + 1])) {
            name += "." + tree.text(ofToken: tokens[next + 1])
            next += 2
        }
        // Type names lead into a call, an `.init` or a generic argument list; a lowercased member
        // after the dot (`Foo.shared`) is not a creation.
        guard next < tokens.count else { return nil }
        let second = tokens[next]
        switch tree.tokens[second].kind {
        case .leftParen, .leftBrace:
            return name
        case .operator where tree.token(second, is: "<"):
            return name
        case .period:
            if next + 1 < tokens.count, tree.tokens[tokens[next + 1]].isKeyword(.`init`) || tree.token(tokens[next + 1], is: "init") {
                return name
            }
            return nil
        default:
            return nil
        }
    }

    /// `name.unicodeScalars.first?.properties.isUppercase`, told from the first byte when it is
    /// ASCII (only `A`–`Z` are uppercase there): the Unicode property lookup costs some 300
    /// instructions, and this runs for every initializer the index reads.
    static func startsUppercase(_ name: String) -> Bool {
        if let first = name.utf8.first, first < 0x80 { return first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z") }
        return name.unicodeScalars.first?.properties.isUppercase == true
    }
}

extension SyntaxTree {
    /// The text of a token range with runs of whitespace collapsed and trimmed, for messages.
    public func compactText(ofTokens range: Range<Int>) -> String {
        if let ascii = asciiText(ofTokens: range, collapsingWhitespace: true) { return ascii }
        var result = ""
        var lastWasSpace = false
        for character in text(ofTokens: range) {
            if character.isWhitespace {
                if !lastWasSpace && !result.isEmpty { result.append(" ") }
                lastWasSpace = true
            } else {
                result.append(character)
                lastWasSpace = false
            }
        }
        if lastWasSpace, result.last == " " { result.removeLast() }
        return result
    }

    /// The text of a token range without its whitespace (`items[ index ]` → `items[index]`).
    func textWithoutWhitespace(ofTokens range: Range<Int>) -> String {
        asciiText(ofTokens: range, collapsingWhitespace: false) ?? text(ofTokens: range).filter { !$0.isWhitespace }
    }

    /// For a range whose text is all ASCII, that text with each run of whitespace made one space
    /// (and none at either end) or, not `collapsingWhitespace`, removed; `nil` for other text.
    /// Byte by byte: `Character.isWhitespace` costs hundreds of instructions a character, and
    /// these run for every subscript and every message. In ASCII the whitespace characters are
    /// the bytes 9 to 13 and the space (`\r\n`, one character, is two such bytes: the same result).
    private func asciiText(ofTokens range: Range<Int>, collapsingWhitespace: Bool) -> String? {
        guard let bytes = byteRange(ofTokens: range) else { return "" }
        return source.bytes.withUnsafeBufferPointer { all -> String? in
            let lower = max(0, min(bytes.lowerBound, all.count))
            let text = UnsafeBufferPointer(rebasing: all[lower..<max(lower, min(bytes.upperBound, all.count))])
            var output: [UInt8] = []
            output.reserveCapacity(text.count)
            var pendingSpace = false
            for byte in text {
                guard byte < 0x80 else { return nil }
                if byte == 0x20 || (0x09...0x0D).contains(byte) {
                    pendingSpace = collapsingWhitespace && !output.isEmpty
                    continue
                }
                if pendingSpace { output.append(0x20) }
                pendingSpace = false
                output.append(byte)
            }
            return String(decoding: output, as: UTF8.self)
        }
    }
}
