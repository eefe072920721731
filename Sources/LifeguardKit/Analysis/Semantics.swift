/// Where a value goes: what an expression that starts at some token is the start of.
public enum ValueDestination: Sendable, Equatable {
    /// The right-hand side of `outline.assignments[index]`.
    case assignment(Int)
    /// The initializer of `outline.variables[index]`.
    case variable(Int)
    /// Argument `argument` (into `outline.arguments`) of `outline.calls[call]`.
    case argument(call: Int, argument: Int)
    /// Nothing takes it: an expression statement, a `return`, part of a larger expression.
    case none
}

/// Where a node sits relative to a conditional that encloses it.
public enum ConditionalPart: Sendable, Equatable {
    case condition, body, elseBody
}

extension FileModel {
    // MARK: - Names and types

    public func localVariable(named name: String, visibleAt node: Int) -> Int? {
        tree.localVariable(named: name, visibleAt: node)
    }

    /// The local named `name` that a use at raw token `token` refers to. Unlike the node-based
    /// lookup, this sees names bound earlier inside the innermost node itself: a condition's
    /// `if let pane = ..., pane.view == nil`, a loop's `for view in views`.
    public func localVariable(named name: String, visibleAtToken token: Int) -> Int? {
        guard let node = innermostNode(containing: token) else { return nil }
        let nodes = outline.nodes
        var best: Int?
        var index = node
        while index < nodes[node].subtreeEnd {
            let candidate = nodes[index]
            if candidate.kind == .variable, outline.variables[candidate.detail].name == name,
               outline.variables[candidate.detail].nameToken < token,
               index == node || candidate.parent == node {
                best = candidate.detail
            }
            index += 1
        }
        return best ?? tree.localVariable(named: name, visibleAt: node)
    }

    public func parameter(named name: String, visibleAt node: Int) -> (function: Int, parameter: Int)? {
        tree.parameter(named: name, visibleAt: node)
    }

    /// Whether `name` is a closure parameter of a closure enclosing `node`.
    public func isClosureParameter(_ name: String, visibleAt node: Int) -> Bool {
        var current = outline.nodes[node].parent
        while current >= 0, outline.nodes[current].kind != .function, outline.nodes[current].kind != .type {
            if outline.nodes[current].kind == .closure,
               outline.closures[outline.nodes[current].detail].parameterNames.contains(name) {
                return true
            }
            current = outline.nodes[current].parent
        }
        return false
    }

    /// The member `name` of the type enclosing `node`, from any file of the run.
    public func member(_ name: String, at node: Int) -> ProjectIndex.MemberFacts? {
        guard let role = enclosingRole(of: node) else { return nil }
        return index.member(name, of: role.key)
    }

    /// The key of a type name written at `node`, looked up from the enclosing type's scope.
    public func typeKey(_ written: String, at node: Int) -> String {
        index.key(for: written, from: enclosingRole(of: node)?.key)
    }

    /// Whether `name`, used bare at `node`, means a stored property of `self` (not shadowed by a
    /// local or parameter).
    public func isStoredProperty(_ name: String, at node: Int) -> Bool {
        guard let facts = member(name, at: node), facts.isProperty, facts.isStored else { return false }
        return localVariable(named: name, visibleAt: node) == nil && parameter(named: name, visibleAt: node) == nil
            && !isClosureParameter(name, visibleAt: node)
    }

    /// The type the chain `chain` (as written at `node`) evidently has: a local's or parameter's
    /// annotation or initializer, or a member's declared type. Only one- and two-link chains
    /// rooted at a name or `self` are resolved.
    public func declaredTypeName(of chain: ExpressionChain, at node: Int) -> String? {
        declaredTypeName(of: chain, at: node, depth: 0, excluding: nil)
    }

    /// `excluding` is a binding whose own initializer is being resolved (`if let detail = detail`),
    /// which must not resolve to itself.
    private func declaredTypeName(of chain: ExpressionChain, at node: Int, depth: Int, excluding: Int?) -> String? {
        let names = chain.names
        guard depth < 4, names.count == 1,
              chain.links.allSatisfy({ if case .name = $0 { return true } else { return false } }) else {
            return nil
        }
        let name = names[0]
        if !chain.startsWithSelf {
            var local = chain.linkTokens.first.flatMap { localVariable(named: name, visibleAtToken: $0) }
            if local == nil || local == excluding { local = localVariable(named: name, visibleAt: node) }
            if local == excluding { local = nil }
            if let variable = local {
                let declaration = outline.variables[variable]
                if let annotation = declaration.typeAnnotation, let type = TypeNames.annotated(tree, annotation) {
                    return typeKey(type, at: node)
                }
                guard let initializer = declaration.initializer else { return nil }
                if let type = TypeNames.initialized(tree, initializer) { return typeKey(type, at: node) }
                // `if let preview { ... }`, `let current = selected`: the type of what it binds.
                if let source = ExpressionChain(tree, tokens: initializer), source.key != chain.key || declaration.isConditionalBinding {
                    return declaredTypeName(of: source, at: declaration.node, depth: depth + 1, excluding: variable)
                }
                return nil
            }
            if let (_, parameter) = parameter(named: name, visibleAt: node) {
                return TypeNames.annotated(tree, outline.parameters[parameter].type).map { typeKey($0, at: node) }
            }
        }
        return member(name, at: node)?.typeName
    }

    // MARK: - Conditions

    /// The conditionals enclosing `node` inside its function, innermost first, with where
    /// the node sits in each.
    public func enclosingConditionals(of node: Int) -> [(conditional: Int, part: ConditionalPart)] {
        var result: [(Int, ConditionalPart)] = []
        let start = outline.nodes[node].tokens.lowerBound
        var current = outline.nodes[node].parent
        while current >= 0, outline.nodes[current].kind != .function, outline.nodes[current].kind != .type {
            if outline.nodes[current].kind == .conditional {
                let conditional = outline.conditionals[outline.nodes[current].detail]
                let part: ConditionalPart
                if let elseBody = conditional.elseBody, elseBody.contains(start) {
                    part = .elseBody
                } else if let body = conditional.body, start > body.open {
                    part = .body
                } else {
                    part = conditional.kind == .switchCase ? .body : .condition
                }
                result.append((outline.nodes[current].detail, part))
            }
            current = outline.nodes[current].parent
        }
        return result
    }

    /// Whether a condition's tokens read a stored property of `self` (`isConfigured`,
    /// `self.gradient == nil`, `items.isEmpty`, `if let child = child`).
    public func conditionTestsStoredProperty(_ conditional: Int) -> Bool {
        let item = outline.conditionals[conditional]
        var ranges = [item.condition]
        // A case is tested against its switch's subject.
        if item.kind == .switchCase {
            let parent = outline.nodes[item.node].parent
            if parent >= 0, outline.nodes[parent].kind == .conditional {
                ranges.append(outline.conditionals[outline.nodes[parent].detail].condition)
            }
        }
        for range in ranges {
            for token in tree.significantTokens(in: range) where tree.tokens[token].kind == .identifier {
                if let previous = tree.previousSignificant(before: token), tree.tokens[previous].kind == .period {
                    // `self.x` counts; `other.x` does not.
                    guard let receiver = tree.previousSignificant(before: previous), tree.token(receiver, is: "self") else {
                        continue
                    }
                }
                if isStoredProperty(tree.text(ofToken: token), at: item.node) { return true }
            }
        }
        return false
    }

    /// Whether `node` runs only when a condition about `self`'s stored state holds — inside either
    /// branch of an `if`, a `while`, a `switch` case or a `guard`'s protected region testing a
    /// stored property — or after a `guard ... else { return }` at the top of its function (only
    /// `super` calls and local declarations before it). Loops over collections (`for`) and `catch`
    /// clauses are not conditions on state.
    public func isGuarded(_ node: Int) -> Bool {
        for (conditional, part) in enclosingConditionals(of: node) where part != .condition {
            switch outline.conditionals[conditional].kind {
            case .if, .guard, .while, .switchCase:
                if conditionTestsStoredProperty(conditional) { return true }
            default:
                continue
            }
        }
        let functionNode = outline.nodes[node].enclosingFunction
        guard functionNode >= 0 else { return false }
        let start = outline.nodes[node].tokens.lowerBound
        var index = functionNode + 1
        while index < node {
            let candidate = outline.nodes[index]
            guard candidate.parent == functionNode else {
                index += 1
                continue
            }
            switch candidate.kind {
            case .conditional where outline.conditionals[candidate.detail].kind == .guard:
                // The node is after the guard, or inside it (its early exit, judged above).
                return candidate.tokens.upperBound <= start
            case .variable:
                break
            case .call where tree.text(ofTokens: outline.calls[candidate.detail].receiver ?? 0..<0) == "super":
                break
            default:
                // Something ran before any guard: later guards are not at the top.
                return guardedByStatePrecedingGuard(node, functionNode: functionNode)
            }
            index = max(index + 1, candidate.subtreeEnd)
        }
        return false
    }

    /// A `guard` anywhere before `node` in its function's body whose condition tests stored state.
    private func guardedByStatePrecedingGuard(_ node: Int, functionNode: Int) -> Bool {
        let start = outline.nodes[node].tokens.lowerBound
        var index = functionNode + 1
        while index < node {
            let candidate = outline.nodes[index]
            if candidate.parent == functionNode, candidate.kind == .conditional,
               outline.conditionals[candidate.detail].kind == .guard, candidate.tokens.upperBound <= start,
               conditionTestsStoredProperty(candidate.detail) {
                return true
            }
            index = candidate.parent == functionNode ? max(index + 1, candidate.subtreeEnd) : index + 1
        }
        return false
    }

    // MARK: - Chains and destinations

    /// The outermost call of the chain `call` belongs to: `sink` in `a.publisher.sink { }`,
    /// `store` in `a.sink { }.store(in: &bag)`.
    public func outermostCall(inChainOf call: Int) -> Int {
        let calls = outline.calls
        let chainStart = calls[call].chainStart
        var end = outline.nodes[calls[call].node].tokens.upperBound
        var outermost = call
        var index = call + 1
        while index < calls.count {
            let candidate = calls[index]
            if candidate.chainStart == chainStart {
                outermost = index
                end = max(end, outline.nodes[candidate.node].tokens.upperBound)
            } else if candidate.chainStart >= end {
                break
            }
            index += 1
        }
        return outermost
    }

    /// The calls of the chain `call` belongs to that come after it: `.store(in:)` after `.sink`.
    public func laterLinks(inChainOf call: Int) -> [Int] {
        let calls = outline.calls
        let chainStart = calls[call].chainStart
        var end = outline.nodes[calls[call].node].tokens.upperBound
        var result: [Int] = []
        var index = call + 1
        while index < calls.count {
            let candidate = calls[index]
            if candidate.chainStart == chainStart {
                result.append(index)
                end = max(end, outline.nodes[candidate.node].tokens.upperBound)
            } else if candidate.chainStart >= end {
                break
            }
            index += 1
        }
        return result
    }

    /// What takes the value of the expression starting at raw token `start`.
    public func destination(ofExpressionStartingAt start: Int) -> ValueDestination {
        destinations[start] ?? .none
    }
}

extension FileModel {
    /// Every place an expression can be handed to, keyed by the raw token its value starts at.
    static func computeDestinations(_ outline: Outline) -> [Int: ValueDestination] {
        var result: [Int: ValueDestination] = [:]
        result.reserveCapacity(outline.assignments.count + outline.variables.count + outline.arguments.count)
        for (index, call) in outline.calls.enumerated() {
            for argument in call.arguments where !outline.arguments[argument].expression.isEmpty {
                result[outline.arguments[argument].expression.lowerBound] = .argument(call: index, argument: argument)
            }
        }
        for (index, variable) in outline.variables.enumerated() {
            if let initializer = variable.initializer, !initializer.isEmpty { result[initializer.lowerBound] = .variable(index) }
        }
        for (index, assignment) in outline.assignments.enumerated() where !assignment.rhs.isEmpty {
            result[assignment.rhs.lowerBound] = .assignment(index)
        }
        return result
    }
}

extension SyntaxTree {
    /// The variable named `name` visible at `node`: declared earlier in an enclosing function,
    /// closure or block, nearest first. Members and globals are not searched.
    public func localVariable(named name: String, visibleAt node: Int) -> Int? {
        let nodes = outline.nodes
        let limit = nodes[node].enclosingFunction >= 0 ? nodes[node].enclosingFunction
            : (nodes[node].enclosingType >= 0 ? nodes[node].enclosingType : -1)
        var index = node - 1
        while index > limit {
            let candidate = nodes[index]
            if candidate.kind == .variable, outline.variables[candidate.detail].name == name {
                var parent = candidate.parent
                // `guard let x = ... else { ... }` binds `x` for the rest of the enclosing block.
                if parent >= 0, nodes[parent].kind == .conditional,
                   outline.conditionals[nodes[parent].detail].kind == .guard {
                    parent = nodes[parent].parent
                }
                if parent < 0 || (node > parent && node < nodes[parent].subtreeEnd) {
                    // A member declared inside a local type is not a local of this function.
                    if parent < 0 || nodes[parent].kind != .type { return candidate.detail }
                }
            }
            index -= 1
        }
        return nil
    }

    /// The parameter named `name` of a function enclosing `node` (innermost first).
    public func parameter(named name: String, visibleAt node: Int) -> (function: Int, parameter: Int)? {
        var functionNode = outline.nodes[node].kind == .function ? node : outline.nodes[node].enclosingFunction
        while functionNode >= 0 {
            let function = outline.nodes[functionNode].detail
            for index in outline.functions[function].parameters where outline.parameters[index].name == name {
                return (function, index)
            }
            functionNode = outline.nodes[functionNode].enclosingFunction
        }
        return nil
    }

}
