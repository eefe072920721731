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
        /// The outline builder's token reads.
        var reads: Int
        var nodes: Int
        /// The tokenizer's byte reads.
        var byteReads: Int
    }

    func measure(_ bytes: [UInt8], compareTokens: Bool = true) -> Measure {
        let lexing = TokenReadCount()
        let tokens = Tokenizer.tokenize(bytes, work: lexing)
        if compareTokens {
            XCTAssertEqual(tokens, Tokenizer.tokenize(bytes), "counting reads must not change the tokens")
        }
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
        return Measure(tokens: tokens.count, reads: work.reads, nodes: outline.nodes.count, byteReads: lexing.reads)
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

    /// One family of inputs, generated at a size.
    struct Shape: Sendable {
        var name: String
        var make: @Sendable (Int) -> String
    }

    /// Every shape the front end must read in linear time, at sizes 500 to 8k (`lifeguard-bench
    /// scaling` goes on to 16k, timing the whole pipeline).
    static let shapes: [Shape] = [
        Shape(name: "nested types") { n in (0..<n).map { "class C\($0): Base {\n" }.joined() + String(repeating: "}\n", count: n) },
        Shape(name: "nested types+methods") { n in
            (0..<n).map { "struct S\($0) {\nfunc f() { g() }\nvar v: Int { 1 }\n" }.joined() + String(repeating: "}\n", count: n)
        },
        Shape(name: "nested functions") { n in (0..<n).map { "func f\($0)(x: Int) {\n" }.joined() + String(repeating: "}\n", count: n) },
        Shape(name: "nested closures") { n in
            "func f() {\n" + String(repeating: "run { [weak self] x in\n", count: n) + String(repeating: "}\n", count: n) + "}\n"
        },
        Shape(name: "nested ifs") { n in
            "func f() {\n" + String(repeating: "if let a = b, a > c {\n", count: n) + String(repeating: "} else {}\n", count: n) + "}\n"
        },
        Shape(name: "nested guards+switches") { n in
            "func f() {\n" + String(repeating: "guard x else { return }\nswitch y {\ncase .a:\n", count: n)
                + String(repeating: "default: break\n}\n", count: n) + "}\n"
        },
        Shape(name: "chained calls") { n in "func f() {\nlet x = a" + String(repeating: ".b()", count: n) + "\n}\n" },
        Shape(name: "chained optional calls") { n in "func f() {\nx" + String(repeating: "?.b(c)!", count: n) + " = 1\n}\n" },
        Shape(name: "chained closures") { n in "func f() {\nx" + String(repeating: ".map { $0 }", count: n) + "\n}\n" },
        Shape(name: "chained generics") { n in "func f() {\nx" + String(repeating: ".y(A<B>.c { })", count: n) + "\n}\n" },
        Shape(name: "nested parens") { n in "let x = " + String(repeating: "(", count: n) + "x" + String(repeating: ")", count: n) },
        Shape(name: "closure arguments") { n in "func f() {\ng(" + String(repeating: "{ $0 }, ", count: n) + "x)\n}\n" },
        Shape(name: "labelled arguments") { n in "func f() {\ng(" + String(repeating: "a: b, c: { }, ", count: n) + "x)\n}\n" },
        Shape(name: "nested calls") { n in "let x = " + String(repeating: "f(a: ", count: n) + "x" + String(repeating: ")", count: n) },
        Shape(name: "nested brackets") { n in "let x = " + String(repeating: "[", count: n) + "x" + String(repeating: "]", count: n) },
        Shape(name: "nested generics") { n in "let x: " + String(repeating: "A<", count: n) + "B" + String(repeating: ">", count: n) },
        Shape(name: "nested generic calls") { n in "let x = " + String(repeating: "A<B>(", count: n) + String(repeating: ")", count: n) },
        Shape(name: "long file") { n in
            let lines = ["final class Screen: UIViewController {", "    var timer: Timer?", "    override func viewDidLoad() {",
                         "        super.viewDidLoad()", "        timer = .scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in",
                         "            self?.tick(\"\\(1)\")", "        }", "        addChild(child); view.addSubview(child.view)",
                         "        if view.bounds.width > 0 { child.didMove(toParent: self) } else { return }", "    }", "}"]
            return (0..<n).map { lines[$0 % lines.count] + "\n" }.joined()
        },
        Shape(name: "unterminated multiline string") { n in "let s = \"\"\"\n" + String(repeating: "x \\(y)\n", count: n) },
        Shape(name: "unterminated strings") { n in String(repeating: "let s = \"abc\\(x\n", count: n) },
        Shape(name: "unterminated comment") { n in "/*" + String(repeating: "/* x */\n", count: n) },
        Shape(name: "unterminated braces") { n in String(repeating: "func f() {\n", count: n) },
        Shape(name: "#if nesting") { n in
            String(repeating: "#if A\n", count: n) + "func f() {}\n" + String(repeating: "#else\nfunc g() {}\n#endif\n", count: n)
        },
        Shape(name: "#if in bodies") { n in String(repeating: "#if A\nfunc f() {\n#else\n", count: n) + String(repeating: "#endif\n", count: n) },
        Shape(name: "#if closers") { n in
            "func f() {\n" + String(repeating: "{\n", count: n) + String(repeating: "#if A\n", count: n)
                + String(repeating: "}\n", count: n) + String(repeating: "#else\n#endif\n", count: n)
        },
        Shape(name: "else-if chain") { n in "func f() {\nif a {}" + String(repeating: " else if b {}", count: n) + "\n}\n" },
        Shape(name: "regex rescans") { n in "let x = " + String(repeating: "/[ ", count: n) },
        Shape(name: "hash runs") { n in String(repeating: "#", count: n * 4) },
        Shape(name: "backtick runs") { n in String(repeating: "`a ", count: n) },
    ]

    /// Reads per byte (tokenizer) and per token (outline) at each size of `shape`.
    func rates(_ shape: Shape) -> [(size: Int, tokenizer: Double, outline: Double)] {
        [500, 1_000, 2_000, 4_000, 8_000].map { size in
            let bytes = Array(shape.make(size).utf8)
            let result = measure(bytes, compareTokens: size == 500)
            return (size, Double(result.byteReads) / Double(bytes.count), Double(result.reads) / Double(max(result.tokens, 1)))
        }
    }

    /// Work per unit of input stays flat as the input doubles from 500 to 8k, for every shape:
    /// one doubling may cost a little more per unit (a fixed cost amortizing differently), never
    /// a steady climb, which is what quadratic work looks like.
    func testEveryShapeScalesLinearly() {
        var table = ["shape: tokenizer reads/byte, outline reads/token at 500 1k 2k 4k 8k"]
        for shape in Self.shapes {
            let rates = rates(shape)
            table.append("\(shape.name): " + rates.map { String(format: "%.2f/%.2f", $0.tokenizer, $0.outline) }
                .joined(separator: "  "))
            for (metric, values) in [("tokenizer", rates.map(\.tokenizer)), ("outline", rates.map(\.outline))] {
                XCTAssertLessThanOrEqual(values.last!, values.first! * 1.15 + 0.05,
                                         "\(shape.name): \(metric) work per unit grew from 500 to 8k: \(values)")
                for (smaller, larger) in zip(values, values.dropFirst()) {
                    XCTAssertLessThanOrEqual(larger, smaller * 1.10 + 0.05, "\(shape.name): \(metric) per unit: \(values)")
                }
                XCTAssertLessThanOrEqual(values.max()!, 40, "\(shape.name): \(metric) reads per unit")
            }
        }
        print(table.joined(separator: "\n"))
    }

    func testDeepNestingOfEveryBracket() {
        for (open, close) in [("(", ")"), ("{", "}"), ("[", "]")] {
            let full = measure(String(repeating: open, count: 50_000) + String(repeating: close, count: 50_000))
            XCTAssertEqual(full.tokens, 100_000)
            let unclosed = measure(String(repeating: open, count: 50_000))
            XCTAssertEqual(unclosed.tokens, 50_000)
            assertLinear("nested \(open)", { String(repeating: open, count: $0) + "x" + String(repeating: close, count: $0) }, base: 12_500)
            assertLinear("unclosed \(open)", { String(repeating: open, count: $0) }, base: 12_500)
            assertLinear("unopened \(close)", { String(repeating: close, count: $0) }, base: 12_500)
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

    /// A debug build reads 4 MB here; `.ci/run` lints a 20 MB line with the release binary.
    func testMultiMegabyteSingleLine() {
        let unit = "foo(bar: baz[1]).qux { $0 + \"s\\(x)\" } + "
        let repeats = 4_000_000 / unit.utf8.count
        let text = "let value = " + String(repeating: unit, count: repeats) + "0"
        XCTAssertGreaterThanOrEqual(text.utf8.count, 4_000_000)
        // Counted and uncounted tokenizing agree on every other input; here that check would
        // only double the slowest test of the suite.
        let large = measure(Array(text.utf8), compareTokens: false)
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

    /// Crashes and slow inputs the fuzzer (Fuzz/) found, minimized and rewritten by hand, each
    /// run through the whole front end. The comment says what failed.
    func testInputsTheFuzzerFound() {
        let inputs: [(String, String)] = [
            // A binding pattern that binds no name indexed variable -1 (`let () = f()` is valid Swift).
            ("let ()\n", "empty tuple pattern"),
            ("let a, ()\n", "empty tuple pattern after a comma"),
            ("let (_: Int) = x, (b) = y\n", "tuple pattern of labels only"),
            ("class C { let () = f() { didSet {} } }\n", "empty pattern with observers"),
        ]
        for (text, name) in inputs {
            let result = measure(text)
            XCTAssertGreaterThan(result.tokens, 0, name)
            _ = SyntaxTree(source: SourceFile(path: "found.swift", text: text)).outlineDescription()
        }
        let tree = SyntaxTree(source: SourceFile(path: "found.swift", text: "let () = f()\nlet (a, b) = g()\n"))
        XCTAssertEqual(tree.outline.variables.map { tree.name(of: $0) }, ["a", "b"])
    }

    func testTruncatedCopiesOfEveryFixture() throws {
        for file in FixtureFiles.swiftFiles() {
            let bytes = try FixtureFiles.source(file).bytes
            let step = max(1, bytes.count / 20)
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
