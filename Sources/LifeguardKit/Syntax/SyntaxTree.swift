/// A parsed file: its source, tokens and outline, with the text queries rules need.
public struct SyntaxTree: Sendable {
    public let source: SourceFile
    public let tokens: [Token]
    public let outline: Outline

    public init(source: SourceFile) {
        self.source = source
        self.tokens = Tokenizer.tokenize(source.bytes)
        self.outline = OutlineBuilder.build(bytes: source.bytes, tokens: tokens)
    }

    /// The text of one token; backticks around an identifier are removed.
    public func text(ofToken index: Int) -> String {
        guard index >= 0, index < tokens.count else { return "" }
        let token = tokens[index]
        var range = token.range
        if token.flags.contains(.backticked), range.count >= 2 {
            range = (range.lowerBound + 1)..<(range.upperBound - 1)
        }
        return source.text(range)
    }

    /// The source text spanned by a range of token indices, trivia included.
    public func text(ofTokens range: Range<Int>) -> String {
        guard let bytes = byteRange(ofTokens: range) else { return "" }
        return source.text(bytes)
    }

    /// The byte range spanned by a range of token indices.
    public func byteRange(ofTokens range: Range<Int>) -> Range<Int>? {
        guard range.lowerBound < range.upperBound, range.lowerBound >= 0, range.upperBound <= tokens.count else {
            return nil
        }
        return tokens[range.lowerBound].startOffset..<tokens[range.upperBound - 1].endOffset
    }

    /// Whether token `index` spells `word` exactly.
    public func token(_ index: Int, is word: StaticString) -> Bool {
        guard index >= 0, index < tokens.count else { return false }
        return source.bytes(tokens[index].range, equal: word)
    }

    /// The base name of a call (`addSubview`).
    public func name(of call: Call) -> String { text(ofToken: call.nameToken) }

    /// The 1-based line of a token.
    public func line(ofToken index: Int) -> Int {
        guard index >= 0, index < tokens.count else { return source.lineCount }
        return source.location(of: tokens[index].startOffset).line
    }
}
