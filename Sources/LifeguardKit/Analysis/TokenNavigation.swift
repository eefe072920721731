extension SyntaxTree {
    /// The first token of the postfix expression (`a.b?[0].c()`) that ends at `end`.
    public func postfixExpressionStart(endingAt end: Int) -> Int {
        var current = end
        var steps = 0
        while steps < 256 {
            steps += 1
            let token = tokens[current]
            var atomStart = current
            switch token.kind {
            case .identifier, .integerLiteral, .floatLiteral:
                break
            case .rightParen, .rightBracket:
                guard let open = partner(ofToken: current) else { return current }
                atomStart = open
                if let before = previousSignificant(before: open), tokens[open].flags.contains(.joinedToPrevious),
                   tokens[before].kind == .identifier || tokens[before].kind == .rightParen
                    || tokens[before].kind == .rightBracket || isPostfixMarker(before) {
                    current = before
                    continue
                }
            case .operator where isPostfixMarker(current):
                guard let before = previousSignificant(before: current) else { return current }
                current = before
                continue
            default:
                return current
            }
            guard let dot = previousSignificant(before: atomStart), tokens[dot].kind == .period,
                  let beforeDot = previousSignificant(before: dot) else { return atomStart }
            let kind = tokens[beforeDot].kind
            if kind == .identifier || kind == .rightParen || kind == .rightBracket || isPostfixMarker(beforeDot) {
                current = beforeDot
            } else {
                return dot
            }
        }
        return current
    }

    /// `?` or `!` written straight after an expression.
    public func isPostfixMarker(_ token: Int) -> Bool {
        tokens[token].kind == .operator && tokens[token].flags.contains(.joinedToPrevious)
            && (self.token(token, is: "?") || self.token(token, is: "!"))
    }

    /// The `.name` links that follow `token`: for `UIApplication` in
    /// `UIApplication.shared.windows.first?.rootViewController`, the tokens of `shared`,
    /// `windows`, `first` and `rootViewController`. Calls, subscripts and `?`/`!` are stepped over.
    public func memberLinks(after token: Int) -> [Int] {
        var result: [Int] = []
        var current = token
        while let next = nextSignificant(after: current) {
            let kind = tokens[next].kind
            if kind == .period, let name = nextSignificant(after: next), tokens[name].kind == .identifier {
                result.append(name)
                current = name
            } else if isPostfixMarker(next) {
                current = next
            } else if (kind == .leftParen || kind == .leftBracket) && tokens[next].flags.contains(.joinedToPrevious),
                      let close = partner(ofToken: next) {
                current = close
            } else if kind == .leftBrace, let close = partner(ofToken: next),
                      let after = nextSignificant(after: close), tokens[after].kind == .period {
                // A trailing closure in the middle of a chain: `.first { $0.isKeyWindow }?.rootViewController`.
                current = close
            } else {
                break
            }
        }
        return result
    }
}
