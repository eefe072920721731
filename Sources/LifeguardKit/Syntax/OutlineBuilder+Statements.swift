// Conditionals, closing brackets, `=`, `,` and `#if`: what ends or continues a statement.
extension OutlineBuilder {
    // MARK: - Conditionals

    func openConditional(_ kind: ConditionalKind) {
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
    func declareLoopVariables(keyword: Int, node: Int) {
        var next = keyword + 1
        var steps = 0
        while next < count, steps < 64, !isKeyword(next, .in), kind(next) != .leftBrace {
            steps += 1
            let current = tok(next)
            if current.kind == .identifier, kind(next - 1) != .period, kind(next + 1) != .colon,
               kind(next + 1) != .leftParen, word(next) != .await, !isUnderscore(next) {
                let variableIndex = outline.variables.count
                let variableNode = addNode(.variable, detail: variableIndex, start: next, parent: node)
                outline.variables.append(VariableDeclaration(
                    node: variableNode, nameToken: raw(next), keywordToken: raw(keyword),
                    declarationStart: raw(keyword), isLet: true, isConditionalBinding: true, modifiers: [], attributes: 0..<0,
                    typeAnnotation: nil, initializer: nil, accessors: nil, storage: .stored))
            }
            next += 1
        }
    }

    func handleElse() {
        if let top = scopes.last, top.kind == .bindingInitializer {
            popScope(last: position - 1)
        }
        if let top = scopes.last, top.kind == .conditionHeader, outline.conditionals[top.detail].kind == .guard {
            finish(top, last: position - 1)
            replaceTop(.guardElsePending, open: position)
        }
        position += 1
    }

    func handleCase(isDefault: Bool) {
        let scope = topKind
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

    func handleColon() {
        if let top = scopes.last, top.kind == .caseHeader {
            finish(top, last: position - 1)
            outline.conditionals[top.detail].body = Block(open: raw(position), close: raw(position))
            replaceTop(.caseBody, open: position)
        }
        position += 1
    }

    /// After an `if` body: `else {`, `else if`, or the end of the statement.
    func afterThenBody(_ scope: Scope, close: Int) {
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
    func closeElseIfTails(last: Int) {
        while let top = scopes.last, top.kind == .elseIfTail {
            popScope(last: last)
        }
    }

    @inline(__always)
    func bodyClose(_ open: Int) -> Int { match(open) > open ? raw(match(open)) : rawCount }

    // MARK: - Closers and separators

    func handleCloser() {
        let close = position
        let opener = match(close)
        position += 1
        guard opener >= 0 else { return }
        var index = scopes.count - 1
        while index >= 0 {
            work.countRead()
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
                // Without an `else` the chain ends here, and every `else if` tail it opened with
                // it. (The innermost scope may be an older tail, so count rather than look.)
                let depth = scopes.count
                afterThenBody(scope, close: close)
                if scopes.count == depth {
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

    func handleEqual() {
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

    func handleComma() {
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
        let found = Bisection.firstPosition(in: 0..<count) { raw($0) < rawIndex }
        return found < count && raw(found) == rawIndex ? found : hint
    }

    func handleDirective(_ kind: TokenKind) {
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
        dropPending()
    }
}
