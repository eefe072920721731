import Foundation
import XCTest
import LifeguardTestSupport
@testable import LifeguardKit

/// Discovery, reading, the two-pass pipeline, source excerpts and the index's bounds.
final class PipelineTests: XCTestCase {
    var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("lifeguard-kit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    @discardableResult
    func write(_ path: String, _ bytes: [UInt8]) throws -> URL {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
        return url
    }

    func write(_ path: String, _ text: String) throws { try write(path, Array(text.utf8)) }

    func discovered(_ paths: [String], excluding: Set<String> = []) throws -> [DiscoveredFile] {
        var found: [DiscoveredFile] = []
        try FileDiscovery { path, _ in excluding.contains(path) }
            .discover(paths, workingDirectory: root.path) { found.append($0) }
        return found
    }

    // MARK: - Discovery and reading

    func testWalkOrderSkipsAndExclusions() throws {
        for path in ["B/b.swift", "A/z.swift", "A/a.swift", "A/notes.txt", "A/.hidden.swift", ".git/x.swift",
                     "Pods/P.swift", "A/DerivedData/d.swift", "Excluded/e.swift", "c.swift"] {
            try write(path, "")
        }
        let found = try discovered([root.path], excluding: ["Excluded"])
        XCTAssertEqual(found.map(\.displayPath), ["c.swift", "A/a.swift", "A/z.swift", "B/b.swift"],
                       "files of a folder before its subfolders, names in byte order; relative to the working directory")
        XCTAssertEqual(found.map(\.path.description).first, root.path + "/c.swift", "opened by the path as walked")
        XCTAssertThrowsError(try discovered([root.appendingPathComponent("missing").path])) { error in
            XCTAssertEqual((error as? FileDiscovery.Failure)?.reason, "no such file or directory")
        }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Empty"), withIntermediateDirectories: true)
        XCTAssertThrowsError(try discovered([root.appendingPathComponent("Empty").path])) { error in
            XCTAssertEqual((error as? FileDiscovery.Failure)?.reason, "no Swift files found in this directory")
        }
    }

    func testNamesThatAreNotUTF8AreOpenedByTheirBytes() throws {
        var name = Array("Caf".utf8)
        name.append(0xE9) // Latin-1 é: not UTF-8
        name.append(contentsOf: Array(".swift".utf8))
        let directory = Array(root.path.utf8) + [UInt8(ascii: "/")]
        let path = RawPath(bytes: directory + name)
        let descriptor = path.withCString { open($0, O_CREAT | O_WRONLY, 0o644) }
        guard descriptor >= 0 else { throw XCTSkip("this file system refuses names that are not UTF-8") }
        _ = "final class A {}".withCString { Foundation.write(descriptor, $0, 16) }
        close(descriptor)
        let found = try discovered([root.path])
        XCTAssertEqual(found.count, 1)
        guard case .success(let contents) = FileReader.read(found[0].path) else { return XCTFail("not readable") }
        XCTAssertEqual(contents.bytes.count, 16)
    }

    /// Paths to one file keep one (the first not reached through a link, else the first); files
    /// on two devices that share an inode number are two files, though the table that groups
    /// paths is keyed by inode number.
    func testPathsToOneFileKeepOneAndInodesOfTwoDevicesStayApart() {
        let first = FileIdentity(device: 1, inode: 42)
        let sameInodeOtherDevice = FileIdentity(device: 2, inode: 42)
        let other = FileIdentity(device: 1, inode: 7)
        let paths: [(identity: FileIdentity?, throughLink: Bool)] = [
            (first, true),                  // 0: a link to the file, first in path order
            (sameInodeOtherDevice, false),  // 1: another file
            (nil, false),                   // 2: no identity (given in memory): always kept
            (first, false),                 // 3: the file's own path: replaces the link
            (sameInodeOtherDevice, true),   // 4: a link to file 1, which is kept already
            (first, true),                  // 5: another link to the file
            (other, true),                  // 6: only a link reaches this file: kept
            (FileIdentity(device: 3, inode: UInt64.max), true),          // 7: an inode past Int64.max
            (FileIdentity(device: 3, inode: UInt64(Int64.max)), true),   // 8: its key in the table, another file
            (FileIdentity(device: 3, inode: UInt64.max), false),         // 9: file 7's own path
        ]
        XCTAssertEqual(LintPipeline.pathsKept(paths), [false, true, true, true, false, false, true, false, true, true])
    }

    func testReaderReadsEmptyFilesAndReportsFailures() throws {
        let empty = try write("Empty.swift", [])
        guard case .success(let contents) = FileReader.read(empty.path) else { return XCTFail("an empty file is readable") }
        XCTAssertEqual(contents.bytes, [])
        let big = try write("Big.swift", [UInt8](repeating: UInt8(ascii: "x"), count: 300_000))
        guard case .success(let bigContents) = FileReader.read(big.path) else { return XCTFail("not readable") }
        XCTAssertEqual(bigContents.bytes.count, 300_000)
        guard case .failure(let missing) = FileReader.read(root.appendingPathComponent("Nope.swift").path) else {
            return XCTFail("a missing file is not readable")
        }
        XCTAssertEqual(missing.code, ENOENT)
        guard case .failure(let directory) = FileReader.read(root.path) else { return XCTFail("a directory is not a file") }
        XCTAssertEqual(directory.code, EISDIR)
    }

    #if os(Linux)
    /// A file whose size says nothing of its length (`/proc` reports 0 for text it makes up on
    /// each read) is read to its real end: only a regular file that reads short exactly at its
    /// size ends there without another `read`.
    func testReaderReadsPastAFileSizeThatIsNotItsLength() throws {
        var status = stat()
        XCTAssertEqual(stat("/proc/self/status", &status), 0)
        XCTAssertEqual(status.st_size, 0)
        guard case .success(let contents) = FileReader.read("/proc/self/status") else { return XCTFail("not readable") }
        let text = String(decoding: contents.bytes, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("Name:"), text)
        XCTAssertTrue(text.contains("\nVmRSS:") || text.contains("\nThreads:"), text)
        XCTAssertTrue(text.hasSuffix("\n"), text)
    }
    #endif

    /// The app-facts walk reads plists in real folders and never follows a link, so a link
    /// cycle under the linted folder costs nothing (it once walked 200,000 entries around one).
    func testAppFactsWalkDoesNotFollowLinks() throws {
        func plist(multipleScenes: Bool) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>CFBundlePackageType</key><string>APPL</string>
            <key>UIApplicationSceneManifest</key><dict>
            <key>UIApplicationSupportsMultipleScenes</key><\(multipleScenes ? "true" : "false")/>
            </dict></dict></plist>
            """
        }
        try write("App/Info.plist", plist(multipleScenes: false))
        try write("App/Screens/Screen.swift", "")
        try write("Elsewhere/Info.plist", plist(multipleScenes: true))
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("App/Screens/Up").path, withDestinationPath: "..")
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("App/Screens/Here").path, withDestinationPath: ".")
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("App/Linked").path, withDestinationPath: "../Elsewhere")
        let facts = AppFacts.locate(forLinting: ["App"], workingDirectory: root.path, lookingUpward: false)
        XCTAssertEqual(facts.sources, ["application plist \(root.path)/App/Info.plist: single"],
                       "only the plist in a real folder is read")
        XCTAssertEqual(facts.sceneSupport(forFile: "App/Screens/Screen.swift"), .single)
        XCTAssertEqual(facts.problems.count, 0)
    }

    // MARK: - Pipeline

    func pipeline(retaining: Int, workers: Int = 2) -> LintPipeline {
        let configuration = LintConfiguration(rules: [RuleSetup(rule: FlagMeRule.self), RuleSetup(rule: OtherRule.self)])
        return LintPipeline(configuration: configuration,
                            options: PipelineOptions(workers: workers, retainedSourceBytes: retaining, lineHashes: true))
    }

    func testReparsingAndKeepingTreesGiveTheSameResult() throws {
        var files: [PipelineFile] = []
        for index in 0..<40 {
            let text = "final class Screen\(index) {\n    func go() {\n        flagMe()\n        other(\(index))\n    }\n}\n"
            try write("F\(index).swift", text)
            files.append(PipelineFile(displayPath: "F\(index).swift", origin: .disk(RawPath(root.appendingPathComponent("F\(index).swift").path))))
        }
        try write("Binary.swift", [0x61, 0x00, 0x62])
        files.append(PipelineFile(displayPath: "Binary.swift", origin: .disk(RawPath(root.appendingPathComponent("Binary.swift").path))))
        files.append(PipelineFile(displayPath: "Gone.swift", origin: .disk(RawPath(root.appendingPathComponent("Gone.swift").path))))
        var outputs: [LintPipeline.Output] = []
        for (retaining, workers) in [(0, 2), (Int.max / 2, 2), (0, 1), (200, 3)] {
            outputs.append(pipeline(retaining: retaining, workers: workers).run { submit in files.forEach(submit) })
        }
        XCTAssertEqual(outputs[0].statistics.retainedTrees, 0)
        XCTAssertEqual(outputs[1].statistics.retainedTrees, 40)
        for output in outputs {
            XCTAssertEqual(output.result.diagnostics, outputs[0].result.diagnostics)
            XCTAssertEqual(output.result.fileCount, 40)
            XCTAssertEqual(output.problems.map(\.path), ["Binary.swift", "Gone.swift"])
            XCTAssertEqual(output.problems.map(\.kind), [.binary, .unreadable(reason: "No such file or directory")])
        }
        XCTAssertEqual(outputs[0].result.diagnostics.count, 80)
        XCTAssertEqual(outputs[0].result.diagnostics.first?.path, "F0.swift")
        XCTAssertEqual(Set(outputs[0].result.sources.keys).count, 40, "every flagged file keeps its flagged lines")
    }

    /// Flags `flagMe` calls, and says so in its words: files without the word are skipped in pass 2.
    struct WordyFlagMeRule: Rule {
        static let description = RuleDescription.testRule(id: "wordy_flag_me", name: "WordyFlagMe")
        static func anchorWords(_ options: RuleOptions) -> Set<String>? { ["flagMe"] }
        func check(_ context: RuleContext) { FlagMeRule().check(context) }
    }

    /// The retention budget bounds the sources of the trees pass 1 keeps: files pass 2 skips
    /// use none of it, and a file pass 2 lints is kept while the budget has room.
    func testTheRetentionBudgetCountsTheTreesKept() throws {
        let quiet = "final class Quiet {\n    func go() { other(1) }\n}\n"
        let loud = "final class Loud {\n    func go() { flagMe() }\n}\n"
        var files: [PipelineFile] = []
        for index in 0..<20 {
            files.append(PipelineFile(displayPath: "F\(index).swift", origin: .memory(Array((index < 10 ? quiet : loud).utf8))))
        }
        let configuration = LintConfiguration(rules: [RuleSetup(rule: WordyFlagMeRule.self)])
        func run(budget: Int) -> LintPipeline.Output {
            var options = PipelineOptions(workers: 1, retainedSourceBytes: budget, ordersByPath: false)
            options.keepsIndexUntilExit = false
            return LintPipeline(configuration: configuration, options: options).run { submit in files.forEach(submit) }
        }
        let none = run(budget: 0)
        XCTAssertEqual(none.statistics.retainedTrees, 0)
        // The ten quiet files come first and take nothing: four loud files fill the budget.
        let some = run(budget: loud.utf8.count * 3 + 1)
        XCTAssertEqual(some.statistics.retainedTrees, 4)
        let all = run(budget: Int.max / 2)
        XCTAssertEqual(all.statistics.retainedTrees, 10)
        XCTAssertEqual(none.result.diagnostics, some.result.diagnostics)
        XCTAssertEqual(none.result.diagnostics, all.result.diagnostics)
        XCTAssertEqual(none.result.diagnostics.count, 10)
    }

    /// Held work begins once: when started or when its value is first asked for, whichever comes
    /// first. The pipeline starts held app facts after pass 1 when pass 2 lints many files; a
    /// smaller run reads them only when a rule asks for a file's scene support, never otherwise.
    func testHeldWorkBeginsOnceWhenStartedOrAskedFor() throws {
        let runs = RunCounter()
        let held = Deferred<Int>.held { runs.count() }
        XCTAssertEqual(runs.value, 0, "nothing runs before it is started")
        XCTAssertFalse(held.hasBegun)
        held.start()
        held.start()
        XCTAssertEqual(held.value, 1)
        XCTAssertEqual(runs.value, 1)
        XCTAssertEqual(Deferred<Int>.held { 7 }.value, 7, "asking for the value begins held work")

        let many = LintPipeline.eagerAppFactsFiles
        for index in 0..<many { try write("F\(index).swift", "func f\(index)() { flagMe() }\n") }
        func lint(files: Int, rule: any Rule.Type) -> (begun: Bool, runs: Int) {
            let factsRuns = RunCounter()
            let facts = Deferred<AppFacts>.held {
                _ = factsRuns.count()
                return .unknown()
            }
            let configuration = LintConfiguration(rules: [RuleSetup(rule: rule)], deferredAppFacts: facts)
            let output = LintPipeline(configuration: configuration, options: PipelineOptions(workers: 2)).run { submit in
                for index in 0..<files {
                    submit(PipelineFile(displayPath: "F\(index).swift",
                                        origin: .disk(RawPath(root.appendingPathComponent("F\(index).swift").path))))
                }
            }
            XCTAssertEqual(output.result.fileCount, files)
            let begun = facts.hasBegun
            XCTAssertEqual(facts.value.configured, .unknown)
            return (begun, factsRuns.value)
        }
        XCTAssertFalse(lint(files: 3, rule: FlagMeRule.self).begun, "a small run whose rules never ask reads no app facts")
        let asked = lint(files: 3, rule: AsksSceneSupportRule.self)
        XCTAssertTrue(asked.begun, "a rule asked")
        XCTAssertEqual(asked.runs, 1, "they ran once, for every file that asked")
        let large = lint(files: many, rule: FlagMeRule.self)
        XCTAssertTrue(large.begun, "a run of \(many) files to lint reads them beside the index build")
        XCTAssertEqual(large.runs, 1)
    }

    func testAFileThatVanishesBetweenThePassesFailsAlone() throws {
        try write("A.swift", "func a() { flagMe() }\n")
        try write("B.swift", "func b() { flagMe() }\n")
        let files = ["A.swift", "B.swift"].map {
            PipelineFile(displayPath: $0, origin: .disk(RawPath(root.appendingPathComponent($0).path)))
        }
        // With no trees kept, pass 2 reads again; remove one file once pass 1 has read both.
        let output = pipeline(retaining: 0).run { submit in
            files.forEach(submit)
        }
        XCTAssertEqual(output.result.diagnostics.map(\.path), ["A.swift", "B.swift"])
        let pipeline = self.pipeline(retaining: 0, workers: 1)
        var removed = false
        let second = pipeline.run { submit in
            files.forEach(submit)
            // One worker runs inline, so both files are read by now.
            try? FileManager.default.removeItem(at: root.appendingPathComponent("B.swift"))
            removed = true
        }
        XCTAssertTrue(removed)
        XCTAssertEqual(second.result.diagnostics.map(\.path), ["A.swift"])
        XCTAssertEqual(second.problems.map(\.path), ["B.swift"])
    }

    // MARK: - Source excerpts

    func testExcerptsAnswerWhatReportersAskOfSources() {
        let text = "let a = 1\r\n    let título = \"ñ\"; loadView()\nlast"
        let source = SourceFile(path: "X.swift", text: text)
        let excerpt = SourceExcerpt(source, lines: [2, 3], lineHashes: true)
        XCTAssertNil(excerpt.lineText(1))
        XCTAssertEqual(excerpt.lineText(2), "    let título = \"ñ\"; loadView()")
        let call = Array(text.utf8).firstIndex(of: UInt8(ascii: "(")).map { $0 - "loadView".utf8.count }!
        XCTAssertEqual(excerpt.utf16Column(of: call), source.utf16Column(of: call))
        XCTAssertEqual(excerpt.utf16Column(of: source.bytes.count), source.utf16Column(of: source.bytes.count),
                       "the end of the file is on its last line")
        XCTAssertNil(excerpt.utf16Column(of: 0), "line 1 was not kept")
        let hashes = LineHash.hashes(of: text)
        XCTAssertEqual(excerpt.lineHash(2), hashes[2])
        XCTAssertEqual(excerpt.lineHash(3), hashes[3])
    }

    /// An excerpt finds the line holding an offset by bisection: for every offset of every
    /// fixture (and texts ending with and without a terminator, with CR and CRLF), the UTF-16
    /// column is the source's when the offset's line was kept, and none otherwise.
    func testExcerptColumnsAreTheSourcesOnKeptLines() throws {
        var texts = try FixtureFiles.swiftFiles().prefix(40).map { try FixtureFiles.source($0).bytes }
        texts += ["", "a", "a\n", "ñ\r\nb", "x\ry\r", "\n\n\u{1F600}z", "é\r\n\r\nlast"].map { Array($0.utf8) }
        var generator = SystemRandomNumberGenerator()
        for bytes in texts {
            let source = SourceFile(path: "X.swift", bytes: bytes)
            let count = source.lineStarts.count
            for keep in [Set(1...count), Set((1...count).filter { _ in Bool.random(using: &generator) }), []] {
                let excerpt = SourceExcerpt(source, lines: keep, lineHashes: false)
                for offset in 0...bytes.count {
                    let line = source.lineIndex(of: offset) + 1
                    let expected = keep.contains(line) ? source.utf16Column(of: offset) : nil
                    // The end of a line's terminator belongs to the next line, which may not be kept.
                    guard offset < bytes.count || keep.contains(line) else { continue }
                    XCTAssertEqual(excerpt.utf16Column(of: offset), expected, "offset \(offset) of line \(line)")
                }
            }
        }
    }

    // MARK: - Index bounds

    func index(_ text: String) -> ProjectIndex {
        ProjectIndex(trees: [SyntaxTree(source: SourceFile(path: "A.swift", text: text))])
    }

    func testQualifiedNamesOfDeepNestsAreBounded() {
        let depth = 3_000
        var text = ""
        for level in 0..<depth { text += "struct T\(level) {\n" }
        text += String(repeating: "}\n", count: depth)
        let tree = SyntaxTree(source: SourceFile(path: "A.swift", text: text))
        let names = ProjectIndex.qualifiedNames(tree)
        XCTAssertEqual(names.count, depth)
        XCTAssertEqual(names[2], "T0.T1.T2")
        let deepest = names[depth - 1].split(separator: ".")
        XCTAssertEqual(deepest.count, ProjectIndex.maxQualifiedDepth + 1)
        XCTAssertEqual(deepest.last, "T\(depth - 1)")
        let index = ProjectIndex(trees: [tree])
        XCTAssertEqual(index.declaredKinds(of: "T\(depth - 1)"), [.struct], "a deep type is still found by its simple name")
    }

    func testConformancesOfATypeExtendedManyTimesAreAllFound() {
        // More than a type's conformances are searched in place for: the set that takes over
        // past them must still find each one, whichever declaration wrote it, and no other.
        let count = 40
        var text = "class Screen: UIViewController, P0, P1 {}\n"
        for number in 0..<count { text += "protocol P\(number) {}\nextension Screen: P\(number), P\((number + 1) % count) {}\n" }
        let index = self.index(text)
        for number in 0..<count { XCTAssertTrue(index.conforms("Screen", to: "P\(number)"), "P\(number)") }
        XCTAssertFalse(index.conforms("Screen", to: "P\(count)"))
        XCTAssertFalse(index.conforms("Screen", to: "UIViewController"), "the superclass is no conformance")
        XCTAssertTrue(index.isController("Screen"))
    }

    func testLongSuperclassChainsResolveAndCyclesEnd() {
        let length = 5_000
        var text = "class C0: UIViewController { var marker: Int = 0 }\n"
        for level in 1..<length { text += "class C\(level): C\(level - 1) {}\n" }
        text += "class Loop1: Loop2 {}\nclass Loop2: Loop1 {}\n"
        let index = self.index(text)
        XCTAssertTrue(index.isController("C\(length - 1)"), "the controller flag follows the whole chain, once")
        XCTAssertFalse(index.isController("Loop1"))
        XCTAssertFalse(index.inherits("Loop1", from: "UIView"))
        XCTAssertNil(index.member("missing", of: "Loop2"))
        XCTAssertNotNil(index.member("marker", of: "C\(ProjectIndex.maxChainLength - 1)"))
        XCTAssertNil(index.member("marker", of: "C\(length - 1)"),
                     "member lookups follow at most maxChainLength superclass links")
    }

    func testSummariesFindFunctionsByTypeAndBaseName() {
        let texts = ["""
        class Screen { func a() {} }
        func free(_ value: Int) {}
        """, """
        extension Screen { func b(_ x: Int) {} }
        struct Other { func a() {} }
        extension Screen { func a(animated: Bool) {} }
        """]
        let trees = texts.enumerated().map { SyntaxTree(source: SourceFile(path: "F\($0.offset).swift", text: $0.element)) }
        let summaries = ProjectIndex(trees: trees).summaries
        XCTAssertEqual(summaries.functions(inType: "Screen").map(\.fullName), ["a()", "b(_:)", "a(animated:)"],
                       "a type's functions from every file, in run order")
        XCTAssertEqual(summaries.functions(inType: "Other").map(\.fullName), ["a()"])
        XCTAssertEqual(summaries.functions(inType: "Missing").map(\.fullName), [])
        XCTAssertTrue(summaries.declares(baseName: "free"))
        XCTAssertTrue(summaries.declares(baseName: "b"))
        XCTAssertFalse(summaries.declares(baseName: "free(_:)"))
        XCTAssertFalse(summaries.declares(baseName: "c"))
    }

    func testMembersMergeAcrossFilesInFileOrder() {
        let first = """
        class Base: UIViewController { weak var delegate: AnyObject? }
        class Screen: Base {
            var title: String = ""
            func title() {}
            var title: UILabel = UILabel()
        }
        final class Player { static let shared = Player() }
        final class Panel {
            func mode() {}
            var mode: UILabel = UILabel()
            func count() {}
        }
        """
        let second = """
        extension Panel { var count: UIView { UIView() } }
        extension Screen {
            var title: UIButton { UIButton() }
            var footer: UIView { UIView() }
        }
        class Base2 {}
        """
        let trees = [first, second].enumerated().map { position, text in
            SyntaxTree(source: SourceFile(path: "F\(position).swift", text: text))
        }
        let index = ProjectIndex(trees: trees)
        XCTAssertEqual(index.member("title", of: "Screen")?.typeName, "UILabel",
                       "a later property of a file replaces an earlier one; a method never does; a later file loses")
        XCTAssertEqual(index.member("title", of: "Screen")?.isStored, true)
        XCTAssertEqual(index.member("footer", of: "Screen")?.typeName, "UIView", "an extension in another file adds members")
        XCTAssertEqual(index.member("delegate", of: "Screen")?.isWeakOrUnowned, true, "members are found through the superclass")
        XCTAssertNil(index.member("delegate", of: "Base2"), "a name declared by another type only")
        XCTAssertNil(index.member("undeclaredAnywhere", of: "Screen"))
        XCTAssertNil(index.member("title", of: "Undeclared"))
        XCTAssertEqual(index.member("mode", of: "Panel")?.typeName, "UILabel", "a later property of a file replaces an earlier method")
        XCTAssertEqual(index.member("count", of: "Panel")?.isProperty, false, "an earlier file's method beats a later file's property")
        XCTAssertTrue(index.hasSharedInstance("Player"))
        XCTAssertFalse(index.hasSharedInstance("Screen"))
    }

    func testCreationShapesMatchTheWholeExpressionReading() throws {
        // The index reads only the first tokens and top-level casts of an assignment's value;
        // over every fixture it must agree with reading the whole expression.
        var checked = 0
        for url in FixtureFiles.swiftFiles() {
            let tree = SyntaxTree(source: try FixtureFiles.source(url))
            var ranges = tree.outline.assignments.map(\.rhs)
            ranges += tree.outline.variables.compactMap(\.initializer)
            for range in ranges {
                let significant = tree.significantTokens(in: range)
                let whole = TypeNames.initialized(tree, range) != nil
                    || (significant.count >= 3 && tree.tokens[significant[0]].kind == .period && tree.token(significant[1], is: "init"))
                XCTAssertEqual(ProjectIndexFacts.isCreation(tree, range), whole,
                               "\(FixtureFiles.shortPath(url)): \(tree.text(ofTokens: range))")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 1_000)
    }

    func testGlobsMatchAsWhenEveryAncestorIsTriedInTurn() {
        // Discovery asks about every file and folder, so `Glob.matches` walks a path once; it
        // must agree with matching each ancestor from the start, as the definition reads.
        func reference(_ pattern: String, _ path: String, orAncestor: Bool) -> Bool {
            let pattern = Glob.normalize(pattern)
            let components = path.split(separator: "/").map(String.init)
            let parts = pattern.split(separator: "/").map(String.init)
            let lengths = orAncestor ? Array(1...max(1, components.count)) : [components.count]
            for length in lengths where length <= components.count {
                let prefix = Array(components[..<length])
                if pattern.contains("/") {
                    if Glob.match(parts[...], prefix[...]) { return true }
                } else if let last = prefix.last, Glob.matchComponent(Array(pattern), Array(last)) {
                    return true
                }
            }
            return false
        }
        let patterns = ["Generated", "*Tests*", "**/Generated/**", "Sources/**/*.swift", "**", "A/**/B/**/C", "a?c/*",
                        "**/x", "App/*/Views", "./Vendor/", "*.swift", "A/B"]
        let names = ["A", "B", "C", "Generated", "x", "abc", "App", "Views", "Sources", "T.swift", "MyTests.swift", "Vendor"]
        var generator = SystemRandomNumberGenerator()
        var compared = 0
        for _ in 0..<1_000 {
            let depth = Int.random(in: 0...6, using: &generator)
            let path = (0..<depth).map { _ in names.randomElement(using: &generator)! }.joined(separator: "/")
            for pattern in patterns {
                for orAncestor in [false, true] {
                    XCTAssertEqual(Glob.matches(pattern, path: path, orAncestor: orAncestor),
                                   reference(pattern, path, orAncestor: orAncestor), "\(pattern) ~ \(path) \(orAncestor)")
                    compared += 1
                }
            }
        }
        XCTAssertEqual(compared, 24_000)
    }

    /// A run's compiled filter (literal folders and names in sets, the rest compiled) decides
    /// every path as matching each glob by its text does, for random configurations and paths.
    func testCompiledPathFilterDecidesAsEachGlobDoes() {
        // Globs of each way the filter files them: literal folders and names in sets; the rest
        // under the text before their first wildcard (`Gen*`, `Sources/Gen*/**`) or, for a name
        // glob that starts with one, after their last (`*Views`); `K` and non-ASCII text stop a
        // glob's text, since a path can spell those with another canonically equivalent scalar.
        let patterns = ["Generated", "*Tests*", "**/Generated/**", "Sources/**/*.swift", "**", "A/**/B/**/C", "a?c/*",
                        "**/x", "App/*/Views", "./Vendor/", "*.swift", "A/B", "A/B/**", "Sources", "App/Views/**/**", "/A",
                        "Gen*", "Gen?rated", "*Views", "*ews", "Sources/Gen*", "Sources/Gen*/**", "App/V?ews/**", "A//B*",
                        "Kit*", "*Kit", "Caf\u{E9}*", "*\u{E9}", "Cafe\u{301}*", "Sources/Cafe\u{301}*/x", "A/Kit*/x", "Sources/*/x",
                        "*", "?", "*Gen*", "*ie*", "*e\u{301}s*", "*fe*", "*Ki*", "*i?s*", "?y*iew?", "**/Gen*/**", "*/Views/**",
                        "**/*.swift", "*/*", "**/x/**", "**/Cafe\u{301}/**", "*Caf*", "**/*Kit*/**", "*\u{E9}*",
                        "Sources/*/Gen*", "Sources/*/Gen1*", "App/*/My*", "App/*/MyKit*", "Gen*X.swift", "Gen*.swift",
                        "Sources/*/Gen1/**", "Sources/*/Caf\u{E9}/**", "Sources/?/Kit/x", "*/Views/Gen/**", "*/Views/*/Kit"]
        let names = ["A", "B", "C", "Generated", "x", "abc", "App", "Views", "Sources", "T.swift", "MyTests.swift", "Vendor",
                     "Gen", "Gen1", "GenX.swift", "MyViews", "Kit", "\u{212A}it", "My\u{212A}it", "Caf\u{E9}s", "Cafe\u{301}s",
                     "Cafe\u{301}", "Bx", "Caf\u{E9}", "AGenB", "MyKit.swift", "My\u{212A}itB"]
        var generator = SystemRandomNumberGenerator()
        var compared = 0
        for _ in 0..<600 {
            var configuration = Configuration(baseDirectory: "/work")
            configuration.excluded = patterns.filter { _ in Int.random(in: 0..<8, using: &generator) == 0 }
            configuration.included = patterns.filter { _ in Int.random(in: 0..<10, using: &generator) == 0 }
            let filter = configuration.pathFilter()
            for _ in 0..<20 {
                let depth = Int.random(in: 0...5, using: &generator)
                let path = (0..<depth).map { _ in names.randomElement(using: &generator)! }.joined(separator: "/")
                // The path as the globs see it (an empty one reads as the base folder itself).
                let relative = configuration.relativeToBase(path, workingDirectory: configuration.baseDirectory)
                for isDirectory in [false, true] {
                    let excluded = configuration.excluded.contains { Glob.matches($0, path: relative, orAncestor: true) }
                    var expected = excluded
                    if !excluded, !configuration.included.isEmpty {
                        expected = !configuration.included.contains { pattern in
                            Glob.matches(pattern, path: relative, orAncestor: true)
                                || (isDirectory && Glob.mayMatchBelow(pattern, directory: relative))
                        }
                    }
                    XCTAssertEqual(filter.isExcluded(path, isDirectory: isDirectory, workingDirectory: configuration.baseDirectory),
                                   expected, "\(configuration.excluded) \(configuration.included) ~ \(path) \(isDirectory)")
                    compared += 1
                }
            }
        }
        XCTAssertEqual(compared, 24_000)
    }

    /// Included globs that share their start and differ in a literal folder are filed by their
    /// parts for deciding which folders to walk: a folder is walked when some glob's leading parts
    /// match it, and not when none do, as with each glob on its own.
    func testFoldersWalkedForIncludedGlobsSharingAStart() {
        var configuration = Configuration(baseDirectory: "/work")
        configuration.included = (0..<50).map { "Sources/*/Gen\($0)/**" } + ["Sources/*/Caf\u{E9}/x/*.swift", "Lib/*/**/Deep", "Sources/*/Gen60/**/Leaf"]
        let filter = configuration.pathFilter()
        let walked = ["Sources", "Sources/A", "Sources/A/Gen7", "Sources/A/Gen7/B/C", "Sources/B/Cafe\u{301}",
                      "Sources/B/Caf\u{E9}/x", "Lib/A", "Lib/A/B/C", "Sources/A/Gen60/X/Y"]
        let skipped = ["Other", "Other/A", "Sources/A/Gen77", "Sources/B/Cafe", "Sources/B/Caf\u{E9}/y", "Sources/A/Deep"]
        for folder in walked + skipped {
            let oracle = configuration.included.contains { Glob.mayMatchBelow($0, directory: folder) }
                || configuration.included.contains { Glob.matches($0, path: folder, orAncestor: true) }
            XCTAssertEqual(oracle, walked.contains(folder), folder)
            XCTAssertEqual(filter.isExcluded(folder, isDirectory: true, workingDirectory: "/work"), !oracle, folder)
        }
    }

    /// The texts a glob may be filed under besides its start: its runs between wildcards within
    /// one part, without what a path may spell another way.
    func testGlobTextBetweenWildcards() {
        func runs(_ pattern: String) -> [String] { Glob.literalRuns(of: pattern).map { String(decoding: $0, as: UTF8.self) } }
        XCTAssertEqual(runs("*Tests*"), ["Tests"])
        XCTAssertEqual(runs("*a*Longer*b"), ["a", "Longer", "b"])
        XCTAssertEqual(runs("?View?Controller*"), ["View", "Controller"])
        // Never across `/`: `**/` may match no folder, so `/Generated` need not be spelled.
        XCTAssertEqual(runs("**/Generated/**"), ["Generated"])
        XCTAssertEqual(runs("Sources/*/A/*.swift"), ["Sources", "A", ".swift"])
        // `K` has a canonically equivalent spelling (KELVIN SIGN), and a letter a combining mark
        // follows is another character.
        XCTAssertEqual(runs("*MyKitten*"), ["My", "itten"])
        XCTAssertEqual(runs("*Cafe\u{301}s*"), ["Caf", "s"])
        XCTAssertEqual(runs("*\u{E9}tude*"), ["tude"])
        XCTAssertEqual(runs("*"), [])
        XCTAssertEqual(runs("**/*"), [])
        XCTAssertEqual(runs("*K*"), [])
    }

    func testAssignedPathsReadAsExpressionChainsDo() throws {
        var checked = 0
        for url in FixtureFiles.swiftFiles() {
            let tree = SyntaxTree(source: try FixtureFiles.source(url))
            var ranges = tree.outline.assignments.map(\.lhs)
            ranges += tree.outline.calls.compactMap(\.receiver)
            for range in ranges {
                let chain = ExpressionChain(tree, tokens: range)
                let path = AssignedPath(tree, tokens: range)
                let place = "\(FixtureFiles.shortPath(url)): \(tree.text(ofTokens: range))"
                XCTAssertEqual(path == nil, chain == nil, place)
                XCTAssertEqual(path?.names, chain?.names, place)
                XCTAssertEqual(path?.startsWithSelf, chain?.startsWithSelf, place)
                XCTAssertEqual(path?.lastName, chain?.lastName, place)
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 1_000)
    }
}

/// Counts how many times some work ran, from any thread.
private final class RunCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var runs = 0

    func count() -> Int {
        lock.lock()
        defer { lock.unlock() }
        runs += 1
        return runs
    }

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return runs
    }
}

/// Asks for each file's scene support, as `global_key_window` does.
private struct AsksSceneSupportRule: Rule {
    static let description = RuleDescription.testRule(id: "asks_scene_support", name: "AsksSceneSupport")

    func check(_ context: RuleContext) {
        _ = context.sceneSupport
    }
}
