/// One lexical token: a kind and a byte range into its file. Tokens own no text.
public struct Token: Hashable, Sendable {
    public var kind: TokenKind
    /// The reserved word, when `kind == .keyword`; otherwise `.none`.
    public var keyword: Keyword
    public var flags: TokenFlags
    @usableFromInline var start: UInt32
    @usableFromInline var end: UInt32

    @inlinable
    public init(kind: TokenKind, keyword: Keyword = .none, flags: TokenFlags = [], range: Range<Int>) {
        self.kind = kind
        self.keyword = keyword
        self.flags = flags
        self.start = UInt32(truncatingIfNeeded: range.lowerBound)
        self.end = UInt32(truncatingIfNeeded: range.upperBound)
    }

    /// The token's bytes in its file.
    @inlinable public var range: Range<Int> { Int(start)..<Int(end) }
    /// The bytes of the name the token spells: its range without the backticks of `` `name` ``.
    @inlinable public var nameRange: Range<Int> {
        flags.contains(.backticked) && end - start >= 2 ? Int(start + 1)..<Int(end - 1) : range
    }
    @inlinable public var startOffset: Int { Int(start) }
    @inlinable public var endOffset: Int { Int(end) }

    /// Whitespace, newlines and comments: what the parser skips.
    @inlinable public var isTrivia: Bool { kind.isTrivia }

    @inlinable public func isKeyword(_ word: Keyword) -> Bool { kind == .keyword && keyword == word }
}

/// Facts about a token that its kind alone does not say.
public struct TokenFlags: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// A string, comment or regex literal that reached the end of its line or file unclosed.
    public static let unterminated = TokenFlags(rawValue: 1 << 0)
    /// An identifier written in backticks, such as `` `default` ``.
    public static let backticked = TokenFlags(rawValue: 1 << 1)
    /// The first significant token after a line break (comments in between do not count).
    public static let startsLine = TokenFlags(rawValue: 1 << 2)
    /// A string delimiter of a multi-line (`"""`) literal.
    public static let multiline = TokenFlags(rawValue: 1 << 3)
    /// A string delimiter of a raw (`#"`) literal.
    public static let raw = TokenFlags(rawValue: 1 << 4)
    /// No whitespace, newline or comment separates this token from the previous one.
    public static let joinedToPrevious = TokenFlags(rawValue: 1 << 5)
}

/// What a token is. Contextual keywords (`override`, `weak`, `self`, `get`, `willSet`, `actor`, ...)
/// are identifiers; the outline interprets them where their position gives them meaning.
public enum TokenKind: UInt8, Hashable, Sendable {
    // Trivia comes first, so `isTrivia` is one comparison.
    /// A `#!` line at the start of a file.
    case shebang
    /// A UTF-8 byte order mark at the start of a file.
    case byteOrderMark
    case whitespace
    case newline
    case lineComment
    case docLineComment
    case blockComment
    case docBlockComment

    case identifier
    case keyword
    case integerLiteral
    case floatLiteral

    /// The opening delimiter of a string: `"`, `"""`, `#"`, `##"""`, ...
    case stringStart
    /// Literal text inside a string, escapes included.
    case stringSegment
    /// `\(` or `\#(` inside a string; the tokens that follow are code until `interpolationEnd`.
    case interpolationStart
    /// The `)` that closes an interpolation.
    case interpolationEnd
    /// The closing delimiter of a string.
    case stringEnd
    /// `/.../`, `#/.../#`, including its delimiters.
    case regexLiteral

    case leftParen, rightParen, leftBrace, rightBrace, leftBracket, rightBracket
    case comma, colon, semicolon
    /// `.` used for member access (dotted operators such as `..<` are `operator`).
    case period
    /// `=` on its own: assignment and initializer.
    case equal
    /// `->`
    case arrow
    /// `\` outside a string: a key path.
    case backslash
    /// Any other operator, built-in or custom, including `?`, `!`, `&`, `==`, `...`.
    case `operator`

    /// `@name`, the attribute name only; its arguments are ordinary tokens.
    case attribute
    case poundIf, poundElseif, poundElse, poundEndif
    /// Any other `#name`: `#selector`, `#available`, `#warning`, a freestanding macro.
    case poundKeyword

    /// Bytes that are not Swift: invalid UTF-8, stray characters.
    case unknown

    @inlinable public var isTrivia: Bool { rawValue <= TokenKind.docBlockComment.rawValue }

    @inlinable public var isComment: Bool {
        switch self {
        case .lineComment, .docLineComment, .blockComment, .docBlockComment: return true
        default: return false
        }
    }
}

/// Swift's reserved words. Words that are keywords only in some positions are not here.
public enum Keyword: UInt8, Hashable, Sendable, CaseIterable {
    case none
    // Declarations
    case `associatedtype`, `class`, `deinit`, `enum`, `extension`, `fileprivate`, `func`, `import`,
         `init`, `inout`, `internal`, `let`, `operator`, `private`, `precedencegroup`, `protocol`,
         `public`, `rethrows`, `static`, `struct`, `subscript`, `typealias`, `var`
    // Statements
    case `break`, `case`, `catch`, `continue`, `default`, `defer`, `do`, `else`, `fallthrough`,
         `for`, `guard`, `if`, `in`, `repeat`, `return`, `throw`, `switch`, `where`, `while`
    // Expressions and types
    case `as`, `false`, `is`, `nil`, `throws`, `true`, `try`

    /// The spelling of the keyword. Spelled out rather than `String(describing:)`, whose
    /// reflection cost more than lexing a small file when the keyword table is built.
    public var text: String {
        switch self {
        case .none: return ""
        case .associatedtype: return "associatedtype"
        case .class: return "class"
        case .`deinit`: return "deinit"
        case .enum: return "enum"
        case .extension: return "extension"
        case .fileprivate: return "fileprivate"
        case .func: return "func"
        case .import: return "import"
        case .`init`: return "init"
        case .inout: return "inout"
        case .internal: return "internal"
        case .let: return "let"
        case .operator: return "operator"
        case .private: return "private"
        case .precedencegroup: return "precedencegroup"
        case .protocol: return "protocol"
        case .public: return "public"
        case .rethrows: return "rethrows"
        case .static: return "static"
        case .struct: return "struct"
        case .`subscript`: return "subscript"
        case .typealias: return "typealias"
        case .var: return "var"
        case .break: return "break"
        case .case: return "case"
        case .catch: return "catch"
        case .continue: return "continue"
        case .default: return "default"
        case .defer: return "defer"
        case .do: return "do"
        case .else: return "else"
        case .fallthrough: return "fallthrough"
        case .for: return "for"
        case .guard: return "guard"
        case .if: return "if"
        case .in: return "in"
        case .repeat: return "repeat"
        case .return: return "return"
        case .throw: return "throw"
        case .switch: return "switch"
        case .where: return "where"
        case .while: return "while"
        case .as: return "as"
        case .false: return "false"
        case .is: return "is"
        case .nil: return "nil"
        case .throws: return "throws"
        case .true: return "true"
        case .try: return "try"
        }
    }
}
