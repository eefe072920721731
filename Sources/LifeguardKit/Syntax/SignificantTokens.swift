/// The tokens the parser reads (trivia removed), with every bracket paired to its partner.
///
/// Pairs: `()`, `[]`, `{}`, string delimiters, and interpolation `\(`/`)`. Pairing follows
/// `#if` branches like the outline does, and a closer that matches nothing stays unpaired.
/// The bracket pairing the lexer did as it wrote significant tokens
/// (`Tokenizer.significantTokensAndPairs`): done up to `pairedBefore`, the first `#if`-family
/// directive (or an opener nested deeper than `openerRoom`), where `open` were still open.
struct LexedPairing {
    /// How deep the lexer's stack of open brackets goes; deeper nesting is left to `SignificantTokens`.
    static let openerRoom = 256

    /// For each token, its partner's position, or -1; positions from `pairedBefore` on are all -1.
    var partner: [Int32]
    var pairedBefore: Int
    /// The openers open at `pairedBefore`, outermost first; empty when `pairedBefore` is the token count.
    var open: [Int32]
}

struct SignificantTokens {
    /// Raw token index of each significant token (for a tree without trivia, one more element:
    /// the same array as `positionOfRaw`); `count` says how many there are.
    var indices: [Int32]
    /// How many significant tokens there are.
    let count: Int
    /// For each significant position, the significant position of its partner bracket, or -1.
    var partner: [Int32]
    /// For each raw token, the significant position at or after it.
    var positionOfRaw: [Int32]

    /// The significant tokens of `tokens` with their pairing, and the significant tokens
    /// themselves gathered into one contiguous array for a parser to read in order.
    static func gather(_ tokens: [Token]) -> (significant: SignificantTokens, tokens: [Token]) {
        gather(tokens, work: NoReads())
    }

    /// `work` counts the pairing pass's look-downs and stack moves (the linear-time tests).
    static func gather<Counter: ReadCounter>(_ tokens: [Token], work: Counter)
        -> (significant: SignificantTokens, tokens: [Token]) {
        var indices = [Int32]()
        var gathered = [Token]()
        var written = 0
        // One branch-free pass: trivia and code alternate too irregularly to predict. The
        // significant position at or after a raw token is the number of significant tokens
        // before it. Every token is written at the next significant slot and only significant
        // ones advance it, so the gathered tokens need no second pass. The arrays are filled as
        // they are created, so none is zeroed first.
        let positions = tokens.withUnsafeBufferPointer { all in
            [Int32](unsafeUninitializedCapacity: all.count + 1) { positions, initializedPositions in
                indices = [Int32](unsafeUninitializedCapacity: all.count) { output, initialized in
                    gathered = [Token](unsafeUninitializedCapacity: all.count) { significant, initializedTokens in
                        for index in 0..<all.count {
                            let token = all[index]
                            positions[index] = Int32(truncatingIfNeeded: written)
                            output[written] = Int32(truncatingIfNeeded: index)
                            (significant.baseAddress! + written).initialize(to: token)
                            written &+= token.kind.isTrivia ? 0 : 1
                        }
                        initializedTokens = written
                    }
                    initialized = written
                }
                positions[all.count] = Int32(truncatingIfNeeded: written)
                initializedPositions = all.count + 1
            }
        }
        let significant = SignificantTokens(indices: indices, partner: pairs(of: gathered, work: work),
                                            positionOfRaw: positions, count: gathered.count)
        return (significant, gathered)
    }

    /// The pairing of tokens that hold no trivia (`Tokenizer.significantTokensAndPairs`), which
    /// the lexer began: each token is its own significant position.
    static func withoutTrivia<Counter: ReadCounter>(_ tokens: [Token], pairing: LexedPairing,
                                                    work: Counter) -> SignificantTokens {
        let count = tokens.count
        var partner = pairing.partner
        if pairing.pairedBefore < count {
            // An `#if` (or openers nested deeper than the lexer's room): the branching stack
            // pairs the rest, holding what the lexer's stack held.
            var open = BranchingStack<Int32>()
            open.reserveCapacity(max(32, pairing.open.count))
            for opener in pairing.open { open.push(opener) }
            tokens.withUnsafeBufferPointer { tokens in
                partner.withUnsafeMutableBufferPointer { partner in
                    pairsAcrossBranches(tokens, partner, after: pairing.pairedBefore - 1, open: &open, work: work)
                }
            }
            work.countReads(open.work)
        }
        let identity = [Int32](unsafeUninitializedCapacity: count + 1) { positions, initialized in
            for index in 0...count { positions[index] = Int32(truncatingIfNeeded: index) }
            initialized = count + 1
        }
        return SignificantTokens(indices: identity, partner: partner, positionOfRaw: identity, count: count)
    }

    /// `withoutTrivia`, pairing every token here (the oracle the lexer's pairing is tested against).
    static func withoutTrivia<Counter: ReadCounter>(_ tokens: [Token], work: Counter) -> SignificantTokens {
        let count = tokens.count
        let identity = [Int32](unsafeUninitializedCapacity: count + 1) { positions, initialized in
            for index in 0...count { positions[index] = Int32(truncatingIfNeeded: index) }
            initialized = count + 1
        }
        // Both maps are the identity: one array serves as both (its last element is past `count`).
        return SignificantTokens(indices: identity, partner: pairs(of: tokens, work: work), positionOfRaw: identity,
                                 count: count)
    }

    /// For each of `tokens` (significant ones), the position of its partner bracket, or -1.
    static func pairs<Counter: ReadCounter>(of gathered: [Token], work: Counter) -> [Int32] {
        var partner = [Int32](filledWith: -1, count: gathered.count)
        var open = BranchingStack<Int32>()
        open.reserveCapacity(32)
        gathered.withUnsafeBufferPointer { tokens in
            partner.withUnsafeMutableBufferPointer { partner in
                // Before the first `#if` a branching stack is a plain one. Most files have none, and
                // a plain stack in a buffer as deep as the file pushes with a store, where an
                // array append checked its storage's uniqueness and room for every opener.
                var position = -1
                withUnsafeTemporaryAllocation(of: Int32.self, capacity: tokens.count + 1) { stack in
                    position = pairsBeforeBranches(tokens, partner, stack: stack, work: work, open: &open)
                }
                guard position < tokens.count else { return }
                // `position` is the first `#if`-family directive: from there the branching stack,
                // holding what the plain one held, pairs the rest.
                pairsAcrossBranches(tokens, partner, after: position - 1, open: &open, work: work)
            }
        }
        work.countReads(open.work)
        return partner
    }

    /// Pairs the tokens after `position` on a branching stack that holds the openers still open
    /// there, following `#if` branches.
    private static func pairsAcrossBranches<Counter: ReadCounter>(
        _ tokens: UnsafeBufferPointer<Token>, _ partner: UnsafeMutableBufferPointer<Int32>, after position: Int,
        open: inout BranchingStack<Int32>, work: Counter
    ) {
        var position = position
        let count = tokens.count
        while true {
            position = nextPairingToken(after: position, in: tokens)
            guard position < count else { break }
            let kind = tokens[position].kind
            switch kind {
            case .leftParen, .leftBracket, .leftBrace, .stringStart, .interpolationStart:
                open.push(Int32(truncatingIfNeeded: position))
            case .rightParen, .rightBracket, .rightBrace, .stringEnd, .interpolationEnd:
                guard let depth = openerDepth(closing: kind, height: open.count, work: work,
                                              opener: { tokens[Int(open[$0])].kind }) else { continue }
                while open.count > depth + 1 { open.pop() }
                let opener = Int(open.pop())
                // An opener before an `#if` closed in two of its branches (unbalanced
                // clauses, which the compiler rejects) keeps its first closer: pairs stay mutual.
                guard partner[opener] < 0 else { continue }
                partner[opener] = Int32(truncatingIfNeeded: position)
                partner[position] = Int32(truncatingIfNeeded: opener)
            case .poundIf:
                open.beginBranches()
            case .poundElseif, .poundElse:
                _ = open.nextBranch()
            case .poundEndif:
                open.endBranches()
            default:
                break
            }
        }
    }

    /// Pairs `tokens` up to the first `#if`-family directive on a plain stack (`stack`, as deep
    /// as the tokens are many), the way the branching loop in `pairs` does before any `#if`;
    /// returns that directive's position (or the token count) and leaves the openers still
    /// open pushed on `open`.
    @inline(__always)
    private static func pairsBeforeBranches<Counter: ReadCounter>(
        _ tokens: UnsafeBufferPointer<Token>, _ partner: UnsafeMutableBufferPointer<Int32>,
        stack: UnsafeMutableBufferPointer<Int32>, work: Counter, open: inout BranchingStack<Int32>
    ) -> Int {
        let count = tokens.count
        var height = 0
        var moves = 0
        var position = -1
        scan: while true {
            position = nextPairingToken(after: position, in: tokens)
            guard position < count else { break }
            let kind = tokens[position].kind
            switch kind {
            case .leftParen, .leftBracket, .leftBrace, .stringStart, .interpolationStart:
                stack[height] = Int32(truncatingIfNeeded: position)
                height += 1
                moves &+= 1
            case .rightParen, .rightBracket, .rightBrace, .stringEnd, .interpolationEnd:
                guard let depth = openerDepth(closing: kind, height: height, work: work,
                                              opener: { tokens[Int(stack[$0])].kind }) else { continue }
                moves &+= height - depth
                height = depth
                let opener = Int(stack[depth])
                // Without an `#if` every opener is popped once: it has no partner yet.
                partner[opener] = Int32(truncatingIfNeeded: position)
                partner[position] = Int32(truncatingIfNeeded: opener)
            case .poundIf, .poundElseif, .poundElse, .poundEndif:
                break scan
            default:
                break
            }
        }
        work.countReads(moves)
        if position < count {
            for index in 0..<height { open.push(stack[index]) }
        }
        return position
    }

    /// The position of the first token after `position` that pairing looks at (a bracket, a
    /// string delimiter, an `#if`), or the token count. Most tokens are names, literals and
    /// punctuation that pair with nothing: a loop of their own passes over them with its few
    /// values in registers.
    @inline(__always)
    private static func nextPairingToken(after position: Int, in tokens: UnsafeBufferPointer<Token>) -> Int {
        var position = position + 1
        while position < tokens.count, (pairingKinds &>> UInt64(tokens[position].kind.rawValue)) & 1 == 0 {
            position += 1
        }
        return position
    }

    /// Where on a stack of `height` openers the one `closing` pairs with is: looked for a little
    /// way down (32 openers), so one stray opener does not unpair the rest; `nil` when none there.
    /// `opener` gives the kind of the opener at a depth. Both pairing loops search this way.
    @inline(__always)
    private static func openerDepth<Counter: ReadCounter>(closing kind: TokenKind, height: Int, work: Counter,
                                                          opener: (Int) -> TokenKind) -> Int? {
        var depth = height - 1
        let limit = max(0, height - 32)
        while depth >= limit {
            work.countRead()
            if SignificantTokens.pairs(opener(depth), kind) { return depth }
            depth -= 1
        }
        return nil
    }

    private init(indices: [Int32], partner: [Int32], positionOfRaw: [Int32], count: Int) {
        self.count = count
        self.indices = indices
        self.partner = partner
        self.positionOfRaw = positionOfRaw
    }

    /// A bit for each kind the pairing pass looks at: brackets, string delimiters and `#if`s.
    /// Computed, not stored: it folds to a constant in the loop, where a stored one was loaded
    /// and range-checked for every token (every kind's raw value is below 64, as `TokenizerTests`
    /// checks).
    @inline(__always) static var pairingKinds: UInt64 {
        @inline(__always) func bit(_ kind: TokenKind) -> UInt64 { 1 &<< UInt64(kind.rawValue) }
        return bit(.leftParen) | bit(.rightParen) | bit(.leftBracket) | bit(.rightBracket) | bit(.leftBrace)
            | bit(.rightBrace) | bit(.stringStart) | bit(.stringEnd) | bit(.interpolationStart)
            | bit(.interpolationEnd) | bit(.poundIf) | bit(.poundElseif) | bit(.poundElse) | bit(.poundEndif)
    }

    static func pairs(_ opener: TokenKind, _ closer: TokenKind) -> Bool {
        switch (opener, closer) {
        case (.leftParen, .rightParen), (.leftBracket, .rightBracket), (.leftBrace, .rightBrace),
             (.stringStart, .stringEnd), (.interpolationStart, .interpolationEnd):
            return true
        default:
            return false
        }
    }
}
