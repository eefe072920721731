import Foundation
import XCTest
@testable import LifeguardKit
import LifeguardRules
import LifeguardTestSupport

/// Pass 2 skips files that spell none of the enabled rules' anchor words. These tests hold each
/// rule's words to their promise: on every fixture, the rule alone reports exactly the same with
/// the skipping as without it.
final class AnchorWordsTests: XCTestCase {
    private func run(_ files: [URL], rules: [RuleSetup], everyFile: Bool) throws -> LintPipeline.Output {
        let configuration = LintConfiguration(rules: rules, knownRuleIDs: Set(RuleRegistry.allDescriptions.map(\.id)))
        var options = PipelineOptions(workers: 2, ordersByPath: true)
        options.lintsEveryFile = everyFile
        let inputs = try files.map { ($0.path, try FixtureFiles.source($0).bytes) }
        return LintPipeline(configuration: configuration, options: options).run { submit in
            for (path, bytes) in inputs { submit(PipelineFile(displayPath: path, origin: .memory(bytes))) }
        }
    }

    private func summary(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.path):\($0.start.line):\($0.start.column) \($0.ruleID) \($0.message)" }
    }

    /// Every fixture (rule folders, the sample app, the corpus) as one project, one rule at a time.
    func testEachRuleReportsTheSameWithAndWithoutSkipping() throws {
        let files = FixtureFiles.swiftFiles()
        XCTAssertGreaterThan(files.count, 100)
        for rule in RuleRegistry.rules {
            let setup = [RuleSetup(rule: rule)]
            let skipping = try run(files, rules: setup, everyFile: false)
            let everything = try run(files, rules: setup, everyFile: true)
            let id = rule.description.id
            XCTAssertEqual(summary(skipping.result.diagnostics), summary(everything.result.diagnostics), id)
            XCTAssertFalse(everything.result.diagnostics.isEmpty, "\(id) finds nothing in the fixtures")
            XCTAssertEqual(everything.statistics.filesWithoutAnchors, 0, id)
            // The skipping is real: fixtures about other rules spell none of this one's words.
            XCTAssertGreaterThan(skipping.statistics.filesWithoutAnchors, 0, id)
        }
    }

    /// A rule without words or a test would make every run it is on lint every file twice: every
    /// rule names its own words, or brings a test instead.
    func testEveryRuleNamesItsWords() {
        for rule in RuleRegistry.rules {
            let options = RuleOptions(declared: rule.description.options)
            if rule.candidateTest(options) != nil { continue }
            let words = rule.anchorWords(options)
            XCTAssertFalse(words?.isEmpty ?? true, "\(rule.description.id) names no anchor words")
        }
        XCTAssertNotNil(AnchorWords(LintConfiguration(rules: RuleRegistry.rules.map { RuleSetup(rule: $0) })))
    }

    /// A rule's test of pass 1's tree lets every one of its triggering examples through, read as
    /// pass 1 reads it (no trivia): the fixtures' files hold many candidates each, an example one.
    func testCandidateTestsPassEveryTriggeringExample() {
        var tested = 0
        for rule in RuleRegistry.rules {
            for example in rule.description.triggeringExamples {
                let options = RuleOptions(values: example.options, declared: rule.description.options)
                guard let test = rule.candidateTest(options) else { continue }
                tested += 1
                let code = RuleExampleTests.stripMarkers(example.code).0
                XCTAssertTrue(test(SyntaxTree(significantTokensOf: SourceFile(path: "Example.swift", text: code))),
                              "\(rule.description.id) turns away its example:\n\(code)")
            }
        }
        XCTAssertGreaterThan(tested, 5)
    }

    /// The tests turn away the common shapes that spell a rule's word without its finding: that
    /// is what they are for.
    func testCandidateTestsTurnAwayTheCommonLookAlikes() {
        func passes(_ rule: any Rule.Type, _ code: String, options: [String: OptionValue] = [:]) -> Bool {
            let test = rule.candidateTest(RuleOptions(values: options, declared: rule.description.options))
            return test.map { $0(SyntaxTree(significantTokensOf: SourceFile(path: "A.swift", text: code))) } ?? true
        }
        let strongSelf = StrongSelfInEscapingClosureRule.self
        XCTAssertFalse(passes(strongSelf, "final class A { func f() { DispatchQueue.main.async { self.reload() } } }"),
                       "a one-shot closure")
        XCTAssertFalse(passes(strongSelf, "final class A { func f() { onTap = { [weak self] in self?.reload() } } }"))
        XCTAssertFalse(passes(strongSelf, "struct A { func f() { onTap = { self.reload() } } }"), "a value type")
        XCTAssertFalse(passes(strongSelf, "func f() { onTap = { self.reload() } }"), "outside any type")
        XCTAssertFalse(passes(strongSelf, "final class A { lazy var f: () -> Void = { print(1) }() }"), "run on the spot")
        XCTAssertTrue(passes(strongSelf, "final class A { func f() { onTap = { self.reload() } } }"))
        XCTAssertTrue(passes(strongSelf, "extension A { func f() { items.sink { _ in reload(self) } } }"))
        XCTAssertTrue(passes(strongSelf, "final class A { func f() { onTap = { [self] in reload() } } }"))
        XCTAssertTrue(passes(strongSelf, "final class A { func f() { task = Task { for await x in s { use(x) } } } }"),
                      "implicit self in a task that loops")
        XCTAssertFalse(passes(strongSelf, "final class A { func f() { task = Task { await self.reload() } } }"),
                       "a task that ends")
        XCTAssertTrue(passes(strongSelf, "final class A { func f() { Task { await self.reload() } } }",
                             options: ["retaining_calls": .strings(["Task"])]), "a task the configuration keeps")
        XCTAssertTrue(passes(strongSelf, "final class A { lazy var f: () -> Void = { self.reload() } }"))
        XCTAssertFalse(passes(strongSelf, "final class A { func f() { let g = { self.reload() }; g() } }"), "a local")
        XCTAssertFalse(passes(strongSelf, "final class A { static var f: () -> Void = { print(self) } }"), "a type's")
        XCTAssertTrue(passes(strongSelf, "final class A { func f() { p.assign(to: \\.x, on: self) } }"))
        XCTAssertFalse(passes(strongSelf, "final class A { func f() { bus.subscribe { self.reload() } } }"))
        XCTAssertTrue(passes(strongSelf, "final class A { func f() { bus.subscribe { self.reload() } } }",
                             options: ["retaining_calls": .strings(["subscribe"])]), "a configured call")

        let strongDelegate = StrongDelegateRule.self
        XCTAssertFalse(passes(strongDelegate, "final class A: UIViewController { func f() { tableView.delegate = self } }"))
        XCTAssertFalse(passes(strongDelegate, "final class A { weak var delegate: ADelegate? }"))
        XCTAssertFalse(passes(strongDelegate, "struct A { var delegate: ADelegate? }"))
        XCTAssertFalse(passes(strongDelegate, "protocol ADelegate: AnyObject { func done() }"))
        XCTAssertTrue(passes(strongDelegate, "final class A { var delegate: ADelegate? }"))
        XCTAssertTrue(passes(strongDelegate, "final class A { private(set) var listDataSource: ListDataSource! }"))

        let viewNil = ViewNilCheckRule.self
        XCTAssertFalse(passes(viewNil, "final class A: UIViewController { func f() { view.backgroundColor = .red } }"))
        XCTAssertFalse(passes(viewNil, "final class A: UIViewController { func f() { if view.window == nil {} } }"))
        XCTAssertTrue(passes(viewNil, "final class A: UIViewController { func f() { if view == nil {} } }"))
        XCTAssertTrue(passes(viewNil, "func f(c: UIViewController) { assert(nil != c.view) }"))

        let superCall = MissingSuperCallRule.self
        XCTAssertFalse(passes(superCall, "class A: UIViewController { override func viewDidLoad() { super.viewDidLoad(); f() } }"))
        XCTAssertFalse(passes(superCall, "class A: UIViewController { override func viewWillAppear(_ a: Bool) { f { super.viewWillAppear(a) } } }"),
                       "called in a closure counts, as in `check`")
        XCTAssertFalse(passes(superCall, "class A: UIViewController { func viewDidLoad() {} }"), "no override")
        XCTAssertFalse(passes(superCall, "class A: UIViewController { override func viewDidLoad() }"), "no body")
        XCTAssertTrue(passes(superCall, "class A: UIViewController { override func viewDidLoad() { f() } }"))
        XCTAssertTrue(passes(superCall, "class A: UIViewController { override func viewDidDisappear(_ a: Bool) { super.viewDidAppear(a) } }"),
                         "another method on super")
        XCTAssertTrue(passes(superCall, "class A: UIViewController { override func willMove(toParent p: UIViewController?) { super.willMove(toWindow: nil) } }"),
                      "the same base name under other labels")
        XCTAssertTrue(passes(superCall, "class A: UIViewController { override func viewDidLoad() { other.super.viewDidLoad() } }"))

        let manualCall = ManualLifecycleCallRule.self
        XCTAssertFalse(passes(manualCall, "class A: UIViewController { override func viewDidLoad() { super.viewDidLoad() } }"))
        XCTAssertFalse(passes(manualCall, "class A: UIView { override func draw(_ r: CGRect) { super.draw(r) } }"))
        XCTAssertFalse(passes(manualCall, "func f() { path.draw(in: rect, with: .red) }"), "another shape")
        XCTAssertFalse(passes(manualCall, "func f() { items.layoutSubviews { $0 } }"), "a trailing closure")
        XCTAssertFalse(passes(manualCall, "func f() { animate(.viewDidLoad()) }"), "an implicit member")
        XCTAssertTrue(passes(manualCall, "func f(c: UIViewController) { c.viewWillAppear(true) }"))
        XCTAssertTrue(passes(manualCall, "class A: UIView { func f() { layoutSubviews() } }"))
        XCTAssertTrue(passes(manualCall, "func f() { child.draw(bounds) }"))

        let layout = NonIdempotentLayoutRule.self
        XCTAssertFalse(passes(layout, "class A: UIView { func f() { setNeedsLayout(); layoutSubviews() } }"), "a call, no callback")
        XCTAssertFalse(passes(layout, "class A: UIView { override func layoutSubviews() { frame = bounds } }"), "no call inside")
        XCTAssertFalse(passes(layout, "class A: UIView { override func layoutSubviews() { super.layoutSubviews(); label.frame = f(bounds) } }"),
                       "only calls no problem is found with")
        XCTAssertFalse(passes(layout, "func f() { func layoutSubviews() { addSubview(x) } }"), "nested in a function")
        XCTAssertTrue(passes(layout, "class A: UIView { override func layoutSubviews() { super.layoutSubviews(); addSubview(x) } }"))
        XCTAssertTrue(passes(layout, "extension A { override func viewDidLayoutSubviews() { items.forEach { view.addSubview($0) } } }"))
        XCTAssertTrue(passes(layout, "class A: UIView { override func layoutSubviews() { URLSession.shared.load(url) } }"))
        XCTAssertTrue(passes(layout, "class A: UIView { override func layoutSubviews() { x.heightAnchor.constraint(equalToConstant: 1).isActive = true } }"))

        let childView = ChildViewWithoutAddChildRule.self
        XCTAssertFalse(passes(childView, "class A: UIView { func f() { addSubview(label) } }"), "a view of its own")
        XCTAssertFalse(passes(childView, "class A: UIViewController { func f() { view.addSubview(self.view) } }"))
        XCTAssertFalse(passes(childView, "func f() { stack.addArrangedSubview(view) }"), "a bare `view`")
        XCTAssertFalse(passes(childView, "func f() { stack.addArrangedSubview(header.titleLabel) }"), "not a `view`")
        XCTAssertTrue(passes(childView, "func f() { stack.insertSubview(child.view, at: 0) }"), "an inserted child's view")
        XCTAssertTrue(passes(childView, "class A: UIViewController { func f() { view.addSubview(child.view) } }"))
        XCTAssertTrue(passes(childView, "class A: UIViewController { func f() { view.addSubview(self.child.view!) } }"))

        let removal = IncompleteChildRemovalRule.self
        XCTAssertFalse(passes(removal, "func f() { label.removeFromSuperview(); subviews.forEach { $0.removeFromSuperview() } }"))
        XCTAssertFalse(passes(removal, "class A: UIViewController { func f() { view.removeFromSuperview(); self.view.removeFromSuperview() } }"))
        XCTAssertFalse(passes(removal, "class A: UIViewController { override func removeFromParent() { super.removeFromParent() } }"))
        XCTAssertTrue(passes(removal, "func f() { child.removeFromParent() }"))
        XCTAssertTrue(passes(removal, "class A: UIViewController { func f() { removeFromParent() } }"))
        XCTAssertTrue(passes(removal, "func f() { child.view.removeFromSuperview() }"))
        XCTAssertTrue(passes(removal, "func f() { self.child?.view.removeFromSuperview() }"))

        let geometry = GeometryInViewDidLoadRule.self
        XCTAssertFalse(passes(geometry, "class A: UIViewController { override func viewDidLoad() { super.viewDidLoad(); setUp() } }"))
        XCTAssertFalse(passes(geometry, "class A: UIViewController { override func viewDidLoad() { label.frame = .zero } }"),
                       "a subview's frame")
        XCTAssertFalse(passes(geometry, "class A: UIViewController { func f() { let w = view.bounds.width } }"), "not in viewDidLoad")
        XCTAssertTrue(passes(geometry, "class A: UIViewController { override func viewDidLoad() { let w = view.bounds.width } }"))
        XCTAssertTrue(passes(geometry, "class A: UIViewController { override func viewDidLoad() { x = UIScreen.main.bounds } }"))

        let keyWindow = GlobalKeyWindowRule.self
        XCTAssertFalse(passes(keyWindow, "func f() { UIApplication.shared.open(url) }"))
        XCTAssertFalse(passes(keyWindow, "func f() { let s = UIApplication.shared.applicationState }"))
        XCTAssertFalse(passes(keyWindow, "import XCTest\nfunc f() { _ = UIApplication.shared.keyWindow }"), "a test")
        XCTAssertTrue(passes(keyWindow, "func f() { _ = UIApplication.shared.windows.first }"))
        XCTAssertTrue(passes(keyWindow, "func f() { _ = UIApplication.shared.delegate?.window }"))
        XCTAssertTrue(passes(keyWindow, "func f() { _ = UIApplication.shared.connectedScenes.first }"))

        let observer = ObserverWithoutRemovalRule.self
        let selectorForm = "NotificationCenter.default.addObserver(self, selector: #selector(g), name: .n, object: nil)"
        XCTAssertFalse(passes(observer, "class A: UIViewController { override func viewDidLoad() { \(selectorForm) } }"))
        XCTAssertFalse(passes(observer, "func f() { NotificationCenter.default.addObserver(forName: .n, object: nil, queue: nil) { _ in } }"),
                       "outside any type")
        XCTAssertFalse(passes(observer, "class A { func f() { layer.addObserver(self, forKeyPath: \"x\", options: [], context: nil) } }"))
        XCTAssertTrue(passes(observer, "class A: UIViewController { override func viewWillAppear(_ a: Bool) { \(selectorForm) } }"))
        XCTAssertTrue(passes(observer, "class A { func f() { token = center.addObserver(forName: .n, object: nil, queue: .main) { _ in } } }"))
    }

    /// A rule's test runs on the files that spell one of its words: a file that does not is
    /// skipped without it, and one that does is skipped when the test says so.
    func testWordsComeBeforeTheTest() throws {
        let configuration = LintConfiguration(rules: [RuleSetup(rule: ObserverWithoutRemovalRule.self)])
        let anchors = try XCTUnwrap(AnchorWords(configuration))
        func mayFire(_ code: String) -> Bool { anchors.mayFire(in: SyntaxTree(significantTokensOf: SourceFile(path: "A.swift", text: code))) }
        XCTAssertTrue(mayFire("class A { func f() { c.addObserver(forName: .n, object: nil, queue: nil) { _ in } } }"))
        XCTAssertFalse(mayFire("class A { override func viewDidLoad() { c.addObserver(self, selector: #selector(g), name: .n, object: nil) } }"))
        XCTAssertFalse(mayFire("class A { func f() { c.observe(forName: .n) } }"))
        XCTAssertTrue(mayFire("class A { func f() { } } // lifeguard:disable:next observer_without_removal"),
                      "a suppression comment is linted whatever the tests say")
        // With a rule whose words decide alone, a file that spells them is linted without any test.
        let both = LintConfiguration(rules: [RuleSetup(rule: ObserverWithoutRemovalRule.self), RuleSetup(rule: DirectLoadViewCallRule.self)])
        let combined = try XCTUnwrap(AnchorWords(both))
        XCTAssertTrue(combined.mayFire(in: SyntaxTree(significantTokensOf: SourceFile(
            path: "A.swift", text: "class A { override func viewDidLoad() { c.addObserver(self, selector: #selector(g), name: .n, object: nil); loadView() } }"))))
    }

    /// A configured method list is what `missing_super_call`'s test looks for, by full name.
    func testConfiguredMethodsAreWhatTheOverrideTestLooksFor() {
        let options = RuleOptions(values: ["controller_methods": .strings(["viewIsAppearing(_:)"]),
                                           "view_methods": .strings(["tintColorDidChange()"])],
                                  declared: MissingSuperCallRule.description.options)
        let test = MissingSuperCallRule.candidateTest(options)!
        func passes(_ code: String) -> Bool { test(SyntaxTree(significantTokensOf: SourceFile(path: "A.swift", text: code))) }
        XCTAssertTrue(passes("class A: UIViewController { override func viewIsAppearing(_ animated: Bool) {} }"))
        XCTAssertTrue(passes("class A: UIView { override func tintColorDidChange() { update() } }"))
        XCTAssertFalse(passes("class A: UIViewController { override func viewDidLoad() {} }"), "not configured any more")
        XCTAssertFalse(passes("class A: UIViewController { override func viewIsAppearing(_ a: Bool) { super.viewIsAppearing(a) } }"))
        let source = """
            import UIKit
            final class Screen: UIViewController {
                override func viewIsAppearing(_ animated: Bool) {}
            }
            """
        let configuration = LintConfiguration(rules: [RuleSetup(rule: MissingSuperCallRule.self, options: options.values)])
        let result = Linter.lint([LintInput(path: "Screen.swift", bytes: Array(source.utf8))], configuration: configuration)
        XCTAssertEqual(result.diagnostics.map(\.ruleID), ["missing_super_call"])
        // An operator in the list is found by its full name, as `check` finds it.
        let base = "import UIKit\nclass ListController: UIViewController {}\n"
        let operatorFile = """
            extension ListController {
                override static func ==(lhs: ListController, rhs: ListController) -> Bool { false }
            }
            """
        let operators = LintConfiguration(rules: [RuleSetup(rule: MissingSuperCallRule.self,
                                                            options: ["controller_methods": .strings(["==(_:_:)"])])])
        let found = Linter.lint([LintInput(path: "A.swift", bytes: Array(base.utf8)),
                                 LintInput(path: "B.swift", bytes: Array(operatorFile.utf8))], configuration: operators)
        XCTAssertEqual(found.diagnostics.map(\.path), ["B.swift"])
    }

    /// A rule whose words are whatever its options say (an operator, say), for the test below.
    private struct ConfiguredWordsRule: Rule {
        static let description = RuleDescription(
            id: "configured_words", name: "ConfiguredWords", category: .lifecycle, defaultSeverity: .warning,
            summary: "Test rule.",
            documentation: RuleDocumentation(whatItDoes: "a", whyIsThisBad: "b", example: "c", useInstead: "d",
                                             knownLimitations: "e"),
            triggeringExamples: [], nonTriggeringExamples: [],
            options: [RuleOption(name: "words", kind: .strings, summary: "words", defaultValue: .strings([]))])
        static func anchorWords(_ options: RuleOptions) -> Set<String>? { Set(options.strings("words")) }
        func check(_ context: RuleContext) {}
    }

    /// A configured operator or a word with `K` cannot be found by bytes: such a run skips nothing.
    func testWordsTheBytesCannotStandForTurnTheSkippingOff() {
        XCTAssertTrue(AnchorWords.isComparableByBytes("viewDidLoad"))
        XCTAssertTrue(AnchorWords.isComparableByBytes("_private2"))
        XCTAssertFalse(AnchorWords.isComparableByBytes("=="))
        XCTAssertFalse(AnchorWords.isComparableByBytes("2x"))
        XCTAssertFalse(AnchorWords.isComparableByBytes(""))
        XCTAssertFalse(AnchorWords.isComparableByBytes("viewDidLoadé"))
        XCTAssertFalse(AnchorWords.isComparableByBytes("makeKeyAndVisible"), "U+212A spells K for Swift")
        func anchors(_ words: [String]) -> AnchorWords? {
            AnchorWords(LintConfiguration(rules: [RuleSetup(rule: ConfiguredWordsRule.self, options: ["words": .strings(words)])]))
        }
        XCTAssertNotNil(anchors(["viewDidLoad"]))
        XCTAssertNil(anchors(["viewDidLoad", "=="]))
        XCTAssertNil(anchors(["makeKeyAndVisible"]))
    }

    func testWhatCountsAsSpellingAWord() {
        let anchors = AnchorWords(words: ["addChild", "loadView"])
        func mayFire(_ text: String) -> Bool {
            anchors.mayFire(in: SyntaxTree(source: SourceFile(path: "A.swift", text: text)))
        }
        XCTAssertTrue(mayFire("parent.addChild(child)"))
        XCTAssertTrue(mayFire("func `loadView`() {}"), "a backticked identifier is the same word")
        XCTAssertFalse(mayFire("let addChildren = 1"), "a longer identifier is another word")
        XCTAssertFalse(mayFire("let text = \"addChild\""), "a string literal is not code")
        XCTAssertFalse(mayFire("// addChild here\n/* loadView */"), "nor is a comment")
        XCTAssertTrue(mayFire("let x = 1 // lifeguard:disable:next missing_super_call"),
                      "a suppression comment is linted for the suppression checks")
        XCTAssertTrue(mayFire("/* a\n lifeguard:disable all */"))
        XCTAssertFalse(mayFire("// lifeguard disable"))
        XCTAssertFalse(mayFire(""))

        let endings = AnchorWords(words: ["delegate"], suffixes: ["Delegate"])
        func endsInWord(_ text: String) -> Bool {
            endings.mayFire(in: SyntaxTree(source: SourceFile(path: "A.swift", text: text)))
        }
        XCTAssertTrue(endsInWord("var listDelegate: L?"))
        XCTAssertTrue(endsInWord("var `Delegate` = 1"), "the whole word is its own ending")
        XCTAssertTrue(endsInWord("var `myDelegate` = 1"))
        XCTAssertTrue(endsInWord("weak var delegate: D?"))
        XCTAssertFalse(endsInWord("var delegates: [D] = []"))
        XCTAssertFalse(endsInWord("let x = \"myDelegate\""))
        XCTAssertFalse(endsInWord("var elegate = 1"))

        // The quick first-byte and length table keeps words of 63 bytes and more in one slot.
        let long = String(repeating: "a", count: 70)
        let longWords = AnchorWords(words: [long, "a" + String(repeating: "b", count: 62)])
        func spellsLong(_ text: String) -> Bool {
            longWords.mayFire(in: SyntaxTree(source: SourceFile(path: "A.swift", text: text)))
        }
        XCTAssertTrue(spellsLong("let \(long) = 1"))
        XCTAssertTrue(spellsLong("let a\(String(repeating: "b", count: 62)) = 1"))
        XCTAssertFalse(spellsLong("let \(long)a = 1"), "a longer word sharing the slot is another word")
        XCTAssertFalse(spellsLong("let \(String(repeating: "a", count: 69)) = 1"))
    }

    /// Words are looked up by their bytes and endings by a table per length: among thousands of
    /// words of one length and first letter (a configuration's method names), and endings of
    /// several lengths that end alike, a token finds exactly the ones it spells.
    func testManyWordsAndEndingsOfOneShape() {
        let words = Set((0..<5_000).map { "handle\(String(format: "%05d", $0))" })
        let anchors = AnchorWords(words: words, suffixes: ["Delegate", "gate", "ate", "Source"])
        func mayFire(_ text: String) -> Bool {
            anchors.mayFire(in: SyntaxTree(source: SourceFile(path: "A.swift", text: text)))
        }
        XCTAssertTrue(mayFire("override func handle02500() {}"))
        XCTAssertTrue(mayFire("handle04999()"))
        XCTAssertFalse(mayFire("handle05000()"), "one past the last word")
        XCTAssertFalse(mayFire("handle0250()"), "a prefix of a word")
        XCTAssertFalse(mayFire("handle025000()"), "a word with more after it")
        XCTAssertTrue(mayFire("var dataSource: S?"))
        XCTAssertTrue(mayFire("let rate = 1"), "the shortest ending")
        XCTAssertTrue(mayFire("var navigate = 1"))
        XCTAssertFalse(mayFire("let at = 1"), "shorter than every ending")
        XCTAssertFalse(mayFire("var sources = 1"))
    }

    /// The scan skips keyword tokens unless a word is a keyword or an ending ends one: each
    /// keyword, as a word or as the ending of a word, is still found, and a keyword token's bytes
    /// are its keyword's spelling (what the skipping relies on).
    func testKeywordsAreSkippedOnlyWhenNoWordCanBeOne() {
        for keyword in Keyword.allCases where keyword != .none {
            let text = "\(keyword.text) x"
            let tree = SyntaxTree(source: SourceFile(path: "A.swift", text: text))
            let token = tree.tokens.first { $0.kind == .keyword }
            XCTAssertEqual(token.map { tree.text(ofToken: tree.tokens.firstIndex(of: $0)!) }, keyword.text)
            XCTAssertTrue(AnchorWords(words: [keyword.text]).mayFire(in: tree), keyword.text)
            XCTAssertTrue(AnchorWords(words: ["unrelated"], suffixes: [String(keyword.text.dropFirst())]).mayFire(in: tree)
                          || keyword.text.count < 2, keyword.text)
            XCTAssertFalse(AnchorWords(words: ["unrelated"]).mayFire(in: tree), keyword.text)
        }
        XCTAssertTrue(AnchorWords.noneSpellsKeyword(words: ["viewDidLoad", "self"], suffixes: ["Delegate"]))
        XCTAssertFalse(AnchorWords.noneSpellsKeyword(words: ["init"], suffixes: []))
        XCTAssertFalse(AnchorWords.noneSpellsKeyword(words: [], suffixes: ["ype"]))
    }

    /// A suppression comment with nothing to suppress is still reported in a file without words.
    func testSuppressionChecksStillRunOnSkippableFiles() {
        let source = "// lifeguard:disable:next no_such_rule\nlet value = 1\n"
        let configuration = LintConfiguration(rules: [RuleSetup(rule: DirectLoadViewCallRule.self)],
                                              knownRuleIDs: Set(RuleRegistry.allDescriptions.map(\.id)))
        let result = Linter.lint([LintInput(path: "A.swift", bytes: Array(source.utf8))], configuration: configuration)
        XCTAssertEqual(result.diagnostics.map(\.ruleID), ["unknown_rule_in_suppression"])
    }

    func testTheKindsReadAreConsecutive() {
        // `mayFire` turns tokens away with one range test over raw kinds.
        let first = TokenKind.lineComment.rawValue
        let last = TokenKind.keyword.rawValue
        XCTAssertEqual((first...last).map { TokenKind(rawValue: $0) }, AnchorWords.readKinds)
    }

    func testSubstringSearch() {
        let needle = SuppressionParser.prefix
        func contains(_ text: String) -> Bool {
            Array(text.utf8).withUnsafeBufferPointer { AnchorWords.contains(needle, in: $0) }
        }
        XCTAssertTrue(contains("lifeguard:"))
        XCTAssertTrue(contains("xx lifelifeguard: yy"))
        XCTAssertTrue(contains("…lifeguard:"))
        XCTAssertFalse(contains("lifeguard"))
        XCTAssertFalse(contains("lifeguard;"))
        XCTAssertFalse(contains(""))
    }
}
