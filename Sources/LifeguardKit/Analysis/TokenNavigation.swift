extension SyntaxTree {
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
