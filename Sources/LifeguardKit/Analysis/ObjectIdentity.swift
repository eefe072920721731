#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One step from an object to another it reaches.
public enum PathLink: Hashable, Sendable {
    /// A property: `child` in `self.child`.
    case member(String)
    /// What a method returns: `makeChild()`.
    case call(String)
    /// One element of a collection: `children[0]`, `children.last`, a loop variable.
    case element
    /// `$0` in `x.map { ... }`: an element of `x`, or `x` itself when `x` is an optional.
    case elementOrSelf
}

/// Which value of a property an accessor sees: inside `willSet` the property still holds the old
/// value (`newValue` is the new one); inside `didSet` it holds the new one (`oldValue` the old).
public enum ValuePhase: Hashable, Sendable {
    case current, old, new
}

/// An object as code names it, after names are resolved and aliases followed: `self.child`,
/// `child`, `if let vc = child { vc }`, `newValue` in `child`'s `willSet` and `$0` in
/// `child.map { $0 }` are all `self` → `child`.
public struct ObjectRef: Hashable, Sendable, CustomStringConvertible {
    /// Where the path starts.
    public enum Root: Hashable, Sendable {
        case selfObject
        /// A local that is not an alias of anything traceable (it holds a new object, a call's result).
        case local(VariableID)
        case pattern(TokenID)
        case parameter(FunctionID, Int)
        case closureParameter(ClosureID, Int)
        case capture(ClosureID, Int)
        /// A global, a type (`UIApplication`, `NotificationCenter`), or a name the run cannot resolve.
        case global(String)
        /// Something with no name: a literal, an operator expression; unique per start token.
        case opaque(TokenID)
    }

    public var root: Root
    public var path: [PathLink]
    /// For a property of `self` read inside that property's own observers.
    public var phase: ValuePhase

    public init(root: Root, path: [PathLink] = [], phase: ValuePhase = .current) {
        self.root = root
        self.path = path
        self.phase = phase
    }

    public static let selfObject = ObjectRef(root: .selfObject)

    /// `self` itself.
    public var isSelf: Bool { root == .selfObject && path.isEmpty }

    /// The stored-property name when this is `self.name` (one member deep).
    public var selfMember: String? {
        guard root == .selfObject, path.count == 1, case .member(let name) = path[0] else { return nil }
        return name
    }

    /// Whether this is (an element of) one of `collections`, reached through `self` or not:
    /// `children[0]`, `children.last`, `for child in children`, `$0` of `viewControllers.forEach`.
    public func isElement(ofAnyOf collections: Set<String>) -> Bool {
        var sawCollection = false
        for link in path {
            switch link {
            case .member(let name):
                sawCollection = collections.contains(name)
            case .call:
                // `children.dropFirst()`, `viewControllers.reversed()`: still the collection's elements.
                continue
            case .element, .elementOrSelf:
                if sawCollection { return true }
            }
        }
        return false
    }

    /// What every object `isSame(as:)` this one shares with it: the root and the first property or
    /// call of the path (only `element` and `elementOrSelf` steps match loosely). Indexes of
    /// objects key on it, so a question about one object reads only the objects it may be.
    public struct Anchor: Hashable, Sendable {
        var root: Root
        var first: PathLink?
    }

    public var anchor: Anchor {
        Anchor(root: root, first: path.first { link in
            switch link {
            case .member, .call: return true
            case .element, .elementOrSelf: return false
            }
        })
    }

    /// The same object as `other`: same root and path, where an `elementOrSelf` step matches
    /// either reading and `current` matches either phase.
    public func isSame(as other: ObjectRef) -> Bool {
        guard root == other.root else { return false }
        if phase != other.phase, phase != .current, other.phase != .current { return false }
        if path == other.path { return true }
        return Self.pathsMatch(path[...], other.path[...])
    }

    private static func pathsMatch(_ lhs: ArraySlice<PathLink>, _ rhs: ArraySlice<PathLink>) -> Bool {
        // Linear: an `elementOrSelf` on one side either consumes an `element` on the other or nothing.
        var left = lhs.startIndex
        var right = rhs.startIndex
        while left < lhs.endIndex || right < rhs.endIndex {
            let l = left < lhs.endIndex ? lhs[left] : nil
            let r = right < rhs.endIndex ? rhs[right] : nil
            if l == r {
                left += 1
                right += 1
            } else if l == .elementOrSelf {
                left += 1
                if r == .element { right += 1 }
            } else if r == .elementOrSelf {
                right += 1
                if l == .element { left += 1 }
            } else {
                return false
            }
        }
        return true
    }

    public var description: String {
        var text: String
        switch root {
        case .selfObject: text = "self"
        case .local(let id): text = "local\(id)"
        case .pattern(let id): text = "pattern\(id)"
        case .parameter(let function, let index): text = "param\(function).\(index)"
        case .closureParameter(let closure, let index): text = "closure\(closure).$\(index)"
        case .capture(let closure, let index): text = "capture\(closure).\(index)"
        case .global(let name): text = name
        case .opaque(let token): text = "opaque\(token)"
        }
        for link in path {
            switch link {
            case .member(let name): text += "." + name
            case .call(let name): text += "." + name + "()"
            case .element: text += "[]"
            case .elementOrSelf: text += "[?]"
            }
        }
        switch phase {
        case .current: break
        case .old: text += "@old"
        case .new: text += "@new"
        }
        return text
    }
}

/// Calls whose single closure receives the receiver's elements (or the receiver itself).
enum ClosureReceiverRelation {
    /// `children.forEach { $0 ... }`: `$0` is an element.
    static let elementCalls: Set<String> = [
        "forEach", "filter", "first", "last", "contains", "allSatisfy", "sorted", "min", "max", "firstIndex",
        "lastIndex", "drop", "prefix", "removeAll", "reduce",
    ]
    /// `child.map { $0 ... }`: an element of an array, or the value of an optional.
    static let elementOrSelfCalls: Set<String> = ["map", "flatMap", "compactMap"]
    /// Configuration helpers that pass the receiver itself (`Then`'s `do`/`then`, Kotlin-style `apply`).
    static let selfCalls: Set<String> = ["do", "then", "with", "apply", "also", "configure"]
    /// `selfCalls`, matched at a call's name token without making its string.
    static let selfCallNames = TokenNames(selfCalls.sorted())
}

extension FileModel {
    /// How many alias hops an identity or type walk follows before giving up.
    static let aliasHopLimit = 16

    /// What `name` means at raw token `token`.
    public func binding(of name: String, at token: TokenID) -> Binding {
        if name.utf8.first == UInt8(ascii: "$"), let position = Int(name.dropFirst()) {
            return anonymousParameter(position, at: token)
        }
        return scopes.binding(of: name, at: token.index)
    }

    /// What the name token `token` spells means there: `binding(of: tree.text(ofToken: token),
    /// at: token)`, with no string made for a name that is declared.
    public func binding(ofToken token: TokenID) -> Binding {
        let range = tree.nameBytes(ofToken: token.index)
        if range.isEmpty || tree.source.bytes[range.lowerBound] == UInt8(ascii: "$") {
            return binding(of: tree.text(ofToken: token.index), at: token)
        }
        return scopes.binding(ofToken: token.index, in: tree)
    }

    /// `binding(ofToken:)`, or `nil` where that is `.free`: a free name is not made into a string.
    /// `scopes` holds the file's scope table once a name has needed it: a caller asking about
    /// every argument of a file reads it from the memo, behind its lock, once.
    func declaredBinding(ofToken token: TokenID, scopes: inout ScopeTable?) -> Binding? {
        let range = tree.nameBytes(ofToken: token.index)
        if range.isEmpty || tree.source.bytes[range.lowerBound] == UInt8(ascii: "$") {
            let binding = binding(of: tree.text(ofToken: token.index), at: token)
            if case .free = binding { return nil }
            return binding
        }
        if scopes == nil { scopes = self.scopes }
        return scopes?.declaredBinding(nameBytes: range, at: token.index, in: tree)
    }

    /// `isSelfMember(free:at:)` for the name the token `token` spells, told from its first byte
    /// when that is ASCII and no index of the run is there to ask (pass 1's model).
    func isSelfMember(freeToken token: Int, at node: NodeID) -> Bool {
        let range = tree.nameBytes(ofToken: token)
        guard !index.seesTheRun, !range.isEmpty, tree.source.bytes[range.lowerBound] < 0x80 else {
            return isSelfMember(free: tree.text(ofToken: token), at: node)
        }
        let first = tree.source.bytes[range.lowerBound]
        return first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z") && outline.nodes[node.index].enclosingType >= 0
    }

    /// `$0` at a token: a parameter of the innermost closure around it that names none.
    private func anonymousParameter(_ position: Int, at token: TokenID) -> Binding {
        guard var node = innermostNode(containing: token.index) else { return .free("$\(position)") }
        var steps = 0
        while steps < Self.ancestorLimit {
            steps += 1
            let item = outline.nodes[node.index]
            if item.kind == .closure {
                let closure = outline.closures[item.detail]
                if closure.parameters.isEmpty, closure.body.contains(token.index) {
                    return .closureParameter(ClosureID(item.detail), position)
                }
            }
            guard item.parent >= 0 else { break }
            node = NodeID(item.parent)
        }
        return .free("$\(position)")
    }

    /// The object a chain names where it is written (`node` is the node the chain belongs to).
    public func object(of chain: ExpressionChain, at node: NodeID) -> ObjectRef {
        var visited = VisitedLocals()
        return object(of: chain, at: node, hops: 0, visited: &visited)
    }

    /// The object a declared variable holds: a property of `self`, or what a local stands for.
    public func object(ofVariable variable: VariableID) -> ObjectRef {
        if isMemberDeclaration(variable) {
            return ObjectRef(root: .selfObject, path: [.member(tree.name(of: outline.variables[variable.index]))])
        }
        var visited = VisitedLocals()
        return objectOfLocal(variable, hops: 0, visited: &visited)
    }

    /// The object an expression's tokens name, when they are a chain; `opaque` otherwise.
    public func object(ofTokens range: Range<Int>, at node: NodeID) -> ObjectRef {
        var visited = VisitedLocals()
        return object(ofChainTokens: range, at: node, hops: 0, visited: &visited) ?? ObjectRef(root: .opaque(TokenID(range.lowerBound)))
    }

    func object(of chain: ExpressionChain, at node: NodeID, hops: Int, visited: inout VisitedLocals) -> ObjectRef {
        guard case .name(let rootName)? = chain.links.first, !chain.isImplicitMember else {
            return ObjectRef(root: .opaque(TokenID(chain.linkTokens.first ?? 0)))
        }
        var base = objectOfName(rootName, token: TokenID(chain.linkTokens[0]), at: node, hops: hops, visited: &visited)
        Self.append(chain.links.dropFirst(), to: &base)
        return base
    }

    /// Adds the links after a chain's root to an object's path.
    static func append(_ links: ArraySlice<ExpressionChain.Link>, to object: inout ObjectRef) {
        for link in links {
            switch link {
            case .name(let name): append(.name(name), to: &object)
            case .call: append(.call, to: &object)
            case .subscript: append(.element, to: &object)
            case .closure: append(.closure, to: &object)
            }
        }
    }

    /// What a chain's link after the root adds to a path: its name, or what kind of link it is
    /// (a call's arguments and a subscript's contents do not matter).
    enum PathStep {
        case name(String)
        case call
        case element
        case closure
    }

    static func append(_ step: PathStep, to object: inout ObjectRef) {
        switch step {
        case .name(let name):
            if name == "first" || name == "last" {
                object.path.append(.element)
            } else {
                object.path.append(.member(name))
            }
        case .call:
            // `children.first(where:)`, `makeChild()`: the name before the parentheses was a call.
            if case .member(let name)? = object.path.last {
                object.path.removeLast()
                object.path.append(.call(name))
            } else if object.path.last != .element {
                object.path.append(.call(""))
            }
        case .element:
            object.path.append(.element)
        case .closure:
            // A trailing closure makes the link before it a call: `Task { }`, `items.first { }`.
            if case .member(let name)? = object.path.last {
                object.path.removeLast()
                object.path.append(name == "first" || name == "last" ? .element : .call(name))
            } else if object.path.isEmpty {
                object.path.append(.call(""))
            }
        }
    }

    /// Whether a name no enclosing function declares, used bare at `node`, is a member of `self`.
    func isSelfMember(free name: String, at node: NodeID) -> Bool {
        (Self.startsLowercase(name) && outline.nodes[node.index].enclosingType >= 0) || isMemberOfEnclosingType(name, at: node)
    }

    /// `name.first?.isLowercase`, told from the first byte when it is ASCII (only `a`–`z` are
    /// lowercase there).
    static func startsLowercase(_ name: String) -> Bool {
        if let first = name.utf8.first, first < 0x80 { return first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z") }
        return name.first?.isLowercase == true
    }

    /// `name` is the text of `token`, which is looked up by its bytes in place (hashing the
    /// string cost more); the string is used only for a name no enclosing function declares.
    func objectOfName(_ name: String, token: TokenID, at node: NodeID, hops: Int,
                              visited: inout VisitedLocals) -> ObjectRef {
        var scopes: ScopeTable?
        return object(of: declaredBinding(ofToken: token, scopes: &scopes) ?? .free(name), at: node, hops: hops, visited: &visited)
    }

    /// The object a name stands for, given what the name means where it is written (its binding):
    /// a caller that has looked the binding up already does not look it up again.
    func object(of binding: Binding, at node: NodeID, hops: Int, visited: inout VisitedLocals) -> ObjectRef {
        switch binding {
        case .selfValue:
            return .selfObject
        case .free(let free):
            // Inside a type, a bare lowercase name that is no local is a member of `self`: one the
            // run declares, or one a framework superclass does (`children`, `view`, `topAnchor`).
            guard isSelfMember(free: free, at: node) else {
                return ObjectRef(root: .global(free))
            }
            return ObjectRef(root: .selfObject, path: [.member(free)], phase: phaseOfProperty(free, at: node))
        case .local(let variable):
            return objectOfLocal(variable, hops: hops, visited: &visited)
        case .pattern(let token):
            return objectOfPattern(token, hops: hops, visited: &visited)
        case .parameter(let function, let index):
            return ObjectRef(root: .parameter(function, index))
        case .capture(let closure, let index):
            let capture = outline.captures[outline.closures[closure.index].captures.lowerBound + index]
            if let expression = capture.expression, hops < Self.aliasHopLimit,
               let source = object(ofChainTokens: expression, at: outline.closures[closure.index].nodeID, hops: hops + 1,
                                   visited: &visited) {
                return source
            }
            return ObjectRef(root: .capture(closure, index))
        case .closureParameter(let closure, let index):
            return objectOfClosureParameter(closure, index: index, hops: hops, visited: &visited)
        case .accessorValue(let function, let value):
            guard let property = outline.functions[function.index].property, property >= 0,
                  isMemberDeclaration(VariableID(property)) else {
                return ObjectRef(root: .global(value == .newValue ? "newValue" : "oldValue"))
            }
            return ObjectRef(root: .selfObject, path: [.member(tree.name(of: outline.variables[property]))],
                             phase: value == .newValue ? .new : .old)
        }
    }

    /// `let vc = child`, `if let vc = child as? Detail`, `guard let child`, `for vc in children`:
    /// the object the local stands for. A local holding a new object or a call's result is its own root.
    private func objectOfLocal(_ variable: VariableID, hops: Int, visited: inout VisitedLocals) -> ObjectRef {
        // Each local stands for one object wherever it is used: resolved once per file.
        if let known = memo.object(of: variable) { return known }
        let resolved = resolveLocal(variable, hops: hops, visited: &visited)
        memo.store(resolved, for: variable)
        return resolved
    }

    private func resolveLocal(_ variable: VariableID, hops: Int, visited: inout VisitedLocals) -> ObjectRef {
        let own = ObjectRef(root: .local(variable))
        guard hops < Self.aliasHopLimit, visited.insert(variable) else { return own }
        // Fields read in place: a declaration copied whole counts a reference per string and
        // array in it, for every local pass 1 resolves.
        let variables = outline.variables
        let nameToken = variables[variable.index].nameToken
        let isConditionalBinding = variables[variable.index].isConditionalBinding
        let node = NodeID(variables[variable.index].node)
        if let loop = enclosingLoop(ofBinding: variable) {
            guard let sequence = loopSequence(loop) else { return own }
            var element = object(of: sequence.chain, at: node, hops: hops + 1, visited: &visited)
            if case .opaque = element.root { return own }
            // `for (index, child) in children.enumerated()`: the second name is the element.
            if sequence.isEnumerated {
                guard isSecondNameOfTuplePattern(nameToken, in: loop) else { return own }
            } else if isInTuplePattern(nameToken, in: loop) {
                return own
            }
            element.path.append(.element)
            return element
        }
        guard let initializer = variables[variable.index].initializer else {
            // `if let child`, `guard let child`: the outer `child`.
            guard isConditionalBinding else { return own }
            return object(of: binding(ofToken: TokenID(nameToken)), at: node, hops: hops + 1, visited: &visited)
        }
        if initializerIsCallResult(initializer) { return own }
        guard let resolved = aliasObject(initializer, at: node, hops: hops + 1, visited: &visited) else { return own }
        // A call's result is not the receiver: `let child = makeChild()` is a new object.
        if case .opaque = resolved.root { return own }
        if case .call? = resolved.path.last { return own }
        return resolved
    }

    /// Whether an initializer, with no cast in it, ends in a call of a named member
    /// (`loader.makeChild()`, `try decoder.decode(Feed.self, from: data)`) or is a call of a name
    /// no enclosing function binds (`UILabel(frame: .zero)`, `makeChild()`): the object
    /// `resolveLocal` would build for it ends in a call, a new object, which this tells from the
    /// tokens without building the chain. (A name the function binds could stand for an element,
    /// which a call leaves as it is: `let run = handlers.first`, then `let x = run()`.)
    private func initializerIsCallResult(_ initializer: Range<Int>) -> Bool {
        let tokens = tree.significantTokens(in: initializer)
        guard let last = tokens.last, tree.tokens[last].kind == .rightParen, let open = tree.partner(ofToken: last),
              open < last, let name = tree.previousSignificant(before: open), name >= initializer.lowerBound,
              tree.tokens[name].kind == .identifier, !tree.token(name, is: "first"), !tree.token(name, is: "last"),
              !tokens.contains(where: { tree.tokens[$0].isKeyword(.as) })
        else { return false }
        if let before = tree.previousSignificant(before: name), before >= initializer.lowerBound {
            return tree.tokens[before].kind == .period
        }
        // Asked as "declared?", so a free name is not made into a string for `.free`.
        var scopes: ScopeTable?
        return declaredBinding(ofToken: TokenID(name), scopes: &scopes) == nil
    }

    /// A name a pattern binds: in `for case let tab as Tab in children`, an element of `children`.
    private func objectOfPattern(_ token: TokenID, hops: Int, visited: inout VisitedLocals) -> ObjectRef {
        let own = ObjectRef(root: .pattern(token))
        guard hops < Self.aliasHopLimit, let node = innermostNode(containing: token.index), outline[node].kind == .conditional
        else { return own }
        let loop = outline.conditionals[outline[node].detail]
        guard loop.kind == .forIn, let sequence = loopSequence(loop), !sequence.isEnumerated else { return own }
        var element = object(of: sequence.chain, at: node, hops: hops + 1, visited: &visited)
        if case .opaque = element.root { return own }
        element.path.append(.element)
        return element
    }

    /// The chain an initializer aliases: the whole initializer when it is a chain, or the part
    /// before a top-level cast (`x as? T`, `x as! T`).
    static func aliasSource(_ tree: SyntaxTree, _ initializer: Range<Int>) -> ExpressionChain? {
        if let chain = ExpressionChain(tree, tokens: initializer) { return chain }
        return topLevelCast(tree, initializer).flatMap { ExpressionChain(tree, tokens: initializer.lowerBound..<$0) }
    }

    /// The first `as` of an initializer outside any brackets.
    private static func topLevelCast(_ tree: SyntaxTree, _ initializer: Range<Int>) -> Int? {
        let tokens = tree.significantTokens(in: initializer)
        var depth = 0
        for token in tokens {
            switch tree.tokens[token].kind {
            case .leftParen, .leftBracket, .leftBrace: depth += 1
            case .rightParen, .rightBracket, .rightBrace: depth -= 1
            case .keyword where depth == 0 && tree.tokens[token].keyword == .as: return token
            default: break
            }
        }
        return nil
    }

    /// The object of an initializer's alias source, `aliasSource(tree, initializer).map {
    /// object(of: $0, at: node, hops: hops, visited: &visited) }`, read from the tokens: a chain
    /// built for it (two arrays and a string a link, a subscript's text) was read once and freed;
    /// only the path's member names are made into strings.
    func aliasObject(_ initializer: Range<Int>, at node: NodeID, hops: Int, visited: inout VisitedLocals) -> ObjectRef? {
        if let whole = object(ofChainTokens: initializer, at: node, hops: hops, visited: &visited) { return whole }
        guard let cast = Self.topLevelCast(tree, initializer) else { return nil }
        return object(ofChainTokens: initializer.lowerBound..<cast, at: node, hops: hops, visited: &visited)
    }

    /// `ExpressionChain(tree, tokens: range).map { object(of: $0, at: node, hops: hops, visited: &visited) }`,
    /// without the chain: the tokens are read once to tell a chain, and again to extend the
    /// root's object link by link. Every object pass 1 asks of an expression's tokens (an
    /// argument, a receiver, an initializer) came from a chain built and freed for it.
    func object(ofChainTokens range: Range<Int>, at node: NodeID, hops: Int,
                        visited: inout VisitedLocals) -> ObjectRef? {
        var root = -1
        guard let implicit = ExpressionChain.read(tree, tokens: range, { token, _ in if root < 0 { root = token } })
        else { return nil }
        if implicit { return ObjectRef(root: .opaque(TokenID(root))) }
        var scopes: ScopeTable?
        let binding = declaredBinding(ofToken: TokenID(root), scopes: &scopes) ?? .free(tree.text(ofToken: root))
        var base = object(of: binding, at: node, hops: hops, visited: &visited)
        _ = ExpressionChain.read(tree, tokens: range) { token, link in
            guard token != root else { return }
            switch link {
            case .name: Self.append(.name(tree.text(ofToken: token)), to: &base)
            case .call: Self.append(.call, to: &base)
            case .subscript: Self.append(.element, to: &base)
            case .closure: Self.append(.closure, to: &base)
            }
        }
        return base
    }

    /// Whether `objectOfClosureParameter` may find the closure's receiver itself for this
    /// parameter (a configuration helper's `$0`: `view.then { $0.backgroundColor = .red }`).
    /// Otherwise what it finds is the parameter itself or an element of the receiver: never
    /// `self`, a property, a parameter or a local by itself, which is all call summaries track.
    func closureParameterMayBeReceiver(_ closure: ClosureID, index: Int) -> Bool {
        let item = outline.closures[closure.index]
        guard index == 0, item.parameters.count <= 1, let callIndex = item.call else { return false }
        // The relations' names are distinct: a helper's name is no element call's.
        return ClosureReceiverRelation.selfCallNames.match(outline.calls[callIndex].nameToken, in: tree) != nil
    }

    private func objectOfClosureParameter(_ closure: ClosureID, index: Int, hops: Int,
                                          visited: inout VisitedLocals) -> ObjectRef {
        let own = ObjectRef(root: .closureParameter(closure, index))
        let item = outline.closures[closure.index]
        guard index == 0, hops < Self.aliasHopLimit, item.parameters.count <= 1, let callIndex = item.call else { return own }
        let call = outline.calls[callIndex]
        let name = tree.text(ofToken: call.nameToken)
        let link: PathLink?
        if ClosureReceiverRelation.elementCalls.contains(name) {
            link = .element
        } else if ClosureReceiverRelation.elementOrSelfCalls.contains(name) {
            link = .elementOrSelf
        } else if ClosureReceiverRelation.selfCalls.contains(name) {
            link = nil
        } else {
            return own
        }
        guard let receiverRange = call.receiver,
              var base = object(ofChainTokens: receiverRange, at: call.nodeID, hops: hops + 1, visited: &visited) else { return own }
        if case .opaque = base.root { return own }
        if let link { base.path.append(link) }
        return base
    }

    /// The `for` loop that binds variable `variable` in its pattern, if it is a loop variable.
    func enclosingLoop(ofBinding variable: VariableID) -> Conditional? {
        let variables = outline.variables
        guard variables[variable.index].isConditionalBinding else { return nil }
        let parent = outline.nodes[variables[variable.index].node].parent
        guard parent >= 0, outline.nodes[parent].kind == .conditional else { return nil }
        let conditional = outline.conditionals[outline.nodes[parent].detail]
        return conditional.kind == .forIn ? conditional : nil
    }

    /// The sequence a `for ... in` loop walks, when it is a chain: `children` in
    /// `for child in children where child.isViewLoaded`; `isEnumerated` for `x.enumerated()`.
    public func loopSequence(_ loop: Conditional) -> (chain: ExpressionChain, isEnumerated: Bool)? {
        let tokens = tree.significantTokens(in: loop.condition)
        guard let inIndex = tokens.firstIndex(where: { tree.tokens[$0].isKeyword(.in) }), inIndex + 1 < tokens.count else {
            return nil
        }
        var end = tokens.endIndex
        if let whereIndex = tokens[(inIndex + 1)...].firstIndex(where: { tree.tokens[$0].isKeyword(.where) }) { end = whereIndex }
        guard inIndex + 1 < end, let chain = ExpressionChain(tree, tokens: tokens[inIndex + 1]..<(tokens[end - 1] + 1)) else {
            return nil
        }
        if chain.links.count >= 3, case .call = chain.links.last!, chain.links[chain.links.count - 2] == .name("enumerated") {
            return (ExpressionChain(links: Array(chain.links.dropLast(2)), linkTokens: Array(chain.linkTokens.dropLast(2))),
                    true)
        }
        return (chain, false)
    }

    /// Whether the name token `nameToken` of a loop variable is inside a tuple pattern.
    private func isInTuplePattern(_ nameToken: Int, in loop: Conditional) -> Bool {
        guard let first = tree.significantTokens(in: loop.condition).first(where: { !tree.tokens[$0].isKeyword(.case) }) else {
            return false
        }
        return tree.tokens[first].kind == .leftParen && nameToken > first
    }

    private func isSecondNameOfTuplePattern(_ nameToken: Int, in loop: Conditional) -> Bool {
        let tokens = tree.significantTokens(in: loop.condition)
        guard let open = tokens.first, tree.tokens[open].kind == .leftParen, let close = tree.partner(ofToken: open) else {
            return false
        }
        guard let comma = tokens.first(where: { $0 > open && $0 < close && tree.tokens[$0].kind == .comma }) else { return false }
        return nameToken > comma && nameToken < close
    }

    /// Whether `name` is a property or method of the type enclosing `node` (any file, superclasses of the run).
    func isMemberOfEnclosingType(_ name: String, at node: NodeID) -> Bool {
        member(name, at: node.index) != nil
    }

    /// A property declared directly in a type (not a local).
    public func isMemberDeclaration(_ variable: VariableID) -> Bool {
        let parent = outline.nodes[outline.variables[variable.index].node].parent
        return parent >= 0 && outline.nodes[parent].kind == .type
    }

    /// Inside `prop`'s own `willSet` the property is still the old value; inside `didSet`, the new one.
    func phaseOfProperty(_ name: String, at node: NodeID) -> ValuePhase {
        guard let function = enclosingFunction(of: node.index), let property = outline.functions[function].property,
              property >= 0, tree.token(outline.variables[property].nameToken, spells: name) else { return .current }
        switch outline.functions[function].accessorKind {
        case .willSet?: return .old
        case .didSet?: return .new
        default: return .current
        }
    }

    /// Whether two chains, each where it is written, name the same object.
    public func isSameObject(_ lhs: ExpressionChain, at lhsNode: NodeID, _ rhs: ExpressionChain, at rhsNode: NodeID) -> Bool {
        object(of: lhs, at: lhsNode).isSame(as: object(of: rhs, at: rhsNode))
    }
}

extension ExpressionChain {
    /// A chain made of links already read (a prefix of another chain).
    init(links: [Link], linkTokens: [Int]) {
        self.links = links
        self.linkTokens = linkTokens
        self.isImplicitMember = false
    }

    /// The chain without its last `count` links, or `nil` when nothing would remain.
    public func dropping(last count: Int) -> ExpressionChain? {
        guard links.count > count else { return nil }
        return ExpressionChain(links: Array(links.dropLast(count)), linkTokens: Array(linkTokens.dropLast(count)))
    }
}
