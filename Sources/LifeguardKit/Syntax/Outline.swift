/// The structural outline of one file: a flat array of nodes in source order, each pointing at its
/// details (a type, function, variable, closure, call, assignment or conditional) and its parent.
///
/// Nodes are stored in pre-order: a node comes before its descendants, and the descendants of
/// node `i` are exactly the nodes `i + 1 ..< nodes[i].subtreeEnd`. Token positions are indices
/// into the file's token array.
public struct Outline: Sendable {
    public internal(set) var nodes: [Node] = []
    public internal(set) var types: [TypeDeclaration] = []
    public internal(set) var functions: [FunctionDeclaration] = []
    public internal(set) var variables: [VariableDeclaration] = []
    public internal(set) var closures: [Closure] = []
    public internal(set) var calls: [Call] = []
    public internal(set) var assignments: [Assignment] = []
    public internal(set) var conditionals: [Conditional] = []
    /// Argument storage for `calls`; each call holds a range into it.
    public internal(set) var arguments: [Argument] = []
    /// Parameter storage for `functions`.
    public internal(set) var parameters: [Parameter] = []
    /// Capture-list storage for `closures`.
    public internal(set) var captures: [Capture] = []
    /// Closure parameter names' raw tokens, for `Closure.parameters`.
    public internal(set) var closureParameters: [Int] = []
    /// Modules named by `import` declarations (`UIKit` for `import UIKit`, `@testable import UIKit`
    /// and `import class UIKit.UIView`), in order.
    public internal(set) var imports: [String] = []
    /// `typealias Name = Target` declarations, in order.
    public internal(set) var typeAliases: [TypeAlias] = []
    /// Attribute names (without `@`: `objc`, `MainActor`) of every declaration; each type,
    /// function and variable holds a range into it.
    public internal(set) var attributeNames: [String] = []

    public init() {}

    /// The details (indices into the array for `kind`) of the nodes of that kind inside node
    /// `node`'s subtree, in source order.
    public func descendants(of node: Int, kind: NodeKind) -> [Int] {
        var result: [Int] = []
        var index = node + 1
        while index < nodes[node].subtreeEnd {
            if nodes[index].kind == kind { result.append(nodes[index].detail) }
            index += 1
        }
        return result
    }

    /// The trailing closures of call `call` (indices into `closures`), in order.
    public func trailingClosures(of call: Int) -> [Int] {
        var result: [Int] = []
        var next = calls[call].firstTrailingClosure
        // Each closure is linked from at most one other, so the walk ends; the bound guards
        // against an outline built by hand.
        while next >= 0, next < closures.count, result.count < closures.count {
            result.append(next)
            next = closures[next].nextTrailingClosure
        }
        return result
    }
}

/// What a node is; its details live in the outline array of the same name.
public enum NodeKind: UInt8, Sendable {
    case type, function, variable, closure, call, assignment, conditional
}

/// One entry of the outline.
public struct Node: Sendable {
    public var kind: NodeKind
    /// Index into the outline array for `kind` (`types`, `functions`, ...).
    public var detail: Int
    /// The enclosing node, or -1 at file level.
    public var parent: Int
    /// The tokens the node spans: `tokens.lowerBound` is its first token, `upperBound` one past its last.
    public var tokens: Range<Int>
    /// One past the index of the node's last descendant.
    public var subtreeEnd: Int
    /// The nearest enclosing type node, or -1.
    public var enclosingType: Int
    /// The nearest enclosing function node (`func`, `init`, `deinit`, `subscript`, accessor)
    /// below that type, or -1.
    public var enclosingFunction: Int
}

/// A run of tokens between a matched opening and closing bracket (`{}`, `()`, `[]`).
/// `close` is the closing token's index, or the token count when the file ends first.
public struct Block: Hashable, Sendable {
    public var open: Int
    public var close: Int

    public init(open: Int, close: Int) {
        self.open = open
        self.close = close
    }

    /// The tokens strictly between the brackets.
    public var interior: Range<Int> { (open + 1)..<max(open + 1, close) }

    /// Whether `token` lies inside the brackets.
    public func contains(_ token: Int) -> Bool { token > open && token < close }
}

/// Declaration modifiers, with contextual keywords (`override`, `weak`, `lazy`, ...) included.
public struct Modifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let `override` = Modifiers(rawValue: 1 << 0)
    public static let `static` = Modifiers(rawValue: 1 << 1)
    /// `class func`, `class var`.
    public static let `class` = Modifiers(rawValue: 1 << 2)
    public static let final = Modifiers(rawValue: 1 << 3)
    public static let required = Modifiers(rawValue: 1 << 4)
    public static let convenience = Modifiers(rawValue: 1 << 5)
    public static let mutating = Modifiers(rawValue: 1 << 6)
    public static let nonmutating = Modifiers(rawValue: 1 << 7)
    public static let lazy = Modifiers(rawValue: 1 << 8)
    public static let weak = Modifiers(rawValue: 1 << 9)
    public static let unowned = Modifiers(rawValue: 1 << 10)
    public static let dynamic = Modifiers(rawValue: 1 << 11)
    public static let optional = Modifiers(rawValue: 1 << 12)
    public static let indirect = Modifiers(rawValue: 1 << 13)
    public static let nonisolated = Modifiers(rawValue: 1 << 14)
    public static let `private` = Modifiers(rawValue: 1 << 15)
    public static let `fileprivate` = Modifiers(rawValue: 1 << 16)
    public static let `internal` = Modifiers(rawValue: 1 << 17)
    public static let `public` = Modifiers(rawValue: 1 << 18)
    public static let open = Modifiers(rawValue: 1 << 19)
    public static let package = Modifiers(rawValue: 1 << 20)
    public static let prefix = Modifiers(rawValue: 1 << 21)
    public static let postfix = Modifiers(rawValue: 1 << 22)
    public static let infix = Modifiers(rawValue: 1 << 23)
    public static let distributed = Modifiers(rawValue: 1 << 24)
    public static let consuming = Modifiers(rawValue: 1 << 25)
    public static let borrowing = Modifiers(rawValue: 1 << 26)
}

/// `class`, `struct`, `enum`, `actor`, `protocol` or `extension`.
public enum TypeKind: String, Sendable, CaseIterable {
    case `class`, `struct`, `enum`, actor, `protocol`, `extension`

    /// Classes and actors have reference semantics; a protocol or extension depends on its type.
    public var isReferenceType: Bool { self == .class || self == .actor }
}

/// A name in an inheritance clause, with generic arguments and module qualifiers removed.
public struct InheritedType: Hashable, Sendable {
    /// `UIViewController` for `UIKit.UIViewController`, `Base` for `Base<Int>`.
    public var name: String
    /// The first token of the entry as written.
    public var token: Int
}

/// A type declaration or extension.
public struct TypeDeclaration: Sendable {
    public var node: Int
    public var kind: TypeKind
    /// The declared name; for an extension, the extended type as written (`Outer.Inner`).
    public var name: String
    public var nameToken: Int
    public var keywordToken: Int
    public var modifiers: Modifiers
    /// Range into `Outline.attributeNames`.
    public var attributes: Range<Int>
    public var inheritedTypes: [InheritedType]
    /// The `where` clause's tokens, when there is one.
    public var whereClause: Range<Int>?
    public var body: Block?
}

/// What kind of function-like declaration a `FunctionDeclaration` is.
public enum FunctionKind: String, Sendable {
    case function, initializer, deinitializer, `subscript`, accessor
}

/// `get`, `set`, `willSet`, `didSet`, and the rarer accessors.
public enum AccessorKind: String, Sendable {
    case get, set, willSet, didSet, read = "_read", modify = "_modify", `init`,
         unsafeAddress, unsafeMutableAddress
}

/// A `func`, `init`, `deinit`, `subscript` or property accessor.
public struct FunctionDeclaration: Sendable {
    public var node: Int
    public var kind: FunctionKind
    public var accessorKind: AccessorKind?
    /// The base name: `viewWillAppear`, `init`, `==`, `subscript`, `get`.
    public var name: String
    /// The full Swift name: `viewWillAppear(_:)`, `init(nibName:bundle:)`, `deinit`, `get`.
    public var fullName: String
    public var nameToken: Int
    /// `func`, `init`, `deinit`, `subscript`, or the accessor's word.
    public var keywordToken: Int
    /// The first token of the declaration, attributes and modifiers included.
    public var declarationStart: Int
    public var modifiers: Modifiers
    /// Range into `Outline.attributeNames`.
    public var attributes: Range<Int>
    /// Range into `Outline.parameters`.
    public var parameters: Range<Int>
    /// Tokens of the return type after `->`, when written.
    public var returnType: Range<Int>?
    public var body: Block?
    /// For an accessor: the property (`Outline.variables`) it belongs to, or -1 for a subscript's.
    public var property: Int?
    /// An accessor written as a bare body (`var x: Int { 1 }`), with no `get` keyword.
    public var isImplicitGetter: Bool
}

/// One parameter of a function, initializer or subscript.
///
/// Names are kept as tokens (`SyntaxTree.label(of:)` and `name(of:)` spell them), so a parameter
/// is plain data: the run's parameters are neither given strings nor freed one by one.
public struct Parameter: Sendable {
    /// The argument label callers write, or `nil` for `_` (and for operator functions).
    public var labelToken: Int?
    /// The name used inside the body.
    public var nameToken: Int
    public var type: Range<Int>
    public var defaultValue: Range<Int>?
}

/// How a property stores its value.
public enum Storage: String, Sendable {
    /// A plain stored property, possibly with an initializer.
    case stored
    /// Stored with `willSet`/`didSet` observers.
    case observed
    /// `get`/`set` or a bare getter body: nothing is stored.
    case computed
}

/// A `let` or `var` binding: a property, a local, a global, or a name bound in a condition
/// (`if let x = ...`, `guard let`, `for x in`).
///
/// The name is kept as its token (`SyntaxTree.name(of:)` spells it): a file's hundreds of locals
/// are neither given a string each nor freed one by one.
public struct VariableDeclaration: Sendable {
    public var node: Int
    public var nameToken: Int
    public var keywordToken: Int
    public var declarationStart: Int
    public var isLet: Bool
    /// Bound in a condition or loop pattern rather than declared as a statement.
    public var isConditionalBinding: Bool
    public var modifiers: Modifiers
    /// Range into `Outline.attributeNames`: a variable holds no array of its own, so the run's
    /// variables are plain data, copied and freed without reference counting.
    public var attributes: Range<Int>
    public var typeAnnotation: Range<Int>?
    /// Raw tokens of the value; for a shorthand binding (`if let x {`, `guard let x else`) the
    /// name itself, which reads the outer `x` (see `isShorthandBinding`).
    public var initializer: Range<Int>?
    public var accessors: Block?
    public var storage: Storage

    /// `if let x` / `guard let x` without `= value`: the name is also a use of the outer `x`.
    public var isShorthandBinding: Bool {
        isConditionalBinding && initializer == nameToken..<(nameToken + 1)
    }
}

/// `[weak self]`, `[unowned(safe) x]`, `[y = z]`.
public enum CaptureSpecifier: String, Sendable {
    case strong, weak, unowned, unownedSafe = "unowned(safe)", unownedUnsafe = "unowned(unsafe)"
}

/// One entry of a closure's capture list.
public struct Capture: Sendable {
    public var specifier: CaptureSpecifier
    /// The captured name (`SyntaxTree.name(of:)` spells it).
    public var nameToken: Int
    /// The tokens after `=`, for captures such as `[x = self.y]`.
    public var expression: Range<Int>?
}

/// A closure literal and what it is handed to.
public struct Closure: Sendable {
    public var node: Int
    public var body: Block
    /// Range into `Outline.captures`.
    public var captures: Range<Int>
    /// The `in` keyword ending the signature, when there is one.
    public var inToken: Int?
    /// The names of the parameters its signature declares, as raw tokens: a range of
    /// `Outline.closureParameters` (`SyntaxTree.parameterNames(of:)` spells them).
    public var parameters: Range<Int>
    /// The call this closure is an argument or trailing closure of.
    public var call: Int?
    /// The token of the argument label it is passed with (`completion`), `nil` when unlabeled
    /// (`SyntaxTree.argumentLabel(of:)` spells it).
    public var argumentLabelToken: Int?
    public var isTrailing: Bool
    /// The assignment whose right-hand side is this closure (`x = { ... }`).
    public var assignment: Int?
    /// The variable whose initializer is this closure (`let x = { ... }`).
    public var variable: Int?
    /// `{ ... }()`
    public var isImmediatelyInvoked: Bool
    /// The next trailing closure of the same call (`Outline.trailingClosures(of:)`), or -1.
    public var nextTrailingClosure: Int = -1
}

/// A call site: `receiver.name(label: value) { trailing }`.
public struct Call: Sendable {
    public var node: Int
    /// The token of the base name (`addSubview`, `init`, `Timer`).
    public var nameToken: Int
    /// The receiver expression before `.name`, without the dot; `nil` for a bare call.
    public var receiver: Range<Int>?
    /// Called through `?.`.
    public var isOptionalChain: Bool
    /// `.name(...)`, an implicit member expression.
    public var isImplicitMember: Bool
    /// The first token of the whole postfix expression the call ends.
    public var chainStart: Int
    /// Range into `Outline.arguments`; trailing closures are found with `Outline.trailingClosures(of:)`.
    public var arguments: Range<Int>
    public var parentheses: Block?
    /// The first trailing closure (an index into `Outline.closures`), or -1; the rest are linked
    /// through `Closure.nextTrailingClosure`. A call holds no array of its own, so copying one
    /// (every call of every file is read many times) counts no reference.
    public var firstTrailingClosure: Int = -1

    public var hasTrailingClosures: Bool { firstTrailingClosure >= 0 }
}

/// One argument inside a call's parentheses.
public struct Argument: Sendable {
    /// The label's token (`SyntaxTree.label(of:)` spells it), `nil` for an unlabelled argument.
    /// The label is not kept as a `String`: an argument is plain data, and the run's hundreds of
    /// thousands of arguments are neither given a string each nor freed one by one.
    public var labelToken: Int?
    /// The argument's tokens, trivia trimmed; empty for an empty argument.
    public var expression: Range<Int>
    /// The closure literal this argument is, when it is one.
    public var closure: Int?

    public var isLabelled: Bool { labelToken != nil }
}

/// `lhs = rhs` as a statement (declarations with initializers are `VariableDeclaration`s).
public struct Assignment: Sendable {
    public var node: Int
    public var lhs: Range<Int>
    public var rhs: Range<Int>
    public var equalToken: Int
}

/// The construct a `Conditional` is.
public enum ConditionalKind: String, Sendable {
    case `if`, `guard`, `while`, repeatWhile, forIn, `switch`, switchCase, `catch`
}

/// A statement whose body runs under a condition: `if`, `guard`, `while`, `for`, `switch` and
/// each of its cases, `catch`.
public struct Conditional: Sendable {
    public var node: Int
    public var kind: ConditionalKind
    public var keywordToken: Int
    /// The condition list, switch subject, case patterns, or loop pattern and sequence.
    public var condition: Range<Int>
    /// The then-body, loop body or switch body; for a case, its `:` alone (`open` and `close`
    /// both: the case's statements are its node's tokens).
    public var body: Block?
    /// The `else { ... }` of an `if` or `guard`.
    public var elseBody: Block?
}

/// `typealias Name<T> = Target`.
public struct TypeAlias: Sendable {
    public var name: String
    public var nameToken: Int
    /// The tokens after `=`.
    public var target: Range<Int>
    /// The type node the alias is declared in, or -1 at file level.
    public var enclosingType: Int
}
