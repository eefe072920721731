/// The generic parameters a declaration introduces (`<Sheet: UIViewController, Item>` after its
/// name, and `where Item: UIView` requirements), each with its first written constraint: a
/// property typed `Sheet` holds some `UIViewController`, not a type called `Sheet`.
enum GenericParameters {
    /// How many tokens a generic clause is read for: longer clauses are not generic parameter
    /// lists anyone writes, and the read stays bounded on broken input.
    static let tokenLimit = 96

    /// The parameters declared after the name token `nameToken` (and in `whereClause`), by name;
    /// the value is the first constraint as written, or `nil` when none is written.
    static func declared(_ tree: SyntaxTree, afterName nameToken: Int, whereClause: Range<Int>? = nil) -> [String: String?] {
        var result: [String: String?] = [:]
        guard let open = tree.nextSignificant(after: nameToken), tree.token(open, is: "<") else {
            if let whereClause { readRequirements(tree, whereClause, into: &result) }
            return result
        }
        var depth = 0
        var expectingName = true
        var current: String?
        var token = open
        var read = 0
        while read < tokenLimit, let next = tree.nextSignificant(after: token) {
            token = next
            read += 1
            let text = tree.text(ofToken: token)
            if text == "<" { depth += 1; continue }
            if text.allSatisfy({ $0 == ">" }), !text.isEmpty {
                depth -= text.count
                if depth < 0 { break }
                continue
            }
            guard depth == 0 else { continue }
            if text == "," { expectingName = true; current = nil; continue }
            if text == ":" { continue }
            guard tree.tokens[token].kind == .identifier else { continue }
            if expectingName {
                if text == "each" { continue }
                current = text
                result[text] = .some(nil)
                expectingName = false
            } else if let name = current, result[name] == .some(nil) {
                result[name] = .some(text)
            }
        }
        if let whereClause { readRequirements(tree, whereClause, into: &result) }
        return result
    }

    /// `where Item: UIView, Other == Int`: the conformance requirements on parameters already read.
    private static func readRequirements(_ tree: SyntaxTree, _ clause: Range<Int>, into result: inout [String: String?]) {
        let tokens = tree.significantTokens(in: clause).prefix(tokenLimit)
        var previous: [Int] = []
        for token in tokens {
            if previous.count >= 2, tree.token(previous[previous.count - 1], is: ":"),
               case let name = tree.text(ofToken: previous[previous.count - 2]), result[name] == .some(nil),
               tree.tokens[token].kind == .identifier {
                result[name] = .some(tree.text(ofToken: token))
            }
            previous.append(token)
        }
    }
}
