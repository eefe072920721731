/// What lies between a file's significant tokens, asked the same way of either kind of tree: a
/// full tree has comment, whitespace and line-break tokens, a tree without trivia only the byte
/// ranges of its comments (`droppedComments`), and the bytes between tokens are blanks and line
/// breaks in both. Fixes and suppression comments read trivia through these, so pass 2 can run
/// the rules on pass 1's tree without trivia and get the same report.
extension SyntaxTree {
    /// A comment of the file.
    public struct Comment: Equatable, Sendable {
        /// Its bytes, from `//` or `/*` to the end of the line (line break excluded) or the `*/`.
        public let range: Range<Int>
        /// `.lineComment`, `.docLineComment`, `.blockComment` or `.docBlockComment`.
        public let kind: TokenKind
    }

    /// The file's comments, in order.
    public var comments: [Comment] {
        if keepsTrivia {
            return tokens.withUnsafeBufferPointer { tokens in
                tokens.lazy.filter(\.kind.isComment).map { Comment(range: $0.range, kind: $0.kind) }
            }
        }
        return droppedComments.map { dropped in
            let range = Int(dropped.lowerBound)..<Int(dropped.upperBound)
            return Comment(range: range, kind: Self.commentKind(source.bytes, at: range.lowerBound))
        }
    }

    /// The kind of the comment starting at `start` (`//` or `/*`), as the tokenizer tells it.
    static func commentKind(_ bytes: [UInt8], at start: Int) -> TokenKind {
        func byte(_ offset: Int) -> UInt8 { offset < bytes.count ? bytes[offset] : 0 }
        return CharacterClasses.commentKind(second: byte(start + 1), third: byte(start + 2), fourth: byte(start + 3))
    }

    /// The comment that starts at byte `offset`, if one does: found by a binary search.
    func comment(startingAt offset: Int) -> Comment? {
        if keepsTrivia {
            let index = firstToken(startingAtOrAfter: offset)
            guard index < tokens.count, tokens[index].startOffset == offset, tokens[index].kind.isComment else { return nil }
            return Comment(range: tokens[index].range, kind: tokens[index].kind)
        }
        let low = Bisection.firstPosition(in: 0..<droppedComments.count) { Int(droppedComments[$0].lowerBound) < offset }
        guard low < droppedComments.count, Int(droppedComments[low].lowerBound) == offset else { return nil }
        let range = Int(droppedComments[low].lowerBound)..<Int(droppedComments[low].upperBound)
        return Comment(range: range, kind: Self.commentKind(source.bytes, at: offset))
    }

    /// The first significant token that starts at or after byte `offset`, or `nil`.
    public func firstSignificant(atOrAfter offset: Int) -> Int? {
        let index = firstToken(startingAtOrAfter: offset)
        guard index < tokens.count else { return nil }
        return tokens[index].isTrivia ? nextSignificant(after: index) : index
    }

    /// The last significant token that starts before byte `offset`, or `nil`.
    public func lastSignificant(before offset: Int) -> Int? {
        let index = firstToken(startingAtOrAfter: offset) - 1
        guard index >= 0 else { return nil }
        return tokens[index].isTrivia ? previousSignificant(before: index) : index
    }

    /// The index of the first token starting at or after `offset` (`tokens.count` when none).
    private func firstToken(startingAtOrAfter offset: Int) -> Int {
        tokens.withUnsafeBufferPointer { tokens in
            Bisection.firstPosition(in: 0..<tokens.count) { tokens[$0].startOffset < offset }
        }
    }

    /// Whether the bytes of `range` are all spaces, tabs, vertical tabs or form feeds: what the
    /// tokenizer makes whitespace tokens of (no line break, no comment).
    public func isBlank(_ range: Range<Int>) -> Bool {
        source.bytes[range].allSatisfy(CharacterClasses.isBlank)
    }
}
