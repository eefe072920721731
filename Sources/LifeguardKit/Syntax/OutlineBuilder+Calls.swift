// `(`: calls, their callee names, receivers, chains and arguments.
extension OutlineBuilder {
    // MARK: - Brackets

    func handleLeftParen() {
        let open = position
        if open == signatureParen {
            signatureParen = -1
            push(.parameterClause, open: open)
            position += 1
            return
        }
        let scope = topKind
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
            // Only `await`, `some`, `any` and `each` are no callee: a name of another length or
            // initial (most) needs no word lookup.
            let length = token.range.count
            let initial = buffer[token.startOffset]
            guard length >= 3, length <= 5,
                  initial == UInt8(ascii: "a") || initial == UInt8(ascii: "s") || initial == UInt8(ascii: "e") else {
                return previous
            }
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
    func genericTypeName(closingAt close: Int) -> Int? { PostfixChain.genericTypeName(closingAt: close, in: self) }

    /// Where the postfix expression ending at `end` begins, jumping over the chain of the call
    /// that ended last (`a.b().c().d()` is read once, not once per link).
    func chainStart(endingAt end: Int) -> Int { PostfixChain.start(endingAt: end, in: self, known: lastChain) }

    func openCall(name: Int, parenthesis: Int?) {
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
        callProgress.append(CallProgress(chainStart: start, argumentCursor: argumentStart))
        outline.calls.append(Call(
            node: node, nameToken: raw(name), receiver: receiver, isOptionalChain: isOptionalChain,
            isImplicitMember: isImplicitMember, chainStart: raw(start),
            arguments: argumentStart..<outline.arguments.count, parentheses: parentheses))
        if let parenthesis {
            push(.callArguments, open: parenthesis, node: node, detail: callIndex)
            position = parenthesis + 1
        } else {
            setEnd(node, last: name)
        }
    }

    func readArguments(open: Int) {
        let close = match(open)
        guard close > open else { return }
        var entryStart = open + 1
        var next = open + 1
        while next <= close {
            let current = kind(next)
            if next == close || current == .comma {
                if next > entryStart || current == .comma {
                    var labelToken: Int?
                    var expressionStart = entryStart
                    let first = kind(entryStart)
                    if (first == .identifier || first == .keyword), kind(entryStart + 1) == .colon, entryStart + 1 < next {
                        labelToken = raw(entryStart)
                        expressionStart = entryStart + 2
                    }
                    outline.arguments.append(Argument(
                        labelToken: labelToken,
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
}
