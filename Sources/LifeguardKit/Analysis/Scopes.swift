/// What a name written as an expression refers to, resolved with Swift's scoping: a local is
/// visible from the end of its declaration to the end of its block (never in its own
/// initializer), a condition binding in the rest of its condition and the guarded body, a loop
/// variable in the loop, a parameter in its function or closure.
public enum Binding: Hashable, Sendable {
    /// `self` (also a local that rebinds it: `guard let self`).
    case selfValue
    /// A local `let`/`var`, condition binding or loop variable.
    case local(VariableID)
    /// A name bound by a `case`/`catch` pattern, which has no declaration node: its name token.
    case pattern(TokenID)
    /// Parameter `index` (0-based) of a function, initializer or subscript.
    case parameter(FunctionID, Int)
    /// Parameter `index` of a closure: a named one, or `$index`.
    case closureParameter(ClosureID, Int)
    /// A capture-list entry that names a new value: `[child = self.child]`.
    case capture(ClosureID, Int)
    /// An accessor's implicit `newValue` or `oldValue` (or its renamed parameter).
    case accessorValue(FunctionID, AccessorValue)
    /// Declared nowhere in the enclosing functions: a member of `self`, a global or a type.
    case free(String)
}

/// The value an accessor receives implicitly.
public enum AccessorValue: Hashable, Sendable {
    case newValue, oldValue
}

/// Every local declaration of a file with the tokens it is visible over, grouped by name, so a
/// name at a token resolves by a binary search and a walk up its same-named enclosers.
///
/// Visibility ranges of one name are laminar (two are disjoint or one holds the other), as
/// blocks are, so the innermost declaration visible at a token is the first encloser of the
/// last declaration starting before it that still covers the token.
///
/// A class: a model builds its table on first use and every lookup after reads it in place
/// (a struct read out of the model's memo would copy its arrays, one reference each, per lookup).
final class ScopeTable: Sendable {
    struct Entry: Sendable {
        /// Raw token range the name is visible over.
        var from: Int32
        var to: Int32
        var stored: StoredBinding
        /// Index (in the same name's list) of the nearest entry covering this one, or -1.
        var parent: Int32

        var binding: Binding { stored.binding }
    }

    /// A declared binding in plain integers (entries hold no string), so building and sorting a
    /// file's entries copies bytes and counts no references.
    struct StoredBinding: Sendable {
        private var kind: UInt8
        private var first: Int32
        private var second: Int32

        init(_ binding: Binding) {
            func int(_ value: Int) -> Int32 { Int32(truncatingIfNeeded: value) }
            switch binding {
            case .local(let variable): (kind, first, second) = (0, int(variable.index), 0)
            case .pattern(let token): (kind, first, second) = (1, int(token.index), 0)
            case .parameter(let function, let position): (kind, first, second) = (2, int(function.index), int(position))
            case .closureParameter(let closure, let position): (kind, first, second) = (3, int(closure.index), int(position))
            case .capture(let closure, let position): (kind, first, second) = (4, int(closure.index), int(position))
            case .accessorValue(let function, let value): (kind, first, second) = (5, int(function.index), value == .newValue ? 0 : 1)
            case .selfValue, .free: preconditionFailure("only declarations are stored")
            }
        }

        var binding: Binding {
            let first = Int(first)
            let second = Int(second)
            switch kind {
            case 0: return .local(VariableID(first))
            case 1: return .pattern(TokenID(first))
            case 2: return .parameter(FunctionID(first), second)
            case 3: return .closureParameter(ClosureID(first), second)
            case 4: return .capture(ClosureID(first), second)
            default: return .accessorValue(FunctionID(first), second == 0 ? .newValue : .oldValue)
            }
        }
    }

    /// Each declared name's slot: its entries are `entries[starts[slot]..<starts[slot + 1]]`,
    /// sorted by start.
    private let slots: NameSlots
    private let starts: [Int32]
    /// Every name's entries, one name after another (one array for the file, not one per name).
    private let entries: [Entry]

    /// How many same-named enclosers a lookup climbs before giving up (deeper shadowing is
    /// resolved as unknown rather than walked).
    static let climbLimit = 64

    init(tree: SyntaxTree) {
        let outline = tree.outline
        let builder = Builder(tree: tree)
        // By position, the builder reading fields in place: a declaration copied whole counts a
        // reference per string and array in it, for every declaration of every file.
        for index in outline.variables.indices { builder.addVariable(VariableID(index)) }
        for index in outline.functions.indices { builder.addParameters(of: FunctionID(index)) }
        for index in outline.closures.indices { builder.addParameters(of: ClosureID(index)) }
        for conditional in outline.conditionals {
            builder.addPatternBindings(of: conditional)
        }
        (slots, starts, entries) = builder.finish()
    }

    /// The declaration `name` means at raw token `token`, or `.free(name)`. `$0`, `$1`, ... need
    /// the outline to find their closure: see `FileModel.binding(of:at:)`.
    func binding(of name: String, at token: Int) -> Binding {
        if name == "self" || name == "super" { return .selfValue }
        guard let slot = slots.slot(of: name) else { return .free(name) }
        return binding(inSlot: slot, at: token) ?? .free(name)
    }

    /// The declaration the name token `token` spells means there, or `.free` with its name: the
    /// same answer as `binding(of: tree.text(ofToken: token), at: token)`, with the name looked
    /// up as bytes in place, so a local or parameter costs no string.
    func binding(ofToken token: Int, in tree: SyntaxTree) -> Binding {
        declaredBinding(ofToken: token, in: tree) ?? .free(tree.text(ofToken: token))
    }

    /// `binding(ofToken:in:)`, or `nil` where that is `.free`: no string is made for the name.
    func declaredBinding(ofToken token: Int, in tree: SyntaxTree) -> Binding? {
        declaredBinding(nameBytes: tree.nameBytes(ofToken: token), at: token, in: tree)
    }

    /// `declaredBinding(ofToken:in:)` for a caller that has read the token's name bytes (`range`)
    /// already, as `FileModel.declaredBinding` has for every argument and receiver pass 1 asks about.
    func declaredBinding(nameBytes range: Range<Int>, at token: Int, in tree: SyntaxTree) -> Binding? {
        // `self` and `super` hold no letter another scalar is canonically equivalent to (as
        // KELVIN SIGN is to `K`): comparing bytes is comparing strings. Told by length first, with
        // no call for the names of other lengths, which are nearly all.
        switch range.count {
        case 4: if tree.source.bytes(range, equal: "self") { return .selfValue }
        case 5: if tree.source.bytes(range, equal: "super") { return .selfValue }
        default: break
        }
        let slot = tree.source.bytes.withUnsafeBufferPointer { slots.slot(of: UnsafeBufferPointer(rebasing: $0[range])) }
        return slot.flatMap { binding(inSlot: $0, at: token) }
    }

    /// The entry of a name's slot that encloses `token`, if any.
    private func binding(inSlot slot: Int32, at token: Int) -> Binding? {
        let base = Int(starts[Int(slot)])
        let position = Int32(truncatingIfNeeded: token)
        // The last entry starting at or before the token.
        var candidate = Bisection.firstPosition(in: base..<Int(starts[Int(slot) + 1])) { entries[$0].from <= position } - 1 - base
        var steps = 0
        while candidate >= 0, steps < Self.climbLimit {
            let entry = entries[base + candidate]
            if entry.from <= position && position < entry.to { return entry.binding }
            candidate = Int(entry.parent)
            steps += 1
        }
        return nil
    }

    /// Collects entries, then sorts each name's list and links every entry to its encloser.
    ///
    /// A class holding the outline in a constant: its methods read the declarations in place.
    /// As a struct, whose methods mutate it, reading the tree's outline retained and released an
    /// array for nearly every declaration of the file (some 165,000 pairs on NetNewsWire and
    /// mastodon). Used by one thread, within `ScopeTable.init`: the runtime's exclusivity check
    /// on each access to the collected entries would guard nothing.
    private final class Builder {
        let tree: SyntaxTree
        let outline: Outline
        /// Entries in the order they were added, each holding its name in `parent` until `finish`
        /// interns and links it (one list to grow and free, not a second one of names): the name
        /// token, or one of the `implicit` names as `-1 - position`.
        @exclusivity(unchecked) var collected: [Entry] = []

        /// The names an entry can have with no token spelling them.
        static let implicit = ["newValue", "oldValue", "error"]

        init(tree: SyntaxTree) {
            self.tree = tree
            outline = tree.outline
            // Room for every kind of entry, so neither list is copied as it grows: closures'
            // parameters and captures, and about a pattern name per condition, besides the
            // variables and functions' parameters.
            let entries = outline.variables.count + outline.parameters.count + outline.closureParameters.count
                + outline.captures.count + outline.conditionals.count
            collected.reserveCapacity(entries)
        }

        /// Adds the name a token spells (backticks removed), read from the source in place.
        func add(token: Int, from: Int, to: Int, _ binding: Binding) {
            guard from < to, token >= 0, token < tree.tokens.count else { return }
            let range = tree.nameBytes(ofToken: token)
            guard !range.isEmpty, !(range.count == 1 && tree.source.bytes[range.lowerBound] == UInt8(ascii: "_")) else { return }
            collected.append(Entry(from: Int32(truncatingIfNeeded: from), to: Int32(truncatingIfNeeded: to),
                                   stored: StoredBinding(binding), parent: Int32(truncatingIfNeeded: token)))
        }

        /// Adds one of the `implicit` names (by its position there).
        func add(implicit name: Int, from: Int, to: Int, _ binding: Binding) {
            guard from < to else { return }
            collected.append(Entry(from: Int32(truncatingIfNeeded: from), to: Int32(truncatingIfNeeded: to),
                                   stored: StoredBinding(binding), parent: Int32(-1 - name)))
        }

        func addVariable(_ id: VariableID) {
            let variables = outline.variables
            let variableNode = variables[id.index].node
            let node = outline.nodes[variableNode]
            guard node.parent >= 0 else { return }
            let parent = outline.nodes[node.parent]
            // Members belong to their type; they are found through the project index instead.
            if parent.kind == .type { return }
            let end = node.tokens.upperBound
            let name = variables[id.index].nameToken
            if variables[id.index].isConditionalBinding, parent.kind == .conditional {
                let conditional = outline.conditionals[parent.detail]
                let bindingEnd = variables[id.index].initializer?.upperBound ?? (variables[id.index].nameToken + 1)
                switch conditional.kind {
                case .if, .while:
                    add(token: name, from: bindingEnd, to: conditional.body?.close ?? conditional.condition.upperBound, .local(id))
                case .guard:
                    add(token: name, from: bindingEnd, to: blockEnd(containing: NodeID(node.parent)), .local(id))
                case .forIn:
                    // Visible in the `where` clause and the body, not in the sequence it walks.
                    let start = loopPatternScopeStart(conditional) ?? bindingEnd
                    add(token: name, from: start, to: conditional.body?.close ?? start, .local(id))
                default:
                    add(token: name, from: bindingEnd, to: conditional.body?.close ?? bindingEnd, .local(id))
                }
                return
            }
            add(token: name, from: end, to: blockEnd(containing: NodeID(variableNode)), .local(id))
        }

        func addParameters(of id: FunctionID) {
            let functions = outline.functions
            guard let body = functions[id.index].body else { return }
            let parameters = outline.parameters
            for position in functions[id.index].parameters {
                add(token: parameters[position].nameToken, from: body.open, to: body.close,
                    .parameter(id, position - functions[id.index].parameters.lowerBound))
            }
            guard functions[id.index].kind == .accessor, let accessor = functions[id.index].accessorKind else { return }
            let parametersEmpty = functions[id.index].parameters.isEmpty
            switch accessor {
            case .set, .willSet:
                if parametersEmpty { add(implicit: 0, from: body.open, to: body.close, .accessorValue(id, .newValue)) }
            case .didSet:
                if parametersEmpty { add(implicit: 1, from: body.open, to: body.close, .accessorValue(id, .oldValue)) }
            default:
                break
            }
        }

        func addParameters(of id: ClosureID) {
            let closures = outline.closures
            let body = closures[id.index].body
            let start = closures[id.index].inToken ?? body.open
            let end = body.close
            // Anonymous parameters (`$0`) are found by climbing to the closure instead (`ScopeTable.binding`).
            let names = closures[id.index].parameters
            for position in names {
                add(token: outline.closureParameters[position], from: start, to: end,
                    .closureParameter(id, position - names.lowerBound))
            }
            let captures = outline.captures
            let range = closures[id.index].captures
            for position in range where captures[position].expression != nil {
                add(token: captures[position].nameToken, from: start, to: end, .capture(id, position - range.lowerBound))
            }
        }

        /// `case .loaded(let value):`, `case let .failed(error)`, `catch let error as URLError`,
        /// `if case .some(let x) = y`: names a pattern binds without a declaration node.
        func addPatternBindings(of conditional: Conditional) {
            switch conditional.kind {
            case .switchCase, .catch, .if, .guard, .while, .forIn:
                break
            default:
                return
            }
            let tokens = tree.significantTokens(in: conditional.condition)
            // One plain pass for both questions (this runs for every condition of every file):
            // whether the pattern binds a name, and whether it is a `case` pattern.
            var bindsName = false
            var hasCase = false
            for token in tokens where tree.tokens[token].kind == .keyword {
                switch tree.tokens[token].keyword {
                case .let, .var: bindsName = true
                case .case: hasCase = true
                default: break
                }
            }
            guard bindsName else {
                if conditional.kind == .catch, let body = conditional.body {
                    add(implicit: 2, from: body.open, to: body.close, .pattern(TokenID(conditional.keywordToken)))
                }
                return
            }
            // Bodies of `if`/`guard`/`while` bindings are covered by declaration nodes; only `case`
            // patterns inside them are added here.
            let isCasePattern = conditional.kind == .switchCase || conditional.kind == .catch || hasCase
            guard isCasePattern else { return }
            let scopeEnd: Int
            if conditional.kind == .forIn {
                // `for case let tab as Tab in tabs`: declaration nodes cover plain loop patterns.
                guard tokens.first.map({ tree.tokens[$0].isKeyword(.case) }) == true else { return }
                scopeEnd = conditional.body?.close ?? conditional.condition.upperBound
            } else if conditional.kind == .guard {
                scopeEnd = blockEnd(containing: NodeID(conditional.node))
            } else if conditional.kind == .switchCase {
                scopeEnd = outline.nodes[conditional.node].tokens.upperBound
            } else {
                scopeEnd = conditional.body?.close ?? conditional.condition.upperBound
            }
            var binding = false
            var depth = 0
            var bindingDepth = 0
            for (offset, token) in tokens.enumerated() {
                let kind = tree.tokens[token].kind
                switch kind {
                case .leftParen, .leftBracket: depth += 1
                case .rightParen, .rightBracket:
                    depth -= 1
                    if depth < bindingDepth { binding = false }
                case .comma where depth <= bindingDepth:
                    binding = false
                case .keyword where tree.tokens[token].keyword == .let || tree.tokens[token].keyword == .var:
                    binding = true
                    bindingDepth = depth
                case .keyword where tree.tokens[token].keyword == .as || tree.tokens[token].keyword == .is
                    || tree.tokens[token].keyword == .where || tree.tokens[token].keyword == .in:
                    binding = false
                case .equal, .colon:
                    binding = false
                case .identifier where binding:
                    let previous = offset > 0 ? tree.tokens[tokens[offset - 1]].kind : .unknown
                    let next = offset + 1 < tokens.count ? tree.tokens[tokens[offset + 1]].kind : .unknown
                    guard previous != .period, next != .leftParen, next != .period else { continue }
                    add(token: token, from: token + 1, to: scopeEnd, .pattern(TokenID(token)))
                default:
                    break
                }
            }
        }

        /// Where a `for` pattern's names become visible: the `where` clause, else the body.
        func loopPatternScopeStart(_ loop: Conditional) -> Int? {
            let tokens = tree.significantTokens(in: loop.condition)
            var depth = 0
            var sawIn = false
            for token in tokens {
                switch tree.tokens[token].kind {
                case .leftParen, .leftBracket, .leftBrace: depth += 1
                case .rightParen, .rightBracket, .rightBrace: depth -= 1
                case .keyword where depth == 0:
                    if tree.tokens[token].keyword == .in { sawIn = true }
                    if sawIn, tree.tokens[token].keyword == .where { return token }
                default: break
                }
            }
            return loop.body?.open
        }

        /// The end of the block a statement node sits in: its function's or closure's body, or
        /// the branch of a conditional. (Plain `do { }` blocks are not nodes: a local declared
        /// in one is treated as visible to the end of the enclosing block.) Climbs over the
        /// non-block nodes between (calls, declarations); bounded.
        func blockEnd(containing node: NodeID) -> Int {
            let token = outline.nodes[node.index].tokens.lowerBound
            var current = outline.nodes[node.index].parent
            var steps = 0
            while current >= 0, steps < 4096 {
                let enclosing = outline.nodes[current]
                switch enclosing.kind {
                case .function:
                    if let body = outline.functions[enclosing.detail].body, body.contains(token) { return body.close }
                case .closure:
                    let body = outline.closures[enclosing.detail].body
                    if body.contains(token) { return body.close }
                case .conditional:
                    let conditional = outline.conditionals[enclosing.detail]
                    // A case's statements run to the next case: its node's end, not a brace.
                    if conditional.kind == .switchCase { return enclosing.tokens.upperBound }
                    if let elseBody = conditional.elseBody, elseBody.contains(token) { return elseBody.close }
                    if let body = conditional.body, body.contains(token) { return body.close }
                case .type:
                    return enclosing.tokens.upperBound
                default:
                    break
                }
                current = enclosing.parent
                steps += 1
            }
            return tree.tokens.count
        }

        /// Groups the entries by name (in the order added), sorts each name's run (most names
        /// have one entry, already in order, with no encloser) and links every entry to its
        /// encloser, by position within its name's run.
        ///
        /// The grouping is `SlotGrouping`'s counting sort with each entry placed straight into
        /// the table, not through a list of positions copied after (one array fewer to fill and
        /// free for every file that resolves a name).
        func finish() -> (slots: NameSlots, starts: [Int32], entries: [Entry]) {
            let count = collected.count
            // Interned once every entry is in, in the order added, for a table sized to the
            // entries: sized before for every variable and parameter of the file (members and
            // bodiless requirements too), its buckets zeroed were most of an empty file's cost.
            var slots = NameSlots(capacity: count)
            tree.source.bytes.withUnsafeBufferPointer { source in
                collected.withUnsafeMutableBufferPointer { collected in
                    for item in 0..<count {
                        let name = Int(collected[item].parent)
                        if name >= 0 {
                            let range = tree.nameBytes(ofToken: name)
                            collected[item].parent = slots.insert(bytes: UnsafeBufferPointer(rebasing: source[range]))
                        } else {
                            collected[item].parent = slots.insert(Self.implicit[-1 - name])
                        }
                    }
                }
            }
            let slotCount = slots.count
            // Slot `s` is counted at `s + 2`; after the running sums `starts[s + 1]` is where it
            // starts, and it moves to where the slot ends, which is where the next starts, as the
            // entries are placed. The extra element at the end is dropped.
            var starts = [Int32](filledWith: 0, count: slotCount + 2)
            // Placed into a copy of the collected entries, every position written once (the counts
            // add up to `count`): the copy is made through the array's specialized path, where an
            // uninitialized array was allocated through the unspecialized one (some 900
            // instructions a file).
            var entries = collected
            entries.withUnsafeMutableBufferPointer { entries in
                collected.withUnsafeBufferPointer { collected in
                    starts.withUnsafeMutableBufferPointer { starts in
                        for entry in collected {
                            precondition(entry.parent >= 0 && Int(entry.parent) < slotCount, "slot out of range")
                            starts[Int(entry.parent) + 2] += 1
                        }
                        if slotCount > 0 {
                            for position in 2..<(slotCount + 2) { starts[position] += starts[position - 1] }
                        }
                        for item in 0..<count {
                            var entry = collected[item]
                            let slot = Int(entry.parent) + 1
                            entry.parent = -1
                            entries[Int(starts[slot])] = entry
                            starts[slot] += 1
                        }
                    }
                }
            }
            starts.removeLast()
            // Worked on in place: every entry of a file is read and linked here.
            entries.withUnsafeMutableBufferPointer { entries in
                for slot in 0..<slotCount {
                    let lower = Int(starts[slot])
                    let upper = Int(starts[slot + 1])
                    guard upper - lower > 1 else { continue }
                    let base = lower
                    // Outer entries first when two start together, so the inner one is found first.
                    // Entries come in source order within each kind of declaration, so most runs are
                    // sorted already: checked first, which costs a comparison per entry.
                    func before(_ left: Entry, _ right: Entry) -> Bool {
                        left.from != right.from ? left.from < right.from : left.to > right.to
                    }
                    var sorted = true
                    for index in (base + 1)..<upper where before(entries[index], entries[index - 1]) {
                        sorted = false
                        break
                    }
                    if !sorted { entries[base..<upper].sort(by: before) }
                    // The entries still open are the innermost one and its enclosers, each linked to
                    // the next: a stack kept in the links themselves, so it needs no array.
                    var innermost: Int32 = -1
                    for index in 0..<(upper - lower) {
                        let from = entries[base + index].from
                        while innermost >= 0, entries[base + Int(innermost)].to <= from {
                            innermost = entries[base + Int(innermost)].parent
                        }
                        entries[base + index].parent = innermost
                        innermost = Int32(truncatingIfNeeded: index)
                    }
                }
            }
            return (slots, starts, entries)
        }
    }
}
