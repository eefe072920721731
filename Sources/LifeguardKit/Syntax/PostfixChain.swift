/// Reads a file's significant tokens by position: what the outline builder has while it runs,
/// and what a finished `SyntaxTree` has afterwards, so both can share one algorithm.
protocol SignificantTokenReader {
    /// The significant token at `position`, or an `unknown` token outside the file.
    func significantToken(_ position: Int) -> Token
    /// The position of the bracket paired with the one at `position`, or -1.
    func partnerPosition(_ position: Int) -> Int
    /// One byte of the file.
    func byte(_ offset: Int) -> UInt8
}

/// Where a postfix expression ends and begins: `a.b?[0].c()!`, `Foo<Bar>.shared.x`,
/// `items.first { $0.isReady }?.run()` and `"text".count` are each one chain.
///
/// The outline builder (for calls' receivers and assignments' left-hand sides) and
/// `SyntaxTree.postfixExpressionStart` (for rules) both use this, so a chain has one start.
enum PostfixChain {
    /// The longest walk back, so a pathological chain costs a bounded amount per query.
    static let stepLimit = 256

    /// The position of the first token of the postfix expression whose last token is at `end`;
    /// `end + 1` when the token at `end` cannot end one (an implicit member's `.name` starts at
    /// its dot). `known` is a chain the caller already walked: reaching its end jumps to its
    /// start, which keeps `a.b().c().d()` linear when each link is asked for in turn.
    static func start<Reader: SignificantTokenReader>(endingAt end: Int, in reader: Reader,
                                                      known: (end: Int, start: Int) = (Int.min, -1)) -> Int {
        var current = end
        var steps = 0
        while current >= 0, steps < stepLimit {
            steps += 1
            if current == known.end { return known.start }
            let token = reader.significantToken(current)
            var atomStart = current
            switch token.kind {
            case .identifier, .integerLiteral, .floatLiteral, .regexLiteral:
                atomStart = current
            case .keyword where [.true, .false, .nil].contains(token.keyword):
                atomStart = current
            case .rightParen, .rightBracket, .rightBrace, .stringEnd:
                let opener = reader.partnerPosition(current)
                guard opener >= 0 else { return current }
                atomStart = opener
                // A call, subscript or trailing closure continues the chain to its left.
                let before = opener - 1
                if token.kind != .stringEnd, before >= 0,
                   reader.significantToken(opener).flags.contains(.joinedToPrevious) || token.kind == .rightBrace {
                    let beforeToken = reader.significantToken(before)
                    let beforeKind = beforeToken.kind
                    if beforeKind == .identifier || beforeKind == .rightParen || beforeKind == .rightBracket
                        || (beforeKind == .operator && isPostfixMarker(before, in: reader))
                        || (beforeKind == .rightBrace && token.kind != .rightBrace) {
                        current = before
                        continue
                    }
                    if beforeKind == .operator, reader.byte(beforeToken.endOffset - 1) == UInt8(ascii: ">"),
                       let name = genericTypeName(closingAt: before, in: reader) {
                        current = name
                        continue
                    }
                }
            case .operator where isPostfixMarker(current, in: reader):
                current -= 1
                continue
            case .operator where reader.byte(token.endOffset - 1) == UInt8(ascii: ">"):
                guard let name = genericTypeName(closingAt: current, in: reader) else { return current + 1 }
                atomStart = name
            default:
                return current + 1
            }
            // `.member` continues to the left, unless the dot begins an implicit member expression.
            guard atomStart >= 1, reader.significantToken(atomStart - 1).kind == .period else { return atomStart }
            let beforeDot = atomStart - 2
            let beforeToken = reader.significantToken(beforeDot)
            let continues: Bool
            switch beforeToken.kind {
            case .identifier, .rightParen, .rightBracket, .rightBrace, .stringEnd, .integerLiteral, .floatLiteral:
                continues = true
            case .operator:
                continues = isPostfixMarker(beforeDot, in: reader)
                    || reader.byte(beforeToken.endOffset - 1) == UInt8(ascii: ">")
            case .keyword:
                continues = [.true, .false, .nil].contains(beforeToken.keyword)
            case .backslash:
                return beforeDot
            default:
                continues = false
            }
            if continues {
                current = beforeDot
                continue
            }
            return atomStart - 1
        }
        return max(0, current)
    }

    /// `?` or `!` written straight after an expression (`a?.b`, `a!`).
    static func isPostfixMarker<Reader: SignificantTokenReader>(_ position: Int, in reader: Reader) -> Bool {
        let token = reader.significantToken(position)
        guard token.kind == .operator, token.range.count == 1, token.flags.contains(.joinedToPrevious) else {
            return false
        }
        let byte = reader.byte(token.startOffset)
        return byte == UInt8(ascii: "?") || byte == UInt8(ascii: "!")
    }

    /// For `Name<Args>` ending at the `>` token at `close`, the position of `Name`.
    static func genericTypeName<Reader: SignificantTokenReader>(closingAt close: Int, in reader: Reader) -> Int? {
        var depth = 0
        var current = close
        var steps = 0
        while current >= 0, steps < 64 {
            let token = reader.significantToken(current)
            switch token.kind {
            case .operator:
                for offset in token.range.reversed() {
                    switch reader.byte(offset) {
                    case UInt8(ascii: ">"): depth += 1
                    case UInt8(ascii: "<"):
                        depth -= 1
                        if depth == 0 {
                            guard offset == token.startOffset, token.flags.contains(.joinedToPrevious),
                                  reader.significantToken(current - 1).kind == .identifier else { return nil }
                            return current - 1
                        }
                    case UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: "&"), UInt8(ascii: "."): break
                    default: return nil
                    }
                }
            case .rightParen, .rightBracket:
                let opener = reader.partnerPosition(current)
                guard opener >= 0 else { return nil }
                current = opener
            case .identifier, .period, .comma, .colon, .arrow:
                break
            default:
                return nil
            }
            current -= 1
            steps += 1
        }
        return nil
    }
}
