import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
import LifeguardKit
import LifeguardRules

// `lifeguard-bench frontend-scaling`: time per token of the tokenizer, of tokenizer + outline, and
// of a whole one-file lint, for generated shapes at sizes 1k to 16k. A column that grows as the size
// doubles is super-linear work; the lint column finds it outside the front end too.
// LIFEGUARD_BENCH_SCALING=name,name picks shapes; LIFEGUARD_BENCH_SCALING_MAX caps the size
// (16k), LIFEGUARD_BENCH_SCALING_LINT_MAX the size a whole lint is timed at (4k).
//
// `lifeguard-bench frontend-cpu DIRECTORY ...`: the front end's MB/s per core on each directory, by
// the thread's CPU time rather than the wall clock, so a machine shared with other work still
// gives comparable numbers: the tokenizer alone, and tokenizer + outline (SyntaxTree).

/// One family of generated inputs.
struct FrontEndShape: Sendable {
    var name: String
    var make: @Sendable (Int) -> String
}

enum FrontEndScaling {
    static let shapes: [FrontEndShape] = [
        FrontEndShape(name: "nested types") { n in
            (0..<n).map { "class C\($0): Base {\n" }.joined() + String(repeating: "}\n", count: n)
        },
        FrontEndShape(name: "nested functions") { n in
            (0..<n).map { "func f\($0)(x: Int) {\n" }.joined() + String(repeating: "}\n", count: n)
        },
        FrontEndShape(name: "nested closures") { n in
            "func f() {\n" + String(repeating: "run { [weak self] x in\n", count: n) + String(repeating: "}\n", count: n) + "}\n"
        },
        FrontEndShape(name: "nested ifs") { n in
            "func f() {\n" + String(repeating: "if a > b {\n", count: n) + String(repeating: "}\n", count: n) + "}\n"
        },
        FrontEndShape(name: "nested types+methods") { n in
            (0..<n).map { "class C\($0): UIViewController {\noverride func viewDidLoad() { super.viewDidLoad() }\n" }.joined()
                + String(repeating: "}\n", count: n)
        },
        FrontEndShape(name: "chained calls") { n in "func f() {\nlet x = a" + String(repeating: ".b()", count: n) + "\n}\n" },
        FrontEndShape(name: "chained closures") { n in "func f() {\nx" + String(repeating: ".map { $0 }", count: n) + "\n}\n" },
        FrontEndShape(name: "nested parens") { n in "let x = " + String(repeating: "(", count: n) + "x" + String(repeating: ")", count: n) },
        FrontEndShape(name: "closure arguments") { n in "func f() {\ng(" + String(repeating: "{ $0 }, ", count: n) + "x)\n}\n" },
        FrontEndShape(name: "nested calls") { n in "let x = " + String(repeating: "f(a: ", count: n) + "x" + String(repeating: ")", count: n) },
        FrontEndShape(name: "nested arrays") { n in "let x = " + String(repeating: "[", count: n) + "x" + String(repeating: "]", count: n) },
        FrontEndShape(name: "nested generics") { n in "let x: " + String(repeating: "A<", count: n) + "B" + String(repeating: ">", count: n) },
        FrontEndShape(name: "long file") { n in
            (0..<n).map { index in
                """
                final class Screen\(index): UIViewController {
                    var timer: Timer?
                    override func viewDidLoad() {
                        super.viewDidLoad()
                        timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in self?.tick() }
                        let child = ChildController()
                        addChild(child)
                        view.addSubview(child.view)
                        child.didMove(toParent: self)
                    }
                    func tick() { if view.bounds.width > 0 { print("\\(index)") } }
                }

                """
            }.joined()
        },
        FrontEndShape(name: "unterminated string") { n in "let s = \"\"\"\n" + String(repeating: "x \\(y)\n", count: n) },
        FrontEndShape(name: "unterminated comment") { n in "/*" + String(repeating: "/* x */\n", count: n) },
        FrontEndShape(name: "unterminated lines") { n in String(repeating: "let s = \"abc\\(x\n", count: n) },
        FrontEndShape(name: "#if nesting") { n in
            String(repeating: "#if A\n", count: n) + "func f() {}\n" + String(repeating: "#else\nfunc g() {}\n#endif\n", count: n)
        },
        FrontEndShape(name: "#if in bodies") { n in
            String(repeating: "#if A\nfunc f() {\n#else\n", count: n) + String(repeating: "#endif\n", count: n)
        },
        FrontEndShape(name: "#if closers") { n in
            "func f() {\n" + String(repeating: "{\n", count: n) + String(repeating: "#if A\n", count: n)
                + String(repeating: "}\n", count: n) + String(repeating: "#else\n#endif\n", count: n)
        },
        FrontEndShape(name: "else-if chain") { n in "func f() {\nif a {}" + String(repeating: " else if b {}", count: n) + "\n}\n" },
        FrontEndShape(name: "switch cases") { n in "func f() {\nswitch x {\n" + String(repeating: "case .a: g()\n", count: n) + "}\n}\n" },
        FrontEndShape(name: "regex rescans") { n in "let x = " + String(repeating: "/[ ", count: n) },
        FrontEndShape(name: "hash runs") { n in String(repeating: "#", count: n * 4) },
        FrontEndShape(name: "operators") { n in "let y = " + String(repeating: "a + b / c ", count: n) },
    ]

    /// CPU seconds of the calling thread.
    static func threadCPUTime() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// Best of `runs` CPU timings.
    static func cpuTime(runs: Int, _ body: () -> Int) -> Double {
        var best = Double.infinity
        var sink = 0
        for _ in 0..<runs {
            let start = threadCPUTime()
            sink &+= body()
            best = min(best, threadCPUTime() - start)
        }
        if sink == Int.min { print(sink) }
        return best
    }

    static func frontEndCPU(_ directory: String) {
        let files = load(swiftFiles(in: directory))
        let bytes = files.reduce(0) { $0 + $1.bytes.count }
        let sources = files.map { SourceFile(path: $0.path, bytes: $0.bytes) }
        // LIFEGUARD_BENCH_RUNS=1 gives one pass, for counting instructions under callgrind instead.
        let runs = Int(ProcessInfo.processInfo.environment["LIFEGUARD_BENCH_RUNS"] ?? "") ?? 5
        let tokenize = cpuTime(runs: runs) { sources.reduce(0) { $0 + Tokenizer.tokenize($1.bytes).count } }
        let tree = cpuTime(runs: runs) { sources.reduce(0) { $0 + SyntaxTree(source: $1).outline.nodes.count } }
        let lean = cpuTime(runs: runs) { sources.reduce(0) { $0 + SyntaxTree(significantTokensOf: $1).outline.nodes.count } }
        func rate(_ seconds: Double) -> String { format("%6.1f MB/s", Double(bytes) / seconds / 1e6) }
        print("== \(directory): \(files.count) files, \(format("%.1f", Double(bytes) / 1e6)) MB, CPU time")
        print("  tokenizer:            \(rate(tokenize))")
        print("  tokenizer + outline:  \(rate(tree))")
        print("  the same without trivia (pass 1): \(rate(lean))")
    }

    static func scaling() {
        let selected = ProcessInfo.processInfo.environment["LIFEGUARD_BENCH_SCALING"]?.split(separator: ",").map(String.init)
        let maximum = Int(ProcessInfo.processInfo.environment["LIFEGUARD_BENCH_SCALING_MAX"] ?? "") ?? 16_000
        let lintMaximum = Int(ProcessInfo.processInfo.environment["LIFEGUARD_BENCH_SCALING_LINT_MAX"] ?? "") ?? 4_000
        let configuration = LintConfiguration(rules: RuleRegistry.rules.map { RuleSetup(rule: $0) })
        print("== front-end scaling: ns per token (tokenizer | tokenizer + outline | whole lint of the file)")
        for shape in shapes where selected == nil || selected!.contains(shape.name) {
            var cells: [String] = []
            var size = 1_000
            while size <= maximum {
                let bytes = Array(shape.make(size).utf8)
                let tokens = Tokenizer.tokenize(bytes).count
                let runs = bytes.count > 2_000_000 ? 1 : 3
                let tokenize = time(runs: runs) { Tokenizer.tokenize(bytes).count }
                let outline = time(runs: runs) { SyntaxTree(source: SourceFile(path: "s.swift", bytes: bytes)).outline.nodes.count }
                // A whole lint can be far slower than the front end on these shapes; past
                // LIFEGUARD_BENCH_SCALING_LINT_MAX it is left out.
                let lint = size > lintMaximum ? nil : time(runs: 1) {
                    Linter.lint([LintInput(path: "s.swift", bytes: bytes)], configuration: configuration).diagnostics.count
                }
                func perToken(_ seconds: Double) -> String { format("%.0f", seconds * 1e9 / Double(max(tokens, 1))) }
                cells.append("\(size / 1_000)k: \(perToken(tokenize))|\(perToken(outline))|\(lint.map(perToken) ?? "-")")
                size *= 2
            }
            print("  \(padded(shape.name, to: 22)) " + cells.joined(separator: "  "))
            fflush(nil)
        }
    }
}
