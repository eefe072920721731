import Foundation
import XCTest
@testable import LifeguardKit
import LifeguardTestSupport

/// The outline must find exactly the declarations and closures the Swift compiler's own parser
/// finds (`swiftc -frontend -dump-parse`), by kind, name, line and column, on every fixture.
///
/// `-dump-parse` drops the contents of `#if` blocks, so each file with directives is checked as
/// two variants — every group's first branch kept, and every group's last branch kept — with the
/// other lines blanked so positions do not move. What the outline finds in a variant must also
/// be found, at the same place, in the original file with all branches.
final class CompilerDifferentialTests: XCTestCase {
    struct Declaration: Hashable, Comparable, CustomStringConvertible {
        var kind: String
        var name: String
        var line: Int
        var column: Int

        /// Names are compared without spaces: the compiler prints an extended type in its own
        /// spacing (`[String : Int]`), the outline as written (`[String: Int]`).
        init(kind: String, name: String, line: Int, column: Int) {
            self.kind = kind
            self.name = name.filter { $0 != " " }
            self.line = line
            self.column = column
        }

        static func < (lhs: Declaration, rhs: Declaration) -> Bool {
            (lhs.line, lhs.column, lhs.kind, lhs.name) < (rhs.line, rhs.column, rhs.kind, rhs.name)
        }

        var description: String { "\(line):\(column) \(kind) \(name)" }
    }

    func testOutlineMatchesTheCompilerOnEveryFixture() throws {
        let swiftc = try XCTUnwrap(ProcessRunner.which("swiftc"), "swiftc must be on PATH for this test")
        // `swiftc -frontend` only hands over to `swift-frontend`; calling it directly halves the
        // time per file, which matters on a whole app.
        let frontend = swiftc.resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("swift-frontend")
        let parser = FileManager.default.isExecutableFile(atPath: frontend.path) ? frontend : swiftc
        var files = FixtureFiles.swiftFiles()
        // Point this at any checkout to hunt parser bugs on real code:
        // LIFEGUARD_DIFFERENTIAL_DIRECTORY=/path/to/app swift test --filter CompilerDifferential
        if let extra = ProcessInfo.processInfo.environment["LIFEGUARD_DIFFERENTIAL_DIRECTORY"] {
            // Real checkouts have folders named like files (`Pods/SQLite.swift`).
            files = FixtureFiles.swiftFiles(in: URL(fileURLWithPath: extra)).filter {
                (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
            }
        }
        XCTAssertFalse(files.isEmpty)
        var corpusLines = 0
        var compared = 0
        var mismatchedFiles = Set<String>()
        var mismatchedDeclarations = 0
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("lifeguard-differential-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }

        // Variants are parsed in batches, concatenated into one file: one compiler process per
        // batch instead of one per file makes a whole app take minutes, not hours. A batch the
        // compiler rejects is parsed again file by file, so one broken file costs only itself.
        var batch: [Variant] = []
        var batchBytes = 0
        func check(_ variant: Variant, _ expected: Set<Declaration>) {
            compared += 1
            let actual = Self.declarations(in: SyntaxTree(source: SourceFile(path: variant.file.path, text: variant.text)))
            let missing = expected.subtracting(actual).sorted()
            let extra = actual.subtracting(expected).sorted()
            let label = "\(FixtureFiles.shortPath(variant.file)) (\(variant.name))"
            let notInOriginal = actual.subtracting(variant.original).sorted()
            if !missing.isEmpty || !extra.isEmpty || !notInOriginal.isEmpty {
                mismatchedFiles.insert(variant.file.path)
                mismatchedDeclarations += missing.count + extra.count + notInOriginal.count
            }
            XCTAssert(missing.isEmpty, "\(label): the outline misses \(missing.map(\.description))")
            XCTAssert(extra.isEmpty, "\(label): the outline invents \(extra.map(\.description))")
            XCTAssert(notInOriginal.isEmpty,
                      "\(label): found in the variant but not in the full file: \(notInOriginal.map(\.description))")
        }
        func parse(_ text: String) throws -> String? {
            let file = scratch.appendingPathComponent("variant.swift")
            try Data(text.utf8).write(to: file)
            let output = try ProcessRunner.run(parser, ["-frontend", "-dump-parse", "-swift-version", "6", file.path])
            // Fixtures may hold deliberately broken code; only valid Swift is compared.
            return output.status == 0 ? output.stdout : nil
        }
        func flush() throws {
            defer {
                batch.removeAll()
                batchBytes = 0
            }
            if batch.count > 1 {
                var text = ""
                var firstLines: [Int] = []
                var line = 1
                for variant in batch {
                    firstLines.append(line)
                    text += variant.text
                    if !variant.endsWithLineBreak { text += "\n" }
                    line += variant.lineCount
                }
                if let dump = try parse(text) {
                    var expected = [Set<Declaration>](repeating: [], count: batch.count)
                    for declaration in Self.compilerDeclarations(dump) {
                        let index = (firstLines.lastIndex { $0 <= declaration.line }) ?? 0
                        var moved = declaration
                        moved.line -= firstLines[index] - 1
                        expected[index].insert(moved)
                    }
                    for (variant, declarations) in zip(batch, expected) { check(variant, declarations) }
                    return
                }
            }
            for variant in batch {
                if let dump = try parse(variant.text) { check(variant, Self.compilerDeclarations(dump)) }
            }
        }
        for file in files {
            let source = try FixtureFiles.source(file)
            if file.path.contains("/Corpus/") { corpusLines += source.lineCount }
            let original = Self.declarations(in: SyntaxTree(source: source))
            for (variantName, text) in Self.variants(of: source) {
                batch.append(Variant(file: file, name: variantName, text: text, original: original))
                batchBytes += text.utf8.count
                if batch.count >= 40 || batchBytes >= 1_000_000 { try flush() }
            }
        }
        try flush()
        if ProcessInfo.processInfo.environment["LIFEGUARD_DIFFERENTIAL_DIRECTORY"] == nil {
            XCTAssertGreaterThanOrEqual(corpusLines, 3_000, "the differential corpus should stay large")
        }
        XCTAssertGreaterThan(compared, 10)
        print("differential: compared \(compared) file variants from \(files.count) files; "
              + "\(mismatchedFiles.count) files disagree (\(mismatchedDeclarations) declarations)")
    }

    /// One text the compiler parses: a file, or one `#if` variant of it.
    struct Variant {
        var file: URL
        var name: String
        var text: String
        /// What the outline finds in the whole file, every branch included.
        var original: Set<Declaration>

        /// Whether the text ends with a line break (`\n`, `\r\n` or `\r`).
        var endsWithLineBreak: Bool { text.utf8.last == UInt8(ascii: "\n") || text.utf8.last == UInt8(ascii: "\r") }

        /// Lines the text takes in a concatenation, where a final line break is added if missing.
        var lineCount: Int {
            var breaks = 0
            var previous: UInt8 = 0
            for byte in text.utf8 {
                if byte == UInt8(ascii: "\n") {
                    if previous != UInt8(ascii: "\r") { breaks += 1 }
                } else if byte == UInt8(ascii: "\r") {
                    breaks += 1
                }
                previous = byte
            }
            return endsWithLineBreak ? breaks : breaks + 1
        }
    }

    // MARK: - The outline's side

    static func declarations(in tree: SyntaxTree) -> Set<Declaration> {
        var result = Set<Declaration>()
        func add(_ kind: String, _ name: String, token: Int) {
            let location = tree.source.location(of: tree.tokens[token].startOffset)
            result.insert(Declaration(kind: kind, name: name, line: location.line, column: location.column))
        }
        for type in tree.outline.types {
            add(type.kind.rawValue, type.name, token: type.keywordToken)
        }
        for function in tree.outline.functions {
            switch function.kind {
            case .function: add("func", function.fullName, token: staticStart(function, tree))
            case .initializer: add("init", function.fullName, token: function.keywordToken)
            case .deinitializer: add("deinit", "deinit", token: function.keywordToken)
            case .subscript: add("subscript", function.fullName, token: staticStart(function, tree))
            case .accessor: add("accessor", function.accessorKind?.rawValue ?? "?", token: function.keywordToken)
            }
        }
        for closure in tree.outline.closures {
            add("closure", "", token: closure.body.open)
        }
        return result
    }

    /// The compiler starts a `static func`'s range at `static` (or `class`), not at `func`.
    static func staticStart(_ function: FunctionDeclaration, _ tree: SyntaxTree) -> Int {
        for index in function.declarationStart..<function.keywordToken {
            let token = tree.tokens[index]
            if token.isKeyword(.static) || token.isKeyword(.class) { return index }
        }
        return function.keywordToken
    }

    // MARK: - The compiler's side

    static func compilerDeclarations(_ dump: String) -> Set<Declaration> {
        var result = Set<Declaration>()
        let lines = dump.split(separator: "\n", omittingEmptySubsequences: false)
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.drop(while: { $0 == " " })
            index += 1
            guard trimmed.hasPrefix("(") else { continue }
            let node = trimmed.dropFirst().prefix(while: { $0 != " " && $0 != ")" })
            let kind: String
            switch node {
            case "func_decl": kind = "func"
            case "constructor_decl": kind = "init"
            case "destructor_decl": kind = "deinit"
            case "subscript_decl": kind = "subscript"
            case "accessor_decl": kind = "accessor"
            case "class_decl":
                // `"Name" [final] [actor] inherits=...`: an actor is a class_decl with the word `actor`
                // among the words between its name and its attributes.
                let afterName = trimmed.split(separator: "\"", maxSplits: 2, omittingEmptySubsequences: false)
                let words = afterName.count == 3 ? afterName[2].split(separator: " ").prefix { !$0.contains("=") } : []
                kind = words.contains { $0.filter { $0 != ")" } == "actor" } ? "actor" : "class"
            case "struct_decl", "enum_decl", "extension_decl":
                kind = String(node.dropLast("_decl".count))
            case "protocol":
                kind = "protocol"
            case "closure_expr", "original_init=closure_expr", "processed_init=closure_expr":
                // The closure's position is its body's `{`.
                let depth = line.count - trimmed.count
                var search = index
                while search < lines.count {
                    let candidate = lines[search]
                    let candidateDepth = candidate.prefix(while: { $0 == " " }).count
                    if candidateDepth <= depth { break }
                    if let position = rangeStart(candidate), candidate.contains("(brace_stmt") {
                        result.insert(Declaration(kind: "closure", name: "", line: position.line, column: position.column))
                        break
                    }
                    search += 1
                }
                continue
            default:
                if trimmed.contains("=closure_expr") {
                    let depth = line.count - trimmed.count
                    var search = index
                    while search < lines.count {
                        let candidate = lines[search]
                        let candidateDepth = candidate.prefix(while: { $0 == " " }).count
                        if candidateDepth <= depth { break }
                        if let position = rangeStart(candidate), candidate.contains("(brace_stmt") {
                            result.insert(Declaration(kind: "closure", name: "", line: position.line, column: position.column))
                            break
                        }
                        search += 1
                    }
                }
                continue
            }
            guard let position = rangeStart(line) else { continue }
            var name = ""
            if kind == "accessor" {
                // `<anonymous @ 0x...> [static] get for="x"`
                if let anonymous = line.range(of: "> ") {
                    let words = line[anonymous.upperBound...].split(separator: " ")
                    name = String(words.first(where: { $0 != "static" && $0 != "class" }) ?? "")
                }
            } else if let rangeEnd = line.range(of: "] "), let quote = line[rangeEnd.upperBound...].firstIndex(of: "\"") {
                name = String(line[line.index(after: quote)...].prefix(while: { $0 != "\"" }))
            }
            if kind == "func", name == "$defer()" { continue }
            result.insert(Declaration(kind: kind, name: name, line: position.line, column: position.column))
        }
        return result
    }

    /// `range=[file.swift:12:5 - line:14:1]` → (12, 5).
    static func rangeStart(_ line: Substring) -> (line: Int, column: Int)? {
        guard let range = line.range(of: "range=[") else { return nil }
        let rest = line[range.upperBound...]
        let parts = rest.prefix(while: { $0 != " " && $0 != "]" }).split(separator: ":")
        guard parts.count >= 3, let lineNumber = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]) else {
            return nil
        }
        return (lineNumber, column)
    }

    // MARK: - `#if` variants

    /// The file itself when it has no `#if`; otherwise its first-branch and last-branch variants.
    static func variants(of source: SourceFile) -> [(String, String)] {
        let tokens = Tokenizer.tokenize(source.bytes)
        var directives: [(kind: TokenKind, line: Int)] = []
        for token in tokens {
            switch token.kind {
            case .poundIf, .poundElseif, .poundElse, .poundEndif:
                directives.append((token.kind, source.lineIndex(of: token.startOffset)))
            default:
                break
            }
        }
        let text = String(decoding: source.bytes, as: UTF8.self)
        guard !directives.isEmpty else { return [("as is", text)] }
        return [("first branches", keep(source, directives, first: true)),
                ("last branches", keep(source, directives, first: false))]
    }

    static func keep(_ source: SourceFile, _ directives: [(kind: TokenKind, line: Int)], first: Bool) -> String {
        var blank = Set<Int>()
        // Each open group: whether the branch now being read is kept, and whether its parent is.
        var groups: [(keeping: Bool, branch: Int, parentKept: Bool)] = []
        var keeping = true
        var directiveIndex = 0
        var branchCounts: [Int: Int] = [:]
        // Count branches per group first, to know which is last.
        var stack: [Int] = []
        for (index, directive) in directives.enumerated() {
            switch directive.kind {
            case .poundIf:
                stack.append(index)
                branchCounts[index] = 1
            case .poundElseif, .poundElse:
                if let top = stack.last { branchCounts[top, default: 1] += 1 }
            case .poundEndif:
                _ = stack.popLast()
            default:
                break
            }
        }
        var groupIDs: [Int] = []
        for lineIndex in 0..<source.lineStarts.count {
            while directiveIndex < directives.count, directives[directiveIndex].line == lineIndex {
                let directive = directives[directiveIndex]
                switch directive.kind {
                case .poundIf:
                    let total = branchCounts[directiveIndex] ?? 1
                    let kept = first ? true : total == 1
                    groups.append((kept, 1, keeping))
                    groupIDs.append(directiveIndex)
                    keeping = keeping && kept
                case .poundElseif, .poundElse:
                    if var group = groups.popLast(), let id = groupIDs.last {
                        group.branch += 1
                        let total = branchCounts[id] ?? 1
                        group.keeping = first ? false : group.branch == total
                        groups.append(group)
                        keeping = group.parentKept && group.keeping
                    }
                case .poundEndif:
                    if let group = groups.popLast() {
                        keeping = group.parentKept
                        groupIDs.removeLast()
                    }
                default:
                    break
                }
                blank.insert(lineIndex)
                directiveIndex += 1
            }
            if !keeping { blank.insert(lineIndex) }
        }
        var output = ""
        for lineIndex in 0..<source.lineStarts.count {
            let start = source.lineStarts[lineIndex]
            let end = lineIndex + 1 < source.lineStarts.count ? source.lineStarts[lineIndex + 1] : source.bytes.count
            let line = String(decoding: source.bytes[start..<end], as: UTF8.self)
            if blank.contains(lineIndex) {
                output += line.hasSuffix("\r\n") ? "\r\n" : line.hasSuffix("\n") ? "\n" : line.hasSuffix("\r") ? "\r" : ""
            } else {
                output += line
            }
        }
        return output
    }
}
