#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// A parsed file: its source, tokens and outline, with the text queries rules need.
public final class SyntaxTree: Sendable {
    public let source: SourceFile
    public let tokens: [Token]
    public let outline: Outline
    let significant: SignificantTokens
    /// Whether `tokens` holds the file's trivia, so that their ranges tile the file. A tree
    /// without it (`init(significantTokensOf:)`) still answers every outline and text query the
    /// same way, and keeps its comments' byte ranges in `droppedComments`.
    public let keepsTrivia: Bool
    /// The byte ranges of the file's comments, when `tokens` holds no trivia; otherwise empty.
    let droppedComments: [Range<UInt32>]

    public init(source: SourceFile) {
        self.source = source
        self.tokens = Tokenizer.tokenize(source.bytes)
        let (significant, gathered) = SignificantTokens.gather(tokens)
        self.significant = significant
        self.outline = OutlineBuilder.build(bytes: source.bytes, significantTokens: gathered, significant: significant,
                                            work: NoReads())
        keepsTrivia = true
        droppedComments = []
    }

    /// A tree of `source`'s significant tokens only, for work that reads no whitespace or
    /// comment token (pass 1's index facts): about a third fewer tokens to write, and no second
    /// copy of them for the parser. Token indices are this tree's own; its outline names the same
    /// tokens a full tree's does.
    public init(significantTokensOf source: SourceFile) {
        self.source = source
        let (tokens, comments, pairing) = Tokenizer.significantTokensAndPairs(source.bytes, work: NoReads())
        self.tokens = tokens
        let significant = SignificantTokens.withoutTrivia(tokens, pairing: pairing, work: NoReads())
        self.significant = significant
        self.outline = OutlineBuilder.build(bytes: source.bytes, significantTokens: tokens, significant: significant,
                                            work: NoReads())
        keepsTrivia = false
        droppedComments = comments
    }

    /// This tree as pass 2 keeps it: its tokens in an array of their own size, and its source's
    /// line table built. The lexer writes into room for the most tokens a file can hold (about
    /// three times what it needs), which a tree kept past its file's turn should not hold; and
    /// pass 1 builds no line table (`SourceFile(path:bytesWithoutLineTable:)`), which pass 2 asks
    /// of every finding, excerpt and suppression comment: worked out at each question, a file
    /// with thousands of findings took quadratic time (4,000 suppressed findings: 4.6 s).
    func keptForLinting() -> SyntaxTree {
        // The lexer's room, not the allocator's rounding of an exact copy.
        let hasRoom = tokens.capacity > tokens.count + tokens.count / 4 + 16
        guard hasRoom || !source.hasLineTable else { return self }
        return SyntaxTree(source: source.withLineTable(),
                          tokens: hasRoom ? tokens.withUnsafeBufferPointer { Array($0) } : tokens, outline: outline,
                          significant: significant, keepsTrivia: keepsTrivia, droppedComments: droppedComments)
    }

    private init(source: SourceFile, tokens: [Token], outline: Outline, significant: SignificantTokens,
                 keepsTrivia: Bool, droppedComments: [Range<UInt32>]) {
        self.source = source
        self.tokens = tokens
        self.outline = outline
        self.significant = significant
        self.keepsTrivia = keepsTrivia
        self.droppedComments = droppedComments
    }

    /// The raw index of the bracket paired with the bracket at raw index `token`, if any.
    public func partner(ofToken token: Int) -> Int? {
        guard token >= 0, token < tokens.count, !tokens[token].isTrivia else { return nil }
        let position = Int(significant.positionOfRaw[token])
        let other = Int(significant.partner[position])
        return other >= 0 ? Int(significant.indices[other]) : nil
    }

    /// The next significant token after raw index `token`, or `nil` at the end.
    public func nextSignificant(after token: Int) -> Int? {
        guard token + 1 <= tokens.count else { return nil }
        let position = Int(significant.positionOfRaw[token + 1])
        return position < significant.count ? Int(significant.indices[position]) : nil
    }

    /// The previous significant token before raw index `token`, or `nil` at the start.
    public func previousSignificant(before token: Int) -> Int? {
        guard token > 0, token <= tokens.count else { return nil }
        let position = Int(significant.positionOfRaw[token]) - 1
        return position >= 0 ? Int(significant.indices[position]) : nil
    }

    /// The significant tokens of a raw range, in order, read in place: the range's ends are
    /// looked up, not searched for, and no array is made (these are asked for hundreds of
    /// thousands of times a run, mostly for a few tokens).
    public func significantTokens(in range: Range<Int>) -> SignificantTokenList {
        SignificantTokenList(raw: significant.indices, positions: significantPositions(in: range))
    }

    /// How many significant tokens a raw range holds, in O(1): `isEmpty` checks of a whole body
    /// should not gather the body.
    public func significantCount(in range: Range<Int>) -> Int { significantPositions(in: range).count }

    /// The significant positions of the tokens in a raw range, clamped to the file.
    func significantPositions(in range: Range<Int>) -> Range<Int> {
        let lower = min(max(0, range.lowerBound), tokens.count)
        let upper = min(max(lower, range.upperBound), tokens.count)
        return Int(significant.positionOfRaw[lower])..<Int(significant.positionOfRaw[upper])
    }

    /// The text of one token; backticks around an identifier are removed.
    public func text(ofToken index: Int) -> String {
        guard index >= 0, index < tokens.count else { return "" }
        return source.text(tokens[index].nameRange)
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

    /// The tokens that spell `self` (not `Type.self`), in order.
    public func selfTokens() -> [Int] {
        var result: [Int] = []
        var previousKind = TokenKind.unknown
        // Read in place: the scan passes every token of the file.
        tokens.withUnsafeBufferPointer { tokens in
            for index in tokens.indices where !tokens[index].isTrivia {
                let token = tokens[index]
                defer { previousKind = token.kind }
                guard token.kind == .identifier, token.endOffset - token.startOffset == 4, previousKind != .period,
                      self.token(index, is: "self") else { continue }
                result.append(index)
            }
        }
        return result
    }

    /// The positions of a sorted list that fall in `range`, found by two binary searches: a
    /// question asked for every nested closure costs a logarithm, not the closure's length.
    public static func positions(_ sorted: [Int], in range: Range<Int>) -> ArraySlice<Int> {
        let start = sorted.firstIndex(notBelow: range.lowerBound)
        return sorted[start..<max(start, sorted.firstIndex(notBelow: range.upperBound))]
    }

    /// The label callers write for a parameter, `nil` for `_` and none.
    public func label(of parameter: Parameter) -> String? { parameter.labelToken.map { text(ofToken: $0) } }

    /// The name a parameter has inside its function.
    public func name(of parameter: Parameter) -> String { text(ofToken: parameter.nameToken) }

    /// The bytes of a token's text, backticks around an identifier removed (`text(ofToken:)`'s bytes).
    func nameBytes(ofToken index: Int) -> Range<Int> {
        guard index >= 0, index < tokens.count else { return 0..<0 }
        return tokens[index].nameRange
    }

    /// The name a variable declares.
    public func name(of variable: VariableDeclaration) -> String { text(ofToken: variable.nameToken) }

    /// The name a capture-list entry captures.
    public func name(of capture: Capture) -> String { text(ofToken: capture.nameToken) }

    /// The names of a closure's declared parameters.
    public func parameterNames(of closure: Closure) -> [String] {
        outline.closureParameters[closure.parameters].map { text(ofToken: $0) }
    }

    /// The label a closure is passed with (`completion`), `nil` when unlabeled.
    public func argumentLabel(of closure: Closure) -> String? { closure.argumentLabelToken.map { text(ofToken: $0) } }

    /// Whether the token spells `word` (backticks around an identifier removed): bytes compared
    /// for ASCII text, no string made.
    public func token(_ index: Int, spells word: String) -> Bool {
        guard index >= 0, index < tokens.count else { return false }
        let range = tokens[index].nameRange
        // Swift compares other text by canonical equivalence (U+212A KELVIN SIGN is `K`): as strings.
        let verdict: Bool?? = word.utf8.withContiguousStorageIfAvailable { expected -> Bool? in
            source.bytes.withUnsafeBufferPointer { bytes -> Bool? in
                for offset in range where bytes[offset] >= 0x80 { return nil }
                for byte in expected where byte >= 0x80 { return nil }
                guard expected.count == range.count else { return false }
                return expected.isEmpty || memcmp(bytes.baseAddress! + range.lowerBound, expected.baseAddress!, range.count) == 0
            }
        }
        if let verdict, let verdict { return verdict }
        return text(ofToken: index) == word
    }

    /// The label an argument is passed with (`completion`), `nil` when it has none.
    public func label(of argument: Argument) -> String? { argument.labelToken.map { text(ofToken: $0) } }

    /// The base name of a call (`addSubview`).
    public func name(of call: Call) -> String { text(ofToken: call.nameToken) }

    /// The 1-based line of a token.
    public func line(ofToken index: Int) -> Int {
        guard index >= 0, index < tokens.count else { return source.lineCount }
        return source.location(of: tokens[index].startOffset).line
    }
}

extension SyntaxTree: SignificantTokenReader {
    func significantToken(_ position: Int) -> Token {
        position >= 0 && position < significant.count
            ? tokens[Int(significant.indices[position])] : Token(kind: .unknown, range: 0..<0)
    }

    func partnerPosition(_ position: Int) -> Int { Int(significant.partner[position]) }

    func byte(_ offset: Int) -> UInt8 { source.bytes[offset] }

    /// The first token of the postfix expression (`a.b?[0].c()`, `Foo<T>.x`, `a.b { }.c`) that ends
    /// at `end`; `end` itself when no postfix expression ends there. The outline's calls use the
    /// same walk for their `chainStart`.
    public func postfixExpressionStart(endingAt end: Int) -> Int {
        guard end >= 0, end < tokens.count, !tokens[end].isTrivia else { return end }
        let position = Int(significant.positionOfRaw[end])
        let start = PostfixChain.start(endingAt: position, in: self)
        return start <= position ? Int(significant.indices[start]) : end
    }
}

/// The raw indices of a run of significant tokens (`SyntaxTree.significantTokens(in:)`), a view
/// of the tree's own table indexed from 0.
public struct SignificantTokenList: RandomAccessCollection, Sendable {
    private let raw: [Int32]
    private let positions: Range<Int>

    init(raw: [Int32], positions: Range<Int>) {
        self.raw = raw
        self.positions = positions
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { positions.count }
    public subscript(position: Int) -> Int { Int(raw[positions.lowerBound + position]) }
}

extension SyntaxTree {
    /// The full Swift name a call site spells: `embed(_:in:)` (trailing closures not counted).
    public func fullName(of call: Call) -> String {
        withFullName(of: call) { String(decoding: $0, as: UTF8.self) }
    }

    /// Hands `body` the UTF-8 bytes of a call's full name, spelled straight from the source into
    /// scratch space with no array between: this runs for many calls of every file, and a caller
    /// that interns the name (`NameSlots.insert(bytes:)`) makes no string for one it has seen.
    func withFullName<Result>(of item: Call, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: fullNameCount(of: item)) { buffer in
            body(UnsafeBufferPointer(start: buffer.baseAddress!, count: writeFullName(of: item, to: buffer.baseAddress!)))
        }
    }

    /// How many bytes a call's full name takes (`writeFullName(of:to:)`).
    func fullNameCount(of item: Call) -> Int {
        var count = tokens[item.nameToken].nameRange.count + 2
        outline.arguments.withUnsafeBufferPointer { arguments in
            for index in item.arguments {
                count += (arguments[index].labelToken.map { tokens[$0].nameRange.count } ?? 1) + 1
            }
        }
        return count
    }

    /// Spells a call's full name at `output`, which has room for `fullNameCount(of:)` bytes;
    /// returns how many it wrote.
    func writeFullName(of item: Call, to output: UnsafeMutablePointer<UInt8>) -> Int {
        source.bytes.withUnsafeBufferPointer { source in
            outline.arguments.withUnsafeBufferPointer { arguments in
                var position = 0
                func copy(_ range: Range<Int>) {
                    guard let start = source.baseAddress, !range.isEmpty else { return }
                    (output + position).update(from: start + range.lowerBound, count: range.count)
                    position += range.count
                }
                func put(_ byte: UInt8) {
                    output[position] = byte
                    position += 1
                }
                copy(tokens[item.nameToken].nameRange)
                put(UInt8(ascii: "("))
                for index in item.arguments {
                    if let token = arguments[index].labelToken {
                        copy(tokens[token].nameRange)
                    } else {
                        put(UInt8(ascii: "_"))
                    }
                    put(UInt8(ascii: ":"))
                }
                put(UInt8(ascii: ")"))
                return position
            }
        }
    }
}
