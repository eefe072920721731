import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LifeguardKit
import LifeguardRules

// `lifeguard-bench throughput [DIRECTORY ...]`
//
// Prints throughput figures for the front end (single-threaded) and for whole lint runs (all
// cores) on a generated corpus built from Fixtures/, and on every directory given.
// LIFEGUARD_BENCH_PHASES (a comma-separated subset of tokenizer, frontend, lint, read) measures
// only those phases, which keeps a profiler's view of one phase free of the others.

struct Corpus {
    var name: String
    var files: [(path: String, bytes: [UInt8])]
    var bytes: Int { files.reduce(0) { $0 + $1.bytes.count } }
    var lines: Int { files.reduce(0) { $0 + SourceFile.computeLineCount($1.bytes) } }
}

extension SourceFile {
    static func computeLineCount(_ bytes: [UInt8]) -> Int { SourceFile(path: "", bytes: bytes).lineCount }
}

func swiftFiles(in directory: String) -> [String] {
    (try? FileDiscovery().swiftFiles(in: [directory], workingDirectory: FileManager.default.currentDirectoryPath)) ?? []
}

func load(_ paths: [String]) -> [(path: String, bytes: [UInt8])] {
    paths.compactMap { path in
        guard case .success(let contents) = FileReader.read(path) else { return nil }
        return (path, contents.bytes)
    }
}

/// Fixtures/ repeated, with each copy's identifiers varied so no two files are identical.
func generatedCorpus(targetBytes: Int) -> Corpus {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures").path
    let seeds = load(swiftFiles(in: root))
    precondition(!seeds.isEmpty, "no fixtures found under \(root)")
    var files: [(path: String, bytes: [UInt8])] = []
    var total = 0
    var copy = 0
    while total < targetBytes {
        for seed in seeds where total < targetBytes {
            var text = String(decoding: seed.bytes, as: UTF8.self)
            text = text.replacingEvery("Controller", with: "Controller\(copy % 97)")
            let bytes = Array(text.utf8)
            files.append(("generated/\(copy)/\(URL(fileURLWithPath: seed.path).lastPathComponent)", bytes))
            total += bytes.count
        }
        copy += 1
    }
    return Corpus(name: "generated corpus (from Fixtures/)", files: files)
}

/// Best of `runs` timings, in seconds.
func time(runs: Int = 5, _ body: () -> Int) -> Double {
    var best = Double.infinity
    var sink = 0
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        sink &+= body()
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    if sink == Int.min { print(sink) }
    return best
}

func rate(_ amount: Int, _ seconds: Double) -> String {
    let perSecond = Double(amount) / seconds
    if perSecond >= 1e6 { return format("%.2f M", perSecond / 1e6) }
    return format("%.0f k", perSecond / 1e3)
}

let phases: Set<String> = {
    let listed = ProcessInfo.processInfo.environment["LIFEGUARD_BENCH_PHASES"]?.split(separator: ",")
        .map { trimmed($0) } ?? []
    return listed.isEmpty ? ["tokenizer", "frontend", "lint", "read"] : Set(listed)
}()

func report(_ corpus: Corpus, paths: [String]?) {
    let bytes = corpus.bytes
    let lines = corpus.lines
    print("== \(corpus.name): \(corpus.files.count) files, \(lines) lines, \(format("%.1f", Double(bytes) / 1e6)) MB")
    if phases.contains("tokenizer") {
        let tokenize = time { corpus.files.reduce(0) { $0 + Tokenizer.tokenize($1.bytes).count } }
        print("  tokenizer, 1 core:            \(format("%7.1f", Double(bytes) / tokenize / 1e6)) MB/s  \(rate(lines, tokenize)) lines/s")
    }
    if phases.contains("frontend") {
        let outline = time {
            corpus.files.reduce(0) { $0 + SyntaxTree(source: SourceFile(path: $1.path, bytes: $1.bytes)).outline.nodes.count }
        }
        print("  tokenizer + outline, 1 core:  \(format("%7.1f", Double(bytes) / outline / 1e6)) MB/s  \(rate(lines, outline)) lines/s")
    }
    let rules = RuleRegistry.rules.map { RuleSetup(rule: $0) }
    let configuration = LintConfiguration(rules: rules)
    let inputs = corpus.files.map { LintInput(path: $0.path, bytes: $0.bytes) }
    let cores = ProcessInfo.processInfo.activeProcessorCount
    if phases.contains("lint") {
        var findings = 0
        let lint = time(runs: 3) {
            let result = Linter.lint(inputs, configuration: configuration)
            findings = result.diagnostics.count
            return findings
        }
        print("  lint in memory, \(cores) cores:      \(format("%7.1f", Double(bytes) / lint / 1e6)) MB/s  \(rate(lines, lint)) lines/s  (\(rules.count) rules, \(findings) findings)")
    }
    if let paths, phases.contains("read") {
        let endToEnd = time(runs: 3) {
            let files = load(paths)
            let result = Linter.lint(files.map { LintInput(path: $0.path, bytes: $0.bytes) }, configuration: configuration)
            return result.diagnostics.count
        }
        print("  read + lint, \(cores) cores:         \(format("%7.1f", Double(bytes) / endToEnd / 1e6)) MB/s  \(rate(lines, endToEnd)) lines/s")
    }
}

func throughput(_ directories: [String]) {
    if directories.isEmpty || ProcessInfo.processInfo.environment["LIFEGUARD_BENCH_GENERATED"] != nil {
        report(generatedCorpus(targetBytes: 40_000_000), paths: nil)
    }
    for directory in directories {
        let paths = swiftFiles(in: directory)
        guard !paths.isEmpty else {
            print("== \(directory): no Swift files")
            continue
        }
        report(Corpus(name: directory, files: load(paths)), paths: paths)
    }
}
