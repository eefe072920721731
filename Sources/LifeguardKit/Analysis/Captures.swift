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

    public func selfCapture(of closure: Int) -> SelfCapture {
        for capture in outline.captures[outline.closures[closure].captures] where capture.name == "self" {
            return capture.specifier == .strong ? .explicitStrong : .weakOrUnowned
        }
        return .notListed
    }

    /// The `self` tokens a closure's body reads, nested closures included (a nested closure's
    /// `[weak self]` makes the outer one capture `self` to hand it on). `Type.self` is not `self`.
    public func selfReferences(in closure: Int) -> [Int] {
        var result: [Int] = []
        for token in tree.significantTokens(in: statements(of: closure)) where tree.tokens[token].kind == .identifier {
            guard tree.token(token, is: "self") else { continue }
            if let previous = tree.previousSignificant(before: token), tree.tokens[previous].kind == .period { continue }
            result.append(token)
        }
        return result
    }

    /// The tokens of a closure's statements: after its signature's `in`, so a capture list's
    /// initializers (`[name = self.name]`, evaluated once when the closure is made) are not reads.
    public func statements(of closure: Int) -> Range<Int> {
        let item = outline.closures[closure]
        guard let inToken = item.inToken else { return item.body.interior }
        return (inToken + 1)..<max(inToken + 1, item.body.close)
    }

    /// Names used bare in a closure's body that are members of the enclosing type (and not
    /// shadowed by a parameter, a local, or a closure parameter): implicit `self` uses.
    public func implicitSelfMembers(in closure: Int) -> [Int] {
        let item = outline.closures[closure]
        guard let role = enclosingRole(of: item.node) else { return [] }
        let captured = Set(outline.captures[item.captures].map(\.name))
        var result: [Int] = []
        for token in tree.significantTokens(in: statements(of: closure)) where tree.tokens[token].kind == .identifier {
            if let previous = tree.previousSignificant(before: token) {
                let kind = tree.tokens[previous].kind
                if kind == .period || tree.tokens[previous].isKeyword(.let) || tree.tokens[previous].isKeyword(.var) { continue }
            }
            if let next = tree.nextSignificant(after: token), tree.tokens[next].kind == .colon { continue }
            let name = tree.text(ofToken: token)
            guard !captured.contains(name), index.member(name, of: role.name) != nil else { continue }
            if isClosureParameter(name, visibleAt: item.node) || item.parameterNames.contains(name) { continue }
            if parameter(named: name, visibleAt: item.node) != nil { continue }
            if declaresLocal(name, in: item) || localVariable(named: name, visibleAt: item.node) != nil { continue }
            result.append(token)
        }
        return result
    }

    private func declaresLocal(_ name: String, in closure: Closure) -> Bool {
        let nodes = outline.nodes
        var index = closure.node + 1
        while index < nodes[closure.node].subtreeEnd {
            if nodes[index].kind == .variable, outline.variables[nodes[index].detail].name == name { return true }
            index += 1
        }
        return false
    }

    /// Whether a closure keeps `self` alive: it captures `self` explicitly, or reads it without a
    /// `weak`/`unowned` capture. With `countingImplicitMembers`, bare member names count as reads
    /// (the `Task { }` case, whose closure captures `self` implicitly).
    public func capturesSelfStrongly(_ closure: Int, countingImplicitMembers: Bool = false) -> Bool {
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
    func outerCaptureWeakensSelf(_ closure: Int) -> Bool {
        let nodes = outline.nodes
        var current = nodes[outline.closures[closure].node].parent
        while current >= 0, nodes[current].kind != .function, nodes[current].kind != .type {
            if nodes[current].kind == .closure {
                let outer = nodes[current].detail
                for capture in outline.captures[outline.closures[outer].captures] where capture.name == "self" {
                    switch capture.specifier {
                    case .strong: return false
                    case .weak: return localVariable(named: "self", visibleAt: outline.closures[closure].node) == nil
                    case .unowned, .unownedSafe, .unownedUnsafe: return true
                    }
                }
            }
            current = nodes[current].parent
        }
        return false
    }
}
