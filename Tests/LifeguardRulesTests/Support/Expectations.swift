import LifeguardKit

/// `// expect: rule_id` markers in fixture files. At the end of a line, a marker expects a
/// diagnostic starting on that line; on a line of its own, on the next line with code. A marker
/// may list several ids (`// expect: a, b`), and an id twice for two diagnostics.
struct Expectation: Hashable, Comparable, CustomStringConvertible {
    var line: Int
    var ruleID: String

    static func < (lhs: Expectation, rhs: Expectation) -> Bool { (lhs.line, lhs.ruleID) < (rhs.line, rhs.ruleID) }
    var description: String { "\(line): \(ruleID)" }

    static func parse(_ text: String) -> [Expectation] {
        let source = SourceFile(path: "fixture", text: text)
        let tokens = Tokenizer.tokenize(source.bytes)
        var result: [Expectation] = []
        for (index, token) in tokens.enumerated() where token.kind == .lineComment {
            let comment = source.text(token.range)
            guard let marker = comment.range(of: "expect:") else { continue }
            let ids = comment[marker.upperBound...]
                .split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" })
                .map(String.init)
                .filter { !$0.isEmpty }
            let commentLine = source.lineIndex(of: token.startOffset)
            // Own line: nothing but whitespace before the comment on its line.
            var ownLine = true
            var previous = index - 1
            while previous >= 0, tokens[previous].kind != .newline {
                if tokens[previous].kind != .whitespace { ownLine = false }
                previous -= 1
            }
            var line = commentLine + 1
            if ownLine {
                var next = index + 1
                while next < tokens.count, tokens[next].isTrivia { next += 1 }
                if next < tokens.count { line = source.lineIndex(of: tokens[next].startOffset) + 1 }
            }
            result += ids.map { Expectation(line: line, ruleID: $0) }
        }
        return result.sorted()
    }
}

extension String {
    func range(of needle: String) -> Range<String.Index>? {
        var start = startIndex
        while start < endIndex {
            if self[start...].hasPrefix(needle) { return start..<(index(start, offsetBy: needle.count)) }
            start = index(after: start)
        }
        return nil
    }
}
