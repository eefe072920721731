/// Where a value goes: what an expression that starts at some token is the start of.
public enum ValueDestination: Sendable, Equatable {
    /// The right-hand side of an assignment.
    case assignment(AssignmentID)
    /// The initializer of a variable.
    case variable(VariableID)
    /// Argument `argument` (an index into `outline.arguments`) of a call.
    case argument(call: CallID, argument: Int)
    /// Nothing takes it: an expression statement, a `return`, part of a larger expression.
    case none
}

/// Where a node sits relative to a conditional that encloses it.
public enum ConditionalPart: Sendable, Equatable {
    case condition, body, elseBody
}

extension FileModel {
    // MARK: - Conditions

    /// The conditionals enclosing `node` inside its function, innermost first, with where the
    /// node sits in each. Bounded by `ancestorLimit`.
    public func enclosingConditionals(of node: NodeID) -> [(conditional: ConditionalID, part: ConditionalPart)] {
        var result: [(ConditionalID, ConditionalPart)] = []
        let start = outline.nodes[node.index].tokens.lowerBound
        var current = outline.nodes[node.index].parent
        var steps = 0
        while current >= 0, outline.nodes[current].kind != .function, outline.nodes[current].kind != .type,
              steps < Self.ancestorLimit {
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
                result.append((ConditionalID(outline.nodes[current].detail), part))
            }
            current = outline.nodes[current].parent
            steps += 1
        }
        return result
    }

    /// Whether a bare name at raw token `token` means a stored property of `self` (not shadowed
    /// by a local, a parameter or a closure parameter).
    public func isStoredProperty(named name: String, at token: TokenID, node: NodeID) -> Bool {
        guard case .free = binding(of: name, at: token), let facts = member(name, at: node) else { return false }
        return facts.isProperty && facts.isStored
    }

    /// Whether a condition's tokens read a stored property of `self` (`isConfigured`,
    /// `self.gradient == nil`, `items.isEmpty`, `if let child = child`).
    public func conditionTestsStoredProperty(_ conditional: ConditionalID) -> Bool {
        let item = outline.conditionals[conditional.index]
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
                    if let facts = member(tree.text(ofToken: token), at: item.nodeID), facts.isProperty, facts.isStored {
                        return true
                    }
                    continue
                }
                if isStoredProperty(named: tree.text(ofToken: token), at: TokenID(token), node: item.nodeID) { return true }
            }
        }
        return false
    }

    /// Whether `node` runs only when a condition about `self`'s stored state holds — inside either
    /// branch of an `if`, a `while`, a `switch` case or a `guard`'s protected region testing a
    /// stored property — or after a `guard ... else { return }` at the top of its function (only
    /// `super` calls and local declarations before it). Loops over collections (`for`) and `catch`
    /// clauses are not conditions on state.
    public func isGuarded(_ node: NodeID) -> Bool {
        for (conditional, part) in enclosingConditionals(of: node) where part != .condition {
            switch outline.conditionals[conditional.index].kind {
            case .if, .guard, .while, .switchCase:
                if conditionTestsStoredProperty(conditional) { return true }
            default:
                continue
            }
        }
        let functionNode = outline.nodes[node.index].enclosingFunction
        guard functionNode >= 0 else { return false }
        let start = outline.nodes[node.index].tokens.lowerBound
        let guards = topLevelGuards(ofFunctionNode: functionNode)
        // The first statement before `node` that is neither a local nor a `super` call: a guard
        // there is at the top of the function, and `node` is after it (or inside it: its early
        // exit, judged above).
        guard let first = guards.firstStatement, first.node < node.index else { return false }
        if first.isGuard { return first.end <= start }
        // Something ran before any guard: a later guard testing state still guards `node` when it
        // ends before `node` starts. The function's first such guard ends before any other.
        guard let stateGuard = guards.firstStateGuard else { return false }
        return stateGuard.node < node.index && stateGuard.end <= start
    }

    /// What `isGuarded` reads of a function's top-level statements, read once per function:
    /// asked for every call in it, reading the statements before each would be quadratic.
    struct TopLevelGuards {
        /// The first top-level statement that is neither a local declaration nor a `super` call.
        var firstStatement: (node: Int, isGuard: Bool, end: Int)?
        /// The first top-level `guard` whose condition tests a stored property of `self`.
        var firstStateGuard: (node: Int, end: Int)?
    }

    func topLevelGuards(ofFunctionNode functionNode: Int) -> TopLevelGuards {
        memo.topLevelGuards(ofFunctionNode: functionNode) {
            var result = TopLevelGuards()
            let end = outline.nodes[functionNode].subtreeEnd
            var index = functionNode + 1
            while index < end {
                let candidate = outline.nodes[index]
                let isGuard = candidate.kind == .conditional && outline.conditionals[candidate.detail].kind == .guard
                if result.firstStatement == nil {
                    switch candidate.kind {
                    case .variable:
                        break
                    case .call where tree.text(ofTokens: outline.calls[candidate.detail].receiver ?? 0..<0) == "super":
                        break
                    default:
                        result.firstStatement = (index, isGuard, candidate.tokens.upperBound)
                    }
                }
                if isGuard, result.firstStateGuard == nil, conditionTestsStoredProperty(ConditionalID(candidate.detail)) {
                    result.firstStateGuard = (index, candidate.tokens.upperBound)
                }
                if result.firstStatement != nil, result.firstStateGuard != nil { break }
                index = max(index + 1, candidate.subtreeEnd)
            }
            return result
        }
    }

    // MARK: - Chains and destinations

    /// The outermost call of the chain `call` belongs to: `sink` in `a.publisher.sink { }`,
    /// `store` in `a.sink { }.store(in: &bag)`.
    public func outermostCall(inChainOf call: CallID) -> CallID {
        laterLinks(inChainOf: call).last ?? call
    }

    /// The calls of the chain `call` belongs to that come after it: `.store(in:)` after `.sink`.
    public func laterLinks(inChainOf call: CallID) -> [CallID] {
        let calls = outline.calls
        let chainStart = calls[call.index].chainStart
        var end = outline.nodes[calls[call.index].node].tokens.upperBound
        var result: [CallID] = []
        var index = call.index + 1
        // Calls of one chain share its start; anything starting past the chain's end ends the search.
        while index < calls.count, result.count < Self.ancestorLimit {
            let candidate = calls[index]
            if candidate.chainStart == chainStart {
                result.append(CallID(index))
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

    /// What takes the value a call's whole chain produces.
    public func destination(ofChainOf call: CallID) -> ValueDestination {
        destination(ofExpressionStartingAt: outline.calls[outermostCall(inChainOf: call).index].chainStart)
    }
}

extension FileModel {
    /// Every place an expression can be handed to, keyed by the raw token its value starts at.
    static func computeDestinations(_ outline: Outline) -> [Int: ValueDestination] {
        var result: [Int: ValueDestination] = [:]
        result.reserveCapacity(outline.assignments.count + outline.variables.count + outline.arguments.count)
        for (index, call) in outline.calls.enumerated() {
            for argument in call.arguments where !outline.arguments[argument].expression.isEmpty {
                result[outline.arguments[argument].expression.lowerBound] = .argument(call: CallID(index), argument: argument)
            }
        }
        for (index, variable) in outline.variables.enumerated() {
            if let initializer = variable.initializer, !initializer.isEmpty {
                result[initializer.lowerBound] = .variable(VariableID(index))
            }
        }
        for (index, assignment) in outline.assignments.enumerated() where !assignment.rhs.isEmpty {
            result[assignment.rhs.lowerBound] = .assignment(AssignmentID(index))
        }
        return result
    }
}

extension SyntaxTree {
    /// The variable named `name` visible at `node`: declared earlier in an enclosing function,
    /// closure or block, nearest first. Members and globals are not searched. (The project
    /// index's own reading of assignments uses this; rules ask `FileModel.binding(of:at:)`.)
    /// Walks back at most `limit` nodes.
    public func localVariable(named name: String, visibleAt node: Int, limit: Int = 512) -> Int? {
        let nodes = outline.nodes
        let stop = nodes[node].enclosingFunction >= 0 ? nodes[node].enclosingFunction
            : (nodes[node].enclosingType >= 0 ? nodes[node].enclosingType : -1)
        var index = node - 1
        var steps = 0
        while index > stop, steps < limit {
            let candidate = nodes[index]
            if candidate.kind == .variable, token(outline.variables[candidate.detail].nameToken, spells: name) {
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
            steps += 1
        }
        return nil
    }

    /// The parameter named `name` of a function enclosing `node` (innermost first).
    public func parameter(named name: String, visibleAt node: Int) -> (function: Int, parameter: Int)? {
        var functionNode = outline.nodes[node].kind == .function ? node : outline.nodes[node].enclosingFunction
        var steps = 0
        while functionNode >= 0, steps < 64 {
            let function = outline.nodes[functionNode].detail
            for index in outline.functions[function].parameters where token(outline.parameters[index].nameToken, spells: name) {
                return (function, index)
            }
            functionNode = outline.nodes[functionNode].enclosingFunction
            steps += 1
        }
        return nil
    }
}
