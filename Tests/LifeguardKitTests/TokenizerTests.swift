import XCTest
@testable import LifeguardKit
import LifeguardTestSupport

final class TokenizerTests: XCTestCase {
    /// (kind, text) of every token, trivia included.
    func lex(_ text: String) -> [(TokenKind, String)] {
        let bytes = Array(text.utf8)
        return Tokenizer.tokenize(bytes).map { ($0.kind, String(decoding: bytes[$0.range], as: UTF8.self)) }
    }

    /// (kind, text) of the significant tokens only.
    func significant(_ text: String) -> [(TokenKind, String)] {
        lex(text).filter { !$0.0.isTrivia }
    }

    func kinds(_ text: String) -> [TokenKind] { significant(text).map(\.0) }
    func texts(_ text: String) -> [String] { significant(text).map(\.1) }

    func assertLossless(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        let tokens = Tokenizer.tokenize(bytes)
        var offset = 0
        for token in tokens {
            XCTAssertEqual(token.startOffset, offset, "tokens must tile the input", file: file, line: line)
            XCTAssertGreaterThan(token.endOffset, token.startOffset, "no empty tokens", file: file, line: line)
            offset = token.endOffset
        }
        XCTAssertEqual(offset, bytes.count, "tokens must cover every byte", file: file, line: line)
    }

    // MARK: - Identifiers and keywords

    /// A scan that reads eight bytes at a time (`byWord`) must stop where reading byte by byte
    /// (`stops`) does: for every byte value at every position of a word built from `filler`, from
    /// several starts, and on random bytes (`randomByte`, seeded so a failure repeats).
    func assertWordScanMatchesByteScan(filler: [UInt8], stops: (UInt8) -> Bool, randomByte: (inout SeededGenerator) -> UInt8,
                                       byWord: (UnsafePointer<UInt8>, Int, Int) -> Int,
                                       file: StaticString = #filePath, line: UInt = #line) {
        func byByte(_ bytes: [UInt8], from start: Int) -> Int {
            var index = start
            while index < bytes.count, !stops(bytes[index]) { index += 1 }
            return index
        }
        func scan(_ bytes: [UInt8], from start: Int) -> Int {
            bytes.withUnsafeBufferPointer { byWord($0.baseAddress!, start, $0.count) }
        }
        for stop in 0...255 {
            for position in 0..<20 {
                var bytes = (0..<24).map { filler[$0 % filler.count] }
                bytes[position] = UInt8(stop)
                for start in [0, 1, 5, 9] {
                    XCTAssertEqual(scan(bytes, from: start), byByte(bytes, from: start), "byte \(stop) at \(position) from \(start)",
                                   file: file, line: line)
                }
            }
        }
        var generator = SeededGenerator(seed: 0x5CA7)
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in randomByte(&generator) }
            for start in 0...bytes.count {
                XCTAssertEqual(scan(bytes, from: start), byByte(bytes, from: start), "\(bytes)", file: file, line: line)
            }
        }
    }

    /// The eight-bytes-at-a-time scan of identifier bytes ends where the byte-at-a-time test
    /// does, and a byte from 0x80 up before the stop does not disturb it.
    func testWordAtATimeIdentifierScanMatchesTheByteTest() {
        let name = Array("abcXYZ_09$q".utf8)
        assertWordScanMatchesByteScan(
            filler: name, stops: { !CharacterClasses.isIdentifierBody($0) },
            randomByte: { Bool.random(using: &$0) ? name.randomElement(using: &$0)! : UInt8.random(in: 0...255, using: &$0) },
            byWord: { CharacterClasses.asciiIdentifierBodyEnd($0, from: $1, to: $2) })
    }

    /// The eight-bytes-at-a-time pass over indentation stops at the first byte that is neither a
    /// space nor a tab.
    func testWordAtATimeBlankRunMatchesTheByteTest() {
        let text = Array("    \t  \t\u{0B}\u{0C} x".utf8) + [0x00, 0xA0, 0xA0, 0x89, 0xFF, 0x1A, 0x60, 0x29]
        assertWordScanMatchesByteScan(
            filler: text, stops: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") },
            randomByte: { Int.random(in: 0..<4, using: &$0) != 0 ? [0x20, 0x09].randomElement(using: &$0)! : UInt8.random(in: 0...255, using: &$0) },
            byWord: { CharacterClasses.blankRunEnd($0, from: $1, to: $2) })
    }

    /// The letters-and-underscore word test flags exactly the bytes that are neither.
    func testWordAtATimeNameScanMatchesTheByteTest() {
        let name = Array("abcXYZ_q@[`{".utf8) + [0x7F, 0x5F]
        assertWordScanMatchesByteScan(
            filler: name, stops: { !(CharacterClasses.isIdentifierHead($0)) },
            randomByte: { Bool.random(using: &$0) ? name.randomElement(using: &$0)! : UInt8.random(in: 0...255, using: &$0) },
            byWord: { CharacterClasses.firstStop($0, from: $1, to: $2, stopsIn: CharacterClasses.nameStops,
                                                 isStop: { !CharacterClasses.isIdentifierHead($0) }) })
    }

    /// A name is a keyword exactly when it spells one, whatever its length, whatever follows it
    /// and wherever it ends (within sixteen bytes of the file's end or not): the lexer compares
    /// the words its name scan loaded where sixteen bytes are there, and reads again where not.
    func testKeywordsAreFoundAtEveryLengthAndPlace() {
        let keywords = Dictionary(uniqueKeysWithValues: Keyword.allCases.filter { $0 != .none }.map { ($0.text, $0) })
        var words = Array(keywords.keys)
        for keyword in keywords.keys {
            words += [keyword + "x", keyword + "_", keyword + "9", keyword + "$", String(keyword.dropLast()),
                      keyword.prefix(1).uppercased() + keyword.dropFirst(), "_" + keyword]
        }
        words += (1...40).map { String(repeating: "a", count: $0) }
        words += (1...40).map { "i" + String(repeating: "n", count: $0) }
        for word in words {
            for after in ["", " ", "(", ".x", "é", "\u{2260}", "\n", " = 1 + 2 + 3 + 4 + 5 + 6 + 7 + 8"] {
                for before in ["", "x = ", "x.", "x. "] {
                    let source = before + word + after
                    let tokens = Tokenizer.tokenize(Array(source.utf8)).filter { !$0.isTrivia }
                    let name = tokens[before.isEmpty ? 0 : 2]
                    let text = String(decoding: Array(source.utf8)[name.range], as: UTF8.self)
                    let spelled = after == "é" ? nil : keywords[word]
                    let expected = before == "x." ? nil : spelled
                    XCTAssertEqual(name.kind, expected == nil ? .identifier : .keyword, "\(source)")
                    XCTAssertEqual(name.keyword, expected ?? .none, "\(source)")
                    XCTAssertEqual(text, after == "é" ? word + "é" : word, "\(source)")
                }
            }
        }
    }

    /// The eight-bytes-at-a-time search for a line's end finds the first line feed or carriage
    /// return.
    func testWordAtATimeLineEndMatchesTheByteTest() {
        let text = Array("// a comment \u{FF} \t\u{0B}".utf8) + [0x00, 0x0B, 0x0C, 0x8A, 0x8D, 0xFF, 0x1A]
        assertWordScanMatchesByteScan(
            filler: text, stops: { $0 == 0x0A || $0 == 0x0D },
            randomByte: { Int.random(in: 0..<8, using: &$0) == 0 ? [0x0A, 0x0D].randomElement(using: &$0)! : UInt8.random(in: 0...255, using: &$0) },
            byWord: { CharacterClasses.lineEnd($0, from: $1, to: $2) })
    }

    /// The eight-bytes-at-a-time search for the end of a string's plain text stops at the first
    /// line break, backslash or quote.
    func testWordAtATimeStringTextEndMatchesTheByteTest() {
        let text = Array("a string \u{FF} \t'".utf8) + [0x00, 0x0B, 0x0C, 0x8A, 0x8D, 0xDC, 0xA2, 0xFF, 0x1A]
        let stops: [UInt8] = [0x0A, 0x0D, UInt8(ascii: "\\"), UInt8(ascii: "\"")]
        assertWordScanMatchesByteScan(
            filler: text, stops: { stops.contains($0) },
            randomByte: { Int.random(in: 0..<8, using: &$0) == 0 ? stops.randomElement(using: &$0)! : UInt8.random(in: 0...255, using: &$0) },
            byWord: { CharacterClasses.stringTextEnd($0, from: $1, to: $2) })
    }

    /// Masks of kinds (`SignificantTokens.pairingKinds`, pass-1 filters) shift a 64-bit word by
    /// a kind's raw value without a range check: every kind must have a bit.
    func testEveryTokenKindHasABitInAWord() {
        XCTAssertNil(TokenKind(rawValue: TokenKind.unknown.rawValue + 1), "unknown is the last kind")
        XCTAssertLessThan(TokenKind.unknown.rawValue, 64)
    }

    func testKeywordsAndContextualWords() {
        XCTAssertEqual(kinds("class Foo { override func viewDidLoad() {} }"),
                       [.keyword, .identifier, .leftBrace, .identifier, .keyword, .identifier, .leftParen, .rightParen,
                        .leftBrace, .rightBrace, .rightBrace])
        let tokens = Tokenizer.tokenize(Array("weak var x = self".utf8))
        XCTAssertEqual(tokens.filter { !$0.isTrivia }.map(\.keyword), [.none, .var, .none, .none, .none])
    }

    func testMemberNamesAfterADotAreNeverKeywords() {
        XCTAssertEqual(kinds("x.init(); y.default; .self"),
                       [.identifier, .period, .identifier, .leftParen, .rightParen, .semicolon,
                        .identifier, .period, .identifier, .semicolon, .period, .identifier])
    }

    func testBacktickedDollarAndUnicodeIdentifiers() {
        XCTAssertEqual(significant("`class` $0 $value café 😀x").map(\.0), [.identifier, .identifier, .identifier, .identifier, .identifier])
        XCTAssertEqual(texts("`class` $0 $value café 😀x"), ["`class`", "$0", "$value", "café", "😀x"])
        let token = Tokenizer.tokenize(Array("`default`".utf8))[0]
        XCTAssertTrue(token.flags.contains(.backticked))
    }

    // MARK: - Numbers

    /// `$` continues an identifier (the compiler accepts `total_$2500`); `$0` still starts one.
    func testDollarInsideIdentifiers() {
        XCTAssertEqual(texts("func more_than_$2500_value() { $0.a$b }"),
                       ["func", "more_than_$2500_value", "(", ")", "{", "$0", ".", "a$b", "}"])
    }

    func testIntegerAndFloatLiterals() {
        let cases: [(String, TokenKind)] = [
            ("42", .integerLiteral), ("1_000_000", .integerLiteral), ("0xFF_FF", .integerLiteral),
            ("0o755", .integerLiteral), ("0b1010_1010", .integerLiteral), ("3.14", .floatLiteral),
            ("1e10", .floatLiteral), ("2.5E-3", .floatLiteral), ("0x1.8p3", .floatLiteral), ("0xAp-2", .floatLiteral),
        ]
        for (text, kind) in cases {
            XCTAssertEqual(significant(text).map(\.0), [kind], text)
            XCTAssertEqual(texts(text), [text], text)
        }
    }

    func testTupleIndexAndMemberOfLiteral() {
        XCTAssertEqual(texts("t.0.1"), ["t", ".", "0", ".", "1"])
        XCTAssertEqual(texts("1.description"), ["1", ".", "description"])
        XCTAssertEqual(texts("0..<10"), ["0", "..<", "10"])
    }

    // MARK: - Strings

    func testSimpleStringIsStartSegmentEnd() {
        XCTAssertEqual(kinds(#""hello""#), [.stringStart, .stringSegment, .stringEnd])
        XCTAssertEqual(kinds(#""""#), [.stringStart, .stringEnd])
    }

    func testEscapedQuoteDoesNotEndString() {
        XCTAssertEqual(texts(#""a\"b" + c"#), [#"""#, #"a\"b"#, #"""#, "+", "c"])
    }

    func testInterpolationWithNestedParenthesesStringsAndClosures() {
        let source = #""total: \(items.map { "\($0.count)" }.joined(separator: ", ")) (done)""#
        let tokens = significant(source)
        XCTAssertEqual(tokens.first?.0, .stringStart)
        XCTAssertEqual(tokens.last?.0, .stringEnd)
        XCTAssertEqual(tokens.filter { $0.0 == .interpolationStart }.count, 2)
        XCTAssertEqual(tokens.filter { $0.0 == .interpolationEnd }.count, 2)
        XCTAssertTrue(tokens.contains { $0.0 == .leftBrace }, "the closure inside is code")
        XCTAssertEqual(tokens.last?.1, "\"")
        XCTAssertEqual(tokens[tokens.count - 2].1, " (done)")
        XCTAssertEqual(tokens[tokens.count - 3].0, .interpolationEnd)
    }

    func testMultilineStrings() {
        let source = "let s = \"\"\"\n  line \"quoted\" \\(x)\n  \"\"\"\nlet t = 1"
        let tokens = significant(source)
        XCTAssertEqual(tokens.filter { $0.0 == .stringStart }.map(\.1), ["\"\"\""])
        XCTAssertEqual(tokens.filter { $0.0 == .stringEnd }.map(\.1), ["\"\"\""])
        XCTAssertEqual(tokens.filter { $0.0 == .keyword }.count, 2, "code resumes after the literal")
    }

    func testRawStringsWithAnyNumberOfHashes() {
        // #"a "quoted" \n"#
        let oneHash = "#\"a \"quoted\" \\n\"#"
        XCTAssertEqual(texts(oneHash), ["#\"", "a \"quoted\" \\n", "\"#"])
        // ##"x "# y"##
        XCTAssertEqual(kinds("##\"x \"# y\"##"), [.stringStart, .stringSegment, .stringEnd])
        // #"value: \#(x) \(notInterpolated)"#
        let interpolated = significant("#\"value: \\#(x) \\(notInterpolated)\"#")
        XCTAssertEqual(interpolated.filter { $0.0 == .interpolationStart }.map(\.1), ["\\#("])
        XCTAssertEqual(interpolated.filter { $0.0 == .identifier }.map(\.1), ["x"])
    }

    func testUnterminatedSingleLineStringEndsAtLineBreak() {
        let tokens = Tokenizer.tokenize(Array("let s = \"open\nlet t = 2".utf8))
        let start = tokens.first { $0.kind == .stringStart }!
        XCTAssertTrue(start.flags.contains(.unterminated))
        XCTAssertEqual(kinds("let s = \"open\nlet t = 2").suffix(4), [.keyword, .identifier, .equal, .integerLiteral])
    }

    func testLineBreakInsideSingleLineInterpolationEndsTheString() {
        let source = "let a = \"x \\(foo(1,\n   2)) y\"\nlet b = 1"
        let tokens = Tokenizer.tokenize(Array(source.utf8))
        XCTAssertTrue(tokens.first { $0.kind == .stringStart }!.flags.contains(.unterminated))
        assertLossless(Array(source.utf8))
    }

    func testUnterminatedMultilineStringRunsToEndOfFile() {
        let source = "let s = \"\"\"\nabc\n"
        let tokens = Tokenizer.tokenize(Array(source.utf8))
        XCTAssertTrue(tokens.first { $0.kind == .stringStart }!.flags.contains(.unterminated))
        XCTAssertEqual(tokens.last?.kind, .stringSegment)
    }

    // MARK: - Regex literals and division

    func testRegexLiterals() {
        XCTAssertEqual(significant("let r = /ab+c/").last?.0, .regexLiteral)
        XCTAssertEqual(significant("let r = #/a/b/#").last?.1, "#/a/b/#")
        XCTAssertEqual(significant("let r = ##/x/#y/##").last?.1, "##/x/#y/##")
        let extended = "let r = #/\n  (?<word> \\w+)  # comment\n/#\nlet x = 1"
        XCTAssertEqual(significant(extended)[3].0, .regexLiteral)
        XCTAssertEqual(significant(extended).suffix(4).map(\.0), [.keyword, .identifier, .equal, .integerLiteral])
    }

    func testDivisionIsNotARegex() {
        XCTAssertEqual(kinds("let x = a / b / c"), [.keyword, .identifier, .equal, .identifier, .operator, .identifier, .operator, .identifier])
        XCTAssertEqual(kinds("x = (a) / 2 / (b)").filter { $0 == .regexLiteral }, [])
        XCTAssertEqual(kinds("foo(a / b, c / d)").filter { $0 == .regexLiteral }, [])
        XCTAssertEqual(kinds("let y = x! / 2 / z").filter { $0 == .regexLiteral }, [])
        XCTAssertEqual(kinds("static func /%/(a: Int, b: Int) -> Int").filter { $0 == .regexLiteral }, [])
    }

    /// A failed `/.../` attempt is not retried on the bytes it already read, so a line of slashes
    /// that each open a character class costs one scan; a regex after the failure point still lexes.
    func testFailedRegexAttemptsAreNotRetriedOnBytesAlreadyRead() {
        XCTAssertEqual(kinds("let x = /[ /[ /["), [.keyword, .identifier, .equal, .operator, .leftBracket, .operator,
                                                   .leftBracket, .operator, .leftBracket])
        XCTAssertEqual(significant("f(/a /, /b/)").filter { $0.0 == .regexLiteral }.map(\.1), ["/b/"])
        let counted = TokenReadCount()
        let line = Array(("let x = " + String(repeating: "/[ ", count: 3_000)).utf8)
        _ = Tokenizer.tokenize(line, work: counted)
        // One token per byte: lexed twice (see `Tokenizer.tokenize`), still a few reads per byte, not one per slash.
        XCTAssertLessThan(counted.reads, 10 * line.count, "each byte is read a bounded number of times")
    }

    /// A run of `#` that starts nothing is one unknown token (but its last `#` may start a directive).
    func testHashRunsAreReadOnce() {
        XCTAssertEqual(lex("####").map(\.1), ["###", "#"])
        XCTAssertEqual(kinds("####"), [.unknown, .unknown])
        XCTAssertEqual(significant("###if A").map(\.0), [.unknown, .poundIf, .identifier])
        XCTAssertEqual(significant("##\"raw\"##").map(\.0), [.stringStart, .stringSegment, .stringEnd])
    }

    // MARK: - Comments

    func testCommentsIncludingNestedBlockComments() {
        XCTAssertEqual(lex("// line\n/// doc\n/* a /* nested */ still */ x").filter { $0.0.isComment }.map(\.0),
                       [.lineComment, .docLineComment, .blockComment])
        XCTAssertEqual(texts("/* a /* nested */ still */ x"), ["x"])
        XCTAssertEqual(lex("/** doc */").first?.0, .docBlockComment)
    }

    func testUnterminatedBlockCommentRunsToEndOfFile() {
        let tokens = Tokenizer.tokenize(Array("let a = 1 /* open /* nested */ still open".utf8))
        XCTAssertEqual(tokens.last?.kind, .blockComment)
        XCTAssertTrue(tokens.last!.flags.contains(.unterminated))
    }

    func testCodeInsideStringsAndCommentsIsNotCode() {
        let source = #"let s = "addSubview(child.view)" // loadView()"#
        XCTAssertFalse(significant(source).contains { $0.1 == "addSubview" || $0.1 == "loadView" })
    }

    // MARK: - Operators, punctuation, attributes, directives

    func testOperators() {
        XCTAssertEqual(texts("a ?? b ... c ..< d <*> e .+. f"), ["a", "??", "b", "...", "c", "..<", "d", "<*>", "e", ".+.", "f"])
        XCTAssertEqual(texts("x?.y!.z"), ["x", "?", ".", "y", "!", ".", "z"])
        XCTAssertEqual(kinds("= -> == &"), [.equal, .arrow, .operator, .operator])
        XCTAssertEqual(texts("a ⊕ b"), ["a", "⊕", "b"])
        XCTAssertEqual(texts("a+/*c*/b"), ["a", "+", "b"])
    }

    func testAttributesAndDirectives() {
        XCTAssertEqual(significant("@objc @MainActor func f()").prefix(2).map(\.1), ["@objc", "@MainActor"])
        XCTAssertEqual(kinds("#if DEBUG\n#elseif os(iOS)\n#else\n#endif"),
                       [.poundIf, .identifier, .poundElseif, .identifier, .leftParen, .identifier, .rightParen, .poundElse, .poundEndif])
        XCTAssertEqual(kinds("#selector(foo) #available(iOS 15, *)").filter { $0 == .poundKeyword }.count, 2)
        XCTAssertEqual(kinds(#"\.name"#), [.backslash, .period, .identifier])
    }

    // MARK: - File-level shapes

    func testByteOrderMarkShebangAndLineEndings() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("#!/usr/bin/swift\r\nlet a = 1\rlet b = 2\n".utf8)
        let tokens = Tokenizer.tokenize(bytes)
        XCTAssertEqual(tokens[0].kind, .byteOrderMark)
        XCTAssertEqual(tokens[1].kind, .shebang)
        XCTAssertEqual(tokens.filter { $0.kind == .newline }.map(\.range.count), [2, 1, 1])
        assertLossless(bytes)
        let source = SourceFile(path: "x", bytes: bytes)
        XCTAssertEqual(source.location(of: bytes.count - 2).line, 3)
    }

    func testInvalidUTF8BecomesUnknownTokens() {
        let bytes: [UInt8] = Array("let a = ".utf8) + [0xFF, 0xC3] + Array(" + b".utf8)
        let tokens = Tokenizer.tokenize(bytes)
        XCTAssertTrue(tokens.contains { $0.kind == .unknown })
        XCTAssertEqual(tokens.last.map { String(decoding: bytes[$0.range], as: UTF8.self) }, "b")
        assertLossless(bytes)
    }

    func testFlagsForLineStartsAndJoinedTokens() {
        let tokens = Tokenizer.tokenize(Array("a.b\n  c".utf8)).filter { !$0.isTrivia }
        XCTAssertTrue(tokens[1].flags.contains(.joinedToPrevious))
        XCTAssertTrue(tokens[3].flags.contains(.startsLine))
        XCTAssertFalse(tokens[3].flags.contains(.joinedToPrevious))
    }

    // MARK: - Lossless round trip

    func testRoundTripOverEveryFixture() throws {
        let files = FixtureFiles.swiftFiles()
        XCTAssertFalse(files.isEmpty)
        for file in files {
            let source = try FixtureFiles.source(file)
            let tokens = Tokenizer.tokenize(source.bytes)
            var rebuilt: [UInt8] = []
            rebuilt.reserveCapacity(source.bytes.count)
            for token in tokens { rebuilt.append(contentsOf: source.bytes[token.range]) }
            XCTAssertEqual(rebuilt, source.bytes, FixtureFiles.shortPath(file))
        }
    }

    func testRoundTripOverEveryTestInput() {
        let inputs = [
            "", "\"", "\"\"\"", "#", "##\"", "/", "/*", "@", "`", "\\(", "\"\\(", "#/", "0x", "1e", "$", ".",
            "\"\\(\"\\(\"\\(", "let x = \"\\(a) \\(b \"\\(c)\")\"", "#if\n#else\n#endif", "a /* b",
        ]
        for input in inputs { assertLossless(Array(input.utf8)) }
    }
}

/// The one bisection the engine's sorted searches share.
final class BisectionTests: XCTestCase {
    /// For random sorted keys (with repeats) and every subrange and sought key, the first
    /// position not before the key is what a scan from the subrange's start finds, both for
    /// "below" (the first at or after) and "at or below" (one past the last at or before).
    func testFirstPositionIsWhatAScanFinds() {
        var generator = SystemRandomNumberGenerator()
        var compared = 0
        for _ in 0..<200 {
            let keys = (0..<Int.random(in: 0...12, using: &generator)).map { _ in Int.random(in: 0...8, using: &generator) }.sorted()
            for lower in 0...keys.count {
                for upper in lower...keys.count {
                    for sought in -1...9 {
                        let below = Bisection.firstPosition(in: lower..<upper) { keys[$0] < sought }
                        XCTAssertEqual(below, (lower..<upper).first { keys[$0] >= sought } ?? upper)
                        let atOrBelow = Bisection.firstPosition(in: lower..<upper) { keys[$0] <= sought }
                        XCTAssertEqual(atOrBelow, (lower..<upper).first { keys[$0] > sought } ?? upper)
                        compared += 2
                    }
                }
            }
        }
        XCTAssertGreaterThan(compared, 10_000)
        XCTAssertEqual([1, 3, 3, 7].firstIndex(notBelow: 3), 1)
        XCTAssertEqual([1, 3, 3, 7].firstIndex(notBelow: 8), 4)
    }
}
