import Foundation
import XCTest
@testable import LifeguardKit
import LifeguardTestSupport

/// The fix engine on its own: statements and indentation in `FixBuilder`, conflicts and byte
/// preservation in `FixApplier`, passes in `FixSession`, and `UnifiedDiff` checked by `patch`.
final class FixingTests: XCTestCase {
    func tree(_ text: String) -> SyntaxTree { SyntaxTree(source: SourceFile(path: "T.swift", text: text)) }

    /// The raw index of the `occurrence`-th token spelling `word`.
    func token(_ word: String, in tree: SyntaxTree, occurrence: Int = 1) -> Int {
        var seen = 0
        for index in tree.tokens.indices where tree.source.text(tree.tokens[index].range) == word {
            seen += 1
            if seen == occurrence { return index }
        }
        XCTFail("no token \(word) #\(occurrence)")
        return 0
    }

    func applying(_ edit: Edit?, to tree: SyntaxTree) -> String? {
        guard let edit else { return nil }
        return String(decoding: FixApplier.rewrite(tree.source.bytes, with: [edit]), as: UTF8.self)
    }

    // MARK: - Statements

    func testStatementRangesFollowSwiftsLineRules() {
        let text = """
            func f() {
                let a = b
                    .map { $0 }
                    ?? c
                addChild(child); child.view.frame = bounds
                if ready { addChild(other) }
                UIView.animate(withDuration: 0.3) {
                    self.addChild(x)
                } completion: { _ in
                    done()
                }
                switch state {
                case .alpha: addChild(y)
                default:
                    addChild(z)
                }
                return
                    value
                run { [weak self] item in self?.finish(item) }
            }
            """
        let t = tree(text)
        let builder = FixBuilder(tree: t)
        func statement(_ word: String, _ occurrence: Int = 1) -> String {
            builder.statementRange(containing: token(word, in: t, occurrence: occurrence)).map { t.text(ofTokens: $0) } ?? "nil"
        }
        XCTAssertEqual(statement("map"), "let a = b\n        .map { $0 }\n        ?? c")
        XCTAssertEqual(statement("addChild", 1), "addChild(child)")
        XCTAssertEqual(statement("frame"), "child.view.frame = bounds")
        XCTAssertEqual(statement("addChild", 2), "addChild(other)")
        XCTAssertEqual(statement("ready"), "if ready { addChild(other) }")
        XCTAssertEqual(statement("addChild", 3), "self.addChild(x)")
        XCTAssertEqual(statement("done"), "done()")
        XCTAssertEqual(statement("completion"),
                       "UIView.animate(withDuration: 0.3) {\n        self.addChild(x)\n    } completion: { _ in\n        done()\n    }")
        XCTAssertEqual(statement("addChild", 4), "addChild(y)")
        XCTAssertEqual(statement("alpha"), "case .alpha:")
        XCTAssertEqual(statement("addChild", 5), "addChild(z)")
        XCTAssertEqual(statement("value"), "return\n        value")
        XCTAssertEqual(statement("finish"), "self?.finish(item)", "a closure's signature is not part of its first statement")
        XCTAssertEqual(statement("weak"), "[weak self] item in")
    }

    func testInsertingAStatementAfterAndBeforeKeepsIndentationCommentsAndLineEndings() {
        let text = "func f() {\r\n\tif ok {\r\n\t\taddChild(child) // embed\r\n\t\tchild.removeFromParent()\r\n\t}\r\n}\r\n"
        let t = tree(text)
        let builder = FixBuilder(tree: t)
        XCTAssertEqual(applying(builder.insertStatement("child.didMove(toParent: self)", after: token("child", in: t)), to: t),
                       "func f() {\r\n\tif ok {\r\n\t\taddChild(child) // embed\r\n\t\tchild.didMove(toParent: self)\r\n"
                           + "\t\tchild.removeFromParent()\r\n\t}\r\n}\r\n")
        XCTAssertEqual(applying(builder.insertStatement("child.willMove(toParent: nil)", before: token("removeFromParent", in: t)), to: t),
                       "func f() {\r\n\tif ok {\r\n\t\taddChild(child) // embed\r\n\t\tchild.willMove(toParent: nil)\r\n"
                           + "\t\tchild.removeFromParent()\r\n\t}\r\n}\r\n")
    }

    func testAStatementSharingItsLineGetsNoStatementInsertion() {
        let t = tree("func f() {\n    if ok { addChild(child) }\n    a(); addChild(other)\n}\n")
        let builder = FixBuilder(tree: t)
        XCTAssertNil(builder.insertStatement("x()", after: token("addChild", in: t)))
        XCTAssertNil(builder.insertStatement("x()", before: token("addChild", in: t, occurrence: 2)))
        XCTAssertNil(builder.insertStatement("x()", after: token("a", in: t)))
    }

    func testFirstStatementOfABody() {
        func first(_ text: String) -> String? {
            let t = tree(text)
            let open = token("{", in: t)
            guard let close = t.partner(ofToken: open) else { return nil }
            return applying(FixBuilder(tree: t).insertFirstStatement("super.f()", in: Block(open: open, close: close)), to: t)
        }
        XCTAssertEqual(first("    func f() {}\n"), "    func f() {\n        super.f()\n    }\n")
        XCTAssertEqual(first("  func f() { }\n  func g() {\n    x()\n  }\n"), "  func f() {\n    super.f()\n  }\n  func g() {\n    x()\n  }\n")
        XCTAssertEqual(first("func f() {\n    // first\n    x()\n}"), "func f() {\n    super.f()\n    // first\n    x()\n}")
        XCTAssertEqual(first("func f() { // why\n    x()\n}"), "func f() { // why\n    super.f()\n    x()\n}")
        XCTAssertEqual(first("    func f() {\n    }\n"), "    func f() {\n        super.f()\n    }\n")
        XCTAssertNil(first("func f() { x() }"), "code on the `{` line")
        XCTAssertNil(first("func f() { /* keep */ }"), "a comment inside `{}` would be lost")
        XCTAssertNil(first("func f() { /* a\n */ x()\n}"), "a block comment spanning the line break")
    }

    func testLastStatementOfABody() {
        func last(_ text: String) -> String? {
            let t = tree(text)
            let open = token("{", in: t)
            guard let close = t.partner(ofToken: open) else { return nil }
            return applying(FixBuilder(tree: t).insertLastStatement("super.f()", in: Block(open: open, close: close)), to: t)
        }
        XCTAssertEqual(last("func f() {\r\n\tif a {\r\n\t\tb()\r\n\t}\r\n}\r\n"),
                       "func f() {\r\n\tif a {\r\n\t\tb()\r\n\t}\r\n\tsuper.f()\r\n}\r\n")
        XCTAssertEqual(last("  func f() {}\n"), "  func f() {\n    super.f()\n  }\n")
        XCTAssertNil(last("func f() {\n    guard a else { return }\n    b()\n}\n"), "an early exit would skip it")
        XCTAssertNil(last("func f() {\n    b() }\n"), "code on the `}` line")
    }

    func testIndentUnitIsReadFromTheFile() {
        XCTAssertEqual(FixBuilder(tree: tree("a {\n  b {\n    c\n  }\n}\n")).indentUnit(), "  ")
        XCTAssertEqual(FixBuilder(tree: tree("a {\n\tb {\n\t\tc\n\t}\n}\n")).indentUnit(), "\t")
        XCTAssertEqual(FixBuilder(tree: tree("a()\n")).indentUnit(), "    ")
        XCTAssertEqual(FixBuilder(tree: tree("a {\n   b\n}\n")).indentUnit(), "   ")
    }

    // MARK: - Fixes and the applier

    func testFixRejectsConflictingEditsAndSortsTheRest() throws {
        XCTAssertNil(Fix(message: "x", edits: []))
        XCTAssertNil(Fix(message: "x", edits: [Edit(range: 2..<5, replacement: "a"), Edit(range: 4..<6, replacement: "b")]))
        XCTAssertNil(Fix(message: "x", edits: [Edit(range: 3..<3, replacement: "a"), Edit(range: 3..<3, replacement: "b")]))
        XCTAssertNil(Fix(message: "x", edits: [Edit(range: 2..<6, replacement: "a"), Edit(range: 4..<4, replacement: "b")]))
        let fix = try XCTUnwrap(Fix(message: "x", edits: [Edit(range: 5..<6, replacement: "a"), Edit(range: 5..<5, replacement: "b"),
                                                          Edit(range: 1..<5, replacement: "")]))
        XCTAssertEqual(fix.edits.map(\.range), [1..<5, 5..<5, 5..<6])
        XCTAssertEqual(fix.span, 1..<6)
    }

    func diagnostic(_ rule: String, _ edits: [Edit], at offset: Int = 0) -> Diagnostic {
        Diagnostic(ruleID: rule, severity: .warning, message: rule, path: "T.swift", range: offset..<(offset + 1),
                   start: SourceLocation(line: 1, column: 1), end: SourceLocation(line: 1, column: 2),
                   fix: Fix(message: rule, edits: edits))
    }

    func testApplierDefersConflictsAndCopiesEveryOtherByte() {
        // A BOM, CRLF, invalid UTF-8 (0xFF) and a NUL-free binary-ish byte stay as they are.
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("abc\r\n".utf8) + [0xFF] + Array("def\r\n".utf8)
        let outcome = FixApplier.apply([
            diagnostic("b_second", [Edit(range: 4..<5, replacement: "B")]),
            diagnostic("a_first", [Edit(range: 3..<5, replacement: "AB")]),
            diagnostic("c_after", [Edit(range: 9..<10, replacement: "D"), Edit(range: 12..<12, replacement: "!")]),
            diagnostic("d_outside", [Edit(range: 40..<41, replacement: "?")]),
            Diagnostic(ruleID: "no_fix", severity: .note, message: "", path: "T.swift", range: 0..<1,
                       start: SourceLocation(line: 1, column: 1), end: SourceLocation(line: 1, column: 2)),
        ], to: bytes)
        XCTAssertEqual(outcome.applied.map(\.ruleID), ["a_first", "c_after"], "position order, then rule id")
        XCTAssertEqual(outcome.deferred.map(\.ruleID), ["b_second"])
        XCTAssertEqual(outcome.bytes, [0xEF, 0xBB, 0xBF] + Array("ABc\r\n".utf8) + [0xFF] + Array("Def!\r\n".utf8))
    }

    // MARK: - Passes

    /// Flags every `foo` and fixes it to `bar`; flags every `bar` followed by `(` and fixes it
    /// to `baz` — so a file of `foo()` takes two passes to settle.
    struct RenameRule: Rule {
        static let description = RuleDescription(
            id: "rename", name: "Rename", category: .lifecycle, defaultSeverity: .warning, summary: "Renames.",
            documentation: RuleDocumentation(whatItDoes: "", whyIsThisBad: "", example: "", useInstead: "", knownLimitations: ""),
            triggeringExamples: [], nonTriggeringExamples: [])

        func check(_ context: RuleContext) {
            for (index, token) in context.tree.tokens.enumerated() where token.kind == .identifier {
                let next = context.tree.nextSignificant(after: index)
                if context.tree.token(index, is: "foo") {
                    context.report(token: index, node: nil, message: "foo",
                                   fix: context.fixes.fix("rename", [context.fixes.replace(token: index, with: "bar")]))
                } else if context.tree.token(index, is: "bar"), let next, context.tree.tokens[next].kind == .leftParen {
                    context.report(token: index, node: nil, message: "bar",
                                   fix: context.fixes.fix("rename", [context.fixes.replace(token: index, with: "baz")]))
                }
            }
        }
    }

    func configuration() -> LintConfiguration { LintConfiguration(rules: [RuleSetup(rule: RenameRule.self)]) }

    func testSessionReLintsUntilNothingChangesAndCountsPerRule() throws {
        let inputs = [LintInput(path: "A.swift", bytes: Array("foo()\nfoo()\nlet x = foo\n".utf8)),
                      LintInput(path: "B.swift", bytes: Array("let clean = 1\n".utf8))]
        let outcome = FixSession.run(inputs, configuration: configuration())
        XCTAssertEqual(outcome.files.count, 1)
        let file = try XCTUnwrap(outcome.files.first)
        XCTAssertEqual(String(decoding: file.fixed, as: UTF8.self), "baz()\nbaz()\nlet x = bar\n")
        XCTAssertEqual(file.fixesByRule, ["rename": 5])
        XCTAssertEqual(outcome.passes, 2)
        XCTAssertTrue(outcome.converged)
        XCTAssertEqual(outcome.initial.diagnostics.count, 3)
        XCTAssertTrue(outcome.remaining.diagnostics.isEmpty)
        XCTAssertEqual(outcome.remaining.sources["A.swift"]?.bytes, file.fixed)
    }

    func testSessionStopsAtThePassLimit() {
        let outcome = FixSession.run([LintInput(path: "A.swift", bytes: Array("foo()\n".utf8))], configuration: configuration(),
                                     maxPasses: 1)
        XCTAssertEqual(outcome.files.first.map { String(decoding: $0.fixed, as: UTF8.self) }, "bar()\n")
        XCTAssertFalse(outcome.converged)
        XCTAssertEqual(outcome.remaining.diagnostics.map(\.message), ["bar"])
    }

    func testSuppressedAndUnselectedFindingsAreNotFixed() {
        let text = "foo() // lifeguard:disable:this rename\nlet a = foo\nlet b = foo\n"
        let outcome = FixSession.run([LintInput(path: "A.swift", bytes: Array(text.utf8))], configuration: configuration()) { result in
            result.diagnostics.filter { $0.start.line != 3 }  // as a baseline would hold back line 3
        }
        XCTAssertEqual(outcome.files.first.map { String(decoding: $0.fixed, as: UTF8.self) },
                       "foo() // lifeguard:disable:this rename\nlet a = bar\nlet b = foo\n")
    }

    // MARK: - Diffs

    func testDiffShapeAndHeaders() {
        let original = Array("a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\n".utf8)
        let modified = Array("a\nB\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl".utf8)
        XCTAssertEqual(UnifiedDiff.diff(path: "X.swift", original: original, modified: modified), """
            --- X.swift
            +++ X.swift
            @@ -1,5 +1,5 @@
             a
            -b
            +B
             c
             d
             e
            @@ -9,3 +9,4 @@
             i
             j
             k
            +l
            \\ No newline at end of file

            """)
        XCTAssertEqual(UnifiedDiff.diff(path: "X.swift", original: original, modified: original), "")
        XCTAssertEqual(UnifiedDiff.diff(path: "X.swift", original: [], modified: Array("x\n".utf8)), "--- X.swift\n+++ X.swift\n@@ -0,0 +1 @@\n+x\n")
    }

    /// Every diff, applied by `patch`, turns the original into the modified file exactly.
    func testPatchAppliesEveryDiff() throws {
        let patch = try XCTUnwrap(ProcessRunner.which("patch"), "patch must be on PATH for this test")
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("lifeguard-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var generator = SystemRandomNumberGenerator()
        var cases: [([UInt8], [UInt8])] = [
            (Array("a\r\nb\r\nc\r\n".utf8), Array("a\r\nb\r\n    x\r\nc\r\n".utf8)),
            (Array("no newline".utf8), Array("no newline\n".utf8)),
            (Array("x\ny".utf8), Array("x\nz".utf8)),
        ]
        // Random edits of a long file, and one rewrite past the edit-distance bound.
        let base = (0..<400).map { "line \($0 % 37)\n" }.joined()
        for _ in 0..<20 {
            var lines = base.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for _ in 0..<Int.random(in: 1...12, using: &generator) {
                let at = Int.random(in: 0..<lines.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: lines.insert("new \(at)", at: at)
                case 1: lines.remove(at: at)
                default: lines[at] = "changed \(at)"
                }
            }
            cases.append((Array(base.utf8), Array(lines.joined(separator: "\n").utf8)))
        }
        cases.append((Array(base.utf8), Array((0..<2_500).map { "other \($0)\n" }.joined().utf8)))
        try FileManager.default.createDirectory(at: scratch.appendingPathComponent("My App"), withIntermediateDirectories: true)
        for (number, (original, modified)) in cases.enumerated() {
            // Every other file has spaces in its path.
            let name = number % 2 == 0 ? "F\(number).swift" : "My App/F \(number).swift"
            let file = scratch.appendingPathComponent(name)
            try Data(original).write(to: file)
            let diff = UnifiedDiff.diff(path: name, original: original, modified: modified)
            let output = try ProcessRunner.run(patch, ["-p0", "--quiet", "--no-backup-if-mismatch"], input: Data(diff.utf8),
                                               currentDirectory: scratch)
            XCTAssertEqual(output.status, 0, "case \(number): \(output.stdout)\(output.stderr)\n\(diff)")
            XCTAssertEqual(try [UInt8](Data(contentsOf: file)), modified, "case \(number)")
        }
    }

    /// A block's statements are found once and bisected, and the enclosing brace is found by
    /// stepping from brace to brace; reading the block from its start for each token, as the
    /// builder once did (kept here as the oracle), must give every token the same statement. On
    /// every fixture, and on copies with brackets dropped and `#if` branches that close twice.
    func testStatementRangesMatchReadingTheBlockForEachToken() throws {
        func oracleBrace(_ tree: SyntaxTree, _ token: Int) -> Int? {
            var current = tree.previousSignificant(before: token)
            while let index = current {
                switch tree.tokens[index].kind {
                case .rightParen, .rightBracket, .rightBrace, .stringEnd, .interpolationEnd:
                    if let open = tree.partner(ofToken: index), open < index {
                        current = tree.previousSignificant(before: open)
                        continue
                    }
                case .leftBrace:
                    if let close = tree.partner(ofToken: index), close > token { return index }
                default:
                    break
                }
                current = tree.previousSignificant(before: index)
            }
            return nil
        }
        func oracleStatement(_ builder: FixBuilder, _ token: Int) -> Range<Int>? {
            let tree = builder.tree
            let tokens = tree.tokens
            guard tokens.indices.contains(token), !tokens[token].isTrivia else { return nil }
            let open = oracleBrace(tree, token)
            let close = open.flatMap { tree.partner(ofToken: $0) } ?? tokens.count
            var item = open.map { tree.nextSignificant(after: $0) } ?? (tokens[0].isTrivia ? tree.nextSignificant(after: 0) : 0)
            let signatureEnd = open.flatMap { brace in tree.outline.closures.first { $0.body.open == brace }?.inToken }
            var start: Int?
            var last = -1
            var inCaseLabel = false
            func found() -> Range<Int>? {
                guard let start, start <= token, token <= last else { return nil }
                return start..<(last + 1)
            }
            while let current = item, current < close {
                let kind = tokens[current].kind
                if kind == .semicolon || (inCaseLabel && kind == .colon) || current == signatureEnd {
                    if (inCaseLabel || current == signatureEnd), start != nil { last = current }
                    if let range = found() { return range }
                    start = nil
                    inCaseLabel = false
                    item = tree.nextSignificant(after: current)
                    continue
                }
                if start == nil || builder.startsStatement(current, after: last) {
                    if let range = found() { return range }
                    start = current
                    inCaseLabel = tokens[current].isKeyword(.case) || tokens[current].isKeyword(.default)
                }
                var end = current
                if FixBuilder.opens(kind), let partner = tree.partner(ofToken: current), partner > current {
                    end = min(partner, close - 1)
                }
                last = end
                item = tree.nextSignificant(after: end)
            }
            return found()
        }
        var generator = SeededGenerator(seed: 0x5747_3E)
        var texts: [String] = []
        for url in FixtureFiles.swiftFiles() {
            let text = try String(contentsOf: url, encoding: .utf8)
            texts.append(text)
            // Brackets dropped at random, and an `#if` whose branches both close a brace.
            var damaged = Array(text.unicodeScalars)
            for _ in 0..<4 where !damaged.isEmpty {
                let at = Int.random(in: 0..<damaged.count, using: &generator)
                if "{}()[]".unicodeScalars.contains(damaged[at]) { damaged.remove(at: at) }
            }
            texts.append(String(String.UnicodeScalarView(damaged)) + "\nfunc f() {\n#if A\n}\n#else\n}\n#endif\n")
        }
        var checked = 0
        for text in texts {
            let tree = tree(text)
            let builder = FixBuilder(tree: tree)
            for token in tree.tokens.indices {
                XCTAssertEqual(builder.enclosingBrace(of: token), oracleBrace(tree, token))
                XCTAssertEqual(builder.statementRange(containing: token), oracleStatement(builder, token))
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 50_000)
    }

    /// The taken edits answer by bisection what testing a new edit against each taken one
    /// answers, for random edits (insertions and replacements, many touching or overlapping).
    func testTakenEditsConflictAsTestingEachTakenEditDoes() {
        var generator = SystemRandomNumberGenerator()
        var compared = 0
        for _ in 0..<200 {
            var taken: [Edit] = []
            var places = FixApplier.TakenEdits()
            for _ in 0..<60 {
                let start = Int.random(in: 0..<80, using: &generator)
                let length = Int.random(in: 0..<4, using: &generator) == 0 ? 0 : Int.random(in: 1..<6, using: &generator)
                let edit = Edit(range: start..<(start + length), replacement: "x")
                let expected = taken.contains { $0.conflicts(with: edit) }
                XCTAssertEqual(places.conflicts(with: edit), expected, "\(edit.range) against \(taken.map(\.range))")
                compared += 1
                if !expected {
                    taken.append(edit)
                    places.insert(edit)
                }
            }
        }
        XCTAssertEqual(compared, 12_000)
    }
}
