import Foundation
import XCTest
@testable import LifeguardKit
import LifeguardRules
import LifeguardTestSupport

/// Pass 1 parses most files into trees without trivia (`SyntaxTree(significantTokensOf:)`). What
/// pass 1 takes from a tree (the index facts and whether a rule may fire in the file) must not
/// depend on which kind of tree it read.
final class PassOneTreeTests: XCTestCase {
    /// The tokens are the full tokenizer's, trivia removed, flags and all; comments are set aside.
    func testSignificantTokensAreTheFullTokensWithoutTrivia() throws {
        var sources = try FixtureFiles.swiftFiles().map { try FixtureFiles.source($0).bytes }
        sources += ["", "// only a comment", "/* open", "a.b\n  .c // x\n/* y */ d", "x./**/0", "a /**/ / b /",
                    "a.\n0", "\u{FEFF}#!/usr/bin/swift\nlet a = 1 //", "let s = \"\\(a /* c */ . b)\""].map { Array($0.utf8) }
        for bytes in sources {
            let full = Tokenizer.tokenize(bytes)
            let (tokens, comments) = Tokenizer.significantTokens(bytes, work: NoReads())
            XCTAssertEqual(tokens, full.filter { !$0.isTrivia }, String(decoding: bytes.prefix(80), as: UTF8.self))
            XCTAssertEqual(comments.map { Int($0.lowerBound)..<Int($0.upperBound) },
                           full.filter(\.kind.isComment).map(\.range))
        }
    }

    /// The lexer pairs brackets as it writes them, up to the first `#if` or the depth its stack
    /// has room for; with the pairing pass finishing from there, every partner is the one the
    /// pairing pass finds on its own.
    func testTheLexersBracketPairingIsThePairingPasss() throws {
        var sources = try FixtureFiles.swiftFiles().map { try FixtureFiles.source($0).bytes }
        let deep = String(repeating: "(", count: LexedPairing.openerRoom + 40) + "a"
            + String(repeating: ")", count: LexedPairing.openerRoom + 45) + " { [x] }"
        sources += ["", "(", ")", "a(b[c)d]e", "f(\"\\(g[1)\")", "x = \"\\(\"", "{ ( [ } ) ]", "\"abc\n)",
                    "#if A\n{\n#else\n{ (\n#endif\n}", "f(\n#if A\n)\n#endif\n)", "( #foo ) #warning(\"x\")",
                    String(repeating: "{", count: 40) + String(repeating: ")", count: 3) + "}", deep,
                    deep + "\n#if X\n(\n#endif\n)", "#\"a\\#(b)\"# \"\"\"\n\\(c(\"d\"))\n\"\"\""]
            .map { Array($0.utf8) }
        var handedOver = 0
        for bytes in sources {
            let (tokens, _, pairing) = Tokenizer.significantTokensAndPairs(bytes, work: NoReads())
            if pairing.pairedBefore < tokens.count { handedOver += 1 }
            let lexed = SignificantTokens.withoutTrivia(tokens, pairing: pairing, work: NoReads())
            XCTAssertEqual(lexed.partner, SignificantTokens.pairs(of: tokens, work: NoReads()),
                           String(decoding: bytes.prefix(80), as: UTF8.self))
        }
        // Both ways are taken: files the lexer pairs alone, and files it hands over.
        XCTAssertGreaterThan(handedOver, 3)
        XCTAssertLessThan(handedOver, sources.count - 10)
    }

    /// On every fixture, and on all of them as one project: the same facts from both kinds of
    /// tree (compared in full, as `dump` spells them), the same anchor-word verdict, and the same
    /// outline (each node, call and declaration at the same significant tokens).
    func testFactsAndAnchorsDoNotDependOnTrivia() throws {
        let rules = RuleRegistry.rules.map { RuleSetup(rule: $0) }
        let configuration = LintConfiguration(rules: rules)
        let requests = IndexRequests(configuration.rules.map { $0.rule.description })
        let anchors = try XCTUnwrap(AnchorWords(configuration))
        let files = FixtureFiles.swiftFiles()
        XCTAssertGreaterThan(files.count, 100)
        var verdicts = Set<Bool>()
        for file in files {
            let source = try FixtureFiles.source(file)
            let full = SyntaxTree(source: source)
            let lean = SyntaxTree(significantTokensOf: source)
            let name = FixtureFiles.shortPath(file)
            XCTAssertTrue(full.keepsTrivia)
            XCTAssertFalse(lean.keepsTrivia)
            assertSameLines(spelled(ProjectIndexFacts(tree: lean, requests: requests)),
                            spelled(ProjectIndexFacts(tree: full, requests: requests)), "facts of \(name)")
            let verdict = anchors.mayFire(in: lean)
            XCTAssertEqual(verdict, anchors.mayFire(in: full), name)
            verdicts.insert(verdict)
            assertSameLines(outlineSketch(lean), outlineSketch(full), "outline of \(name)")
        }
        XCTAssertEqual(verdicts, [true, false], "the fixtures hold files with and without anchor words")
    }

    /// Pass 2 lints trees without trivia. On every fixture, with every rule on and both
    /// suppression checks, and an index of all fixtures: the same report as the full tree's —
    /// findings, messages, fixes (which read the whitespace and comments around what they change)
    /// and suppressions (read from the comments such a tree sets aside).
    func testLintingWithoutTriviaGivesTheFullTreesReport() throws {
        let configuration = LintConfiguration(rules: RuleRegistry.rules.map { RuleSetup(rule: $0) },
                                              unknownSuppressionSeverity: .warning, unusedSuppressionSeverity: .warning)
        let requests = IndexRequests(configuration.rules.map { $0.rule.description })
        let files = FixtureFiles.swiftFiles()
        var sources = try files.map { try FixtureFiles.source($0) }
        var names = files.map(FixtureFiles.shortPath)
        // The fixtures hold no `lifeguard:` comment: every form of one, with LF and CRLF lines.
        for (name, ending) in [("Suppressed.swift", "\n"), ("SuppressedCRLF.swift", "\r\n")] {
            let text = Self.suppressedScreen.replacingOccurrences(of: "\n", with: ending)
            sources.append(SourceFile(path: name, bytes: Array(text.utf8)))
            names.append(name)
        }
        let index = ProjectIndex(facts: sources.map { ProjectIndexFacts(tree: SyntaxTree(significantTokensOf: $0), requests: requests) },
                                 extraControllerBases: [], extraViewBases: [])
        var fixes = 0
        var suppressionFindings = 0
        var commands = 0
        for (name, source) in zip(names, sources) {
            let fullTree = SyntaxTree(source: source)
            let leanTree = SyntaxTree(significantTokensOf: source)
            XCTAssertEqual(SuppressionParser.commands(in: leanTree), SuppressionParser.commands(in: fullTree), name)
            commands += SuppressionParser.commands(in: fullTree).count
            let full = Linter.lintFile(fullTree, index: index, configuration: configuration)
            let lean = Linter.lintFile(leanTree, index: index, configuration: configuration)
            XCTAssertEqual(lean.count, full.count, name)
            for (leanDiagnostic, fullDiagnostic) in zip(lean, full) {
                XCTAssertEqual(leanDiagnostic, fullDiagnostic, "\(name): \(fullDiagnostic.ruleID) at \(fullDiagnostic.start)")
            }
            fixes += full.count { $0.fix != nil }
            suppressionFindings += full.count { $0.ruleID == "unused_suppression" || $0.ruleID == "unknown_rule_in_suppression" }
        }
        // The fixtures exercise what reads trivia.
        XCTAssertGreaterThan(fixes, 50)
        XCTAssertGreaterThan(commands, 20)
        XCTAssertGreaterThan(suppressionFindings, 3)
    }

    /// A screen with suppression comments of every form: `:next`, `:this`, `:previous`, a region,
    /// block comments, a reason, an unknown rule, an unused one and SwiftLint's equivalent.
    static let suppressedScreen = """
        import UIKit

        final class SuppressedViewController: UIViewController {
            // lifeguard:disable:next missing_super_call
            override func viewDidLoad() {
                view.backgroundColor = .red
            }

            override func viewWillAppear(_ animated: Bool) { // lifeguard:disable:this missing_super_call - legacy
                title = "x"
            }

            override func viewDidAppear(_ animated: Bool) {
                title = "y"
            } /* lifeguard:disable:previous missing_super_call */

            /* lifeguard:disable missing_super_call, not_a_rule */
            override func viewWillDisappear(_ animated: Bool) {
                title = "z"
            }
            // lifeguard:enable missing_super_call

            // swiftlint:disable:next overridden_super_call
            override func viewDidDisappear(_ animated: Bool) {
                title = "w"
            }

            // lifeguard:disable:next strong_delegate
            func helper() {}

            override func didReceiveMemoryWarning() {
                super.didReceiveMemoryWarning()
                // lifeguard:disable:next direct_load_view_call
                loadView()
                loadView() // lifeguard:disable:this all
            }

            /// lifeguard:disable:next missing_super_call (a doc comment: not a command)
            override func viewDidLayoutSubviews() {
                print(view.bounds)
            }
        }
        // lifeguard:disable:previous unused_suppression
        """

    /// The comments a tree without trivia set aside are the full tree's comment tokens, kinds
    /// included (`///` and `/**` are doc comments, `////`, `/***` and `/**/` are not).
    func testCommentsAreTheSameFromEitherTree() throws {
        var sources = try FixtureFiles.swiftFiles().map { try FixtureFiles.source($0).bytes }
        sources += ["// a\n/// b\n//// c\n/* d */ /** e */ /*** f */ /**/ /*/ g */ x", "/* open /* nested */", "///",
                    "/**", "a // tail\r\nb /* x\n y */ c", "let s = \"\\(a /* c */ . b)\" //"].map { Array($0.utf8) }
        var kinds = Set<TokenKind>()
        for bytes in sources {
            let source = SourceFile(path: "a.swift", bytes: bytes)
            let full = SyntaxTree(source: source)
            let lean = SyntaxTree(significantTokensOf: source)
            XCTAssertEqual(lean.comments, full.comments, String(decoding: bytes.prefix(60), as: UTF8.self))
            for comment in full.comments {
                kinds.insert(comment.kind)
                XCTAssertEqual(lean.comment(startingAt: comment.range.lowerBound), comment)
                XCTAssertEqual(full.comment(startingAt: comment.range.lowerBound), comment)
                XCTAssertNil(lean.comment(startingAt: comment.range.lowerBound + 1))
            }
        }
        XCTAssertEqual(kinds, [.lineComment, .docLineComment, .blockComment, .docBlockComment])
    }

    /// Pass 1 counts a file's lines without building its line table; the count, and any position
    /// asked of such a file anyway, are what the table gives.
    func testLinesCountedWithoutATable() throws {
        var sources = try FixtureFiles.swiftFiles().map { try FixtureFiles.source($0).bytes }
        sources += ["", "\n", "a", "a\n", "a\nb", "\n\n", "a\r\nb", "a\rb\r", "\r\n", "a\r\n\rb\n"].map { Array($0.utf8) }
        for bytes in sources {
            let full = SourceFile(path: "a.swift", bytes: bytes)
            let counted = SourceFile(path: "a.swift", bytesWithoutLineTable: bytes)
            let text = String(decoding: bytes.prefix(40), as: UTF8.self)
            XCTAssertEqual(counted.lineCount, full.lineCount, text)
            XCTAssertEqual(counted.lineStarts, full.lineStarts, text)
            for offset in stride(from: 0, through: bytes.count, by: max(1, bytes.count / 7)) {
                XCTAssertEqual(counted.location(of: offset), full.location(of: offset), text)
            }
        }
    }

    /// A tree pass 1 keeps for pass 2 has its source's line table built, and answers positions as
    /// the table does: pass 2 asks one for every finding, excerpt and suppression comment, and
    /// worked out again at each question it made a file of thousands of findings quadratic.
    func testTreesKeptForLintingHaveTheirLineTable() throws {
        for file in FixtureFiles.swiftFiles() {
            let bytes = try FixtureFiles.source(file).bytes
            let pass1 = SyntaxTree(significantTokensOf: SourceFile(path: "a.swift", bytesWithoutLineTable: bytes))
            XCTAssertFalse(pass1.source.hasLineTable, file.lastPathComponent)
            let kept = pass1.keptForLinting()
            XCTAssertTrue(kept.source.hasLineTable, file.lastPathComponent)
            XCTAssertEqual(kept.source.lineStarts, SourceFile(path: "a.swift", bytes: bytes).lineStarts, file.lastPathComponent)
            XCTAssertEqual(kept.tokens.count, pass1.tokens.count)
            XCTAssertLessThan(kept.tokens.capacity, kept.tokens.count + kept.tokens.count / 4 + 16, "a kept tree holds no lexer room")
            XCTAssertTrue(kept.keptForLinting() === kept, "a kept tree is kept as it is")
        }
    }

    /// A name token's binding looked up by its bytes is the binding of its spelling, for every
    /// identifier of every fixture (backticked names, `self`, `$0` and free names included).
    func testBindingsOfTokensAreBindingsOfTheirNames() throws {
        var kinds = Set<String>()
        for file in FixtureFiles.swiftFiles() {
            let tree = SyntaxTree(source: try FixtureFiles.source(file))
            let model = FileModel(tree: tree, index: .empty)
            for (index, token) in tree.tokens.enumerated() where token.kind == .identifier {
                let byName = model.binding(of: tree.text(ofToken: index), at: TokenID(index))
                XCTAssertEqual(model.binding(ofToken: TokenID(index)), byName, "\(FixtureFiles.shortPath(file)) token \(index)")
                kinds.insert(String(describing: byName).prefix(while: { $0 != "(" }).description)
            }
        }
        XCTAssertTrue(kinds.isSuperset(of: ["selfValue", "free", "local", "parameter", "closureParameter"]), "\(kinds)")
    }

    /// A `lifeguard:` comment is what makes a file with no anchor word worth linting (its
    /// suppressions are checked); a tree without trivia finds it among the comments it set aside.
    func testSuppressionCommentsAreSeenWithoutTrivia() {
        let anchors = AnchorWords(words: ["viewDidLoad"])
        for (text, expected) in [("let a = 1\n", false), ("let a = 1 // lifeguard:disable:next x\n", true),
                                 ("/* lifeguard:disable x */ let a = 1", true), ("let lifeguard = 1", false)] {
            let source = SourceFile(path: "a.swift", bytes: Array(text.utf8))
            XCTAssertEqual(anchors.mayFire(in: SyntaxTree(significantTokensOf: source)), expected, text)
            XCTAssertEqual(anchors.mayFire(in: SyntaxTree(source: source)), expected, text)
        }
    }

    /// The facts as `dump` spells them, except that each function's packed effects, which come
    /// out of a `Set` (whose order is seeded per instance), are sorted.
    private func spelled(_ facts: ProjectIndexFacts) -> [String] {
        var text = ""
        dump(facts, to: &text)
        var lines = text.split(separator: "\n").map(String.init)
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            guard let range = lines[index].range(of: "effects: "), lines[index].hasSuffix(" elements"),
                  let count = Int(lines[index][range.upperBound...].dropLast(" elements".count)) else { continue }
            let effects = index + 1..<min(lines.count, index + 1 + count)
            lines.replaceSubrange(effects, with: lines[effects].sorted())
        }
        return lines
    }

    /// Reports the first line that differs, with its neighbours, rather than two whole dumps.
    private func assertSameLines(_ lean: [String], _ full: [String], _ what: String,
                                 file: StaticString = #filePath, line: UInt = #line) {
        guard let first = (0..<min(lean.count, full.count)).first(where: { lean[$0] != full[$0] })
                ?? (lean.count == full.count ? nil : min(lean.count, full.count)) else { return }
        let context = max(0, first - 3)..<first
        XCTFail("""
            \(what) differs at line \(first) (after \(context.map { full[$0] }.joined(separator: " / "))): \
            without trivia \(first < lean.count ? lean[first] : "nothing"), with trivia \(first < full.count ? full[first] : "nothing")
            """, file: file, line: line)
    }

    /// The outline with every token index replaced by the token's bytes in the file, and every
    /// token range by the bytes of its significant tokens, which do not depend on how many
    /// trivia tokens came before.
    private func outlineSketch(_ tree: SyntaxTree) -> [String] {
        let outline = tree.outline
        let token: (Int) -> String = { $0 >= 0 && $0 < tree.tokens.count ? "\(tree.tokens[$0].range)" : "\($0)" }
        let tokens: (Range<Int>) -> String = { range in
            let significant = tree.significantTokens(in: range)
            guard let first = significant.first, let last = significant.last else { return "empty" }
            return "\(tree.tokens[first].startOffset)..<\(tree.tokens[last].endOffset)"
        }
        var lines = outline.nodes.map { node in
            "node \(node.kind) \(tokens(node.tokens)) parent \(node.parent) detail \(node.detail) end \(node.subtreeEnd)"
        }
        lines += outline.calls.map { call in
            "call \(tree.name(of: call)) at \(token(call.nameToken)) from \(token(call.chainStart)) "
                + "receiver \(call.receiver.map(tokens) ?? "none") arguments \(call.arguments)"
        }
        lines += outline.arguments.map { "argument \(tree.label(of: $0) ?? "_") \(tokens($0.expression))" }
        lines += outline.assignments.map { "assignment \(tokens($0.lhs)) = \(tokens($0.rhs)) at \(token($0.equalToken))" }
        lines += outline.functions.map { "function \($0.fullName) \(Array(outline.attributeNames[$0.attributes]))" }
        lines += outline.types.map { "type \($0.kind) \($0.name) \($0.inheritedTypes.map(\.name))" }
        lines += outline.variables.map { "variable \(tree.name(of: $0)) at \(token($0.nameToken))" }
        return lines
    }
}
