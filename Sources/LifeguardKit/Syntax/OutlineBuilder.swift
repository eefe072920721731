/// Builds an `Outline` from tokens in one forward pass over the significant tokens, with an
/// explicit scope stack (no recursion follows the input's nesting). Brackets are paired up front
/// (`SignificantTokens`) so declarations and argument lists can be read ahead in O(1) jumps;
/// every lookahead is either consumed or bounded, which keeps the pass linear.
///
/// One state machine over several files: this one holds the state, the scope stack and the main
/// loop; `OutlineBuilder+Keywords`, `+Declarations`, `+Statements`, `+Calls` and `+Braces` hold
/// what each kind of token starts.
///
/// A class, not a struct: the builder's state is a few hundred bytes, and a struct's mutating
/// methods copy all of it to call any helper that is not inlined. Exclusivity is unchecked on its
/// state: one builder runs on one thread, and its methods never hold overlapping accesses.
final class OutlineBuilder<Counter: ReadCounter> {
    let buffer: UnsafeBufferPointer<UInt8>
    /// The significant tokens, gathered so that reading one is a single contiguous load.
    let tokens: UnsafeBufferPointer<Token>
    let sig: [Int32]
    let partner: [Int32]
    let count: Int
    /// How many raw tokens the file has, trivia included: where a block the file leaves open
    /// ends. `tokens.count` is the significant tokens' count, short of it in a tree with trivia.
    let rawCount: Int

    @exclusivity(unchecked) var outline = Outline()
    @exclusivity(unchecked) var scopes = BranchingStack<Scope>()
    @exclusivity(unchecked) var position = 0

    /// Attributes and modifiers seen since the last declaration, to attach to the next one.
    @exclusivity(unchecked) var pending = PendingDeclaration()
    /// The `(` of a declaration's parameter clause, which must not be read as a call.
    @exclusivity(unchecked) var signatureParen = -1
    @exclusivity(unchecked) var lastCallClose = (position: Int.min, call: -1)
    @exclusivity(unchecked) var lastTrailingClose = (position: Int.min, call: -1)
    @exclusivity(unchecked) var lastClosureClose = (position: Int.min, closure: -1)
    /// Where the postfix chain ending at `end` starts, for the call that ended last, so the next
    /// link of `a.b().c().d()` does not walk the whole chain again.
    @exclusivity(unchecked) var lastChain = (end: Int.min, start: -1)
    /// What the builder tracks for each call, parallel to `outline.calls`: one array, so a call
    /// costs one append here rather than one per field.
    @exclusivity(unchecked) var callProgress: [CallProgress] = []
    /// Each parameter's label, as a significant position (-1 for none): parallel to
    /// `outline.parameters`, for spelling full names without making label strings.
    @exclusivity(unchecked) var parameterLabels: [Int] = []

    let work: Counter

    /// `significantTokens` are the tokens at `significant.indices`, gathered (`SignificantTokens.gather`).
    static func build(bytes: [UInt8], significantTokens: [Token], significant: SignificantTokens,
                      work: Counter) -> Outline {
        bytes.withUnsafeBufferPointer { buffer in
            significantTokens.withUnsafeBufferPointer { gathered in
                let builder = OutlineBuilder(buffer: buffer, tokens: gathered, significant: significant, work: work)
                builder.run()
                // Moved out, not copied: a copy retained each of the outline's arrays for the
                // builder's teardown to release again.
                var outline = Outline()
                swap(&outline, &builder.outline)
                return outline
            }
        }
    }

    init(buffer: UnsafeBufferPointer<UInt8>, tokens: UnsafeBufferPointer<Token>, significant: SignificantTokens,
         work: Counter) {
        self.work = work
        self.buffer = buffer
        self.tokens = tokens
        self.sig = significant.indices
        self.partner = significant.partner
        self.count = significant.count
        rawCount = significant.positionOfRaw.count - 1
        // Room for what dense code holds per significant token, so the arrays rarely regrow
        // (regrowing copies structs that hold strings and arrays). The small constants are for
        // short files, where a ratio rounds down to nothing. Reserving more costs no more
        // instructions (one allocation either way), and room never written is never touched.
        outline.nodes.reserveCapacity(count / 6)
        outline.types.reserveCapacity(count / 128 + 2)
        outline.calls.reserveCapacity(count / 10 + 4)
        outline.arguments.reserveCapacity(count / 8 + 4)
        outline.variables.reserveCapacity(count / 20 + 4)
        outline.assignments.reserveCapacity(count / 48)
        outline.conditionals.reserveCapacity(count / 40 + 2)
        outline.functions.reserveCapacity(count / 40 + 4)
        outline.parameters.reserveCapacity(count / 40 + 4)
        outline.closures.reserveCapacity(count / 64 + 2)
        outline.closureParameters.reserveCapacity(count / 96)
        callProgress.reserveCapacity(count / 10 + 4)
        parameterLabels.reserveCapacity(count / 40 + 4)
        // Nesting seldom goes deeper: the stack is grown at most once in most files, not five times.
        scopes.reserveCapacity(32)
    }

    // MARK: - Scopes

    enum ScopeKind: UInt8 {
        case file, typeBody, functionBody, closureBody, codeBlock, repeatBody
        case thenBody, elseBody, loopBody, guardElse, switchBody
        case accessorBlock, callArguments, parameterClause, parens, brackets, interpolation, string
        // Virtual scopes: opened by a word, closed by what follows rather than by a bracket.
        case caseHeader, caseBody, conditionHeader, guardElsePending, elseIfTail
        case functionSignature, variableDeclaration, variableInitializer, bindingInitializer
        case assignmentValue, repeatCondition

        var isVirtual: Bool { rawValue >= ScopeKind.caseHeader.rawValue }

        /// Closed by the end of the statement (a line break that does not continue it, or `;`).
        var endsWithStatement: Bool {
            switch self {
            case .functionSignature, .variableDeclaration, .variableInitializer, .assignmentValue, .repeatCondition:
                return true
            default:
                return false
            }
        }

        /// Scopes whose direct contents are statements or declarations.
        var holdsStatements: Bool {
            switch self {
            case .file, .typeBody, .functionBody, .closureBody, .codeBlock, .repeatBody, .thenBody,
                 .elseBody, .loopBody, .guardElse, .caseBody:
                return true
            default:
                return false
            }
        }
    }

    struct Scope {
        var kind: ScopeKind
        /// Significant position of the token that opened the scope.
        var open: Int
        /// The node this scope closes when it ends, or -1.
        var node: Int
        /// The node that nodes created inside this scope belong to.
        var parent: Int
        /// Kind-specific: the variable, conditional, call or function index.
        var detail: Int
        /// Significant position where a virtual scope's content starts.
        var contentStart: Int
    }

    struct CallProgress {
        /// The call's `chainStart` as a significant position.
        var chainStart: Int
        /// The first of its arguments no closure has been matched past yet.
        var argumentCursor: Int
        /// Its last trailing closure so far (the next one is linked from it), or -1.
        var lastTrailingClosure = -1
    }

    struct PendingDeclaration {
        var start = -1
        var end = -2
        var modifiers: Modifiers = []
        /// Where the run's attribute names begin in `outline.attributeNames`: they are its last
        /// ones, written there straight away and dropped if no declaration takes them.
        var attributeStart = 0
    }

    // MARK: - Token helpers

    @inline(__always) func raw(_ position: Int) -> Int { Int(sig[position]) }
    @inline(__always) func tok(_ position: Int) -> Token {
        work.countRead()
        return position >= 0 && position < count ? tokens[position] : Token(kind: .unknown, range: 0..<0)
    }
    @inline(__always) func kind(_ position: Int) -> TokenKind {
        work.countRead()
        return position >= 0 && position < count ? tokens[position].kind : .unknown
    }
    @inline(__always) func isKeyword(_ position: Int, _ keyword: Keyword) -> Bool {
        position >= 0 && position < count && tokens[position].isKeyword(keyword)
    }
    @inline(__always) func match(_ position: Int) -> Int { Int(partner[position]) }

    @inline(__always)
    func word(_ position: Int) -> ContextualWord {
        guard position >= 0, position < count else { return .none }
        let token = tokens[position]
        guard token.kind == .identifier, !token.flags.contains(.backticked) else { return .none }
        return ContextualWord.lookup(buffer, token.range)
    }

    func text(_ position: Int) -> String {
        guard position >= 0, position < count else { return "" }
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[tokens[position].nameRange]), as: UTF8.self)
    }

    func isOperator(_ position: Int, _ spelling: StaticString) -> Bool {
        let token = tok(position)
        guard token.kind == .operator, token.range.count == spelling.utf8CodeUnitCount else { return false }
        return spelling.withUTF8Buffer { expected in
            for offset in 0..<expected.count where buffer[token.startOffset + offset] != expected[offset] {
                return false
            }
            return true
        }
    }

    /// Whether an operator is postfix: attached to what precedes it and not to what follows.
    func isPostfixOperator(_ position: Int) -> Bool {
        let token = tok(position)
        guard token.kind == .operator, token.flags.contains(.joinedToPrevious) else { return false }
        return !tok(position + 1).flags.contains(.joinedToPrevious) || kind(position + 1) == .period
            || kind(position + 1) == .leftParen || kind(position + 1) == .leftBracket
    }

    /// A raw token range from significant position `first` through `last`, inclusive.
    @inline(__always)
    func rawRange(_ first: Int, through last: Int) -> Range<Int> {
        guard first <= last, first < count, last >= 0 else {
            let at = first < count ? raw(max(0, first)) : rawCount
            return at..<at
        }
        return raw(first)..<(raw(last) + 1)
    }

    var currentParent: Int { scopes.isEmpty ? -1 : scopes[scopes.count - 1].parent }

    /// The innermost scope's kind (`.file` when there is none): what most handlers look at first,
    /// read without copying the whole scope out.
    @inline(__always) var topKind: ScopeKind { scopes.isEmpty ? .file : scopes[scopes.count - 1].kind }

    // MARK: - Nodes

    func addNode(_ kind: NodeKind, detail: Int, start: Int, parent: Int) -> Int {
        let rawStart = start < count ? raw(start) : rawCount
        var enclosingType = -1
        var enclosingFunction = -1
        if parent >= 0 {
            let parentNode = outline.nodes[parent]
            switch parentNode.kind {
            case .type:
                enclosingType = parent
            case .function:
                enclosingType = parentNode.enclosingType
                enclosingFunction = parent
            default:
                enclosingType = parentNode.enclosingType
                enclosingFunction = parentNode.enclosingFunction
            }
        }
        outline.nodes.append(Node(kind: kind, detail: detail, parent: parent,
                                  tokens: rawStart..<(rawStart + 1), subtreeEnd: outline.nodes.count + 1,
                                  enclosingType: enclosingType, enclosingFunction: enclosingFunction))
        return outline.nodes.count - 1
    }

    /// Ends `node` after the significant token at `last`.
    @inline(__always)
    func setEnd(_ node: Int, last: Int) {
        guard node >= 0 else { return }
        let lower = outline.nodes[node].tokens.lowerBound
        let upper = last >= 0 && last < count ? raw(last) + 1 : rawCount
        outline.nodes[node].tokens = lower..<max(lower + 1, upper)
    }

    func push(_ kind: ScopeKind, open: Int, node: Int = -1, detail: Int = -1, contentStart: Int? = nil) {
        let parent = node >= 0 ? node : currentParent
        scopes.push(Scope(kind: kind, open: open, node: node, parent: parent, detail: detail,
                          contentStart: contentStart ?? open + 1))
    }

    /// Pops the innermost scope, ending its node after `last`, and runs what its end implies.
    func popScope(last: Int) {
        let scope = scopes.pop()
        setEnd(scope.node, last: last)
        finish(scope, last: last)
    }

    /// Changes what the innermost scope is, keeping its node.
    func replaceTop(_ kind: ScopeKind, open: Int) {
        guard !scopes.isEmpty else { return }
        scopes[scopes.count - 1].kind = kind
        scopes[scopes.count - 1].open = open
        scopes[scopes.count - 1].contentStart = open + 1
    }

    /// What ending a scope means beyond closing its node. Inlined up to the kind: most scopes
    /// (bodies, brackets, plain parentheses) mean nothing more, and need no call.
    @inline(__always)
    func finish(_ scope: Scope, last: Int) {
        switch scope.kind {
        case .variableInitializer, .bindingInitializer, .assignmentValue, .conditionHeader, .caseHeader,
             .repeatCondition, .closureBody, .callArguments:
            finishRecording(scope, last: last)
        default:
            break
        }
    }

    /// Records where an initializer, value, condition, closure or argument list ended.
    func finishRecording(_ scope: Scope, last: Int) {
        switch scope.kind {
        case .variableInitializer, .bindingInitializer:
            if scope.detail >= 0 {
                outline.variables[scope.detail].initializer = rawRange(scope.contentStart, through: last)
            }
        case .assignmentValue:
            outline.assignments[scope.detail].rhs = rawRange(scope.contentStart, through: last)
        case .conditionHeader, .caseHeader, .repeatCondition:
            outline.conditionals[scope.detail].condition = rawRange(scope.contentStart, through: last)
        case .closureBody:
            lastClosureClose = (last, scope.detail)
            let closure = outline.closures[scope.detail]
            if closure.isTrailing, let call = closure.call {
                lastTrailingClose = (last, call)
                setEnd(outline.calls[call].node, last: last)
                lastChain = (last, callProgress[call].chainStart)
            }
        case .callArguments:
            lastCallClose = (last, scope.detail)
            lastChain = (last, callProgress[scope.detail].chainStart)
        default:
            break
        }
    }

    // MARK: - Main loop

    func run() {
        push(.file, open: -1)
        while position < count {
            if topKind.endsWithStatement, mayEndStatement(tokens[position]) { endFinishedStatements() }
            step()
        }
        while !scopes.isEmpty {
            popScope(last: count - 1)
        }
        computeSubtreeEnds()
        work.countReads(scopes.work + outline.nodes.count)
    }

    func computeSubtreeEnds() {
        // On the buffer: written through the class's property, every node's write checked the
        // array's uniqueness again. A parent comes before its child, so both are in bounds.
        outline.nodes.withUnsafeMutableBufferPointer { nodes in
            var index = nodes.count - 1
            while index >= 0 {
                let parent = nodes[index].parent
                if parent >= 0, nodes[parent].subtreeEnd < nodes[index].subtreeEnd {
                    nodes[parent].subtreeEnd = nodes[index].subtreeEnd
                }
                index -= 1
            }
        }
    }

    /// Whether `token` can end a statement-shaped scope (`endFinishedStatements` decides): most
    /// tokens inside one are neither a `;` nor the first of a line, and need no call.
    @inline(__always)
    func mayEndStatement(_ token: Token) -> Bool {
        token.kind == .semicolon || token.flags.contains(.startsLine)
    }

    /// Closes the statement-shaped virtual scopes that end before the current token.
    func endFinishedStatements() {
        while topKind.endsWithStatement {
            let top = scopes[scopes.count - 1]
            let current = tok(position)
            let ends: Bool
            if current.kind == .semicolon {
                ends = true
            } else if current.flags.contains(.startsLine), position > top.open {
                ends = top.kind == .functionSignature ? !continuesSignature(position) : !continuesExpression(position)
            } else {
                ends = false
            }
            guard ends else { return }
            popScope(last: position - 1)
        }
    }

    /// Whether a token that starts a line continues the expression on the line before.
    func continuesExpression(_ position: Int) -> Bool {
        let previous = tok(position - 1)
        switch previous.kind {
        case .operator:
            if !isPostfixOperator(position - 1) { return true }
        case .equal, .period, .comma, .colon, .arrow, .backslash, .leftParen, .leftBracket, .attribute:
            return true
        case .keyword:
            switch previous.keyword {
            case .try, .as, .is, .in, .return, .throw, .where: return true
            default: break
            }
        case .identifier:
            if word(position - 1) == .await { return true }
        default:
            break
        }
        let current = tok(position)
        switch current.kind {
        case .period, .colon, .arrow, .equal, .leftBrace:
            return true
        case .operator:
            // A binary operator has space on both sides; `!flag` on a new line starts a statement.
            return !tok(position + 1).flags.contains(.joinedToPrevious) || isOperator(position, "?")
        case .keyword:
            return current.keyword == .as || current.keyword == .is
        case .identifier:
            // A labelled trailing closure: `} completion: {`.
            return previous.kind == .rightBrace && kind(position + 1) == .colon && kind(position + 2) == .leftBrace
        default:
            return false
        }
    }

    /// Whether a token that starts a line continues a declaration's signature.
    func continuesSignature(_ position: Int) -> Bool {
        // `func sorted<S: Sequence>` with the parameter clause on the next line.
        if position == signatureParen { return true }
        let current = tok(position)
        switch current.kind {
        case .arrow, .leftBrace, .comma, .period, .colon, .operator:
            return true
        case .keyword:
            if [.throws, .rethrows, .where].contains(current.keyword) { return true }
        case .identifier:
            if [.async, .reasync].contains(word(position)) { return true }
        default:
            break
        }
        let previous = tok(position - 1)
        switch previous.kind {
        case .operator:
            // `&` or `<` wants more; a closing `>`, `?` or `!` ends a type.
            let last = buffer[previous.endOffset - 1]
            return last != UInt8(ascii: ">") && last != UInt8(ascii: "?") && last != UInt8(ascii: "!")
        case .arrow, .comma, .colon, .period, .leftParen, .attribute:
            return true
        case .keyword:
            return previous.keyword == .where
        default:
            return false
        }
    }

    /// Inlined into `run`: it runs once per significant token, and most tokens need nothing
    /// but the dispatch (a call cost more than the work).
    @inline(__always)
    func step() {
        // `run` calls this only below `count`: the upper bound `tok` tests is known.
        work.countRead()
        let current = position >= 0 ? tokens[position] : Token(kind: .unknown, range: 0..<0)
        switch current.kind {
        case .attribute:
            handleAttribute()
        case .keyword:
            handleKeyword(current.keyword)
        case .identifier:
            handleIdentifier()
        case .leftParen:
            handleLeftParen()
        case .leftBrace:
            handleLeftBrace()
        case .leftBracket:
            push(.brackets, open: position)
            position += 1
        case .interpolationStart:
            push(.interpolation, open: position)
            position += 1
        case .stringStart:
            push(.string, open: position)
            position += 1
        case .rightParen, .rightBracket, .rightBrace, .interpolationEnd, .stringEnd:
            handleCloser()
        case .equal:
            handleEqual()
        case .comma:
            handleComma()
        case .colon:
            handleColon()
        case .poundIf, .poundElseif, .poundElse, .poundEndif:
            handleDirective(current.kind)
        case .operator:
            // `Dictionary<String, Int>()`: generic arguments are not comparisons, and their commas
            // separate nothing.
            position = genericArgumentsEnd(position) ?? position + 1
        default:
            position += 1
        }
    }

    /// For a `<` written straight after a name, the position after its generic argument clause,
    /// when the tokens up to the matching `>` can only be types and what follows can follow a type.
    func genericArgumentsEnd(_ start: Int) -> Int? {
        let opener = tok(start)
        guard opener.kind == .operator, buffer[opener.startOffset] == UInt8(ascii: "<"),
              opener.flags.contains(.joinedToPrevious), kind(start - 1) == .identifier else { return nil }
        var depth = 0
        var next = start
        var steps = 0
        while next < count, steps < 64 {
            steps += 1
            let current = tok(next)
            switch current.kind {
            case .operator:
                for offset in current.range {
                    switch buffer[offset] {
                    case UInt8(ascii: "<"): depth += 1
                    case UInt8(ascii: ">"): depth -= 1
                    case UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: "&"), UInt8(ascii: "."): break
                    default: return nil
                    }
                }
                if depth <= 0 {
                    guard depth == 0 else { return nil }
                    let following = tok(next + 1)
                    switch following.kind {
                    case .leftParen, .period, .rightParen, .rightBracket, .comma, .leftBrace, .colon, .equal,
                         .semicolon, .rightBrace:
                        return next + 1
                    default:
                        return following.flags.contains(.startsLine) || next + 1 >= count ? next + 1 : nil
                    }
                }
            case .identifier, .period, .comma, .colon, .arrow:
                break
            case .keyword:
                guard [.throws, .rethrows, .inout].contains(current.keyword) else { return nil }
            case .leftParen, .leftBracket:
                guard match(next) > next else { return nil }
                next = match(next)
            default:
                return nil
            }
            next += 1
        }
        return nil
    }
}

extension OutlineBuilder: SignificantTokenReader {
    @inline(__always) func significantToken(_ position: Int) -> Token { tok(position) }
    @inline(__always) func partnerPosition(_ position: Int) -> Int { match(position) }
    @inline(__always) func byte(_ offset: Int) -> UInt8 { buffer[offset] }
}

extension OutlineBuilder where Counter == NoReads {
    static func build(bytes: [UInt8], tokens: [Token]) -> Outline {
        let (significant, gathered) = SignificantTokens.gather(tokens)
        return build(bytes: bytes, significantTokens: gathered, significant: significant, work: NoReads())
    }
}

extension OutlineBuilder where Counter == TokenReadCount {
    static func build(bytes: [UInt8], tokens: [Token], work: TokenReadCount) -> Outline {
        let (significant, gathered) = SignificantTokens.gather(tokens, work: work)
        return build(bytes: bytes, significantTokens: gathered, significant: significant, work: work)
    }
}
