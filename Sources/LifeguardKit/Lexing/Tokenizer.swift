/// Turns a file's bytes into tokens, losslessly: every byte belongs to exactly one token, so the
/// tokens' ranges tile the file. It never throws and never traps; bytes that are not Swift become
/// `unknown` tokens, and a literal or comment left open is cut at the end of its line or file and
/// flagged `unterminated`. One forward pass with a small explicit stack for nested string
/// interpolations: time is linear in the input and no recursion follows the input's nesting.
public enum Tokenizer {
    public static func tokenize(_ bytes: [UInt8]) -> [Token] { tokenize(bytes, work: NoReads()) }

    /// `work` counts every byte the lexer reads, lookaheads included (the linear-time tests).
    static func tokenize<Counter: ReadCounter>(_ bytes: [UInt8], work: Counter) -> [Token] {
        bytes.withUnsafeBufferPointer { input in KeywordTable.slots.withUnsafeBufferPointer { keywords in
            // Code has about one token per three bytes: room for one per two almost always fits,
            // and allocates a sixth of what room for the worst case would. A denser file is lexed
            // again with room for one token per byte, which always fits (a token holds a byte).
            if let lexed = lex(input, keywords, capacity: input.count / 2 + 64, work: work) { return lexed }
            return lex(input, keywords, capacity: input.count + 1, work: work) ?? []
        } }
    }

    /// The significant tokens of `bytes` only, and the byte ranges of its comments: what a pass
    /// that reads no whitespace or comment needs, for a third fewer tokens to write and read. The
    /// tokens are those `tokenize` gives, trivia removed, with the same flags (`startsLine` and
    /// `joinedToPrevious` still tell where trivia was).
    static func significantTokens<Counter: ReadCounter>(_ bytes: [UInt8], work: Counter)
        -> (tokens: [Token], comments: [Range<UInt32>]) {
        let lexed = significantTokensAndPairs(bytes, work: work)
        return (lexed.tokens, lexed.comments)
    }

    /// `significantTokens`, and the tokens' bracket pairing as far as the lexer took it
    /// (`SignificantTokens.withoutTrivia` finishes it): brackets are paired as they are written,
    /// where a second pass read every token again to find them.
    static func significantTokensAndPairs<Counter: ReadCounter>(_ bytes: [UInt8], work: Counter)
        -> (tokens: [Token], comments: [Range<UInt32>], pairing: LexedPairing) {
        bytes.withUnsafeBufferPointer { input in KeywordTable.slots.withUnsafeBufferPointer { keywords in
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: LexedPairing.openerRoom) { openers in
                if let lexed = lexPaired(input, keywords, capacity: input.count / 2 + 64, openers: openers, work: work) {
                    return lexed
                }
                return lexPaired(input, keywords, capacity: input.count + 1, openers: openers, work: work)
                    ?? ([], [], LexedPairing(partner: [], pairedBefore: 0, open: []))
            }
        } }
    }

    /// The significant tokens of `input` and their pairing, or `nil` when more than `capacity`
    /// tokens are needed.
    private static func lexPaired<Counter: ReadCounter>(
        _ input: UnsafeBufferPointer<UInt8>, _ keywords: UnsafeBufferPointer<KeywordTable.Slot>,
        capacity: Int, openers: UnsafeMutableBufferPointer<Int32>, work: Counter
    ) -> (tokens: [Token], comments: [Range<UInt32>], pairing: LexedPairing)? {
        // The partners are written for the room the tokens have, then copied out at the size
        // lexing found: an array as large as the room would keep its unused tail for the tree's life.
        let room = UnsafeMutablePointer<Int32>.allocate(capacity: capacity)
        defer { room.deallocate() }
        var complete = true
        var comments: [Range<UInt32>] = []
        var pairedBefore = 0
        var open: [Int32] = []
        let tokens = [Token](unsafeUninitializedCapacity: capacity) { output, initialized in
            var lexer = Lexer<Counter, DropTrivia>(buffer: input, keywords: keywords, output: output.baseAddress!,
                                                   capacity: capacity, work: work)
            // A trivia-free lexer always pairs: `emitSignificant` writes its partners unchecked.
            lexer.partner = room
            lexer.openers = openers.baseAddress!
            lexer.openerRoom = openers.count
            lexer.run()
            complete = !lexer.overflowed
            initialized = lexer.tokenCount
            comments = lexer.droppedComments
            pairedBefore = min(lexer.pairedBefore, lexer.tokenCount)
            if pairedBefore < lexer.tokenCount { open = Array(UnsafeBufferPointer(start: openers.baseAddress!, count: lexer.openCount)) }
        }
        guard complete else { return nil }
        let partner = [Int32](unsafeUninitializedCapacity: tokens.count) { output, initialized in
            if !tokens.isEmpty { output.baseAddress!.update(from: room, count: tokens.count) }
            initialized = tokens.count
        }
        return (tokens, comments, LexedPairing(partner: partner, pairedBefore: pairedBefore, open: open))
    }

    /// All the tokens of `input`, trivia included, or `nil` when more than `capacity` are needed.
    private static func lex<Counter: ReadCounter>(
        _ input: UnsafeBufferPointer<UInt8>,
        _ keywords: UnsafeBufferPointer<KeywordTable.Slot>,
        capacity: Int, work: Counter
    ) -> [Token]? {
        var complete = true
        let tokens = [Token](unsafeUninitializedCapacity: capacity) { output, initialized in
            var lexer = Lexer<Counter, KeepTrivia>(buffer: input, keywords: keywords, output: output.baseAddress!,
                                                   capacity: capacity, work: work)
            lexer.run()
            complete = !lexer.overflowed
            initialized = lexer.tokenCount
        }
        return complete ? tokens : nil
    }

    public static func tokenize(_ file: SourceFile) -> [Token] { tokenize(file.bytes) }
}

/// Whether the lexer writes trivia tokens; a type rather than a flag, so each lexer is compiled
/// for one answer and the full lexer pays nothing for the other.
protocol TriviaPolicy {
    static var keepsTrivia: Bool { get }
}

enum KeepTrivia: TriviaPolicy {
    static var keepsTrivia: Bool { true }
}

enum DropTrivia: TriviaPolicy {
    static var keepsTrivia: Bool { false }
}

private struct Lexer<Counter: ReadCounter, Trivia: TriviaPolicy> {
    /// Where the lexer is: top-level code, inside a string literal, or in the code of an interpolation.
    enum Context {
        case string(StringShape, startToken: Int)
        /// Code inside `\( ... )`; `depth` counts the parentheses opened within it.
        case interpolation(depth: Int, inMultilineString: Bool)
    }

    struct StringShape {
        var hashes: Int
        var multiline: Bool
    }

    let buffer: UnsafeBufferPointer<UInt8>
    let count: Int
    var position = 0
    let tokens: UnsafeMutablePointer<Token>
    let capacity: Int
    var tokenCount = 0
    var stack: [Context] = []
    /// Whether the top of `stack` is a string: what the loop asks at every turn, kept as a flag
    /// (`noteTop`) where reading the stack's last element loaded its storage, count and tag.
    var inString = false
    /// Index of the last token that is not trivia, or -1, when trivia is written (`lastSignificant`).
    var lastSignificantWritten = -1
    /// Index of the last token that is not trivia, or -1: without trivia, the last token written.
    var lastSignificant: Int { Trivia.keepsTrivia ? lastSignificantWritten : tokenCount - 1 }
    /// The flags the next significant token takes from what came before it: `startsLine` once a
    /// line break came since the last one, `joinedToPrevious` while no trivia has. Kept as the
    /// flags themselves, so a token takes them with one `or` (two Booleans cost a test each).
    var pending = TokenFlags(rawValue: 0)
    /// Whether trivia came since the last significant token (or none has come yet).
    var lastWasTrivia: Bool { !pending.contains(.joinedToPrevious) }
    /// A bare `/.../` is not attempted before this offset: an earlier attempt read that far and failed.
    var regexRefusedBefore = 0
    /// More tokens than `capacity`: the output is incomplete and lexing stops, at the next line
    /// break in code (testing it there, not for every token, costs less; the tokens are thrown
    /// away either way).
    var overflowed = false
    /// The comments' byte ranges, when trivia is not written (`DropTrivia`).
    var droppedComments: [Range<UInt32>] = []

    // Bracket pairing as the brackets are written (`Tokenizer.significantTokensAndPairs`), the
    // way `SignificantTokens.pairs` pairs before the first `#if`. Set for every `DropTrivia`
    // lexer; a `KeepTrivia` one (whose indices count trivia) pairs nothing.
    /// Each written token's partner, -1 until a closer pairs it.
    var partner: UnsafeMutablePointer<Int32>?
    /// The openers not yet closed, innermost last.
    var openers: UnsafeMutablePointer<Int32>?
    var openerRoom = 0
    var openCount = 0
    /// The first token this pairing did not take (an `#if`-family directive, or an opener with
    /// no room left): `SignificantTokens` pairs on from there. `Int.max` while pairing goes on.
    var pairedBefore = Int.max

    let work: Counter

    /// `KeywordTable.slots`.
    let keywords: UnsafeBufferPointer<KeywordTable.Slot>

    init(buffer: UnsafeBufferPointer<UInt8>, keywords: UnsafeBufferPointer<KeywordTable.Slot>,
         output: UnsafeMutablePointer<Token>, capacity: Int, work: Counter) {
        self.work = work
        self.keywords = keywords
        self.buffer = buffer
        self.count = buffer.count
        self.tokens = output
        self.capacity = capacity
        // Most files open with a comment block: room for it saves the first few regrowths.
        if !Trivia.keepsTrivia { droppedComments.reserveCapacity(16) }
    }

    /// One byte of the input, which must exist.
    @inline(__always)
    func at(_ index: Int) -> UInt8 {
        work.countRead()
        return buffer[index]
    }

    /// The Unicode scalar at `index` (at most four bytes, read as one).
    @inline(__always)
    func decode(at index: Int) -> (scalar: UInt32, length: Int)? {
        work.countRead()
        return decodeScalar(buffer, at: index)
    }

    /// One byte of the input, or 0 past its end.
    @inline(__always)
    func byte(_ index: Int) -> UInt8 {
        work.countRead()
        return index < count ? buffer[index] : 0
    }

    @inline(__always)
    mutating func emit(_ kind: TokenKind, from start: Int, keyword: Keyword = .none, flags: TokenFlags = []) {
        // Every token holds at least one byte; that is what bounds the output's capacity.
        guard position > start else { return }
        // Trivia that is not written needs no room: whitespace and line breaks, a third of the
        // tokens, skip the capacity test.
        if !Trivia.keepsTrivia, kind.isTrivia {
            pending.remove(.joinedToPrevious)
            if kind == .newline { pending.insert(.startsLine) }
            if kind.isComment {
                droppedComments.append(UInt32(truncatingIfNeeded: start)..<UInt32(truncatingIfNeeded: position))
            }
            return
        }
        guard tokenCount < capacity else {
            overflowed = true
            return
        }
        var flags = flags
        if kind.isTrivia {
            pending.remove(.joinedToPrevious)
            if kind == .newline { pending.insert(.startsLine) }
        } else {
            flags.formUnion(pending)
            pending = .joinedToPrevious
            lastSignificantWritten = tokenCount
            if !Trivia.keepsTrivia { partner.unsafelyUnwrapped[tokenCount] = -1 }
        }
        (tokens + tokenCount).initialize(to: Token(kind: kind, keyword: keyword, flags: flags, range: start..<position))
        tokenCount += 1
    }

    /// `emit` for a significant token of at least one byte: a name, which is most tokens.
    @inline(__always)
    mutating func emitSignificant(_ kind: TokenKind, from start: Int, keyword: Keyword = .none) {
        guard tokenCount < capacity else {
            overflowed = true
            return
        }
        (tokens + tokenCount).initialize(to: Token(kind: kind, keyword: keyword, flags: pending, range: start..<position))
        if !Trivia.keepsTrivia { partner.unsafelyUnwrapped[tokenCount] = -1 }
        pending = .joinedToPrevious
        if Trivia.keepsTrivia { lastSignificantWritten = tokenCount }
        tokenCount += 1
    }

    /// `emitSignificant` for `(`, `[`, `{`: pushed for pairing.
    @inline(__always)
    mutating func emitOpener(_ kind: TokenKind, from start: Int) {
        let token = tokenCount
        emitSignificant(kind, from: start)
        open(token)
    }

    /// `emitSignificant` for a closer, paired with the nearest `opener` among the 32 innermost.
    @inline(__always)
    mutating func emitCloser(_ kind: TokenKind, opener: TokenKind, from start: Int) {
        let token = tokenCount
        emitSignificant(kind, from: start)
        close(token, opener: opener)
    }

    /// Pushes the opener written as `token` (if it was written).
    @inline(__always)
    mutating func open(_ token: Int) {
        guard !Trivia.keepsTrivia, token < tokenCount, pairedBefore == Int.max else { return }
        guard openCount < openerRoom else {
            // Deeper than the room: the pairing pass goes on from this opener.
            pairedBefore = token
            return
        }
        openers.unsafelyUnwrapped[openCount] = Int32(truncatingIfNeeded: token)
        openCount += 1
    }

    /// Pairs the closer written as `token` (if it was written) as `SignificantTokens.pairs` does:
    /// with the innermost open `opener` at most 32 down, dropping the openers above it; a closer
    /// that finds none stays unpaired.
    @inline(__always)
    mutating func close(_ token: Int, opener kind: TokenKind) {
        guard !Trivia.keepsTrivia, token < tokenCount, pairedBefore == Int.max else { return }
        let partner = partner.unsafelyUnwrapped
        let openers = openers.unsafelyUnwrapped
        var depth = openCount - 1
        let limit = max(0, openCount - 32)
        while depth >= limit {
            work.countRead()
            let opener = Int(openers[depth])
            if tokens[opener].kind == kind {
                openCount = depth
                partner[opener] = Int32(truncatingIfNeeded: token)
                partner[token] = Int32(truncatingIfNeeded: opener)
                return
            }
            depth -= 1
        }
    }

    /// An `#if`-family directive written as `token`: the branches are the pairing pass's to follow.
    mutating func stopPairing(at token: Int) {
        if !Trivia.keepsTrivia, token < tokenCount, pairedBefore == Int.max { pairedBefore = token }
    }

    /// Flags a string's opening token; one that did not fit (`overflowed`) was never written.
    mutating func markUnterminated(_ token: Int) {
        if token < tokenCount { tokens[token].flags.insert(.unterminated) }
    }

    mutating func run() {
        lexFileStart()
        while position < count {
            if inString, case .string(let shape, _)? = stack.last {
                lexStringContents(shape)
            } else {
                lexCode()
            }
        }
        // Anything still open at the end of the file is unterminated.
        for context in stack {
            if case .string(_, let startToken) = context {
                markUnterminated(startToken)
            }
        }
        stack.removeAll()
        inString = false
    }

    /// Sets `inString` after the stack changed.
    mutating func noteTop() {
        if case .string? = stack.last { inString = true } else { inString = false }
    }

    mutating func lexFileStart() {
        if count >= 3, at(0) == 0xEF, at(1) == 0xBB, at(2) == 0xBF {
            position = 3
            emit(.byteOrderMark, from: 0)
        }
        if byte(position) == UInt8(ascii: "#"), byte(position + 1) == UInt8(ascii: "!") {
            let start = position
            skipToLineEnd()
            emit(.shebang, from: start)
        }
    }

    mutating func skipToLineEnd() {
        let index = CharacterClasses.lineEnd(buffer.baseAddress!, from: position, to: count)
        // The bytes tested: the line's, and at most a word past it.
        work.countReads(min(index + 8, count) - position)
        position = index
    }

    // MARK: - Code

    /// One token of code. Inlined into the loop: it runs once per token.
    @inline(__always)
    mutating func lexCode() {
        // A single space between tokens is passed over here, not given a turn of the loop and
        // the dispatch of its own (a quarter of the turns). Without trivia it writes nothing, and
        // a run of blanks may take two turns; with trivia it is a token only when no other blank
        // follows it (the whitespace case below takes a run).
        if at(position) == UInt8(ascii: " ") {
            if !Trivia.keepsTrivia {
                position += 1
                pending = pending.subtracting(.joinedToPrevious)
                guard position < count else { return }
            } else if !CharacterClasses.isBlank(byte(position + 1)) {
                position += 1
                emit(.whitespace, from: position - 1)
                guard position < count else { return }
            }
        }
        let start = position
        let current = at(position)
        switch current {
        case UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C, 0x00:
            var index = position + 1
            while index < count {
                let next = at(index)
                guard next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") || next == 0x0B || next == 0x0C
                else { break }
                index += 1
            }
            position = index
            // A NUL is not Swift whitespace; keep it visible so binary files can be told apart.
            emit(current == 0 ? .unknown : .whitespace, from: start)
        case 0x0A, 0x0D:
            if overflowed {
                position = count
                return
            }
            // Only an open interpolation can be ended by a line break: most lines have none.
            if !stack.isEmpty { endSingleLineInterpolationAtNewline() }
            position += (current == 0x0D && byte(position + 1) == 0x0A) ? 2 : 1
            emit(.newline, from: start)
            // Most line breaks are followed by indentation: lexed here, not by another turn of
            // the loop. A line break leaves the lexer in code (it ends single-line strings).
            let indentation = position
            // Spaces and tabs a word at a time, then any other blanks byte by byte.
            var index = CharacterClasses.blankRunEnd(buffer.baseAddress!, from: position, to: count)
            work.countReads(min(index + 8, count) - position)
            while index < count {
                let next = at(index)
                guard next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") || next == 0x0B || next == 0x0C
                else { break }
                index += 1
            }
            if index > indentation {
                position = index
                emit(.whitespace, from: indentation)
            }
        case UInt8(ascii: "/"):
            let next = byte(position + 1)
            if next == UInt8(ascii: "/") {
                lexLineComment()
            } else if next == UInt8(ascii: "*") {
                lexBlockComment()
            } else if atExpressionStart(), lexBareRegex() {
                return
            } else {
                lexOperator()
            }
        case UInt8(ascii: "\""):
            lexStringStart(hashes: 0)
        case UInt8(ascii: "#"):
            lexPound()
        case UInt8(ascii: "@"):
            lexAttribute()
        case UInt8(ascii: "`"):
            lexBacktickIdentifier()
        case UInt8(ascii: "$"):
            lexDollarIdentifier()
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            lexNumber()
        case UInt8(ascii: "."):
            // `..<`, `...`, and custom dotted operators such as `.+.`.
            if byte(position + 1) == UInt8(ascii: ".") || (CharacterClasses.isOperatorASCII(byte(position + 1))
                && byte(position + 1) != UInt8(ascii: "/")) {
                lexOperator()
            } else {
                position += 1
                emit(.period, from: start)
            }
        case UInt8(ascii: "("):
            position += 1
            // Parentheses are counted only inside an interpolation, out of line: the loop stays small.
            if !stack.isEmpty { _ = countParenthesis(opening: true) }
            emitOpener(.leftParen, from: start)
        case UInt8(ascii: ")"):
            position += 1
            if !stack.isEmpty, countParenthesis(opening: false) {
                emitCloser(.interpolationEnd, opener: .interpolationStart, from: start)
                return
            }
            emitCloser(.rightParen, opener: .leftParen, from: start)
        case UInt8(ascii: "{"): position += 1; emitOpener(.leftBrace, from: start)
        case UInt8(ascii: "}"): position += 1; emitCloser(.rightBrace, opener: .leftBrace, from: start)
        case UInt8(ascii: "["): position += 1; emitOpener(.leftBracket, from: start)
        case UInt8(ascii: "]"): position += 1; emitCloser(.rightBracket, opener: .leftBracket, from: start)
        case UInt8(ascii: ","): position += 1; emitSignificant(.comma, from: start)
        case UInt8(ascii: ":"): position += 1; emitSignificant(.colon, from: start)
        case UInt8(ascii: ";"): position += 1; emitSignificant(.semicolon, from: start)
        case UInt8(ascii: "\\"): position += 1; emitSignificant(.backslash, from: start)
        default:
            if CharacterClasses.isIdentifierHead(current) {
                lexIdentifier()
            } else if CharacterClasses.isOperatorASCII(current) {
                // Most operators are one byte (`=`, `!`, `?`) before a byte no operator continues
                // with; `lexOperator` takes the rest. (A `/` never gets here.)
                let next = byte(position + 1)
                if next < 0x80, !CharacterClasses.isOperatorASCII(next) {
                    position += 1
                    emitSignificant(current == UInt8(ascii: "=") ? .equal : .operator, from: start)
                } else {
                    lexOperator()
                }
            } else if current >= 0x80 {
                lexNonASCII()
            } else {
                position += 1
                emit(.unknown, from: start)
            }
        }
    }

    /// Counts a parenthesis in the interpolation the lexer is in, if it is in one; whether a `)`
    /// closed the interpolation (and left it).
    @inline(never)
    mutating func countParenthesis(opening: Bool) -> Bool {
        guard case .interpolation(let depth, let multiline)? = stack.last else { return false }
        if opening {
            stack[stack.count - 1] = .interpolation(depth: depth + 1, inMultilineString: multiline)
            return false
        }
        if depth == 0 {
            stack.removeLast()
            noteTop()
            return true
        }
        stack[stack.count - 1] = .interpolation(depth: depth - 1, inMultilineString: multiline)
        return false
    }

    @inline(never)
    mutating func lexAttribute() {
        let start = position
        if CharacterClasses.isIdentifierHead(byte(position + 1)) || byte(position + 1) >= 0x80 {
            position += 1
            if scanIdentifierBody(allowHeadOnly: true) {
                emit(.attribute, from: start)
                return
            }
            position = start + 1
        } else {
            position += 1
        }
        emit(.unknown, from: start)
    }

    @inline(never)
    mutating func lexDollarIdentifier() {
        let start = position
        position += 1
        while position < count, CharacterClasses.isIdentifierBody(at(position)) { position += 1 }
        emit(.identifier, from: start)
    }

    /// A single-line string cannot span lines, and neither can its interpolations: a line break
    /// inside one ends the literal there, unterminated, as the compiler does.
    mutating func endSingleLineInterpolationAtNewline() {
        while case .interpolation(_, let multiline)? = stack.last, !multiline {
            stack.removeLast()
            if case .string(_, let startToken)? = stack.last {
                markUnterminated(startToken)
                stack.removeLast()
            }
        }
        noteTop()
    }

    mutating func lexLineComment() {
        let start = position
        let kind = CharacterClasses.commentKind(second: UInt8(ascii: "/"), third: byte(position + 2), fourth: byte(position + 3))
        skipToLineEnd()
        emit(kind, from: start)
    }

    mutating func lexBlockComment() {
        let start = position
        let kind = CharacterClasses.commentKind(second: UInt8(ascii: "*"), third: byte(position + 2), fourth: byte(position + 3))
        position += 2
        var depth = 1
        while position < count {
            let current = at(position)
            if current == UInt8(ascii: "*"), byte(position + 1) == UInt8(ascii: "/") {
                position += 2
                depth -= 1
                if depth == 0 { break }
            } else if current == UInt8(ascii: "/"), byte(position + 1) == UInt8(ascii: "*") {
                position += 2
                depth += 1
            } else {
                position += 1
            }
        }
        emit(kind, from: start, flags: depth > 0 ? .unterminated : [])
    }

    @inline(__always)
    mutating func lexIdentifier() {
        let start = position
        // The ASCII run is known up to `known`; from there the scan below finds its end.
        var known = start + 1
        // Most names are letters and `_` and end within their first sixteen bytes: the words the
        // scan tests are the words a keyword is compared with, so a keyword costs no second
        // read. The scan starts at the head, which is a body byte too.
        if start + 16 <= count {
            let raw = UnsafeRawPointer(buffer.baseAddress! + start)
            let low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
            var stops = CharacterClasses.nameStops(low)
            var high: UInt64 = 0
            var length = 0
            if stops == 0 {
                high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
                stops = CharacterClasses.nameStops(high)
                length = 8
            }
            if stops == 0 {
                work.countReads(16)
                known = start + 16
            } else {
                length += stops.trailingZeroBitCount >> 3
                let end = start + length
                work.countReads(length + 8)
                known = end
                // A digit, `$` or a byte from 0x80 up continues the name: the general path decides.
                let next = at(end)
                if next < 0x80, !CharacterClasses.isIdentifierBody(next) {
                    position = end
                    // Every keyword starts with a lowercase letter: type names skip the lookup.
                    if length >= 2, low & 0xFF >= UInt64(UInt8(ascii: "a")) {
                        let keyword = length < 8
                            ? KeywordTable.lookup(low: low & KeywordTable.mask(length), high: 0, length: length, slots: keywords)
                            : KeywordTable.lookup(low: low, high: high & KeywordTable.mask(length - 8), length: length,
                                                  slots: keywords)
                        if keyword != .none, !afterPeriod {
                            emitSignificant(.keyword, from: start, keyword: keyword)
                            return
                        }
                    }
                    emitSignificant(.identifier, from: start)
                    return
                }
            }
        }
        lexIdentifier(from: start, known: known)
    }

    /// The rest of a name from `start` whose bytes up to `known` are ASCII body bytes: any
    /// length, digits, `$`, bytes from 0x80 up, the end of the file.
    @inline(never)
    mutating func lexIdentifier(from start: Int, known: Int) {
        // The ASCII run, then anything from 0x80 up in `scanIdentifierBody`.
        let index = CharacterClasses.asciiIdentifierBodyEnd(buffer.baseAddress!, from: known, to: count)
        // The bytes tested: the name's, and at most a word past it.
        work.countReads(min(index + 8, count) - known)
        position = index
        if index < count, at(index) >= 0x80 { _ = scanIdentifierBody(allowHeadOnly: true) }
        let length = position - start
        if length >= 2, length <= 15, buffer[start] >= UInt8(ascii: "a") {
            work.countRead()
            let keyword = KeywordTable.lookup(buffer, start: start, length: length, slots: keywords)
            if keyword != .none, !afterPeriod {
                emit(.keyword, from: start, keyword: keyword)
                return
            }
        }
        emit(.identifier, from: start)
    }

    /// Whether the last token is a `.` with no trivia after it: after it every word is a member
    /// name (`.init`, `.default`), never a keyword.
    var afterPeriod: Bool {
        !lastWasTrivia && lastSignificant >= 0 && tokens[lastSignificant].kind == .period
    }

    /// Consumes identifier characters (ASCII and Unicode); returns whether any were consumed or
    /// `allowHeadOnly` permits none.
    mutating func scanIdentifierBody(allowHeadOnly: Bool) -> Bool {
        let start = position
        while position < count {
            // ASCII runs in a local index: most of the bytes of a file are identifier bytes.
            var index = position
            while index < count {
                let current = at(index)
                guard current < 0x80, CharacterClasses.isIdentifierBody(current) else { break }
                index += 1
            }
            position = index
            guard position < count, at(position) >= 0x80 else { break }
            guard let (scalar, length) = decode(at: position),
                  !CharacterClasses.isOperatorBody(scalar) || (0x300...0x36F).contains(scalar)
                      || (0xFE00...0xFE0F).contains(scalar) || (0x20D0...0x20FF).contains(scalar),
                  !CharacterClasses.isNonASCIISpaceOrControl(scalar) || scalar == 0x200B
            else { break }
            position += length
        }
        return allowHeadOnly || position > start
    }

    mutating func lexNonASCII() {
        let start = position
        guard let (scalar, length) = decode(at: position) else {
            position += 1
            // Swallow the continuation bytes of a broken sequence into the same unknown token.
            while position < count, at(position) & 0xC0 == 0x80, position - start < 4 { position += 1 }
            emit(.unknown, from: start)
            return
        }
        if CharacterClasses.isOperatorHead(scalar) {
            lexOperator()
        } else if CharacterClasses.isNonASCIISpaceOrControl(scalar) || CharacterClasses.isOperatorBody(scalar) {
            position += length
            emit(.unknown, from: start)
        } else {
            position += length
            _ = scanIdentifierBody(allowHeadOnly: true)
            emit(.identifier, from: start)
        }
    }

    mutating func lexBacktickIdentifier() {
        let start = position
        var index = position + 1
        while index < count, at(index) != UInt8(ascii: "`"), at(index) != 0x0A, at(index) != 0x0D {
            index += 1
        }
        if index < count, at(index) == UInt8(ascii: "`"), index > position + 1 {
            position = index + 1
            emit(.identifier, from: start, flags: .backticked)
        } else {
            position += 1
            emit(.unknown, from: start)
        }
    }

    mutating func lexNumber() {
        let start = position
        let tupleIndex = lastSignificant >= 0 && !lastWasTrivia && tokens[lastSignificant].kind == .period
        var isFloat = false
        if at(position) == UInt8(ascii: "0"), !tupleIndex {
            let radix = byte(position + 1)
            if radix == UInt8(ascii: "x") {
                position += 2
                while position < count, CharacterClasses.isHexDigit(at(position)) || at(position) == UInt8(ascii: "_") {
                    position += 1
                }
                if byte(position) == UInt8(ascii: "."), CharacterClasses.isHexDigit(byte(position + 1)) {
                    isFloat = true
                    position += 1
                    while position < count, CharacterClasses.isHexDigit(at(position)) || at(position) == UInt8(ascii: "_") {
                        position += 1
                    }
                }
                if byte(position) == UInt8(ascii: "p") || byte(position) == UInt8(ascii: "P") {
                    isFloat = true
                    scanExponent()
                }
                finishNumber(from: start, isFloat: isFloat)
                return
            }
            if radix == UInt8(ascii: "o") || radix == UInt8(ascii: "b") {
                position += 2
                while position < count, CharacterClasses.isIdentifierBody(at(position)) { position += 1 }
                finishNumber(from: start, isFloat: false)
                return
            }
        }
        scanDigits()
        if tupleIndex {
            finishNumber(from: start, isFloat: false)
            return
        }
        if byte(position) == UInt8(ascii: "."), CharacterClasses.isDigit(byte(position + 1)) {
            isFloat = true
            position += 1
            scanDigits()
        }
        if byte(position) == UInt8(ascii: "e") || byte(position) == UInt8(ascii: "E") {
            let sign = byte(position + 1)
            let digit = (sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-")) ? byte(position + 2) : sign
            if CharacterClasses.isDigit(digit) {
                isFloat = true
                scanExponent()
            }
        }
        finishNumber(from: start, isFloat: isFloat)
    }

    mutating func scanDigits() {
        while position < count, CharacterClasses.isDigit(at(position)) || at(position) == UInt8(ascii: "_") {
            position += 1
        }
    }

    mutating func scanExponent() {
        position += 1
        if byte(position) == UInt8(ascii: "+") || byte(position) == UInt8(ascii: "-") { position += 1 }
        scanDigits()
    }

    /// A malformed literal such as `12abc` stays one token, as the compiler reports it as one.
    mutating func finishNumber(from start: Int, isFloat: Bool) {
        while position < count, CharacterClasses.isIdentifierBody(at(position)) { position += 1 }
        emit(isFloat ? .floatLiteral : .integerLiteral, from: start)
    }

    mutating func lexOperator() {
        let start = position
        let dotted = at(position) == UInt8(ascii: ".")
        while position < count {
            let current = at(position)
            if current == UInt8(ascii: ".") {
                guard dotted else { break }
                position += 1
                continue
            }
            if current == UInt8(ascii: "/"), position > start,
               byte(position + 1) == UInt8(ascii: "/") || byte(position + 1) == UInt8(ascii: "*") {
                break
            }
            if current < 0x80 {
                guard CharacterClasses.isOperatorASCII(current) else { break }
                position += 1
                continue
            }
            guard let (scalar, length) = decode(at: position),
                  position == start ? CharacterClasses.isOperatorHead(scalar) : CharacterClasses.isOperatorBody(scalar)
            else { break }
            position += length
        }
        if position == start { position += 1 }
        let length = position - start
        if length == 1, at(start) == UInt8(ascii: "=") {
            emit(.equal, from: start)
        } else if length == 2, at(start) == UInt8(ascii: "-"), at(start + 1) == UInt8(ascii: ">") {
            emit(.arrow, from: start)
        } else {
            emit(.operator, from: start)
        }
    }

    // MARK: - Pound

    mutating func lexPound() {
        let start = position
        var hashes = 0
        while byte(position + hashes) == UInt8(ascii: "#") { hashes += 1 }
        let after = byte(position + hashes)
        if after == UInt8(ascii: "\"") {
            lexStringStart(hashes: hashes)
            return
        }
        if after == UInt8(ascii: "/"), lexExtendedRegex(hashes: hashes) {
            return
        }
        if hashes == 1, CharacterClasses.isIdentifierHead(after) {
            position += 1
            _ = scanIdentifierBody(allowHeadOnly: true)
            let nameStart = start + 1
            let length = position - nameStart
            let kind: TokenKind
            if matches(nameStart, length, "if") {
                kind = .poundIf
            } else if matches(nameStart, length, "elseif") {
                kind = .poundElseif
            } else if matches(nameStart, length, "else") {
                kind = .poundElse
            } else if matches(nameStart, length, "endif") {
                kind = .poundEndif
            } else {
                kind = .poundKeyword
            }
            let token = tokenCount
            emit(kind, from: start)
            if kind != .poundKeyword { stopPairing(at: token) }
            return
        }
        // A run of `#` that starts nothing: all but the last are one unknown token, so the run is
        // read once (the last may still start `#if` or `#"`).
        position += max(1, hashes - 1)
        emit(.unknown, from: start)
    }

    func matches(_ start: Int, _ length: Int, _ word: StaticString) -> Bool {
        guard length == word.utf8CodeUnitCount else { return false }
        return word.withUTF8Buffer { expected in
            for offset in 0..<length where at(start + offset) != expected[offset] { return false }
            return true
        }
    }

    // MARK: - Strings

    mutating func lexStringStart(hashes: Int) {
        let start = position
        position += hashes
        var multiline = false
        if byte(position + 1) == UInt8(ascii: "\""), byte(position + 2) == UInt8(ascii: "\"") {
            multiline = true
            position += 3
        } else {
            position += 1
        }
        var flags: TokenFlags = []
        if multiline { flags.insert(.multiline) }
        if hashes > 0 { flags.insert(.raw) }
        let startToken = tokenCount
        emit(.stringStart, from: start, flags: flags)
        open(startToken)
        stack.append(.string(StringShape(hashes: hashes, multiline: multiline), startToken: startToken))
        inString = true
    }

    /// Lexes literal text up to the next interpolation, the closing delimiter, or the end.
    mutating func lexStringContents(_ shape: StringShape) {
        let segmentStart = position
        while position < count {
            // Plain text up to the next byte that can matter, a word at a time.
            let stop = CharacterClasses.stringTextEnd(buffer.baseAddress!, from: position, to: count)
            work.countReads(min(stop + 8, count) - position)
            position = stop
            guard position < count else { break }
            let current = at(position)
            if current == 0x0A || current == 0x0D {
                if !shape.multiline {
                    flushSegment(from: segmentStart)
                    markCurrentStringUnterminated()
                    return
                }
                position += 1
                continue
            }
            if current == UInt8(ascii: "\\") {
                var hashes = 0
                while hashes < shape.hashes, byte(position + 1 + hashes) == UInt8(ascii: "#") { hashes += 1 }
                guard hashes == shape.hashes else {
                    position += 1
                    continue
                }
                let escaped = position + 1 + hashes
                if byte(escaped) == UInt8(ascii: "(") {
                    flushSegment(from: segmentStart)
                    let start = position
                    position = escaped + 1
                    let token = tokenCount
                    emit(.interpolationStart, from: start)
                    open(token)
                    stack.append(.interpolation(depth: 0, inMultilineString: shape.multiline))
                    inString = false
                    return
                }
                // An escape: skip the escaped character so `\"` does not end the string.
                position = escaped < count ? escaped + 1 : count
                if !shape.multiline, escaped < count, at(escaped) == 0x0A || at(escaped) == 0x0D {
                    position = escaped
                }
                continue
            }
            if current == UInt8(ascii: "\"") {
                let quotes = shape.multiline ? 3 : 1
                var matched = true
                for offset in 0..<quotes where byte(position + offset) != UInt8(ascii: "\"") { matched = false }
                if matched {
                    for offset in 0..<shape.hashes where byte(position + quotes + offset) != UInt8(ascii: "#") {
                        matched = false
                    }
                }
                if matched {
                    flushSegment(from: segmentStart)
                    let start = position
                    position += quotes + shape.hashes
                    var flags: TokenFlags = []
                    if shape.multiline { flags.insert(.multiline) }
                    if shape.hashes > 0 { flags.insert(.raw) }
                    let token = tokenCount
                    emit(.stringEnd, from: start, flags: flags)
                    close(token, opener: .stringStart)
                    stack.removeLast()
                    noteTop()
                    return
                }
            }
            position += 1
        }
        flushSegment(from: segmentStart)
    }

    mutating func flushSegment(from start: Int) {
        if position > start { emit(.stringSegment, from: start) }
    }

    mutating func markCurrentStringUnterminated() {
        if case .string(_, let startToken)? = stack.last {
            markUnterminated(startToken)
            stack.removeLast()
            noteTop()
        }
    }

    // MARK: - Regex literals

    /// Whether a `/` here would begin an expression (so may open a regex) rather than continue one.
    func atExpressionStart() -> Bool {
        guard lastSignificant >= 0 else { return true }
        let previous = tokens[lastSignificant]
        switch previous.kind {
        case .identifier, .integerLiteral, .floatLiteral, .stringEnd, .regexLiteral,
             .rightParen, .rightBracket, .rightBrace, .interpolationEnd, .poundKeyword, .unknown:
            return false
        case .keyword:
            switch previous.keyword {
            // After `func` and `operator` comes an operator's name, such as `/%/`.
            case .true, .false, .nil, .`init`, .`deinit`, .`subscript`, .func, .operator: return false
            default: return true
            }
        case .operator:
            // A postfix operator (`x! / y`) ends an expression; a prefix or binary one starts one.
            let joined = previous.flags.contains(.joinedToPrevious)
            let spaced = lastWasTrivia
            return !(joined && spaced)
        default:
            return true
        }
    }

    /// `/.../` on one line. Like the compiler, refuses literals that start or end with a space
    /// and ones whose parentheses close more than they open (`foo(a / b) / c`).
    ///
    /// A failed attempt looked at every byte up to where it failed; a `/` before that point is
    /// not tried again, so a line of `/[ /[ /[` costs one scan, not one per slash.
    mutating func lexBareRegex() -> Bool {
        let start = position
        guard start >= regexRefusedBefore else { return false }
        let first = byte(start + 1)
        if first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") || first == 0x0A || first == 0x0D || first == 0 {
            return false
        }
        var index = start + 1
        var parenDepth = 0
        var inClass = 0
        defer { if position == start { regexRefusedBefore = index } }
        while index < count {
            let current = at(index)
            if current == 0x0A || current == 0x0D { return false }
            if current == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if current == UInt8(ascii: "[") {
                inClass += 1
            } else if current == UInt8(ascii: "]"), inClass > 0 {
                inClass -= 1
            } else if inClass == 0 {
                if current == UInt8(ascii: "(") {
                    parenDepth += 1
                } else if current == UInt8(ascii: ")") {
                    parenDepth -= 1
                    if parenDepth < 0 { return false }
                } else if current == UInt8(ascii: "/") {
                    let before = at(index - 1)
                    if before == UInt8(ascii: " ") || before == UInt8(ascii: "\t") { return false }
                    position = index + 1
                    emit(.regexLiteral, from: start)
                    return true
                }
            }
            index += 1
        }
        return false
    }

    /// `#/.../#`, `##/.../##`; when `#/` ends its line the literal spans lines (extended syntax).
    mutating func lexExtendedRegex(hashes: Int) -> Bool {
        let start = position
        var index = start + hashes + 1
        let multiline = byte(index) == 0x0A || byte(index) == 0x0D
        while index < count {
            let current = at(index)
            if !multiline, current == 0x0A || current == 0x0D { break }
            if current == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if current == UInt8(ascii: "/") {
                var closing = 0
                while closing < hashes, byte(index + 1 + closing) == UInt8(ascii: "#") { closing += 1 }
                if closing == hashes {
                    position = index + 1 + hashes
                    emit(.regexLiteral, from: start)
                    return true
                }
            }
            index += 1
        }
        position = min(index, count)
        emit(.regexLiteral, from: start, flags: .unterminated)
        return true
    }
}

/// Reserved words in a perfect hash table: an identifier's first eight bytes and its length pick
/// the one slot it can match, and two 64-bit compares decide. No keyword shares a slot (the
/// multiplier was searched for that; `KeywordTable.slots` checks it when it is built).
enum KeywordTable {
    struct Slot {
        var low: UInt64 = 0
        var high: UInt64 = 0
        var length = 0
        var keyword: Keyword = .none
    }

    static let multiplier: UInt64 = 0xD7A7_6426_44C5_8C19

    static let slots: [Slot] = {
        var slots = [Slot](repeating: Slot(), count: 128)
        for keyword in Keyword.allCases where keyword != .none {
            let bytes = Array(keyword.text.utf8)
            let (low, high) = bytes.withUnsafeBufferPointer { pack($0, start: 0, length: bytes.count) }
            let slot = index(low: low, length: bytes.count)
            precondition(slots[slot].keyword == .none, "two keywords share a slot: choose another multiplier")
            slots[slot] = Slot(low: low, high: high, length: bytes.count, keyword: keyword)
        }
        return slots
    }()

    @inline(__always)
    static func index(low: UInt64, length: Int) -> Int { Int(truncatingIfNeeded: ((low ^ UInt64(length)) &* multiplier) >> 57) }

    /// Bytes `start..<start + length` (at most 16) packed little-endian: the first eight, the rest.
    @inline(__always)
    static func pack(_ buffer: UnsafeBufferPointer<UInt8>, start: Int, length: Int) -> (UInt64, UInt64) {
        if start + 16 <= buffer.count, let base = buffer.baseAddress {
            // Two loads and masks where sixteen bytes are there to read.
            let raw = UnsafeRawPointer(base + start)
            var low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
            var high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            if length < 8 {
                low &= (1 &<< UInt64(8 * length)) &- 1
                high = 0
            } else {
                high &= length == 16 ? ~0 : (1 &<< UInt64(8 * (length - 8))) &- 1
            }
            return (low, high)
        }
        var low: UInt64 = 0
        var high: UInt64 = 0
        var offset = 0
        while offset < length && offset < 8 {
            low |= UInt64(buffer[start + offset]) << (8 * UInt64(offset))
            offset += 1
        }
        while offset < length {
            high |= UInt64(buffer[start + offset]) << (8 * UInt64(offset - 8))
            offset += 1
        }
        return (low, high)
    }

    /// A mask of the low `length` bytes of a word (`length` from 0 to 7).
    @inline(__always)
    static func mask(_ length: Int) -> UInt64 { (1 &<< UInt64(truncatingIfNeeded: 8 * length)) &- 1 }

    /// The keyword of `length` bytes (2 to 15) packed as `pack` packs them, or `.none`.
    @inline(__always)
    static func lookup(low: UInt64, high: UInt64, length: Int, slots: UnsafeBufferPointer<Slot>) -> Keyword {
        let slot = slots[index(low: low, length: length)]
        return slot.length == length && slot.low == low && slot.high == high ? slot.keyword : .none
    }

    /// The keyword spelled by `length` bytes at `start`, or `.none`. `slots` is `KeywordTable.slots`,
    /// passed in so the lexer resolves the global once per file, not once per identifier.
    @inline(__always)
    static func lookup(_ buffer: UnsafeBufferPointer<UInt8>, start: Int, length: Int,
                       slots: UnsafeBufferPointer<Slot>) -> Keyword {
        guard length >= 2, length <= 15 else { return .none }
        let (low, high) = pack(buffer, start: start, length: length)
        let slot = slots[index(low: low, length: length)]
        return slot.length == length && slot.low == low && slot.high == high ? slot.keyword : .none
    }
}
