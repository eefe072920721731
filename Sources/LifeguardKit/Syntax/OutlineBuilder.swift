/// Builds an `Outline` from tokens in one forward pass over the significant tokens, with an
/// explicit scope stack (no recursion follows the input's nesting). Brackets are paired up front
/// (`SignificantTokens`) so declarations and argument lists can be read ahead in O(1) jumps;
/// every lookahead is either consumed or bounded, which keeps the pass linear.
///
/// Something that counts the outline builder's token reads. Production builds use `NoReads`,
/// which compiles away; the linear-time tests use `TokenReadCount`.
protocol ReadCounter {
    func countRead()
}

struct NoReads: ReadCounter {
    @inline(__always) func countRead() {}
}

struct OutlineBuilder<Counter: ReadCounter> {
    let buffer: UnsafeBufferPointer<UInt8>
    /// The significant tokens, gathered so that reading one is a single contiguous load.
    let tokens: UnsafeBufferPointer<Token>
    let sig: [Int32]
    let partner: [Int32]
    let count: Int

    var outline = Outline()
    var scopes = BranchingStack<Scope>()
    var position = 0

    /// Attributes and modifiers seen since the last declaration, to attach to the next one.
    var pending = PendingDeclaration()
    /// The `(` of a declaration's parameter clause, which must not be read as a call.
    var signatureParen = -1
    var lastCallClose = (position: Int.min, call: -1)
    var lastTrailingClose = (position: Int.min, call: -1)
    var lastClosureClose = (position: Int.min, closure: -1)
    /// Where the postfix chain ending at `end` starts, for the call that ended last, so the next
    /// link of `a.b().c().d()` does not walk the whole chain again.
    var lastChain = (end: Int.min, start: -1)
    /// Each call's `chainStart` as a significant position.
    var callChainStarts: [Int] = []

    let work: Counter

    /// `significantTokens` are the tokens at `significant.indices`, gathered (`SignificantTokens.gather`).
    static func build(bytes: [UInt8], significantTokens: [Token], significant: SignificantTokens,
                      work: Counter) -> Outline {
        bytes.withUnsafeBufferPointer { buffer in
            significantTokens.withUnsafeBufferPointer { gathered in
                var builder = OutlineBuilder(buffer: buffer, tokens: gathered, significant: significant, work: work)
                builder.run()
                return builder.outline
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
        self.count = significant.indices.count
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

    struct PendingDeclaration {
        var start = -1
        var end = -2
        var modifiers: Modifiers = []
        var attributes: [String] = []
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

    func word(_ position: Int) -> ContextualWord {
        guard position >= 0, position < count else { return .none }
        let token = tokens[position]
        guard token.kind == .identifier, !token.flags.contains(.backticked) else { return .none }
        return ContextualWord.lookup(buffer, token.range)
    }

    func text(_ position: Int) -> String {
        guard position >= 0, position < count else { return "" }
        var range = tokens[position].range
        if tokens[position].flags.contains(.backticked), range.count >= 2 {
            range = (range.lowerBound + 1)..<(range.upperBound - 1)
        }
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
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
    func rawRange(_ first: Int, through last: Int) -> Range<Int> {
        guard first <= last, first < count, last >= 0 else {
            let at = first < count ? raw(max(0, first)) : tokens.count
            return at..<at
        }
        return raw(first)..<(raw(last) + 1)
    }

    var currentParent: Int { scopes.last?.parent ?? -1 }

    // MARK: - Nodes

    mutating func addNode(_ kind: NodeKind, detail: Int, start: Int, parent: Int) -> Int {
        let rawStart = start < count ? raw(start) : tokens.count
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
    mutating func setEnd(_ node: Int, last: Int) {
        guard node >= 0 else { return }
        let lower = outline.nodes[node].tokens.lowerBound
        let upper = last >= 0 && last < count ? raw(last) + 1 : tokens.count
        outline.nodes[node].tokens = lower..<max(lower + 1, upper)
    }

    mutating func push(_ kind: ScopeKind, open: Int, node: Int = -1, detail: Int = -1, contentStart: Int? = nil) {
        let parent = node >= 0 ? node : currentParent
        scopes.push(Scope(kind: kind, open: open, node: node, parent: parent, detail: detail,
                          contentStart: contentStart ?? open + 1))
    }

    /// Pops the innermost scope, ending its node after `last`, and runs what its end implies.
    mutating func popScope(last: Int) {
        let scope = scopes.pop()
        setEnd(scope.node, last: last)
        finish(scope, last: last)
    }

    /// Changes what the innermost scope is, keeping its node.
    mutating func replaceTop(_ kind: ScopeKind, open: Int) {
        guard !scopes.isEmpty else { return }
        scopes[scopes.count - 1].kind = kind
        scopes[scopes.count - 1].open = open
        scopes[scopes.count - 1].contentStart = open + 1
    }

    /// What ending a scope means beyond closing its node.
    mutating func finish(_ scope: Scope, last: Int) {
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
                lastChain = (last, callChainStarts[call])
            }
        case .callArguments:
            lastCallClose = (last, scope.detail)
            lastChain = (last, callChainStarts[scope.detail])
        default:
            break
        }
    }

    // MARK: - Main loop

    mutating func run() {
        push(.file, open: -1)
        while position < count {
            endFinishedStatements()
            step()
        }
        while !scopes.isEmpty {
            popScope(last: count - 1)
        }
        computeSubtreeEnds()
    }

    mutating func computeSubtreeEnds() {
        var index = outline.nodes.count - 1
        while index >= 0 {
            let parent = outline.nodes[index].parent
            if parent >= 0, outline.nodes[parent].subtreeEnd < outline.nodes[index].subtreeEnd {
                outline.nodes[parent].subtreeEnd = outline.nodes[index].subtreeEnd
            }
            index -= 1
        }
    }

    /// Closes the statement-shaped virtual scopes that end before the current token.
    mutating func endFinishedStatements() {
        while let top = scopes.last, top.kind.endsWithStatement {
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

    mutating func step() {
        let current = tok(position)
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

    // MARK: - Attributes and modifiers

    /// Records where a run of attributes and modifiers begins, for the declaration that follows.
    mutating func notePending(_ start: Int, through end: Int) {
        if pending.end != start - 1 {
            pending = PendingDeclaration()
            pending.start = start
        }
        pending.end = end
    }

    /// The first token of the declaration whose keyword is at `keyword`.
    mutating func takePending(_ keyword: Int) -> (start: Int, modifiers: Modifiers, attributes: [String]) {
        defer { pending = PendingDeclaration() }
        if pending.end == keyword - 1, pending.start >= 0 {
            return (pending.start, pending.modifiers, pending.attributes)
        }
        return (keyword, [], [])
    }

    mutating func handleAttribute() {
        let start = position
        var end = position
        // `@Wrapper<T>`: generic arguments belong to the attribute.
        if kind(end + 1) == .operator, tok(end + 1).flags.contains(.joinedToPrevious),
           buffer[tok(end + 1).startOffset] == UInt8(ascii: "<") {
            end = skipAngles(from: end + 1) - 1
        }
        let hasArguments = kind(end + 1) == .leftParen && tok(end + 1).flags.contains(.joinedToPrevious)
            && match(end + 1) > end + 1
        notePending(start, through: hasArguments ? match(end + 1) : end)
        var name = text(start)
        name.removeFirst()
        pending.attributes.append(name)
        // Arguments are code (`@Validated({ $0.isEmpty })`): read them, but never as a call.
        position = end + 1
        if hasArguments {
            push(.parens, open: position)
            position += 1
        }
    }

    /// Words that begin a declaration (after any modifiers).
    func startsDeclaration(_ position: Int) -> Bool {
        let token = tok(position)
        switch token.kind {
        case .keyword:
            switch token.keyword {
            case .class, .struct, .enum, .protocol, .extension, .func, .`init`, .deinit, .subscript, .let, .var,
                 .typealias, .associatedtype, .import, .operator, .precedencegroup, .case, .static, .private,
                 .fileprivate, .internal, .public:
                return true
            default:
                return false
            }
        case .identifier:
            let word = word(position)
            return word.modifier != nil || word == .actor || word == .macro || word.accessor != nil
        case .attribute:
            return true
        default:
            return false
        }
    }

    /// A modifier word (`override`, `private(set)`, `unowned(safe)`): returns the position after it,
    /// or nil when the word is used as a name here.
    func modifierEnd(_ position: Int) -> Int? {
        var next = position + 1
        // `private(set)`, `unowned(safe)`, `nonisolated(unsafe)`.
        if kind(next) == .leftParen, match(next) == next + 2,
           [.set, .safe, .unsafe].contains(word(next + 1)) {
            next += 3
        }
        return startsDeclaration(next) ? next : nil
    }

    mutating func addModifier(_ modifier: Modifiers) {
        guard let end = modifierEnd(position) else {
            position += 1
            return
        }
        notePending(position, through: end - 1)
        pending.modifiers.insert(modifier)
        position = end
    }

    // MARK: - Keywords

    mutating func handleKeyword(_ keyword: Keyword) {
        let scope = scopes.last?.kind ?? .file
        switch scope {
        case .parameterClause, .functionSignature:
            // Keywords here are argument labels (`for x: Int`) or effects, never statements.
            position += 1
            return
        case .callArguments, .parens, .brackets:
            if kind(position + 1) == .colon {
                position += 1
                return
            }
        default:
            break
        }
        let declares = scope.holdsStatements
        switch keyword {
        case .class, .struct, .enum, .protocol, .extension, .func, .deinit, .subscript, .static, .private,
             .fileprivate, .internal, .public, .import, .typealias, .associatedtype, .operator, .precedencegroup:
            if !declares {
                position += 1
                return
            }
        case .`init` where !declares && scope != .accessorBlock:
            position += 1
            return
        default:
            break
        }
        switch keyword {
        case .class:
            if startsDeclaration(position + 1) && !isTypeName(position + 1) {
                addModifier(.class)
            } else {
                declareType(.class)
            }
        case .struct: declareType(.struct)
        case .enum: declareType(.enum)
        case .protocol: declareType(.protocol)
        case .extension: declareType(.extension)
        case .func: declareFunction(.function)
        case .`init`:
            if scope == .accessorBlock {
                declareAccessor(.`init`)
            } else {
                declareFunction(.initializer)
            }
        case .deinit: declareFunction(.deinitializer)
        case .subscript: declareFunction(.subscript)
        case .let, .var:
            if scope.holdsStatements {
                declareVariable(keyword: position, isLet: keyword == .let)
            } else if scope == .conditionHeader, let conditional = scopes.last?.detail,
                      [.if, .guard, .while].contains(outline.conditionals[conditional].kind) {
                declareBinding(keyword: position, isLet: keyword == .let)
            } else {
                position += 1
            }
        case .static: addModifier(.static)
        case .private: addModifier(.private)
        case .fileprivate: addModifier(.fileprivate)
        case .internal: addModifier(.internal)
        case .public: addModifier(.public)
        case .import, .operator:
            // `import UIKit`, `infix operator <*>: Precedence`: one line, whose last word may look
            // like an operator waiting for an operand.
            if keyword == .import {
                var module = position + 1
                if kind(module) == .keyword || word(module) == .actor { module += 1 }
                if kind(module) == .identifier { outline.imports.append(text(module)) }
            }
            position += 1
            while position < count, !tok(position).flags.contains(.startsLine), kind(position) != .semicolon,
                  kind(position) != .rightBrace {
                position += 1
            }
        case .typealias, .associatedtype:
            let keywordPosition = position
            position = skipStatement(from: position)
            if keyword == .typealias, kind(keywordPosition + 1) == .identifier {
                var equal = keywordPosition + 2
                if kind(equal) == .operator, buffer[tok(equal).startOffset] == UInt8(ascii: "<") { equal = skipAngles(from: equal) }
                if kind(equal) == .equal, equal + 1 < position {
                    outline.typeAliases.append(TypeAlias(
                        name: text(keywordPosition + 1), nameToken: raw(keywordPosition + 1),
                        target: rawRange(equal + 1, through: position - 1),
                        enclosingType: scopes.last.map { $0.kind == .typeBody ? $0.node : -1 } ?? -1))
                }
            }
        case .precedencegroup:
            var next = position + 1
            while next < count, kind(next) != .leftBrace, !tok(next).flags.contains(.startsLine) { next += 1 }
            position = kind(next) == .leftBrace && match(next) > next ? match(next) + 1 : next
        case .if: openConditional(.if)
        case .guard: openConditional(.guard)
        case .switch: openConditional(.switch)
        case .for: openConditional(.forIn)
        case .catch: openConditional(.catch)
        case .while:
            openConditional(.while)
        case .else:
            handleElse()
        case .case:
            handleCase(isDefault: false)
        case .default:
            if (scope == .switchBody || scope == .caseBody), kind(position + 1) == .colon {
                handleCase(isDefault: true)
            } else {
                position += 1
            }
        default:
            position += 1
        }
    }

    func isTypeName(_ position: Int) -> Bool {
        let token = tok(position)
        guard token.kind == .identifier else { return false }
        if token.flags.contains(.backticked) { return true }
        let word = word(position)
        if word.modifier != nil {
            // `class final Foo` is not Swift; `class override func` is a modifier.
            return false
        }
        return true
    }

    // MARK: - Identifiers

    mutating func handleIdentifier() {
        let scope = scopes.last?.kind ?? .file
        guard scope.holdsStatements || scope == .accessorBlock else {
            position += 1
            return
        }
        let word = word(position)
        if word != .none {
            if scope == .accessorBlock, let accessor = word.accessor {
                declareAccessor(accessor)
                return
            }
            if scope.holdsStatements || scope == .accessorBlock {
                if let modifier = word.modifier {
                    addModifier(modifier)
                    return
                }
                if word == .actor, kind(position + 1) == .identifier, scope.holdsStatements {
                    declareType(.actor)
                    return
                }
                if word == .macro, kind(position + 1) == .identifier, scope.holdsStatements {
                    position = skipStatement(from: position)
                    return
                }
            }
        }
        position += 1
    }

    // MARK: - Declarations

    /// Advances past one statement or declaration starting at `start`, without building nodes.
    func skipStatement(from start: Int) -> Int {
        var next = start + 1
        while next < count {
            let current = tok(next)
            switch current.kind {
            case .leftParen, .leftBracket, .leftBrace, .stringStart, .interpolationStart:
                if current.flags.contains(.startsLine), !continuesExpression(next) { return next }
                let closer = match(next)
                if closer < 0 { return next + 1 }
                next = closer + 1
                continue
            case .rightParen, .rightBracket, .rightBrace, .interpolationEnd, .stringEnd:
                return next
            case .semicolon:
                return next + 1
            case .poundIf, .poundElseif, .poundElse, .poundEndif:
                return next
            default:
                if current.flags.contains(.startsLine), !continuesExpression(next) { return next }
            }
            next += 1
        }
        return next
    }

    /// Skips `<...>` starting at an operator token that begins with `<`; returns the position after.
    func skipAngles(from start: Int) -> Int {
        var depth = 0
        var next = start
        while next < count {
            let current = tok(next)
            switch current.kind {
            case .operator:
                for offset in current.range {
                    let byte = buffer[offset]
                    if byte == UInt8(ascii: "<") { depth += 1 } else if byte == UInt8(ascii: ">") { depth -= 1 }
                }
                if depth <= 0 { return next + 1 }
            case .leftParen, .leftBracket:
                if match(next) > next { next = match(next) }
            case .leftBrace, .rightBrace, .semicolon, .equal, .rightParen, .rightBracket:
                return next
            default:
                break
            }
            next += 1
        }
        return next
    }

    /// Skips a type written at `start` (an annotation, a return type); returns the position after.
    func skipType(from start: Int) -> Int {
        var next = start
        var angles = 0
        while next < count {
            let current = tok(next)
            if next > start, current.flags.contains(.startsLine), angles == 0, !continuesSignature(next)
                || current.kind == .leftBrace {
                return next
            }
            switch current.kind {
            case .leftParen, .leftBracket:
                guard match(next) > next else { return next }
                next = match(next)
            case .operator:
                var other = false
                for offset in current.range {
                    switch buffer[offset] {
                    case UInt8(ascii: "<"): angles += 1
                    case UInt8(ascii: ">"): angles -= 1
                    case UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: "&"), UInt8(ascii: "."), UInt8(ascii: "~"):
                        break
                    default: other = true
                    }
                }
                if angles < 0 || (other && angles == 0) { return next }
            case .identifier, .period, .arrow, .attribute:
                break
            case .comma, .colon:
                if angles == 0 { return next }
            case .keyword:
                switch current.keyword {
                case .throws, .rethrows, .inout: break
                default: if angles == 0 { return next }
                }
            default:
                return next
            }
            next += 1
        }
        return next
    }

    mutating func declareType(_ kind: TypeKind) {
        let keyword = position
        var next = position + 1
        guard self.kind(next) == .identifier else {
            position += 1
            return
        }
        let (start, modifiers, attributes) = takePending(keyword)
        let nameToken = next
        var name = text(next)
        next += 1
        if kind == .extension {
            while self.kind(next) == .period, self.kind(next + 1) == .identifier {
                name += "." + text(next + 1)
                next += 2
            }
        }
        if self.kind(next) == .operator, buffer[tok(next).startOffset] == UInt8(ascii: "<") {
            next = skipAngles(from: next)
            // `extension Outer<T>.Inner`
            while self.kind(next) == .period, self.kind(next + 1) == .identifier {
                name += "." + text(next + 1)
                next += 2
            }
        }
        var inherited: [InheritedType] = []
        if self.kind(next) == .colon {
            next = readInheritance(from: next + 1, into: &inherited)
        }
        var whereClause: Range<Int>?
        if isKeyword(next, .where) {
            let whereStart = next
            while next < count, self.kind(next) != .leftBrace, self.kind(next) != .rightBrace {
                if self.kind(next) == .leftParen || self.kind(next) == .leftBracket, match(next) > next { next = match(next) }
                next += 1
            }
            whereClause = rawRange(whereStart + 1, through: next - 1)
        }
        let typeIndex = outline.types.count
        let node = addNode(.type, detail: typeIndex, start: start, parent: currentParent)
        var body: Block?
        if self.kind(next) == .leftBrace {
            body = Block(open: raw(next), close: match(next) > next ? raw(match(next)) : tokens.count)
        }
        outline.types.append(TypeDeclaration(
            node: node, kind: kind, name: name, nameToken: raw(nameToken), keywordToken: raw(keyword),
            modifiers: modifiers, attributes: attributes, inheritedTypes: inherited,
            whereClause: whereClause, body: body))
        if body != nil {
            push(.typeBody, open: next, node: node, detail: typeIndex)
            position = next + 1
        } else {
            setEnd(node, last: next - 1)
            position = next
        }
    }

    /// Reads `A, B<C>, @unchecked Sendable, P & Q` up to `where` or `{`.
    mutating func readInheritance(from start: Int, into inherited: inout [InheritedType]) -> Int {
        var next = start
        var angles = 0
        var entryName: (name: String, token: Int)?
        var entryStart = -1
        func flush(_ entry: (name: String, token: Int)?, into list: inout [InheritedType]) {
            if let entry { list.append(InheritedType(name: entry.name, token: entry.token)) }
        }
        while next < count {
            let current = tok(next)
            if angles == 0 {
                if current.kind == .leftBrace || current.isKeyword(.where) || current.kind == .rightBrace
                    || current.kind == .semicolon {
                    break
                }
                if current.kind == .comma {
                    flush(entryName, into: &inherited)
                    entryName = nil
                    entryStart = -1
                    next += 1
                    continue
                }
            }
            switch current.kind {
            case .operator:
                for offset in current.range {
                    if buffer[offset] == UInt8(ascii: "<") { angles += 1 }
                    if buffer[offset] == UInt8(ascii: ">") { angles -= 1 }
                    if buffer[offset] == UInt8(ascii: "&"), angles == 0 {
                        flush(entryName, into: &inherited)
                        entryName = nil
                        entryStart = -1
                    }
                    if buffer[offset] == UInt8(ascii: "~"), angles == 0 {
                        // `~Copyable` suppresses a conformance; it inherits nothing.
                        entryStart = -2
                    }
                }
                if angles < 0 { angles = 0 }
            case .identifier where angles == 0:
                if entryStart == -2 { break }
                let word = word(next)
                if word == .any || word == .some { break }
                if entryStart == -1 || self.kind(next - 1) == .period {
                    if entryStart == -1 { entryStart = next }
                    entryName = (text(next), raw(entryStart))
                }
            case .keyword where angles == 0 && current.keyword == .class:
                // `protocol P: class`, the old spelling of `AnyObject`.
                entryName = ("class", raw(next))
            case .attribute:
                if self.kind(next + 1) == .leftParen, match(next + 1) > next { next = match(next + 1) }
            case .leftParen, .leftBracket:
                if match(next) > next { next = match(next) }
            default:
                break
            }
            next += 1
        }
        flush(entryName, into: &inherited)
        return next
    }

    mutating func declareFunction(_ kind: FunctionKind) {
        let keyword = position
        let (start, modifiers, attributes) = takePending(keyword)
        var next = position + 1
        var name: String
        var nameToken = keyword
        var isOperatorName = false
        switch kind {
        case .function:
            let current = tok(next)
            guard current.kind == .identifier || current.kind == .operator || current.kind == .keyword
                    || current.kind == .period else {
                position += 1
                return
            }
            nameToken = next
            name = text(next)
            isOperatorName = current.kind == .operator || current.kind == .period
            next += 1
        case .initializer:
            name = "init"
            if self.kind(next) == .operator, tok(next).flags.contains(.joinedToPrevious),
               isOperator(next, "?") || isOperator(next, "!") {
                next += 1
            }
        case .deinitializer:
            name = "deinit"
        case .subscript:
            name = "subscript"
        case .accessor:
            name = text(keyword)
        }
        if self.kind(next) == .operator, buffer[tok(next).startOffset] == UInt8(ascii: "<") {
            next = skipAngles(from: next)
        }
        let parameterStart = outline.parameters.count
        var parameterClause = -1
        if self.kind(next) == .leftParen, kind != .deinitializer {
            parameterClause = next
            readParameters(open: next, labelled: kind != .subscript && !isOperatorName)
        }
        var fullName = name
        if kind != .deinitializer {
            fullName += "("
            for parameter in outline.parameters[parameterStart...] {
                fullName += (parameter.label ?? "_") + ":"
            }
            fullName += ")"
        }
        var returnType: Range<Int>?
        var after = parameterClause >= 0 && match(parameterClause) > parameterClause ? match(parameterClause) + 1 : next
        while after < count {
            if isKeyword(after, .throws) || isKeyword(after, .rethrows) || word(after) == .async || word(after) == .reasync {
                after += 1
                if self.kind(after) == .leftParen, match(after) > after { after = match(after) + 1 }
            } else {
                break
            }
        }
        if self.kind(after) == .arrow {
            let typeEnd = skipType(from: after + 1)
            returnType = rawRange(after + 1, through: typeEnd - 1)
        }
        let functionIndex = outline.functions.count
        let node = addNode(.function, detail: functionIndex, start: start, parent: currentParent)
        outline.functions.append(FunctionDeclaration(
            node: node, kind: kind, accessorKind: nil, name: name, fullName: fullName,
            nameToken: raw(nameToken), keywordToken: raw(keyword), declarationStart: raw(start),
            modifiers: modifiers, attributes: attributes, parameters: parameterStart..<outline.parameters.count,
            returnType: returnType, body: nil, property: nil, isImplicitGetter: false))
        push(.functionSignature, open: keyword, node: node, detail: functionIndex)
        signatureParen = parameterClause
        position = parameterClause >= 0 ? parameterClause : next
    }

    /// Reads the parameters between `open` and its `)` into `outline.parameters`.
    mutating func readParameters(open: Int, labelled: Bool) {
        let close = match(open)
        guard close > open else { return }
        var entryStart = open + 1
        var next = open + 1
        var angles = 0
        var inDefault = false
        while next <= close {
            let current = tok(next)
            if next == close || (current.kind == .comma && angles == 0) {
                if next > entryStart { readParameter(from: entryStart, to: next, labelled: labelled) }
                entryStart = next + 1
                angles = 0
                inDefault = false
                next += 1
                continue
            }
            switch current.kind {
            case .leftParen, .leftBracket, .leftBrace, .stringStart:
                if match(next) > next { next = match(next) }
            case .equal:
                inDefault = true
            case .operator where !inDefault:
                for offset in current.range {
                    if buffer[offset] == UInt8(ascii: "<") { angles += 1 }
                    if buffer[offset] == UInt8(ascii: ">") { angles = max(0, angles - 1) }
                }
            default:
                break
            }
            next += 1
        }
    }

    func isName(_ position: Int) -> Bool {
        let kind = kind(position)
        return kind == .identifier || kind == .keyword
    }

    mutating func readParameter(from start: Int, to end: Int, labelled: Bool) {
        var first = start
        while first < end, kind(first) == .attribute {
            first += 1
            if kind(first) == .operator, buffer[tok(first).startOffset] == UInt8(ascii: "<") {
                first = skipAngles(from: first)
            }
            if kind(first) == .leftParen, tok(first).flags.contains(.joinedToPrevious), match(first) > first {
                first = match(first) + 1
            }
        }
        guard first < end else { return }
        var label: String?
        var nameToken: Int
        var colon: Int
        if isName(first), first + 1 < end, isName(first + 1), kind(first + 2) == .colon {
            label = text(first)
            nameToken = first + 1
            colon = first + 2
        } else if isName(first), kind(first + 1) == .colon {
            label = labelled ? text(first) : nil
            nameToken = first
            colon = first + 1
        } else {
            return
        }
        if label == "_" { label = nil }
        var typeEnd = colon + 1
        var defaultValue: Range<Int>?
        var scan = colon + 1
        while scan < end {
            if kind(scan) == .equal {
                defaultValue = rawRange(scan + 1, through: end - 1)
                break
            }
            if kind(scan) == .leftParen || kind(scan) == .leftBracket, match(scan) > scan { scan = match(scan) }
            scan += 1
        }
        typeEnd = scan
        outline.parameters.append(Parameter(
            label: label, name: text(nameToken), nameToken: raw(nameToken),
            type: rawRange(colon + 1, through: typeEnd - 1), defaultValue: defaultValue))
    }

    mutating func declareAccessor(_ accessor: AccessorKind) {
        guard let block = scopes.last else {
            position += 1
            return
        }
        let keyword = position
        let (start, modifiers, attributes) = takePending(keyword)
        var next = position + 1
        if kind(next) == .leftParen, match(next) > next { next = match(next) + 1 }
        while next < count, isKeyword(next, .throws) || word(next) == .async || isKeyword(next, .rethrows) {
            next += 1
            if kind(next) == .leftParen, match(next) > next { next = match(next) + 1 }
        }
        let functionIndex = outline.functions.count
        let node = addNode(.function, detail: functionIndex, start: start, parent: block.node)
        let property = block.detail >= 0 ? block.detail : nil
        var body: Block?
        if kind(next) == .leftBrace {
            body = Block(open: raw(next), close: match(next) > next ? raw(match(next)) : tokens.count)
        }
        let name = accessor.rawValue
        outline.functions.append(FunctionDeclaration(
            node: node, kind: .accessor, accessorKind: accessor, name: name, fullName: name,
            nameToken: raw(keyword), keywordToken: raw(keyword), declarationStart: raw(start),
            modifiers: modifiers, attributes: attributes,
            parameters: outline.parameters.count..<outline.parameters.count, returnType: nil, body: body,
            property: property, isImplicitGetter: false))
        if body != nil {
            push(.functionBody, open: next, node: node, detail: functionIndex)
            position = next + 1
        } else {
            setEnd(node, last: next - 1)
            position = next
        }
    }

    mutating func declareVariable(keyword: Int, isLet: Bool) {
        let (start, modifiers, attributes) = takePending(keyword)
        declareBindingPattern(at: keyword + 1, keyword: keyword, start: start, isLet: isLet,
                              modifiers: modifiers, attributes: attributes)
    }

    /// Declares the variables of one pattern (`x`, `(a, b)`) with its annotation, and opens the
    /// declaration scope whose `=`, `{` or `,` comes next.
    mutating func declareBindingPattern(at patternStart: Int, keyword: Int, start: Int, isLet: Bool,
                                        modifiers: Modifiers, attributes: [String]) {
        var names: [Int] = []
        var next = patternStart
        switch kind(next) {
        case .identifier:
            names.append(next)
            next += 1
        case .leftParen where match(next) > next:
            for inner in (next + 1)..<match(next) where kind(inner) == .identifier && kind(inner + 1) != .colon {
                names.append(inner)
            }
            next = match(next) + 1
        default:
            position = patternStart
            return
        }
        var annotation: Range<Int>?
        if kind(next) == .colon {
            let typeEnd = skipType(from: next + 1)
            annotation = rawRange(next + 1, through: typeEnd - 1)
            next = typeEnd
        }
        var first = -1
        for (offset, name) in names.enumerated() {
            let variableIndex = outline.variables.count
            let node = addNode(.variable, detail: variableIndex, start: offset == 0 ? start : name, parent: currentParent)
            outline.variables.append(VariableDeclaration(
                node: node, name: text(name), nameToken: raw(name), keywordToken: raw(keyword),
                declarationStart: raw(start), isLet: isLet, isConditionalBinding: false, modifiers: modifiers,
                attributes: attributes, typeAnnotation: annotation, initializer: nil, accessors: nil, storage: .stored))
            if offset == 0 {
                first = variableIndex
            } else {
                setEnd(node, last: name)
            }
        }
        push(.variableDeclaration, open: keyword, node: outline.variables[first].node, detail: first,
             contentStart: next)
        setEnd(outline.variables[first].node, last: next - 1)
        position = next
    }

    /// `let x = value` inside an `if`/`guard`/`while` condition.
    mutating func declareBinding(keyword: Int, isLet: Bool) {
        let nameToken = keyword + 1
        guard kind(nameToken) == .identifier else {
            position = keyword + 1
            return
        }
        var next = nameToken + 1
        var annotation: Range<Int>?
        if kind(next) == .colon {
            let typeEnd = skipType(from: next + 1)
            annotation = rawRange(next + 1, through: typeEnd - 1)
            next = typeEnd
        }
        let variableIndex = outline.variables.count
        let node = addNode(.variable, detail: variableIndex, start: keyword, parent: currentParent)
        outline.variables.append(VariableDeclaration(
            node: node, name: text(nameToken), nameToken: raw(nameToken), keywordToken: raw(keyword),
            declarationStart: raw(keyword), isLet: isLet, isConditionalBinding: true, modifiers: [],
            attributes: [], typeAnnotation: annotation, initializer: nil, accessors: nil, storage: .stored))
        if kind(next) == .equal {
            push(.bindingInitializer, open: keyword, node: node, detail: variableIndex, contentStart: next + 1)
            position = next + 1
        } else {
            // `if let x {`: the name is its own initializer.
            outline.variables[variableIndex].initializer = rawRange(nameToken, through: nameToken)
            setEnd(node, last: next - 1)
            position = next
        }
    }

    // MARK: - Conditionals

    mutating func openConditional(_ kind: ConditionalKind) {
        let conditionalIndex = outline.conditionals.count
        let node = addNode(.conditional, detail: conditionalIndex, start: position, parent: currentParent)
        outline.conditionals.append(Conditional(
            node: node, kind: kind, keywordToken: raw(position), condition: raw(position)..<raw(position),
            body: nil, elseBody: nil))
        push(.conditionHeader, open: position, node: node, detail: conditionalIndex)
        position += 1
        if kind == .forIn { declareLoopVariables(keyword: position - 1, node: node) }
    }

    /// `for (index, item) in items`, `for case let .some(value) in values`: the names the
    /// pattern binds are variables of the loop, visible in its body.
    mutating func declareLoopVariables(keyword: Int, node: Int) {
        var next = keyword + 1
        var steps = 0
        while next < count, steps < 64, !isKeyword(next, .in), kind(next) != .leftBrace {
            steps += 1
            let current = tok(next)
            if current.kind == .identifier, kind(next - 1) != .period, kind(next + 1) != .colon,
               kind(next + 1) != .leftParen, word(next) != .await, text(next) != "_" {
                let variableIndex = outline.variables.count
                let variableNode = addNode(.variable, detail: variableIndex, start: next, parent: node)
                outline.variables.append(VariableDeclaration(
                    node: variableNode, name: text(next), nameToken: raw(next), keywordToken: raw(keyword),
                    declarationStart: raw(keyword), isLet: true, isConditionalBinding: true, modifiers: [], attributes: [],
                    typeAnnotation: nil, initializer: nil, accessors: nil, storage: .stored))
            }
            next += 1
        }
    }

    mutating func handleElse() {
        if let top = scopes.last, top.kind == .bindingInitializer {
            popScope(last: position - 1)
        }
        if let top = scopes.last, top.kind == .conditionHeader, outline.conditionals[top.detail].kind == .guard {
            finish(top, last: position - 1)
            replaceTop(.guardElsePending, open: position)
        }
        position += 1
    }

    mutating func handleCase(isDefault: Bool) {
        let scope = scopes.last?.kind ?? .file
        switch scope {
        case .switchBody, .caseBody:
            if scope == .caseBody { popScope(last: position - 1) }
            let conditionalIndex = outline.conditionals.count
            let (start, _, _) = takePending(position)
            let node = addNode(.conditional, detail: conditionalIndex, start: start, parent: currentParent)
            outline.conditionals.append(Conditional(
                node: node, kind: .switchCase, keywordToken: raw(position),
                condition: raw(position)..<raw(position), body: nil, elseBody: nil))
            push(.caseHeader, open: position, node: node, detail: conditionalIndex)
            position += 1
        case .typeBody:
            position = skipStatement(from: position)
        default:
            position += 1
        }
    }

    mutating func handleColon() {
        if let top = scopes.last, top.kind == .caseHeader {
            finish(top, last: position - 1)
            outline.conditionals[top.detail].body = Block(open: raw(position), close: raw(position))
            replaceTop(.caseBody, open: position)
        }
        position += 1
    }

    /// After an `if` body: `else {`, `else if`, or the end of the statement.
    mutating func afterThenBody(_ scope: Scope, close: Int) {
        let next = close + 1
        guard isKeyword(next, .else) else { return }
        if isKeyword(next + 1, .if) {
            push(.elseIfTail, open: next, node: scope.node, detail: scope.detail)
            position = next + 1
        } else if kind(next + 1) == .leftBrace {
            outline.conditionals[scope.detail].elseBody = Block(open: raw(next + 1), close: bodyClose(next + 1))
            push(.elseBody, open: next + 1, node: scope.node, detail: scope.detail)
            position = next + 2
        }
    }

    /// An `else if` chain ends with its last `if`.
    mutating func closeElseIfTails(last: Int) {
        while let top = scopes.last, top.kind == .elseIfTail {
            popScope(last: last)
        }
    }

    func bodyClose(_ open: Int) -> Int { match(open) > open ? raw(match(open)) : tokens.count }

    // MARK: - Brackets

    mutating func handleLeftParen() {
        let open = position
        if open == signatureParen {
            signatureParen = -1
            push(.parameterClause, open: open)
            position += 1
            return
        }
        let scope = scopes.last?.kind ?? .file
        if scope == .functionSignature || scope == .typeBody || tok(open).flags.contains(.startsLine) {
            push(.parens, open: open)
            position += 1
            return
        }
        if let name = calleeName(before: open) {
            openCall(name: name, parenthesis: open)
            return
        }
        if kind(open - 1) == .rightBrace, lastClosureClose.position == open - 1, lastClosureClose.closure >= 0 {
            outline.closures[lastClosureClose.closure].isImmediatelyInvoked = true
        }
        push(.parens, open: open)
        position += 1
    }

    /// The position of the base name of a call whose `(` or trailing `{` is at `position`.
    func calleeName(before position: Int) -> Int? {
        let previous = position - 1
        guard previous >= 0 else { return nil }
        let token = tok(previous)
        switch token.kind {
        case .identifier:
            let word = word(previous)
            if word == .await || word == .some || word == .any || word == .each { return nil }
            return previous
        case .operator:
            if isOperator(previous, "?") || isOperator(previous, "!"), token.flags.contains(.joinedToPrevious),
               kind(previous - 1) == .identifier {
                return previous - 1
            }
            if buffer[token.endOffset - 1] == UInt8(ascii: ">") {
                return genericTypeName(closingAt: previous)
            }
            return nil
        default:
            return nil
        }
    }

    /// For `Name<Args>` ending at the `>` token at `close`, the position of `Name`.
    func genericTypeName(closingAt close: Int) -> Int? {
        var depth = 0
        var current = close
        var steps = 0
        while current >= 0, steps < 64 {
            let token = tok(current)
            switch token.kind {
            case .operator:
                for offset in token.range.reversed() {
                    switch buffer[offset] {
                    case UInt8(ascii: ">"): depth += 1
                    case UInt8(ascii: "<"):
                        depth -= 1
                        if depth == 0 {
                            guard offset == token.startOffset, kind(current - 1) == .identifier,
                                  token.flags.contains(.joinedToPrevious) else { return nil }
                            return current - 1
                        }
                    case UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: "&"), UInt8(ascii: "."): break
                    default: return nil
                    }
                }
            case .rightParen, .rightBracket:
                guard match(current) >= 0 else { return nil }
                current = match(current)
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

    /// Where the postfix expression ending at `end` begins: `a.b?[0].c()!` is one chain.
    func chainStart(endingAt end: Int) -> Int {
        var current = end
        var steps = 0
        while current >= 0, steps < 256 {
            steps += 1
            if current == lastChain.end { return lastChain.start }
            let token = tok(current)
            var atomStart = current
            switch token.kind {
            case .identifier, .integerLiteral, .floatLiteral, .regexLiteral:
                atomStart = current
            case .keyword where [.true, .false, .nil].contains(token.keyword):
                atomStart = current
            case .rightParen, .rightBracket, .rightBrace, .stringEnd:
                let opener = match(current)
                guard opener >= 0 else { return current }
                atomStart = opener
                // A call, subscript or trailing closure continues the chain to its left.
                let before = opener - 1
                if token.kind != .stringEnd, before >= 0, self.tok(opener).flags.contains(.joinedToPrevious)
                    || token.kind == .rightBrace {
                    let beforeKind = kind(before)
                    if beforeKind == .identifier || beforeKind == .rightParen || beforeKind == .rightBracket
                        || (beforeKind == .operator && isPostfixLike(before))
                        || (beforeKind == .rightBrace && token.kind != .rightBrace) {
                        current = before
                        continue
                    }
                    if beforeKind == .operator, buffer[self.tok(before).endOffset - 1] == UInt8(ascii: ">"),
                       let name = genericTypeName(closingAt: before) {
                        current = name
                        continue
                    }
                }
            case .operator where isPostfixLike(current):
                current -= 1
                continue
            case .operator where buffer[token.endOffset - 1] == UInt8(ascii: ">"):
                guard let name = genericTypeName(closingAt: current) else { return current + 1 }
                atomStart = name
            default:
                return current + 1
            }
            // `.member` continues to the left, unless the dot begins an implicit member expression.
            if kind(atomStart - 1) == .period {
                let beforeDot = atomStart - 2
                let beforeKind = kind(beforeDot)
                let continues: Bool
                switch beforeKind {
                case .identifier, .rightParen, .rightBracket, .rightBrace, .stringEnd, .integerLiteral,
                     .floatLiteral:
                    continues = true
                case .operator:
                    continues = isPostfixLike(beforeDot) || buffer[self.tok(beforeDot).endOffset - 1] == UInt8(ascii: ">")
                case .keyword:
                    continues = [.true, .false, .nil].contains(self.tok(beforeDot).keyword)
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
            return atomStart
        }
        return max(0, current)
    }

    /// `?` or `!` written straight after an expression (`a?.b`, `a!`).
    func isPostfixLike(_ position: Int) -> Bool {
        (isOperator(position, "?") || isOperator(position, "!")) && tok(position).flags.contains(.joinedToPrevious)
    }

    mutating func openCall(name: Int, parenthesis: Int?) {
        var receiver: Range<Int>?
        var isOptionalChain = false
        var isImplicitMember = false
        var start = name
        if kind(name - 1) == .period {
            var receiverEnd = name - 2
            if isOperator(receiverEnd, "?"), tok(receiverEnd).flags.contains(.joinedToPrevious) {
                isOptionalChain = true
                receiverEnd -= 1
            }
            let chain = receiverEnd >= 0 ? chainStart(endingAt: receiverEnd) : receiverEnd + 1
            if chain > receiverEnd {
                isImplicitMember = true
                start = name - 1
            } else {
                start = chain
                receiver = rawRange(chain, through: receiverEnd)
            }
        } else if kind(name - 1) == .backslash {
            start = name - 1
        }
        let callIndex = outline.calls.count
        let node = addNode(.call, detail: callIndex, start: start, parent: currentParent)
        let argumentStart = outline.arguments.count
        var parentheses: Block?
        if let parenthesis {
            parentheses = Block(open: raw(parenthesis), close: bodyClose(parenthesis))
            readArguments(open: parenthesis)
        }
        callChainStarts.append(start)
        outline.calls.append(Call(
            node: node, nameToken: raw(name), receiver: receiver, isOptionalChain: isOptionalChain,
            isImplicitMember: isImplicitMember, chainStart: raw(start),
            arguments: argumentStart..<outline.arguments.count, parentheses: parentheses, trailingClosures: []))
        if let parenthesis {
            push(.callArguments, open: parenthesis, node: node, detail: callIndex)
            position = parenthesis + 1
        } else {
            setEnd(node, last: name)
        }
    }

    mutating func readArguments(open: Int) {
        let close = match(open)
        guard close > open else { return }
        var entryStart = open + 1
        var next = open + 1
        while next <= close {
            let current = kind(next)
            if next == close || current == .comma {
                if next > entryStart || current == .comma {
                    var label: String?
                    var labelToken: Int?
                    var expressionStart = entryStart
                    let first = kind(entryStart)
                    if (first == .identifier || first == .keyword), kind(entryStart + 1) == .colon, entryStart + 1 < next {
                        label = text(entryStart)
                        labelToken = raw(entryStart)
                        expressionStart = entryStart + 2
                    }
                    outline.arguments.append(Argument(
                        label: label, labelToken: labelToken,
                        expression: rawRange(expressionStart, through: next - 1), closure: nil))
                }
                entryStart = next + 1
                next += 1
                continue
            }
            switch current {
            case .leftParen, .leftBracket, .leftBrace, .stringStart, .interpolationStart:
                if match(next) > next { next = match(next) }
            case .operator:
                if let end = genericArgumentsEnd(next) {
                    next = end
                    continue
                }
            default:
                break
            }
            next += 1
        }
    }

    mutating func handleLeftBrace() {
        let open = position
        if let top = scopes.last, top.kind == .bindingInitializer {
            popScope(last: open - 1)
        }
        guard let top = scopes.last else { return }
        switch top.kind {
        case .functionSignature:
            signatureParen = -1
            let function = top.detail
            outline.functions[function].body = Block(open: raw(open), close: bodyClose(open))
            if outline.functions[function].kind == .subscript {
                replaceTop(.accessorBlock, open: open)
                scopes[scopes.count - 1].detail = -1
                openAccessorBlockContents(open: open, owner: top.node, property: nil)
            } else {
                replaceTop(.functionBody, open: open)
                position += 1
            }
            return
        case .conditionHeader:
            finish(top, last: open - 1)
            let conditional = top.detail
            outline.conditionals[conditional].body = Block(open: raw(open), close: bodyClose(open))
            switch outline.conditionals[conditional].kind {
            case .switch: replaceTop(.switchBody, open: open)
            case .if: replaceTop(.thenBody, open: open)
            default: replaceTop(.loopBody, open: open)
            }
            position += 1
            return
        case .guardElsePending:
            outline.conditionals[top.detail].elseBody = Block(open: raw(open), close: bodyClose(open))
            replaceTop(.guardElse, open: open)
            position += 1
            return
        case .variableDeclaration:
            openPropertyAccessors(open: open, scope: top)
            return
        case .variableInitializer where open > top.contentStart:
            if looksLikeObservers(open) || endsValue(open - 1) {
                finish(top, last: open - 1)
                openPropertyAccessors(open: open, scope: top)
                return
            }
        default:
            break
        }
        var previous = open - 1
        // `do throws(NetworkError) {`
        if kind(previous) == .rightParen, match(previous) > 1, isKeyword(match(previous) - 1, .throws),
           isKeyword(match(previous) - 2, .do) {
            previous = match(previous) - 2
        }
        if previous >= 0, tok(previous).kind == .keyword {
            switch tok(previous).keyword {
            case .do, .defer, .else:
                push(.codeBlock, open: open)
                position += 1
                return
            case .repeat:
                push(.repeatBody, open: open)
                position += 1
                return
            default:
                break
            }
        }
        // Trailing closures: after a call's `)`, after `label:` following a trailing closure, or
        // straight after a name (`items.map { ... }`).
        previous = open - 1
        if kind(previous) == .rightParen, lastCallClose.position == previous {
            openClosure(open: open, call: lastCallClose.call, label: nil, trailing: true)
            return
        }
        if kind(previous) == .colon, lastTrailingClose.position == open - 3 {
            openClosure(open: open, call: lastTrailingClose.call, label: text(open - 2), trailing: true)
            return
        }
        if top.kind != .typeBody, let name = calleeName(before: open), !isKeyword(name, .in) {
            openCall(name: name, parenthesis: nil)
            openClosure(open: open, call: outline.calls.count - 1, label: nil, trailing: true)
            return
        }
        openClosure(open: open, call: nil, label: nil, trailing: false)
    }

    /// A literal or collection that cannot take a trailing closure, so a `{` after it in a
    /// property's initializer opens the property's observers.
    func endsValue(_ position: Int) -> Bool {
        switch kind(position) {
        case .integerLiteral, .floatLiteral, .stringEnd, .regexLiteral, .rightBracket:
            return true
        case .keyword:
            return [.true, .false, .nil].contains(tok(position).keyword)
        default:
            return false
        }
    }

    /// `var x = value { didSet { ... } }`: Swift reads the braces as observers when they begin
    /// with `willSet` or `didSet`.
    func looksLikeObservers(_ open: Int) -> Bool {
        var next = open + 1
        while kind(next) == .attribute { next += 1 }
        let word = word(next)
        return (word == .willSet || word == .didSet) && (kind(next + 1) == .leftBrace || kind(next + 1) == .leftParen)
    }

    mutating func openPropertyAccessors(open: Int, scope: Scope) {
        let variable = scope.detail
        outline.variables[variable].accessors = Block(open: raw(open), close: bodyClose(open))
        replaceTop(.accessorBlock, open: open)
        openAccessorBlockContents(open: open, owner: scope.node, property: variable)
    }

    /// Decides between explicit accessors (`get { } set { }`) and a bare getter body.
    mutating func openAccessorBlockContents(open: Int, owner: Int, property: Int?) {
        var next = open + 1
        while next < count {
            if kind(next) == .attribute {
                if kind(next + 1) == .leftParen, match(next + 1) > next { next = match(next + 1) }
                next += 1
            } else if word(next).modifier != nil {
                next += 1
            } else {
                break
            }
        }
        let first = word(next)
        var explicit = false
        if first.accessor != nil || isKeyword(next, .`init`) {
            let after = tok(next + 1)
            explicit = after.kind == .leftBrace || after.kind == .leftParen || after.kind == .rightBrace
                || after.flags.contains(.startsLine) || word(next + 1).accessor != nil || word(next + 1) == .async
                || after.isKeyword(.throws)
        } else if kind(next) == .poundIf {
            explicit = accessorsFollowDirective(next)
        }
        if let property {
            if explicit {
                var observed = false
                var scan = open + 1
                let close = match(open) > open ? match(open) : count
                while scan < close {
                    let word = word(scan)
                    if word == .willSet || word == .didSet { observed = true }
                    if kind(scan) == .leftBrace, match(scan) > scan { scan = match(scan) }
                    scan += 1
                }
                outline.variables[property].storage = observed ? .observed : .computed
            } else {
                outline.variables[property].storage = .computed
            }
        }
        if explicit {
            position = open + 1
            return
        }
        let functionIndex = outline.functions.count
        let node = addNode(.function, detail: functionIndex, start: open, parent: owner)
        outline.functions.append(FunctionDeclaration(
            node: node, kind: .accessor, accessorKind: .get, name: "get", fullName: "get",
            nameToken: raw(open), keywordToken: raw(open), declarationStart: raw(open), modifiers: [],
            attributes: [], parameters: outline.parameters.count..<outline.parameters.count, returnType: nil,
            body: Block(open: raw(open), close: bodyClose(open)), property: property, isImplicitGetter: true))
        push(.functionBody, open: open, node: node, detail: functionIndex)
        position = open + 1
    }

    /// `var x: Int { #if A get { } #else get { } #endif }`: accessors behind a directive.
    func accessorsFollowDirective(_ directive: Int) -> Bool {
        var next = directive + 1
        while next < count, !tok(next).flags.contains(.startsLine) { next += 1 }
        return word(next).accessor != nil && (kind(next + 1) == .leftBrace || kind(next + 1) == .rightBrace
            || tok(next + 1).flags.contains(.startsLine))
    }

    mutating func openClosure(open: Int, call: Int?, label: String?, trailing: Bool) {
        let close = match(open) > open ? match(open) : count
        var captureStart = outline.captures.count
        var bodyStart = open + 1
        var inToken: Int?
        var parameterNames: [String] = []
        if let signature = closureSignature(open: open, close: close) {
            if let list = signature.captureList {
                readCaptures(open: list, close: match(list))
            }
            for name in signature.parameters { parameterNames.append(text(name)) }
            inToken = raw(signature.inKeyword)
            bodyStart = signature.inKeyword + 1
        } else {
            captureStart = outline.captures.count
        }
        var assignment: Int?
        var variable: Int?
        var argumentLabel = label
        var owningCall = call
        if let top = scopes.last, !trailing {
            if top.kind == .assignmentValue, top.contentStart == open {
                assignment = top.detail
            } else if (top.kind == .variableInitializer || top.kind == .bindingInitializer), top.contentStart == open {
                variable = top.detail
            } else if top.kind == .callArguments {
                let previous = kind(open - 1)
                if previous == .leftParen || previous == .comma || previous == .colon {
                    owningCall = top.detail
                    if previous == .colon { argumentLabel = text(open - 2) }
                }
            }
        }
        let closureIndex = outline.closures.count
        let parent = trailing && call != nil ? outline.calls[call!].node : currentParent
        let node = addNode(.closure, detail: closureIndex, start: open, parent: parent)
        outline.closures.append(Closure(
            node: node, body: Block(open: raw(open), close: close < count ? raw(close) : tokens.count),
            captures: captureStart..<outline.captures.count, inToken: inToken, parameterNames: parameterNames,
            call: owningCall, argumentLabel: argumentLabel, isTrailing: trailing, assignment: assignment,
            variable: variable, isImmediatelyInvoked: false))
        if let owningCall {
            if trailing {
                outline.calls[owningCall].trailingClosures.append(closureIndex)
            } else {
                let rawOpen = raw(open)
                for index in outline.calls[owningCall].arguments where outline.arguments[index].expression.lowerBound == rawOpen {
                    outline.arguments[index].closure = closureIndex
                }
            }
        }
        scopes.push(Scope(kind: .closureBody, open: open, node: node, parent: node, detail: closureIndex,
                          contentStart: bodyStart))
        position = bodyStart
    }

    struct ClosureSignature {
        var captureList: Int?
        var parameters: [Int]
        var inKeyword: Int
    }

    /// `{ [weak self] (a, b) -> Int in`: finds the `in` that ends a closure's signature, if any.
    func closureSignature(open: Int, close: Int) -> ClosureSignature? {
        var next = open + 1
        var captureList: Int?
        // `{ @MainActor [weak self] in`: attributes may come before the capture list.
        while kind(next) == .attribute {
            next += 1
            if kind(next) == .leftParen, tok(next).flags.contains(.joinedToPrevious), match(next) > next {
                next = match(next) + 1
            }
        }
        if kind(next) == .leftBracket, match(next) > next {
            captureList = next
            next = match(next) + 1
        }
        var parameters: [Int] = []
        var steps = 0
        while next < close, steps < 200 {
            steps += 1
            let current = tok(next)
            switch current.kind {
            case .keyword:
                switch current.keyword {
                case .in: return ClosureSignature(captureList: captureList, parameters: parameters, inKeyword: next)
                case .throws, .rethrows, .inout: break
                default: return nil
                }
            case .identifier:
                let following = kind(next + 1)
                if following == .comma || following == .colon || (following == .keyword && isKeyword(next + 1, .in)) {
                    if kind(next - 1) != .colon { parameters.append(next) }
                }
            case .leftParen:
                guard match(next) > next else { return nil }
                var inner = next + 1
                while inner < match(next) {
                    if kind(inner) == .identifier, kind(inner + 1) == .colon || kind(inner + 1) == .comma
                        || inner + 1 == match(next) {
                        if kind(inner - 1) == .leftParen || kind(inner - 1) == .comma { parameters.append(inner) }
                    }
                    if kind(inner) == .leftParen || kind(inner) == .leftBracket, match(inner) > inner { inner = match(inner) }
                    inner += 1
                }
                next = match(next)
            case .leftBracket:
                guard match(next) > next else { return nil }
                next = match(next)
            case .attribute:
                if kind(next + 1) == .leftParen, match(next + 1) > next { next = match(next + 1) }
            case .comma, .colon, .arrow, .period:
                break
            case .operator:
                for offset in current.range {
                    switch buffer[offset] {
                    case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "?"), UInt8(ascii: "!"),
                         UInt8(ascii: "&"), UInt8(ascii: "."): break
                    default: return nil
                    }
                }
            default:
                return nil
            }
            next += 1
        }
        return nil
    }

    mutating func readCaptures(open: Int, close: Int) {
        guard close > open else { return }
        var next = open + 1
        while next < close {
            var specifier = CaptureSpecifier.strong
            let word = word(next)
            if word == .weak, kind(next + 1) == .identifier {
                specifier = .weak
                next += 1
            } else if word == .unowned {
                specifier = .unowned
                next += 1
                if kind(next) == .leftParen, match(next) > next {
                    let inner = self.word(next + 1)
                    specifier = inner == .safe ? .unownedSafe : inner == .unsafe ? .unownedUnsafe : .unowned
                    next = match(next) + 1
                }
            }
            let nameToken = next
            var expression: Range<Int>?
            var entryEnd = next + 1
            while entryEnd < close, kind(entryEnd) != .comma {
                if kind(entryEnd) == .leftParen || kind(entryEnd) == .leftBracket, match(entryEnd) > entryEnd {
                    entryEnd = match(entryEnd)
                }
                entryEnd += 1
            }
            if kind(nameToken + 1) == .equal {
                expression = rawRange(nameToken + 2, through: entryEnd - 1)
            }
            if kind(nameToken) == .identifier {
                outline.captures.append(Capture(specifier: specifier, name: text(nameToken), nameToken: raw(nameToken),
                                                expression: expression))
            }
            next = entryEnd + 1
        }
    }

    mutating func handleCloser() {
        let close = position
        let opener = match(close)
        position += 1
        guard opener >= 0 else { return }
        var index = scopes.count - 1
        while index >= 0 {
            let scope = scopes[index]
            if !scope.kind.isVirtual, scope.open == opener { break }
            index -= 1
        }
        guard index >= 0 else { return }
        while scopes.count - 1 > index {
            popScope(last: close - 1)
        }
        // A bare getter shares its braces with the accessor block that owns it: close both.
        while let top = scopes.last, !top.kind.isVirtual, top.open == opener, top.kind != .file {
            let scope = top
            popScope(last: close)
            switch scope.kind {
            case .thenBody:
                afterThenBody(scope, close: close)
                if !(scopes.last.map { $0.kind == .elseIfTail || $0.kind == .elseBody } ?? false) {
                    closeElseIfTails(last: close)
                }
            case .elseBody, .loopBody, .guardElse, .switchBody:
                closeElseIfTails(last: close)
            case .repeatBody:
                if isKeyword(close + 1, .while) {
                    let conditionalIndex = outline.conditionals.count
                    let node = addNode(.conditional, detail: conditionalIndex, start: close + 1, parent: currentParent)
                    outline.conditionals.append(Conditional(
                        node: node, kind: .repeatWhile, keywordToken: raw(close + 1),
                        condition: raw(close + 1)..<raw(close + 1), body: Block(open: raw(opener), close: raw(close)),
                        elseBody: nil))
                    push(.repeatCondition, open: close + 1, node: node, detail: conditionalIndex)
                    position = close + 2
                }
            default:
                break
            }
        }
    }

    mutating func handleEqual() {
        let equal = position
        position += 1
        guard let top = scopes.last else { return }
        switch top.kind {
        case .variableDeclaration:
            replaceTop(.variableInitializer, open: top.open)
            scopes[scopes.count - 1].contentStart = equal + 1
        case let kind where kind.holdsStatements && kind != .typeBody:
            let lhsStart = chainStart(endingAt: equal - 1)
            guard lhsStart < equal else { return }
            let assignmentIndex = outline.assignments.count
            let node = addNode(.assignment, detail: assignmentIndex, start: lhsStart, parent: currentParent)
            outline.assignments.append(Assignment(
                node: node, lhs: rawRange(lhsStart, through: equal - 1), rhs: rawRange(equal + 1, through: equal),
                equalToken: raw(equal)))
            push(.assignmentValue, open: equal, node: node, detail: assignmentIndex, contentStart: equal + 1)
        default:
            break
        }
    }

    mutating func handleComma() {
        let comma = position
        guard let top = scopes.last else {
            position += 1
            return
        }
        switch top.kind {
        case .variableInitializer, .variableDeclaration:
            popScope(last: comma - 1)
            let first = outline.variables[top.detail]
            let keyword = first.keywordToken
            let keywordPosition = sigPosition(ofRaw: keyword, near: top.open)
            declareBindingPattern(at: comma + 1, keyword: keywordPosition, start: comma + 1, isLet: first.isLet,
                                  modifiers: first.modifiers, attributes: first.attributes)
        case .bindingInitializer:
            popScope(last: comma - 1)
            position += 1
        default:
            position += 1
        }
    }

    /// The significant position of a raw token index known to be at or near `hint`.
    func sigPosition(ofRaw rawIndex: Int, near hint: Int) -> Int {
        if hint >= 0, hint < count, raw(hint) == rawIndex { return hint }
        var low = 0
        var high = count - 1
        while low <= high {
            let mid = (low + high) / 2
            let value = raw(mid)
            if value == rawIndex { return mid }
            if value < rawIndex { low = mid + 1 } else { high = mid - 1 }
        }
        return hint
    }

    mutating func handleDirective(_ kind: TokenKind) {
        let directive = position
        switch kind {
        case .poundIf:
            scopes.beginBranches()
        case .poundElseif, .poundElse:
            for scope in scopes.nextBranch() {
                setEnd(scope.node, last: directive - 1)
            }
        default:
            scopes.endBranches()
        }
        position += 1
        if kind == .poundIf || kind == .poundElseif {
            // The condition runs to the end of the line and is not code.
            while position < count, !tok(position).flags.contains(.startsLine) {
                position += 1
            }
        }
        pending = PendingDeclaration()
    }
}

extension OutlineBuilder where Counter == NoReads {
    static func build(bytes: [UInt8], tokens: [Token]) -> Outline {
        let (significant, gathered) = SignificantTokens.gather(tokens)
        return build(bytes: bytes, significantTokens: gathered, significant: significant, work: NoReads())
    }
}

/// Counts token reads, every lookahead included: the measure the linear-time tests compare.
final class TokenReadCount: ReadCounter, @unchecked Sendable {
    var reads = 0
    func countRead() { reads &+= 1 }
}

extension OutlineBuilder where Counter == TokenReadCount {
    static func build(bytes: [UInt8], tokens: [Token], work: TokenReadCount) -> Outline {
        let (significant, gathered) = SignificantTokens.gather(tokens)
        return build(bytes: bytes, significantTokens: gathered, significant: significant, work: work)
    }
}
