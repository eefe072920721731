#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Builds a rule's edits from token indices, in the file's own indentation and line endings.
///
/// Every method returns `nil` when the edit would not be clean — a statement that shares its
/// line with other code, a body written on one line, a token index out of range — so a rule
/// writes `context.fixes.fix("…", [edit, …])` and gets a fix only when each edit is certain.
public struct FixBuilder {
    public let tree: SyntaxTree
    /// What the builder works out once per file (each rule's fixes ask again).
    let layout: FixLayout

    public init(tree: SyntaxTree) {
        self.init(tree: tree, layout: FixLayout())
    }

    init(tree: SyntaxTree, layout: FixLayout) {
        self.tree = tree
        self.layout = layout
    }

    var source: SourceFile { tree.source }
    var tokens: [Token] { tree.tokens }

    /// A fix from edits; `nil` when any edit is `nil`, or when two edits conflict.
    public func fix(_ message: String, _ edits: [Edit?]) -> Fix? {
        let present = edits.compactMap { $0 }
        guard present.count == edits.count else { return nil }
        return Fix(message: message, edits: present)
    }

    // MARK: - Tokens

    /// Replaces one token's bytes (backticks included) with `text`.
    public func replace(token: Int, with text: String) -> Edit? {
        guard tokens.indices.contains(token) else { return nil }
        return Edit(range: tokens[token].range, replacement: text)
    }

    /// Replaces the bytes from the first token's start to the last token's end, trivia between
    /// them included.
    public func replace(tokens range: Range<Int>, with text: String) -> Edit? {
        guard let bytes = tree.byteRange(ofTokens: range) else { return nil }
        return Edit(range: bytes, replacement: text)
    }

    /// Deletes the bytes from the end of token `after` up to the end of token `through`: for
    /// `view == nil`, deleting after `view` through `nil` removes ` == nil`.
    public func delete(after first: Int, through last: Int) -> Edit? {
        guard tokens.indices.contains(first), tokens.indices.contains(last), first < last else { return nil }
        return Edit(range: tokens[first].endOffset..<tokens[last].endOffset, replacement: "")
    }

    /// Deletes the bytes from the start of token `first` up to the start of token `before`: for
    /// `nil == view`, deleting from `nil` up to `view` removes `nil == `.
    public func delete(from first: Int, upTo before: Int) -> Edit? {
        guard tokens.indices.contains(first), tokens.indices.contains(before), first < before else { return nil }
        return Edit(range: tokens[first].startOffset..<tokens[before].startOffset, replacement: "")
    }

    /// Inserts `text` right before token `token`.
    public func insert(_ text: String, before token: Int) -> Edit? {
        guard tokens.indices.contains(token) else { return nil }
        return Edit(range: tokens[token].startOffset..<tokens[token].startOffset, replacement: text)
    }

    /// Inserts `text` right after token `token`.
    public func insert(_ text: String, after token: Int) -> Edit? {
        guard tokens.indices.contains(token) else { return nil }
        return Edit(range: tokens[token].endOffset..<tokens[token].endOffset, replacement: text)
    }

    // MARK: - Statements

    /// Inserts `statement` on a new line after the statement that contains `token`, indented
    /// like it: `addChild(child)` → `addChild(child)` + `child.didMove(toParent: self)` below.
    /// A trailing comment stays on the statement's line. `nil` unless that statement ends its
    /// line (nothing but a comment after it).
    public func insertStatement(_ statement: String, after token: Int) -> Edit? {
        guard let range = statementRange(containing: token), isAlone(range),
              let lineEnd = endOfLine(after: range.upperBound - 1) else { return nil }
        let ending = lineEnd.ending ?? lineEnding(near: range.lowerBound)
        return Edit(range: lineEnd.offset..<lineEnd.offset,
                    replacement: ending + indentation(ofLineAt: tokens[range.lowerBound].startOffset) + statement)
    }

    /// Inserts `statement` on a new line before the statement that contains `token`, indented
    /// like it. `nil` unless that statement starts its line and ends it.
    public func insertStatement(_ statement: String, before token: Int) -> Edit? {
        guard let range = statementRange(containing: token), isAlone(range) else { return nil }
        let start = tokens[range.lowerBound].startOffset
        let lineStart = source.lineStarts[source.lineIndex(of: start)]
        return Edit(range: lineStart..<lineStart,
                    replacement: indentation(ofLineAt: start) + statement + lineEnding(near: start))
    }

    /// Inserts `statement` as the first statement of the body `body` (a function's or a
    /// closure's braces), on its own line right after the `{` line, indented like the body's
    /// first statement (or, in an empty body, the `{` line's indentation plus the file's indent
    /// unit). An empty `{}` on one line opens onto three lines. `nil` when code follows `{` on
    /// its line.
    public func insertFirstStatement(_ statement: String, in body: Block) -> Edit? {
        guard tokens.indices.contains(body.open), tokens[body.open].kind == .leftBrace, body.close < tokens.count,
              tokens[body.close].kind == .rightBrace else { return nil }
        let openOffset = tokens[body.open].startOffset
        let openIndentation = indentation(ofLineAt: openOffset)
        let first = tree.nextSignificant(after: body.open) ?? body.close
        if first == body.close && !hasLineBreak(between: body.open, and: body.close) {
            // `{}` or `{ }`: no comment inside, or the edit would drop it.
            guard tree.isBlank(tokens[body.open].endOffset..<tokens[body.close].startOffset) else { return nil }
            let ending = lineEnding(near: openOffset)
            return Edit(range: tokens[body.open].endOffset..<tokens[body.close].startOffset,
                        replacement: ending + openIndentation + indentUnit() + statement + ending + openIndentation)
        }
        guard let lineEnd = endOfLine(after: body.open), lineEnd.offset <= tokens[first].startOffset else { return nil }
        let bodyIndentation = first == body.close
            ? openIndentation + indentUnit()
            : indentation(ofLineAt: tokens[first].startOffset)
        let ending = lineEnd.ending ?? lineEnding(near: openOffset)
        return Edit(range: lineEnd.offset..<lineEnd.offset, replacement: ending + bodyIndentation + statement)
    }

    /// Inserts `statement` as the last statement of the body `body`, on its own line before the
    /// closing `}`, indented like the body's last statement (in an empty body, as
    /// `insertFirstStatement` does). `nil` when the body can leave early
    /// (it holds a `return`, `throw`, `break` or `continue` at any depth: the new statement
    /// would not run on that path) or when code shares the `}` line.
    public func insertLastStatement(_ statement: String, in body: Block) -> Edit? {
        guard tokens.indices.contains(body.open), tokens[body.open].kind == .leftBrace, body.close < tokens.count,
              tokens[body.close].kind == .rightBrace else { return nil }
        // In an empty body the last statement is the first.
        if tree.nextSignificant(after: body.open) == body.close { return insertFirstStatement(statement, in: body) }
        guard tokens[body.close].flags.contains(.startsLine),
              let last = tree.previousSignificant(before: body.close), last > body.open,
              !hasEarlyExit(in: body) else { return nil }
        let closeOffset = tokens[body.close].startOffset
        let lineStart = source.lineStarts[source.lineIndex(of: closeOffset)]
        let lastLine = statementRange(containing: last).map { tokens[$0.lowerBound].startOffset } ?? tokens[last].startOffset
        return Edit(range: lineStart..<lineStart,
                    replacement: indentation(ofLineAt: lastLine) + statement + lineEnding(near: tokens[last].startOffset))
    }

    func hasEarlyExit(in body: Block) -> Bool {
        body.interior.contains { index in
            let token = tokens[index]
            return token.isKeyword(.return) || token.isKeyword(.throw) || token.isKeyword(.break) || token.isKeyword(.continue)
        }
    }

    /// The tokens of the statement that contains `token`, from its first token to its last: the
    /// statement of the innermost `{ }` (a function body, a closure, an `if` branch, a `case`)
    /// or of the file, running across lines while a line ends or starts mid-expression (`.`,
    /// a binary operator, `=`, `,`, `else`, a `{` on the next line). `nil` for a token that is
    /// not in a statement (trivia, a `{` itself).
    public func statementRange(containing token: Int) -> Range<Int>? {
        guard tokens.indices.contains(token), !tokens[token].isTrivia else { return nil }
        let open = enclosingBrace(of: token)
        // A block's statements are found once: a fix for each of a thousand cases of one switch
        // must not read the cases before its own again.
        let statements = layout.statements(inBlock: open ?? -1) { blockStatements(openedBy: open) }
        let low = Bisection.firstPosition(in: 0..<statements.count) { statements[$0].lowerBound <= token }
        guard low > 0, statements[low - 1].contains(token) else { return nil }
        return statements[low - 1]
    }

    /// The statements of the block `open` opens (or of the file, for `nil`), in order, each from
    /// its first token to its last.
    private func blockStatements(openedBy open: Int?) -> [Range<Int>] {
        let close = open.flatMap { tree.partner(ofToken: $0) } ?? tokens.count
        var item = open.map { tree.nextSignificant(after: $0) } ?? (tokens.first?.isTrivia ?? false ? tree.nextSignificant(after: 0) : 0)
        // A closure's signature (`[weak self] x in`) ends a statement of its own.
        let signatureEnd = open.flatMap { brace in tree.outline.closures.first { $0.body.open == brace }?.inToken }
        var result: [Range<Int>] = []
        var start: Int?
        var last = -1
        var inCaseLabel = false
        func emit(_ statementStart: Int?) {
            if let statementStart, statementStart <= last { result.append(statementStart..<(last + 1)) }
        }
        while let current = item, current < close {
            let kind = tokens[current].kind
            if kind == .semicolon || (inCaseLabel && kind == .colon) || current == signatureEnd {
                if (inCaseLabel || current == signatureEnd), start != nil { last = current }
                emit(start)
                start = nil
                inCaseLabel = false
                item = tree.nextSignificant(after: current)
                continue
            }
            if start == nil || startsStatement(current, after: last) {
                emit(start)
                start = current
                inCaseLabel = tokens[current].isKeyword(.case) || tokens[current].isKeyword(.default)
            }
            var end = current
            if Self.opens(kind), let partner = tree.partner(ofToken: current), partner > current {
                end = min(partner, close - 1)
            }
            last = end
            item = tree.nextSignificant(after: end)
        }
        emit(start)
        return result
    }

    static func opens(_ kind: TokenKind) -> Bool {
        switch kind {
        case .leftParen, .leftBracket, .leftBrace, .stringStart, .interpolationStart: return true
        default: return false
        }
    }

    /// The `{` of the innermost brace pair around `token`, or `nil` at file level: the first `{`
    /// closing after `token` that a walk back from `token` meets, stepping over every bracket
    /// pair closed before it. The walk goes from brace to brace (`FixLayout.braceBefore`).
    func enclosingBrace(of token: Int) -> Int? {
        let braces = layout.braces(of: tree)
        var current = tree.previousSignificant(before: token).map { braces[$0] } ?? -1
        while current >= 0 {
            if let close = tree.partner(ofToken: Int(current)), close > token { return Int(current) }
            current = tree.previousSignificant(before: Int(current)).map { braces[$0] } ?? -1
        }
        return nil
    }

    /// Whether `token`, at the top level of a block, begins a statement after the one that
    /// ends at `previous`: it starts a line, and neither it nor `previous` continues an
    /// expression across the line break.
    func startsStatement(_ token: Int, after previous: Int) -> Bool {
        let current = tokens[token]
        switch current.kind {
        case .poundIf, .poundElseif, .poundElse, .poundEndif: return true
        default: break
        }
        guard current.flags.contains(.startsLine), previous >= 0 else { return false }
        switch tokens[previous].kind {
        case .poundIf, .poundElseif, .poundElse, .poundEndif: return true
        default: break
        }
        if continuesFromPreviousLine(token) || continuesOnNextLine(previous) { return false }
        return true
    }

    /// `.member`, a binary operator, `{`, `=`, `else`, `catch`, `where`, `as`, `is` at the
    /// start of a line carry on the expression above.
    func continuesFromPreviousLine(_ token: Int) -> Bool {
        let current = tokens[token]
        switch current.kind {
        case .period, .leftBrace, .equal, .arrow, .colon, .comma: return true
        case .operator:
            // A prefix operator is written against its operand; a binary one has space on both sides.
            guard let next = tree.nextSignificant(after: token) else { return true }
            return !tokens[next].flags.contains(.joinedToPrevious)
        case .keyword:
            return [.else, .catch, .where, .as, .is].contains(current.keyword)
        default:
            return false
        }
    }

    /// A line ending in `.`, `=`, `,`, `:`, `->`, a binary operator, an attribute, `return`,
    /// `try` or `throw` carries on below.
    func continuesOnNextLine(_ token: Int) -> Bool {
        let current = tokens[token]
        switch current.kind {
        case .period, .equal, .arrow, .comma, .colon, .attribute, .backslash: return true
        case .operator:
            // `x!` and `x?` at the end of a line are postfix: the expression is complete.
            return !current.flags.contains(.joinedToPrevious)
        case .keyword:
            return [.return, .try, .throw, .as, .is, .if, .guard, .while, .switch, .case].contains(current.keyword)
        case .rightParen:
            // `@available(iOS 13, *)` on its own line belongs to the declaration below.
            if let open = tree.partner(ofToken: token), let before = tree.previousSignificant(before: open) {
                return tokens[before].kind == .attribute
            }
            return false
        default:
            return false
        }
    }

    /// Whether the statement stands on its own lines: it starts a line and nothing but
    /// comments follows it on its last line.
    func isAlone(_ range: Range<Int>) -> Bool {
        guard tokens[range.lowerBound].flags.contains(.startsLine) else { return false }
        guard let next = tree.nextSignificant(after: range.upperBound - 1) else { return true }
        return tokens[next].flags.contains(.startsLine)
    }

    // MARK: - Layout

    /// The offset where the line holding token `token` ends (its line break, after any trailing
    /// comment) and that line break's bytes; the file's end has no line break. `nil` when code
    /// follows the token on its line. Read from the bytes up to the next significant token, with
    /// the tree's comments: the same answer from a tree with or without trivia.
    func endOfLine(after token: Int) -> (offset: Int, ending: String?)? {
        let bytes = source.bytes
        let next = tree.nextSignificant(after: token).map { tokens[$0].startOffset } ?? bytes.count
        var offset = tokens[token].endOffset
        while offset < next {
            let byte = bytes[offset]
            if byte == 0x0A || byte == 0x0D {
                let end = byte == 0x0D && offset + 1 < bytes.count && bytes[offset + 1] == 0x0A ? offset + 2 : offset + 1
                return (offset, source.text(offset..<end))
            }
            if byte == UInt8(ascii: "/"), let comment = tree.comment(startingAt: offset) {
                if comment.kind == .blockComment || comment.kind == .docBlockComment,
                   bytes[comment.range].contains(where: { $0 == 0x0A || $0 == 0x0D }) {
                    return nil
                }
                offset = comment.range.upperBound
                continue
            }
            offset += 1
        }
        return next == bytes.count ? (bytes.count, nil) : nil
    }

    /// Whether a line break lies between two tokens.
    func hasLineBreak(between first: Int, and second: Int) -> Bool {
        source.lineIndex(of: tokens[first].startOffset) != source.lineIndex(of: tokens[second].startOffset)
    }

    /// The spaces and tabs that start the line holding `offset`.
    public func indentation(ofLineAt offset: Int) -> String {
        let start = source.lineStarts[source.lineIndex(of: offset)]
        var end = start
        while end < source.bytes.count, source.bytes[end] == 0x20 || source.bytes[end] == 0x09 { end += 1 }
        return source.text(start..<end)
    }

    /// The line terminator of the line holding `offset` (or, on the last line, of the line
    /// above), so a CRLF file stays CRLF; `\n` in a file of one line.
    public func lineEnding(near offset: Int) -> String {
        let line = source.lineIndex(of: offset)
        for candidate in [line, line - 1] where candidate >= 0 && candidate + 1 < source.lineStarts.count {
            let terminatorStart = source.lineRange(candidate).upperBound
            return source.text(terminatorStart..<source.lineStarts[candidate + 1])
        }
        return "\n"
    }

    /// One level of indentation in this file: a tab when most indented lines start with one,
    /// else the most common step by which a line is indented deeper than the line above (four
    /// spaces when the file does not say).
    public func indentUnit() -> String {
        layout.indentUnit { measureIndentUnit() }
    }

    private func measureIndentUnit() -> String {
        var tabLines = 0
        var spaceLines = 0
        var steps: [Int: Int] = [:]
        var previousWidth = 0
        let bytes = source.bytes
        for line in 0..<source.lineStarts.count {
            let range = source.lineRange(line)
            var width = 0
            var offset = range.lowerBound
            while offset < range.upperBound, bytes[offset] == 0x20 || bytes[offset] == 0x09 {
                width += 1
                offset += 1
            }
            guard offset < range.upperBound else { continue }  // blank
            if width > 0 {
                if bytes[range.lowerBound] == 0x09 { tabLines += 1 } else { spaceLines += 1 }
            }
            if width > previousWidth, width - previousWidth <= 8 { steps[width - previousWidth, default: 0] += 1 }
            previousWidth = width
        }
        if tabLines > spaceLines { return "\t" }
        let step = steps.max { lhs, rhs in lhs.value != rhs.value ? lhs.value < rhs.value : lhs.key > rhs.key }?.key ?? 4
        return String(repeating: " ", count: step)
    }
}

extension RuleContext {
    /// Edits for a fix, built from this file's tokens: see `FixBuilder`.
    public var fixes: FixBuilder { FixBuilder(tree: tree, layout: model.fixLayout) }
}

/// What a file's fixes ask about its layout again and again, worked out once: its indent unit,
/// its blocks' statements, and where a walk back from a token meets a brace. Shared by the
/// rules of one file, which may run on several threads.
final class FixLayout: @unchecked Sendable {
    private let lock = Lock()
    private var unit: String?
    private let statements = LockedMemo<Int, [Range<Int>]>()
    private var braceTable: [Int32]?

    func indentUnit(_ measure: () -> String) -> String {
        if let unit = lock.withLock({ unit }) { return unit }
        let measured = measure()
        return lock.withLock {
            if unit == nil { unit = measured }
            return unit!
        }
    }

    func statements(inBlock open: Int, _ find: () -> [Range<Int>]) -> [Range<Int>] {
        statements.value(for: open, find)
    }

    /// For each significant token (by raw index), the first `{` that a walk back from it meets,
    /// itself included, or -1: the walk steps from a closer to the token before its opener, and
    /// from anything else to the token before it. Filled in one pass in token order, since each
    /// step goes back.
    func braces(of tree: SyntaxTree) -> [Int32] {
        if let table = lock.withLock({ braceTable }) { return table }
        let tokens = tree.tokens
        var table = [Int32](repeating: -1, count: tokens.count)
        for index in tokens.indices where !tokens[index].isTrivia {
            if tokens[index].kind == .leftBrace {
                table[index] = Int32(truncatingIfNeeded: index)
                continue
            }
            var previous = tree.previousSignificant(before: index)
            switch tokens[index].kind {
            case .rightParen, .rightBracket, .rightBrace, .stringEnd, .interpolationEnd:
                if let open = tree.partner(ofToken: index), open < index { previous = tree.previousSignificant(before: open) }
            default:
                break
            }
            if let previous { table[index] = table[previous] }
        }
        return lock.withLock {
            if braceTable == nil { braceTable = table }
            return braceTable!
        }
    }
}
