/// What the enabled rules ask the project index to remember beyond the run's declarations and
/// call summaries: the sites of some calls (`RuleDescription.indexedCalls`) and the assignments to
/// members (`RuleDescription.indexesAssignments`). Pass 1 gathers nothing no enabled rule reads.
public struct IndexRequests: Sendable {
    public var callNames: Set<String>
    public var assignments: Bool

    public init(callNames: Set<String> = [], assignments: Bool = false) {
        self.callNames = callNames
        self.assignments = assignments
    }

    /// What the rules described ask for, together.
    public init(_ rules: [RuleDescription]) {
        callNames = rules.reduce(into: Set<String>()) { $0.formUnion($1.indexedCalls) }
        assignments = rules.contains { $0.indexesAssignments }
    }
}

/// What one file contributes to the project index, read from its syntax tree in the first pass
/// and kept after the tree is released. Names are as written: resolving them needs every file,
/// so `ProjectIndex` does it once all files are read.
///
/// Types are referred to by their position in `types` (the file's `outline.types` order); `-1`
/// means file level.
public struct ProjectIndexFacts: Sendable {
    /// One type declaration or extension.
    struct TypeEntry: Sendable {
        var kind: TypeKind
        /// The name as written (the extended type, for an extension).
        var written: String
        /// The qualified name (see `ProjectIndex.qualifiedNames`); for an extension, `written`
        /// without generic arguments.
        var qualified: String
        var inherited: [String]
        /// For a protocol: written with `AnyObject`, `class`, `@objc`, or `where Self:` a class.
        var declaresClassBound: Bool
    }

    /// `typealias Name = Target`.
    struct AliasEntry: Sendable {
        /// The enclosing type's position, or -1.
        var scopeType: Int32
        var name: String
        var target: ProjectIndex.AliasTarget
    }

    /// A property or method declared directly in a type. The strings first, the type's position
    /// and the flags after them: 48 bytes an entry, where the position before the name padded it to 56.
    struct MemberEntry: Sendable {
        var name: String
        /// The type name the annotation or initializer names, as written.
        var writtenType: String?
        var type: Int32
        var isProperty: Bool
        var isStored: Bool
        var isWeakOrUnowned: Bool
        var isLazy: Bool
        var isOutlet: Bool
        /// The annotation is a function type.
        var annotatedAsFunction: Bool
        /// `static let shared = Self()`: a `static`/`class` constant created with its type's own
        /// initializer (`writtenType` then says which type).
        var isStaticInstance: Bool = false
    }

    /// Where the receiver `x` of `x.member = value` gets its type from.
    enum ReceiverSource: Sendable {
        /// Not a two-name chain: nothing to resolve.
        case none
        /// A local or parameter, declared with this type name (or none evident).
        case written(String?)
        /// A member of the enclosing type.
        case member(String)
    }

    struct AssignmentEntry: Sendable {
        var member: String
        var value: ProjectIndex.AssignedValue
        var isOwnMember: Bool
        var type: Int32
        var receiver: ReceiverSource
        /// The enclosing function's full name, when it is a function.
        var function: String? = nil
        var inDeinit: Bool = false
    }

    /// A remembered call, in the code of `type` (or at file level).
    struct CallEntry: Sendable {
        var type: Int32
        var call: ProjectIndex.IndexedCall
    }

    var types: [TypeEntry] = []
    var aliases: [AliasEntry] = []
    var members: [MemberEntry] = []
    var assignments: [AssignmentEntry] = []
    var calls: [CallEntry] = []
    /// Types a file-scope constant holds an instance of (`private let monitor = Monitor()`).
    var globalInstances: [String] = []
    /// What each function does to its arguments, `self` and its properties (see `CallSummaries`).
    var summaries = FileSummaries()

    /// Reads the facts of one file: its declarations and call summaries, and what `requests` asks.
    public init(tree: SyntaxTree, requests: IndexRequests) {
        let outline = tree.outline
        let qualified = ProjectIndex.qualifiedNames(tree)
        types.reserveCapacity(outline.types.count)
        // Read in place, by position: a declaration copied whole counts a reference per string
        // and array in it.
        let declared = outline.types
        for position in declared.indices {
            let kind = declared[position].kind
            var classBound = false
            if kind == .protocol {
                classBound = declared[position].inheritedTypes.contains { $0.name == "AnyObject" || $0.name == "class" }
                    || outline.attributeNames[declared[position].attributes].contains("objc")
                    || (declared[position].whereClause.map { Self.whereClauseBindsSelfToClass(tree, $0) } ?? false)
            }
            types.append(TypeEntry(
                kind: kind, written: declared[position].name,
                qualified: kind == .extension ? ProjectIndex.withoutGenerics(declared[position].name) : qualified[position],
                inherited: declared[position].inheritedTypes.map(\.name), declaresClassBound: classBound))
        }
        for alias in outline.typeAliases {
            let scope = alias.enclosingType >= 0 ? Int32(outline.nodes[alias.enclosingType].detail) : -1
            let target: ProjectIndex.AliasTarget
            if TypeNames.isFunctionType(tree, alias.target) {
                target = .function
            } else if let written = TypeNames.annotated(tree, alias.target) {
                target = .type(written, scope: nil)
            } else {
                target = .other
            }
            aliases.append(AliasEntry(scopeType: scope, name: alias.name, target: target))
        }
        readMembers(tree)
        // Locals are searched only for names some variable of the file declares: most receivers
        // and arguments are properties, and the search walks back through the function.
        if requests.assignments || !requests.callNames.isEmpty {
            var variableNames = NameSlots(capacity: outline.variables.count)
            let variables = outline.variables
            tree.source.bytes.withUnsafeBufferPointer { source in
                for index in variables.indices {
                    _ = variableNames.insert(bytes: UnsafeBufferPointer(rebasing: source[tree.nameBytes(ofToken: variables[index].nameToken)]))
                }
            }
            if requests.assignments { readAssignments(tree, variableNames: variableNames) }
            readCalls(tree, callNames: requests.callNames, variableNames: variableNames)
        }
        summaries = FileSummaries.extract(tree, qualifiedTypeNames: qualified)
    }

    /// `[]` or `[:]` as the whole of `range`, starting at its first significant token `first`.
    static func isEmptyCollectionLiteral(_ tree: SyntaxTree, startingAt first: Int, in range: Range<Int>) -> Bool {
        guard tree.tokens[first].kind == .leftBracket, let close = tree.partner(ofToken: first), close > first,
              (tree.nextSignificant(after: close) ?? Int.max) >= range.upperBound else { return false }
        let inside = tree.significantTokens(in: (first + 1)..<close)
        return inside.isEmpty || (inside.count == 1 && tree.token(inside[0], is: ":"))
    }

    /// The position of the type enclosing node `node`, or -1.
    private static func enclosingType(_ outline: Outline, _ node: Int) -> Int32 {
        let typeNode = outline.nodes[node].enclosingType
        return typeNode >= 0 ? Int32(outline.nodes[typeNode].detail) : -1
    }

    private mutating func readMembers(_ tree: SyntaxTree) {
        let outline = tree.outline
        // Counted first: the facts live until the run ends, and an array grown by doubling would
        // keep up to twice the members' size (on 11,495 files, 14 MB at the peak).
        func isMember(_ node: Int) -> Bool {
            let parent = outline.nodes[node].parent
            return parent >= 0 && outline.nodes[parent].kind == .type
        }
        var memberCount = 0
        for index in outline.variables.indices where isMember(outline.variables[index].node) { memberCount += 1 }
        for index in outline.functions.indices where outline.functions[index].kind == .function
            && isMember(outline.functions[index].node) { memberCount += 1 }
        members.reserveCapacity(memberCount)
        // Declarations are read field by field in place (a copy of one counts a reference per
        // string and array in it), and a type's generic parameters are read once for its run of
        // members: a type's members come one after another, and a dictionary keyed by type cost
        // more to fill and hash (some 1,300 instructions a member) than reading them again when a
        // type's members are interleaved with a nested type's.
        let variables = outline.variables
        var genericType = -1
        var genericParameters: [String: String?] = [:]
        for index in variables.indices {
            let node = outline.nodes[variables[index].node]
            let initializer = variables[index].initializer
            if node.parent < 0 {
                // A file-scope constant created with a type's initializer lives as long as the app.
                if variables[index].isLet, let initializer, let type = TypeNames.initialized(tree, initializer) {
                    globalInstances.append(type)
                }
                continue
            }
            guard outline.nodes[node.parent].kind == .type else { continue }
            let typeIndex = outline.nodes[node.parent].detail
            let annotation = variables[index].typeAnnotation
            var named = annotation.flatMap { TypeNames.annotated(tree, $0) }
            if named == nil, let initializer { named = TypeNames.initialized(tree, initializer) }
            // `let sheet: Sheet` in `Container<Sheet: UIViewController>` holds a `UIViewController`.
            if let written = named {
                if genericType != typeIndex {
                    genericParameters = GenericParameters.declared(tree, afterName: outline.types[typeIndex].nameToken,
                                                                   whereClause: outline.types[typeIndex].whereClause)
                    genericType = typeIndex
                }
                // Most types declare none: no name hashed for them.
                if !genericParameters.isEmpty, let constraint = genericParameters[written] { named = constraint }
            }
            let modifiers = variables[index].modifiers
            members.append(MemberEntry(
                name: tree.text(ofToken: variables[index].nameToken), writtenType: named, type: Int32(typeIndex), isProperty: true,
                isStored: variables[index].storage != .computed,
                isWeakOrUnowned: modifiers.contains(.weak) || modifiers.contains(.unowned),
                isLazy: modifiers.contains(.lazy), isOutlet: outline.attributeNames[variables[index].attributes].contains("IBOutlet"),
                annotatedAsFunction: annotation.map { TypeNames.isFunctionType(tree, $0) } ?? false,
                isStaticInstance: variables[index].isLet && modifiers.contains(.static) && initializer != nil
                    && initializer.flatMap { TypeNames.initialized(tree, $0) } != nil))
        }
        let functions = outline.functions
        for index in functions.indices where functions[index].kind == .function {
            let node = outline.nodes[functions[index].node]
            guard node.parent >= 0, outline.nodes[node.parent].kind == .type else { continue }
            members.append(MemberEntry(
                name: functions[index].name, writtenType: nil, type: Int32(outline.nodes[node.parent].detail), isProperty: false,
                isStored: false, isWeakOrUnowned: false, isLazy: false, isOutlet: false, annotatedAsFunction: false))
        }
    }

    private mutating func readAssignments(_ tree: SyntaxTree, variableNames: NameSlots) {
        let outline = tree.outline
        for assignment in outline.assignments {
            guard let lhs = AssignedPath(tree, tokens: assignment.lhs), let member = lhs.lastName else { continue }
            // Only the first tokens of the right-hand side decide its shape: it is not gathered
            // whole, since it can be a closure holding the rest of the file.
            let first = Self.firstSignificant(tree, in: assignment.rhs)
            let single = first.map { (tree.nextSignificant(after: $0) ?? Int.max) >= assignment.rhs.upperBound } ?? false
            let value: ProjectIndex.AssignedValue
            if single, let first, tree.token(first, is: "self") {
                value = .selfReference
            } else if single, let first, tree.tokens[first].isKeyword(.nil) {
                value = .nilLiteral
            } else if let first, Self.isEmptyCollectionLiteral(tree, startingAt: first, in: assignment.rhs) {
                value = .emptyCollection
            } else if Self.isCreation(tree, assignment.rhs) {
                value = .creation
            } else if single, let first, tree.tokens[first].kind == .identifier,
                      case let name = tree.text(ofToken: first), variableNames.slot(of: name) != nil,
                      let local = tree.localVariable(named: name, visibleAt: assignment.node),
                      let initializer = outline.variables[local].initializer,
                      Self.isCreation(tree, initializer) {
                // `let source = PhotoSource(photo); self.source = source` stores a new object too.
                value = .creation
            } else {
                value = .other
            }
            var receiver = ReceiverSource.none
            if lhs.names.count == 2, let root = lhs.names.first {
                receiver = .member(root)
                if !lhs.startsWithSelf {
                    if variableNames.slot(of: root) != nil, let local = tree.localVariable(named: root, visibleAt: assignment.node) {
                        let variable = outline.variables[local]
                        receiver = .written(variable.typeAnnotation.flatMap { TypeNames.annotated(tree, $0) }
                            ?? variable.initializer.flatMap { TypeNames.initialized(tree, $0) })
                    } else if let (_, parameter) = tree.parameter(named: root, visibleAt: assignment.node) {
                        receiver = .written(TypeNames.annotated(tree, outline.parameters[parameter].type))
                    }
                }
            }
            let functionNode = outline.nodes[assignment.node].enclosingFunction
            // The two fields read in place, not the whole declaration copied.
            let function = functionNode >= 0 ? outline.nodes[functionNode].detail : -1
            assignments.append(AssignmentEntry(
                member: member, value: value, isOwnMember: lhs.names.count == 1,
                type: Self.enclosingType(outline, assignment.node), receiver: receiver,
                function: function >= 0 ? outline.functions[function].fullName : nil,
                inDeinit: function >= 0 && outline.functions[function].kind == .deinitializer))
        }
    }

    private mutating func readCalls(_ tree: SyntaxTree, callNames: Set<String>, variableNames: NameSlots) {
        let outline = tree.outline
        if !callNames.isEmpty {
            // Compare lengths first: most calls are not remembered, and a bit per length (the
            // last bit for 63 bytes and more) tells them without hashing or allocating.
            var lengths: UInt64 = 0
            for name in callNames { lengths |= 1 << UInt64(min(name.utf8.count, 63)) }
            for call in outline.calls {
                guard lengths >> UInt64(min(tree.tokens[call.nameToken].range.count, 63)) & 1 == 1 else { continue }
                let name = tree.text(ofToken: call.nameToken)
                guard callNames.contains(name) else { continue }
                let node = outline.nodes[call.node]
                let functionNode = node.enclosingFunction
                let function = functionNode >= 0 ? outline.functions[outline.nodes[functionNode].detail] : nil
                let arguments = outline.arguments[call.arguments]
                let firstChain = arguments.first.flatMap {
                    Self.mayBeChain(tree, $0.expression) ? ExpressionChain(tree, tokens: $0.expression) : nil
                }
                var firstIsLocal = false
                if let firstChain, !firstChain.startsWithSelf, let root = firstChain.names.first {
                    firstIsLocal = (variableNames.slot(of: root) != nil && tree.localVariable(named: root, visibleAt: call.node) != nil)
                        || tree.parameter(named: root, visibleAt: call.node) != nil
                }
                let indexed = ProjectIndex.IndexedCall(
                    name: name, receiver: call.receiver.flatMap { ExpressionChain(tree, tokens: $0)?.key },
                    firstArgument: firstChain?.key, firstArgumentIsLocal: firstIsLocal,
                    labels: arguments.map { tree.label(of: $0) ?? "_" }, function: function?.fullName,
                    inDeinit: function?.kind == .deinitializer)
                if node.enclosingType >= 0 {
                    calls.append(CallEntry(type: Int32(outline.nodes[node.enclosingType].detail), call: indexed))
                }
            }
        }
    }

    /// `Foo(...)`, `Foo.init(...)` or `.init(...)` (or a cast, which names the type too): what
    /// `TypeNames.initialized` finds, without gathering the whole expression. A cast is looked
    /// for among the top-level tokens only (jumping over brackets), and the creation forms are
    /// decided by their first few tokens, so the cost does not grow with closures inside.
    static func isCreation(_ tree: SyntaxTree, _ range: Range<Int>) -> Bool {
        guard let first = firstSignificant(tree, in: range) else { return false }
        var prefix: [Int] = [first]
        func next() -> Int? {
            guard let last = prefix.last, let following = tree.nextSignificant(after: last),
                  following < range.upperBound else { return nil }
            prefix.append(following)
            return following
        }
        // `.init(...)`
        if tree.tokens[first].kind == .period {
            if let second = next(), tree.token(second, is: "init"), next() != nil { return true }
        }
        var token: Int? = first
        while let current = token, current < range.upperBound {
            switch tree.tokens[current].kind {
            case .leftParen, .leftBracket, .leftBrace:
                // An unclosed bracket leaves the rest nested: no top-level cast after it.
                guard let close = tree.partner(ofToken: current), close < range.upperBound else { token = nil; continue }
                token = tree.nextSignificant(after: close)
            case .rightParen, .rightBracket, .rightBrace:
                token = nil
            case .keyword where tree.tokens[current].keyword == .as:
                return TypeNames.initialized(tree, range) != nil
            default:
                token = tree.nextSignificant(after: current)
            }
        }
        guard tree.tokens[first].kind == .identifier else { return false }
        // No cast: `Name(`, `Name.Inner {`, `Name<`, `Name.init`, decided by the dotted name and
        // the two tokens after it.
        prefix = [first]
        while let period = next(), tree.tokens[period].kind == .period, let name = next(),
              tree.tokens[name].kind == .identifier {}
        _ = next()
        return TypeNames.initialized(tree, first..<(prefix.last! + 1)) != nil
    }

    /// The first significant token of a raw range, if any.
    static func firstSignificant(_ tree: SyntaxTree, in range: Range<Int>) -> Int? {
        guard range.lowerBound < range.upperBound else { return nil }
        let token = tree.tokens[range.lowerBound].isTrivia ? tree.nextSignificant(after: range.lowerBound) : range.lowerBound
        return token.flatMap { $0 < range.upperBound ? $0 : nil }
    }

    /// Whether an expression can be a chain (`ExpressionChain` reads it only then): closures and
    /// literals are not, and gathering one whole would cost its size at every call that takes it.
    static func mayBeChain(_ tree: SyntaxTree, _ range: Range<Int>) -> Bool {
        guard let first = firstSignificant(tree, in: range) else { return false }
        let token = tree.tokens[first]
        return token.kind == .identifier || token.kind == .period || token.kind == .keyword
    }

    /// `where Self: UIViewController` makes a protocol class-bound.
    static func whereClauseBindsSelfToClass(_ tree: SyntaxTree, _ clause: Range<Int>) -> Bool {
        let text = tree.text(ofTokens: clause)
        return text.contains("Self") && (text.contains("AnyObject") || text.contains("Controller") || text.contains("View"))
    }
}

/// The names of an assignment's left-hand side, read the way `ExpressionChain` reads a chain
/// (`self.child?.view`, `items[0].delegate`) but without building its links: the index needs
/// only the names, whether the chain starts at `self`, and whether it ends in a name, for every
/// assignment of the run.
struct AssignedPath {
    /// The names, a leading `self` dropped.
    var names: [String] = []
    var startsWithSelf = false
    /// The last name, when the chain ends in one (not in a call or subscript).
    var lastName: String?

    init?(_ tree: SyntaxTree, tokens range: Range<Int>) {
        func next(_ token: Int) -> Int? {
            tree.nextSignificant(after: token).flatMap { $0 < range.upperBound ? $0 : nil }
        }
        var token = ProjectIndexFacts.firstSignificant(tree, in: range)
        // `try`, `try?`, `await`.
        while let current = token, tree.tokens[current].isKeyword(.try) || tree.token(current, is: "await") {
            token = next(current)
            if let following = token, tree.tokens[following].kind == .operator,
               tree.token(following, is: "?") || tree.token(following, is: "!") {
                token = next(following)
            }
        }
        guard let start = token else { return nil }
        if tree.tokens[start].kind == .period { token = next(start) }
        var expectName = true
        var linkCount = 0
        var lastIsName = false
        while let current = token {
            let kind = tree.tokens[current].kind
            if expectName {
                guard kind == .identifier || (kind == .keyword && tree.tokens[current].keyword == .`init`) else { return nil }
                let name = tree.text(ofToken: current)
                if linkCount == 0 && name == "self" { startsWithSelf = true } else { names.append(name) }
                linkCount += 1
                lastIsName = true
                expectName = false
                lastName = name
                token = next(current)
                continue
            }
            switch kind {
            case .period:
                expectName = true
            case .operator where tree.token(current, is: "?") || tree.token(current, is: "!"):
                break
            case .leftParen, .leftBracket, .leftBrace:
                guard let close = tree.partner(ofToken: current), close < range.upperBound else { return nil }
                linkCount += 1
                lastIsName = false
                token = next(close)
                continue
            default:
                return nil
            }
            token = next(current)
        }
        guard !expectName, linkCount > 0 else { return nil }
        if !lastIsName { lastName = nil }
    }
}
