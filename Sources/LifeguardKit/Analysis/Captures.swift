extension FileModel {
    /// How a closure's capture list treats `self`.
    public enum SelfCapture: Sendable, Equatable {
        /// `[weak self]`, `[unowned self]`, `[unowned(safe) self]`, `[unowned(unsafe) self]`.
        case weakOrUnowned
        /// `[self]`: an explicit strong capture.
        case explicitStrong
        /// Not in the capture list.
        case notListed
    }

    public func selfCapture(of closure: ClosureID) -> SelfCapture {
        for capture in outline.captures[outline.closures[closure.index].captures] where tree.token(capture.nameToken, spells: "self") {
            return capture.specifier == .strong ? .explicitStrong : .weakOrUnowned
        }
        return .notListed
    }

    /// The `self` tokens a closure's body reads, nested closures included (a nested closure's
    /// `[weak self]` makes the outer one capture `self` to hand it on). `Type.self` is not `self`.
    public func selfReferences(in closure: ClosureID) -> ArraySlice<Int> {
        selfTokens(in: statements(of: closure))
    }

    /// The `self` tokens (not `Type.self`) in a raw token range, found by binary search in the
    /// file's sorted list (`SyntaxTree.positions`).
    public func selfTokens(in range: Range<Int>) -> ArraySlice<Int> {
        SyntaxTree.positions(selfTokens, in: range)
    }

    /// The tokens of a closure's statements: after its signature's `in`, so a capture list's
    /// initializers (`[name = self.name]`, evaluated once when the closure is made) are not reads.
    public func statements(of closure: ClosureID) -> Range<Int> {
        let item = outline.closures[closure.index]
        guard let inToken = item.inToken else { return item.body.interior }
        return (inToken + 1)..<max(inToken + 1, item.body.close)
    }

    /// Names used bare in a closure's body that resolve to members of the enclosing type (not
    /// shadowed by a parameter, a local or a closure parameter): implicit `self` uses.
    public func implicitSelfMembers(in closure: ClosureID) -> [Int] {
        let item = outline.closures[closure.index]
        guard enclosingRole(of: item.nodeID) != nil else { return [] }
        var result: [Int] = []
        for token in tree.significantTokens(in: statements(of: closure)) where tree.tokens[token].kind == .identifier {
            if let previous = tree.previousSignificant(before: token) {
                let kind = tree.tokens[previous].kind
                if kind == .period || tree.tokens[previous].isKeyword(.let) || tree.tokens[previous].isKeyword(.var) { continue }
            }
            if let next = tree.nextSignificant(after: token), tree.tokens[next].kind == .colon { continue }
            let name = tree.text(ofToken: token)
            guard case .free = binding(of: name, at: TokenID(token)), member(name, at: item.nodeID) != nil else { continue }
            result.append(token)
        }
        return result
    }

    /// Whether a closure keeps `self` alive: it captures `self` explicitly, or reads it without a
    /// `weak`/`unowned` capture. With `countingImplicitMembers`, bare member names count as reads
    /// (the `Task { }` case, whose closure captures `self` implicitly).
    public func capturesSelfStrongly(_ closure: ClosureID, countingImplicitMembers: Bool = false) -> Bool {
        switch selfCapture(of: closure) {
        case .weakOrUnowned: return false
        case .explicitStrong: return true
        case .notListed:
            if outerCaptureWeakensSelf(closure) { return false }
            if !selfReferences(in: closure).isEmpty { return true }
            return countingImplicitMembers && !implicitSelfMembers(in: closure).isEmpty
        }
    }

    /// Inside a closure that captures `[unowned self]` or `[weak self]`, a nested closure's `self`
    /// is that capture, not the object's strong reference, unless the outer closure turned it
    /// back into a strong one (`guard let self`) first.
    func outerCaptureWeakensSelf(_ closure: ClosureID) -> Bool {
        let nodes = outline.nodes
        var current = nodes[outline.closures[closure.index].node].parent
        var steps = 0
        while current >= 0, nodes[current].kind != .function, nodes[current].kind != .type, steps < Self.ancestorLimit {
            steps += 1
            if nodes[current].kind == .closure {
                let outer = nodes[current].detail
                for capture in outline.captures[outline.closures[outer].captures] where tree.token(capture.nameToken, spells: "self") {
                    switch capture.specifier {
                    case .strong: return false
                    case .weak: return !rebindsSelfStrongly(ClosureID(outer), before: outline.closures[closure.index].body.open)
                    case .unowned, .unownedSafe, .unownedUnsafe: return true
                    }
                }
            }
            current = nodes[current].parent
        }
        return false
    }

    /// `guard let self` or `if let self = self` in a closure before `token`: from there on the
    /// name `self` is a strong reference again (`strongSelf` is not `self`, so nested closures
    /// that say `self` still reach the weak capture).
    func rebindsSelfStrongly(_ closure: ClosureID, before token: Int) -> Bool {
        // The closure's first such binding, found once: each closure nested in it asks, and
        // reading all of its variables for each made thousands of nested closures quadratic.
        let first = memo.firstSelfRebinding(inClosure: closure.index) {
            var first = Int.max
            for variable in variables(in: outline.closures[closure.index].nodeID) {
                let declaration = outline.variables[variable.index]
                if declaration.isConditionalBinding, tree.token(declaration.nameToken, spells: "self") {
                    first = min(first, declaration.nameToken)
                }
            }
            return first
        }
        return first < token
    }
}
