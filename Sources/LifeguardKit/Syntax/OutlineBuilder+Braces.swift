// `{`: bodies, property accessors and closures with their signatures and capture lists.
extension OutlineBuilder {
    // MARK: - Braces and closures

    func handleLeftBrace() {
        let open = position
        let inCondition = topKind == .bindingInitializer || topKind == .conditionHeader
        // In a condition, a brace is the body only where an expression has just ended:
        // `if let x = { ... }() {` opens a closure, and so may a brace after a postfix expression.
        let continuesCondition = inCondition && (braceStartsExpression(open) || braceContinuesConditionExpression(open))
        if !continuesCondition, let top = scopes.last, top.kind == .bindingInitializer {
            popScope(last: open - 1)
        }
        guard let top = scopes.last else {
            position += 1
            return
        }
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
        case .conditionHeader where !continuesCondition:
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
            openClosure(open: open, call: lastCallClose.call, label: -1, trailing: true)
            return
        }
        if kind(previous) == .colon, lastTrailingClose.position == open - 3 {
            openClosure(open: open, call: lastTrailingClose.call, label: open - 2, trailing: true)
            return
        }
        if top.kind != .typeBody, let name = calleeName(before: open), !isKeyword(name, .in) {
            openCall(name: name, parenthesis: nil)
            openClosure(open: open, call: outline.calls.count - 1, label: -1, trailing: true)
            return
        }
        openClosure(open: open, call: nil, label: -1, trailing: false)
    }

    /// Whether a `{` stands where an expression starts (after `=`, `(`, `,`, a binary operator,
    /// `try`...), so it can only open a closure literal, never a body. Not after a loop's `in`:
    /// the compiler reads `for x in {` as the body.
    func braceStartsExpression(_ open: Int) -> Bool {
        let previous = tok(open - 1)
        switch previous.kind {
        case .equal, .leftParen, .leftBracket, .comma, .colon, .arrow:
            return true
        case .operator:
            return !isPostfixOperator(open - 1)
        case .keyword:
            return [.return, .try, .throw].contains(previous.keyword)
        case .identifier:
            return word(open - 1) == .await
        default:
            return false
        }
    }

    /// Whether a `{` inside a condition (`if`, `guard`, `while`, `for`, a `switch` subject) is a
    /// trailing closure rather than the body. Swift allows none there, but its parser recovers
    /// `if let x = items.first { $0.isReady } {` by the same look-ahead as this: the brace follows
    /// an expression, its contents start on its line, and what follows its `}` on the same line
    /// continues an expression (`{`, `where` and `,` anywhere).
    func braceContinuesConditionExpression(_ open: Int) -> Bool {
        let previous = kind(open - 1)
        guard previous == .rightParen || previous == .rightBracket || calleeName(before: open) != nil,
              !tok(open + 1).flags.contains(.startsLine), !isKeyword(open + 1, .case) else { return false }
        let close = match(open)
        guard close > open else { return false }
        let after = tok(close + 1)
        switch after.kind {
        case .leftBrace, .comma:
            return true
        case .keyword:
            if after.keyword == .where { return true }
            return (after.keyword == .is || after.keyword == .as) && !after.flags.contains(.startsLine)
        case .leftBracket, .leftParen, .period, .colon, .equal:
            return !after.flags.contains(.startsLine)
        case .operator:
            // Any operator but a prefix one (spaced before, attached to what follows).
            let isPrefix = !after.flags.contains(.joinedToPrevious) && tok(close + 2).flags.contains(.joinedToPrevious)
            return !after.flags.contains(.startsLine) && !isPrefix
        default:
            return false
        }
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

    func openPropertyAccessors(open: Int, scope: Scope) {
        let variable = scope.detail
        outline.variables[variable].accessors = Block(open: raw(open), close: bodyClose(open))
        replaceTop(.accessorBlock, open: open)
        openAccessorBlockContents(open: open, owner: scope.node, property: variable)
    }

    /// Decides between explicit accessors (`get { } set { }`) and a bare getter body.
    func openAccessorBlockContents(open: Int, owner: Int, property: Int?) {
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
            attributes: 0..<0, parameters: outline.parameters.count..<outline.parameters.count, returnType: nil,
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

    /// `label`: the significant position of the label a trailing closure is passed with, or -1.
    func openClosure(open: Int, call: Int?, label: Int, trailing: Bool) {
        let close = match(open) > open ? match(open) : count
        var captureStart = outline.captures.count
        var bodyStart = open + 1
        var inToken: Int?
        let parameterStart = outline.closureParameters.count
        if let signature = closureSignature(open: open, close: close) {
            if let list = signature.captureList {
                readCaptures(open: list, close: match(list))
            }
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
                    if previous == .colon { argumentLabel = open - 2 }
                }
            }
        }
        let closureIndex = outline.closures.count
        let parent = trailing && call != nil ? outline.calls[call!].node : currentParent
        let node = addNode(.closure, detail: closureIndex, start: open, parent: parent)
        outline.closures.append(Closure(
            node: node, body: Block(open: raw(open), close: close < count ? raw(close) : rawCount),
            captures: captureStart..<outline.captures.count, inToken: inToken,
            parameters: parameterStart..<outline.closureParameters.count,
            call: owningCall, argumentLabelToken: argumentLabel >= 0 ? raw(argumentLabel) : nil, isTrailing: trailing, assignment: assignment,
            variable: variable, isImmediatelyInvoked: false))
        if let owningCall {
            if trailing {
                let last = callProgress[owningCall].lastTrailingClosure
                if last < 0 {
                    outline.calls[owningCall].firstTrailingClosure = closureIndex
                } else {
                    outline.closures[last].nextTrailingClosure = closureIndex
                }
                callProgress[owningCall].lastTrailingClosure = closureIndex
            } else {
                // Arguments are in source order and so are their closures: each call's cursor only
                // moves forward (`f({ }, { }, { }, ...)` is one walk, not one per closure).
                let rawOpen = raw(open)
                let end = outline.calls[owningCall].arguments.upperBound
                var cursor = callProgress[owningCall].argumentCursor
                while cursor < end, outline.arguments[cursor].expression.lowerBound < rawOpen {
                    work.countRead()
                    cursor += 1
                }
                callProgress[owningCall].argumentCursor = cursor
                if cursor < end, outline.arguments[cursor].expression.lowerBound == rawOpen {
                    outline.arguments[cursor].closure = closureIndex
                }
            }
        }
        scopes.push(Scope(kind: .closureBody, open: open, node: node, parent: node, detail: closureIndex,
                          contentStart: bodyStart))
        position = bodyStart
    }

    struct ClosureSignature {
        var captureList: Int?
        var inKeyword: Int
    }

    /// `{ [weak self] (a, b) -> Int in`: finds the `in` that ends a closure's signature, if any,
    /// with its parameters' names appended to `outline.closureParameters` (nothing when none).
    func closureSignature(open: Int, close: Int) -> ClosureSignature? {
        // Written straight into the outline, where an array per closure was made and copied:
        // a brace that turns out to have no signature takes its names back off the end.
        let parameterStart = outline.closureParameters.count
        if let signature = readClosureSignature(open: open, close: close) { return signature }
        if outline.closureParameters.count > parameterStart {
            outline.closureParameters.removeSubrange(parameterStart...)
        }
        return nil
    }

    func readClosureSignature(open: Int, close: Int) -> ClosureSignature? {
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
        var steps = 0
        // After `->` comes the result type, whose names (`-> Int in`, `-> (Int, String) in`) are
        // no parameters.
        var inResultType = false
        while next < close, steps < 200 {
            steps += 1
            let current = tok(next)
            switch current.kind {
            case .keyword:
                switch current.keyword {
                case .in: return ClosureSignature(captureList: captureList, inKeyword: next)
                case .throws, .rethrows, .inout: break
                default: return nil
                }
            case .identifier:
                let following = kind(next + 1)
                // `{ a -> Int in }`: an unparenthesized parameter may take a result type too.
                if !inResultType, following == .comma || following == .colon || following == .arrow
                    || (following == .keyword && isKeyword(next + 1, .in)) {
                    if kind(next - 1) != .colon { outline.closureParameters.append(raw(next)) }
                }
            case .leftParen:
                guard match(next) > next else { return nil }
                var inner = next + 1
                while !inResultType, inner < match(next) {
                    if kind(inner) == .identifier, kind(inner + 1) == .colon || kind(inner + 1) == .comma
                        || inner + 1 == match(next) {
                        if kind(inner - 1) == .leftParen || kind(inner - 1) == .comma {
                            outline.closureParameters.append(raw(inner))
                        }
                    }
                    if kind(inner) == .leftParen || kind(inner) == .leftBracket, match(inner) > inner { inner = match(inner) }
                    inner += 1
                }
                next = match(next)
            case .arrow:
                inResultType = true
            case .leftBracket:
                guard match(next) > next else { return nil }
                next = match(next)
            case .attribute:
                if kind(next + 1) == .leftParen, match(next + 1) > next { next = match(next + 1) }
            case .comma, .colon, .period:
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

    func readCaptures(open: Int, close: Int) {
        guard close > open else { return }
        // Room for a file's first few at once: grown from empty, the array was reallocated at its
        // 1st, 2nd, 3rd and 5th capture.
        if outline.captures.capacity == 0 { outline.captures.reserveCapacity(8) }
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
                outline.captures.append(Capture(specifier: specifier, nameToken: raw(nameToken),
                                                expression: expression))
            }
            next = entryEnd + 1
        }
    }
}
