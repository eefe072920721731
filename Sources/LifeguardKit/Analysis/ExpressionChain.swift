/// A postfix expression read as its links: `self.child?.view`, `children[0].view`,
/// `NotificationCenter.default.addObserver(...)`. Rules compare chains instead of text, so
/// `self.child`, `child` and `child!` are the same receiver.
public struct ExpressionChain: Sendable, Equatable {
    public enum Link: Sendable, Equatable {
        /// A name: `child`, `self`, `view`; for an implicit member the first link is `.name`.
        case name(String)
        /// Call parentheses, with the raw token range of the arguments between them.
        case call(Range<Int>)
        /// Subscript brackets, with the text inside (spaces removed).
        case `subscript`(String)
        /// A trailing closure.
        case closure
    }

    public var links: [Link]
    /// The token where each link starts.
    public var linkTokens: [Int]
    public var isImplicitMember: Bool

    /// Reads the significant tokens of `range` as one chain; `nil` when they are anything else
    /// (an operator expression, a literal, a closure). `try`, `await` and postfix `?`/`!` are skipped.
    public init?(_ tree: SyntaxTree, tokens range: Range<Int>) {
        var links: [Link] = []
        var linkTokens: [Int] = []
        guard let implicit = Self.read(tree, tokens: range, { token, link in
            // Room for the usual few links at once, rather than growing link by link.
            if links.isEmpty {
                let count = min(tree.significantCount(in: range), 6)
                links.reserveCapacity(count)
                linkTokens.reserveCapacity(count)
            }
            switch link {
            case .name: links.append(.name(tree.text(ofToken: token)))
            case .call(let arguments): links.append(.call(arguments))
            case .subscript(let inside): links.append(.subscript(tree.textWithoutWhitespace(ofTokens: inside)))
            case .closure: links.append(.closure)
            }
            linkTokens.append(token)
        }) else { return nil }
        self.links = links
        self.linkTokens = linkTokens
        self.isImplicitMember = implicit
    }

    /// A link as `read` finds it, by tokens: a subscript's raw token range inside its brackets.
    enum LinkToken {
        case name
        case call(Range<Int>)
        case `subscript`(Range<Int>)
        case closure
    }

    /// The chain `init?(_:tokens:)` reads, walked without being built: `link` gets each link's
    /// first token and kind as it is read (also for a range found to be no chain further on);
    /// whether the chain is an implicit member's, or `nil` when the range is no chain. A caller
    /// that needs the links' strings or arrays only for a moment reads them from the tokens.
    @inline(__always)
    static func read(_ tree: SyntaxTree, tokens range: Range<Int>, _ link: (_ token: Int, _ kind: LinkToken) -> Void) -> Bool? {
        var tokens = tree.significantTokens(in: range)[...]
        while let first = tokens.first, tree.tokens[first].isKeyword(.try) || tree.token(first, is: "await") {
            tokens = tokens.dropFirst()
            if let next = tokens.first, tree.tokens[next].kind == .operator, tree.token(next, is: "?") || tree.token(next, is: "!") {
                tokens = tokens.dropFirst()
            }
        }
        guard let first = tokens.first else { return nil }
        // Most ranges that are no chain say so at their first name: ask before allocating.
        let head = tree.tokens[first].kind == .period ? tokens.dropFirst().first : first
        guard let head, tree.tokens[head].kind == .identifier || tree.tokens[head].isKeyword(.`init`) else { return nil }
        var links = 0
        var implicit = false
        var index = tokens.startIndex
        let end = tokens.endIndex
        var expectName = true
        if tree.tokens[tokens[index]].kind == .period {
            implicit = true
            index += 1
        }
        while index < end {
            let token = tokens[index]
            let kind = tree.tokens[token].kind
            if expectName {
                guard kind == .identifier || (kind == .keyword && tree.tokens[token].keyword == .`init`) else { return nil }
                link(token, .name)
                links += 1
                expectName = false
                index += 1
                continue
            }
            switch kind {
            case .period:
                expectName = true
            case .operator where tree.token(token, is: "?") || tree.token(token, is: "!"):
                break
            case .leftParen, .leftBracket, .leftBrace:
                guard let close = tree.partner(ofToken: token), close < range.upperBound else { return nil }
                switch kind {
                case .leftParen: link(token, .call((token + 1)..<close))
                case .leftBracket: link(token, .subscript((token + 1)..<close))
                default: link(token, .closure)
                }
                links += 1
                while index < end, tokens[index] < close { index += 1 }
            default:
                return nil
            }
            index += 1
        }
        guard !expectName, links > 0 else { return nil }
        return implicit
    }

    /// The chain's names, with a leading `self` dropped: `self.child.view` → `["child", "view"]`.
    public var names: [String] {
        var result: [String] = []
        for (offset, link) in links.enumerated() {
            if case .name(let name) = link, !(offset == 0 && name == "self") { result.append(name) }
        }
        return result
    }

    /// Whether the chain starts at `self`.
    public var startsWithSelf: Bool { links.first == .name("self") }

    /// The last link's name, when the chain ends in a name.
    public var lastName: String? {
        if case .name(let name)? = links.last { return name }
        return nil
    }

    /// A canonical spelling for comparing receivers: `self.` and `?`/`!` removed, calls as `()`,
    /// subscripts with their contents: `children[0].view`, `makeChild().view`.
    public var key: String { Self.key(links) }

    /// The key of the chain without its last link: `child` for `child.view`.
    public var baseKey: String? {
        guard links.count > 1 else { return nil }
        return Self.key(Array(links.dropLast()))
    }

    static func key(_ links: [Link]) -> String {
        var result = ""
        for (offset, link) in links.enumerated() {
            switch link {
            case .name(let name):
                if offset == 0 && name == "self" && links.count > 1 { continue }
                if !result.isEmpty { result += "." }
                result += name
            case .call: result += "()"
            case .subscript(let inside): result += "[\(inside)]"
            case .closure: result += "{}"
            }
        }
        return result
    }

    /// Whether any link is one of `names`.
    public func contains(anyOf names: Set<String>) -> Bool {
        links.contains { link in
            if case .name(let name) = link { return names.contains(name) }
            return false
        }
    }
}
