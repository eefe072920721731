import XCTest
@testable import LifeguardKit
import LifeguardTestSupport

/// Hostile input never crashes, never hangs, and costs work linear in its size. Work is measured
/// by counting the outline builder's token reads (lookaheads included), not by a clock: for
/// each family of inputs, four times the input must cost at most a little over four times the
/// reads.
final class RobustnessTests: XCTestCase {
    struct Measure {
        var tokens: Int
        var reads: Int
        var nodes: Int
    }

    func measure(_ bytes: [UInt8]) -> Measure {
        let tokens = Tokenizer.tokenize(bytes)
        var offset = 0
        var tiled = true
        for token in tokens {
            if token.startOffset != offset || token.endOffset <= offset { tiled = false }
            offset = token.endOffset
        }
        XCTAssertTrue(tiled && offset == bytes.count, "tokens must tile the input")
        let work = TokenReadCount()
        let outline = OutlineBuilder<TokenReadCount>.build(bytes: bytes, tokens: tokens, work: work)
        var wellFormed = true
        for (index, node) in outline.nodes.enumerated() {
            if node.tokens.upperBound > tokens.count || node.tokens.lowerBound >= node.tokens.upperBound
                || node.parent >= index || node.subtreeEnd <= index || node.subtreeEnd > outline.nodes.count {
                wellFormed = false
            }
        }
        XCTAssertTrue(wellFormed, "node ranges, parents and subtrees must be consistent")
        return Measure(tokens: tokens.count, reads: work.reads, nodes: outline.nodes.count)
    }

    func measure(_ text: String) -> Measure { measure(Array(text.utf8)) }

    /// Builds the input at size `n` and `4n` and checks the reads grow linearly.
    func assertLinear(_ name: String, _ make: (Int) -> String, base: Int, file: StaticString = #filePath, line: UInt = #line) {
        let small = measure(make(base))
        let large = measure(make(base * 4))
        guard small.reads > 0 else {
            XCTAssertEqual(large.reads, 0, "\(name): nothing to read at n, something at 4n", file: file, line: line)
            return
        }
        let ratio = Double(large.reads) / Double(small.reads)
        XCTAssertLessThanOrEqual(ratio, 4.6, "\(name): 4x input cost \(ratio)x the reads", file: file, line: line)
        XCTAssertLessThanOrEqual(large.reads, 40 * max(large.tokens, 1), "\(name): reads per token", file: file, line: line)
    }

    func testDeepNestingOfEveryBracket() {
        for (open, close) in [("(", ")"), ("{", "}"), ("[", "]")] {
            let full = measure(String(repeating: open, count: 100_000) + String(repeating: close, count: 100_000))
            XCTAssertEqual(full.tokens, 200_000)
            let unclosed = measure(String(repeating: open, count: 100_000))
            XCTAssertEqual(unclosed.tokens, 100_000)
            assertLinear("nested \(open)", { String(repeating: open, count: $0) + "x" + String(repeating: close, count: $0) }, base: 25_000)
            assertLinear("unclosed \(open)", { String(repeating: open, count: $0) }, base: 25_000)
            assertLinear("unopened \(close)", { String(repeating: close, count: $0) }, base: 25_000)
        }
    }

    func testDeeplyNestedClosuresInterpolationsAndCalls() {
        assertLinear("closures", { String(repeating: "f { [weak self] x in ", count: $0) + String(repeating: "}", count: $0) }, base: 5_000)
        assertLinear("interpolations", { String(repeating: "\"\\(", count: $0) + String(repeating: ")\"", count: $0) }, base: 5_000)
        assertLinear("calls", { String(repeating: "a.b(c: ", count: $0) + String(repeating: ")", count: $0) }, base: 5_000)
        assertLinear("#if", { String(repeating: "#if A\nfunc f() {\n#else\n", count: $0) + String(repeating: "#endif\n", count: $0) }, base: 2_000)
        assertLinear("generics", { "let x: " + String(repeating: "A<", count: $0) + String(repeating: ">", count: $0) }, base: 5_000)
    }

    func testLongChainsAndLongLines() {
        assertLinear("member chain", { "let x = a" + String(repeating: ".b()", count: $0) }, base: 20_000)
        assertLinear("trailing closures", { "x" + String(repeating: ".map { $0 }", count: $0) }, base: 10_000)
        assertLinear("commas", { "foo(" + String(repeating: "a, ", count: $0) + ")" }, base: 20_000)
        assertLinear("operators", { "let y = " + String(repeating: "a + b / c ", count: $0) }, base: 20_000)
    }

    func testTwentyMegabyteSingleLine() {
        let unit = "foo(bar: baz[1]).qux { $0 + \"s\\(x)\" } + "
        let repeats = 20_000_000 / unit.utf8.count
        let text = "let value = " + String(repeating: unit, count: repeats) + "0"
        XCTAssertGreaterThanOrEqual(text.utf8.count, 20_000_000)
        let large = measure(text)
        XCTAssertGreaterThan(large.nodes, repeats)
        // Reads per token stay what they are on a line a sixteenth as long.
        let small = measure("let value = " + String(repeating: unit, count: repeats / 16) + "0")
        let largeRate = Double(large.reads) / Double(large.tokens)
        let smallRate = Double(small.reads) / Double(small.tokens)
        XCTAssertLessThanOrEqual(largeRate, smallRate * 1.15)
    }

    func testUnterminatedConstructsSwallowTheRestWithoutCrashing() {
        let body = String(repeating: "override func viewDidLoad() { super.viewDidLoad() }\n", count: 2_000)
        for opener in ["\"\"\"\n", "/*", "\"", "#\"", "#/", "\"\\(", "`", "{", "(", "["] {
            let result = measure(opener + body)
            XCTAssertGreaterThan(result.tokens, 0, opener)
        }
        assertLinear("unterminated multi-line string", { "\"\"\"\n" + String(repeating: "x\n", count: $0) }, base: 10_000)
        assertLinear("unterminated comment", { "/*" + String(repeating: "/* x */\n", count: $0) }, base: 10_000)
    }

    func testRandomBytes() {
        var generator = SeededGenerator(seed: 0x5EED)
        let alphabet = Array("{}()[]<>\"'#/\\*@`$.,:;=?!&|^~+-_ \n\r\tabcxyz019ifclassfuncletvarin".utf8)
        for round in 0..<300 {
            let count = Int.random(in: 0...3_000, using: &generator)
            let bytes: [UInt8] = (0..<count).map { _ in
                round % 2 == 0 ? UInt8.random(in: 0...255, using: &generator) : alphabet.randomElement(using: &generator)!
            }
            _ = measure(bytes)
            let tree = SyntaxTree(source: SourceFile(path: "random.swift", bytes: bytes))
            _ = tree.outlineDescription()
        }
    }

    /// Short random sequences of Swift tokens reach parser states that random bytes rarely do
    /// (a label at the start of a file, an `else` with no `if`, a closure signature cut short).
    func testRandomTokenSoup() {
        let vocabulary = ["x", "y", ":", "{", "}", "(", ")", "[", "]", ",", ".", "=", "in", "func", "var", "let", "if",
                          "else", "guard", "switch", "case", "default", "#if A", "#else", "#endif", "\n", "\"", "\\(",
                          "@objc", "class", "struct", "init", "get", "set", "willSet", "?", "!", "->", "<", ">", "return",
                          "for", "while", "repeat", "do", "catch", "self", "super", "$0", "override", "[weak self]",
                          "deinit", "subscript", "extension", "protocol", "typealias", "where", "throws", "async", "_",
                          "lazy", "static", "#selector", "1", "\"\"\"", "/*", "*/", "//", "actor", "some", "try"]
        var generator = SeededGenerator(seed: 0xC0FFEE)
        for _ in 0..<3_000 {
            let length = Int.random(in: 1...14, using: &generator)
            let text = (0..<length).map { _ in vocabulary.randomElement(using: &generator)! }
                .joined(separator: Bool.random(using: &generator) ? " " : "")
            _ = measure(text)
            _ = SyntaxTree(source: SourceFile(path: "soup.swift", text: text)).outlineDescription()
        }
        // The shape that once crashed: a labelled closure at the very start of a file.
        _ = measure("x: {\n")
    }

    func testTruncatedCopiesOfEveryFixture() throws {
        for file in FixtureFiles.swiftFiles() {
            let bytes = try FixtureFiles.source(file).bytes
            let step = max(1, bytes.count / 40)
            var cut = 0
            while cut < bytes.count {
                let prefix = Array(bytes[..<cut])
                _ = measure(prefix)
                _ = measure(Array(bytes[cut...]))
                cut += step + (cut % 7)
            }
        }
    }
}

/// A small deterministic generator (SplitMix64), so failures reproduce.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
