import XCTest
@testable import LifeguardKit
import LifeguardTestSupport

/// The outline shapes rules depend on, pinned on small inputs.
final class OutlineTests: XCTestCase {
    func outline(_ text: String) -> SyntaxTree { SyntaxTree(source: SourceFile(path: "test.swift", text: text)) }

    /// A bracket the file leaves open closes at the end of the file: the raw token count, trivia
    /// included, in a tree with trivia as in one without (it once closed at the count of
    /// significant tokens, a raw index before the call itself when comments came first).
    func testBlocksTheFileLeavesOpenCloseAtItsEnd() throws {
        let text = String(repeating: "// a comment\n", count: 20) + "func f() {\n    icon.layoutSubviews(\n"
        for tree in [SyntaxTree(source: SourceFile(path: "A.swift", text: text)),
                     SyntaxTree(significantTokensOf: SourceFile(path: "A.swift", text: text))] {
            let call = try XCTUnwrap(tree.outline.calls.first { tree.name(of: $0) == "layoutSubviews" })
            XCTAssertEqual(call.parentheses?.close, tree.tokens.count, "keeps trivia: \(tree.keepsTrivia)")
            XCTAssertEqual(tree.outline.functions.first?.body?.close, tree.tokens.count)
            XCTAssertLessThanOrEqual(call.chainStart, call.nameToken)
        }
    }

    /// Attribute names are kept in one array the declarations hold ranges into: a run of
    /// attributes no declaration takes (`@escaping` in a parameter, `@MainActor in` a closure)
    /// is dropped, and never reaches the next declaration.
    func testDeclarationsTakeOnlyTheirOwnAttributes() {
        let text = """
            @objc @MainActor final class A {
                @IBOutlet weak var view: UIView!
                @objc func run(_ body: @escaping () -> Void) { let f = { @MainActor in 1 }; var g = 2 }
                @available(iOS 13, *) var (x, y) = (1, 2), z = 3
                func plain() {}
            }
            @discardableResult func last() -> Int { 0 }
            """
        for tree in [outline(text), SyntaxTree(significantTokensOf: SourceFile(path: "A.swift", text: text))] {
            let names = tree.outline.attributeNames
            XCTAssertEqual(tree.outline.types.map { Array(names[$0.attributes]) }, [["objc", "MainActor"]])
            XCTAssertEqual(tree.outline.functions.map { Array(names[$0.attributes]) },
                           [["objc"], [], ["discardableResult"]])
            XCTAssertEqual(tree.outline.variables.map { Array(names[$0.attributes]) },
                           [["IBOutlet"], [], [], ["available"], ["available"], ["available"]])
            XCTAssertFalse(names.contains("escaping"), "\(names)")
        }
    }

    /// A closure's parameter names go straight into the outline's shared array while its
    /// signature is read: a brace whose names turn out to be no signature (`{ f(a, b) }`) takes
    /// them back, and the next closure's names start clean.
    func testClosuresWithoutASignatureLeaveNoParameterNames() {
        let text = "run { f(a, b) }\nrun { x, y in f(x) }\nrun { (p: Int, q) in p }\nrun { [weak self] g(h, i) }"
        for tree in [outline(text), SyntaxTree(significantTokensOf: SourceFile(path: "A.swift", text: text))] {
            XCTAssertEqual(tree.outline.closures.map { tree.parameterNames(of: $0) }, [[], ["x", "y"], ["p", "q"], []])
            XCTAssertEqual(tree.outline.closureParameters.count, 4)
        }
    }

    /// Names are matched as Swift compares them: backticks aside, by bytes when every name is
    /// plain ASCII without `K`, and as strings otherwise (U+212A KELVIN SIGN is `K`).
    func testTokenNamesMatchAsSwiftComparesNames() {
        let tree = SyntaxTree(source: SourceFile(path: "A.swift", text: "addChild(x); `addChild`(y); addChildren(); \u{212A}ick(); Kick()"))
        let names = TokenNames(["addSubview", "addChild"])
        let calls = tree.outline.calls.map(\.nameToken)
        XCTAssertEqual(calls.map { names.match($0, in: tree) }, [1, 1, nil, nil, nil])
        let kicks = TokenNames(["Kick"])
        XCTAssertEqual(calls.map { kicks.contains($0, in: tree) }, [false, false, false, true, true],
                       "a name with K is compared as a string")
        XCTAssertFalse(names.contains(-1, in: tree))
    }

    /// Loops that may run until cancelled are counted once per file; each nested closure then
    /// learns whether one is inside it from two numbers.
    func testIndefiniteLoopsInsideNestedClosures() {
        let text = "func f() { Task { g { while true {} } }; Task { for x in s {} }; Task { for await x in s {} }; Task { repeat {} while x } }"
        let tree = SyntaxTree(source: SourceFile(path: "A.swift", text: text))
        let loops = IndefiniteLoops(tree)
        let closures = tree.outline.closures.map { loops.inside($0.node, of: tree.outline) }
        XCTAssertEqual(closures, [true, true, false, true, true])
        // A chain of nested tasks is answered in one pass over the file, however deep.
        let deep = String(repeating: "Task { ", count: 2_000) + "while x {}" + String(repeating: " }", count: 2_000)
        let deepTree = SyntaxTree(source: SourceFile(path: "B.swift", text: deep))
        let deepLoops = IndefiniteLoops(deepTree)
        XCTAssertTrue(deepTree.outline.closures.allSatisfy { deepLoops.inside($0.node, of: deepTree.outline) })
    }

    /// A closure's result type is no parameter: `{ (p: Int, q) -> Int in }` has two parameters,
    /// where the signature reader took `Int` for a third (so a body's `Int(...)` would have been
    /// read as that parameter), and a tuple result adds none.
    func testAClosuresResultTypeIsNoParameter() {
        let text = "let g = { (p: Int, q) -> Int in p + q }\nlet h = { a -> (Int, String) in (a, \"\") }\n"
            + "let k = { (x: Int) throws -> Void in }\nlet m = { [weak self] (y) -> UIView in UIView() }"
        for tree in [outline(text), SyntaxTree(significantTokensOf: SourceFile(path: "A.swift", text: text))] {
            XCTAssertEqual(tree.outline.closures.map { tree.parameterNames(of: $0) }, [["p", "q"], ["a"], ["x"], ["y"]])
        }
    }

    /// The positions of a sorted list inside a range: both ends found by search, an empty slice
    /// when none falls inside.
    func testPositionsInARange() {
        let sorted = [2, 5, 5, 9, 14]
        XCTAssertEqual(Array(SyntaxTree.positions(sorted, in: 5..<10)), [5, 5, 9])
        XCTAssertEqual(Array(SyntaxTree.positions(sorted, in: 0..<3)), [2])
        XCTAssertEqual(Array(SyntaxTree.positions(sorted, in: 14..<15)), [14])
        XCTAssertEqual(Array(SyntaxTree.positions(sorted, in: 10..<14)), [])
        XCTAssertEqual(Array(SyntaxTree.positions(sorted, in: 20..<30)), [])
        XCTAssertEqual(Array(SyntaxTree.positions(sorted, in: 5..<5)), [])
        XCTAssertEqual(Array(SyntaxTree.positions([], in: 0..<9)), [])
    }

    /// Declarations keep their names and labels as tokens; the tree spells them as the outline
    /// once did (backticks removed, `_` no label), and `token(_:spells:)` agrees with comparing
    /// `text(ofToken:)` as strings, ASCII by bytes and other text by canonical equivalence.
    func testDeclarationNamesAreSpelledFromTheirTokens() {
        let tree = outline("""
            func move(from `default`: Int, _ to: Int, by: Int = 1) {}
            func f() {
                let `class` = 1, café = 2
                let group = { [weak self, unowned owner = self.owner] (first, `second`) in }
                run(first: 1, `in`: 2, 3)
                run { } completion: { }
                let \u{212A}elvin = 0
            }
            """)
        let outline = tree.outline
        let parameters = outline.parameters[outline.functions[0].parameters]
        XCTAssertEqual(parameters.map { tree.label(of: $0) }, ["from", nil, "by"])
        XCTAssertEqual(parameters.map { tree.name(of: $0) }, ["default", "to", "by"])
        XCTAssertEqual(outline.functions[0].fullName, "move(from:_:by:)")
        XCTAssertEqual(outline.variables.map { tree.name(of: $0) }, ["class", "café", "group", "\u{212A}elvin"])
        let closure = outline.closures[0]
        XCTAssertEqual(tree.parameterNames(of: closure), ["first", "second"])
        XCTAssertEqual(outline.captures[closure.captures].map { tree.name(of: $0) }, ["self", "owner"])
        let call = outline.calls.first { tree.name(of: $0) == "run" }!
        XCTAssertEqual(outline.arguments[call.arguments].map { tree.label(of: $0) }, ["first", "in", nil])
        XCTAssertEqual(outline.closures.compactMap { tree.argumentLabel(of: $0) }, ["completion"])

        let words = ["class", "`class`", "café", "cafe\u{301}", "Kelvin", "\u{212A}elvin", "self", "", "clas"]
        for (index, token) in tree.tokens.enumerated() where token.kind == .identifier || token.kind == .keyword {
            for word in words {
                XCTAssertEqual(tree.token(index, spells: word), tree.text(ofToken: index) == word,
                               "\(tree.text(ofToken: index)) against \(word)")
            }
        }
        let kelvin = outline.variables[3].nameToken
        XCTAssertTrue(tree.token(kelvin, spells: "Kelvin"), "U+212A KELVIN SIGN is the letter K to Swift")
        XCTAssertTrue(tree.token(outline.variables[1].nameToken, spells: "cafe\u{301}"))
        XCTAssertFalse(tree.token(-1, spells: "x"))
    }

    func testClosureDestinations() {
        let tree = outline("""
            final class A {
                var onTap: (() -> Void)?
                lazy var cached: Int = { 1 }()
                func f() {
                    onTap = { [weak self] in self?.g() }
                    items.map { $0 }.forEach { value in print(value) }
                    UIView.animate(withDuration: 1) { self.g() } completion: { _ in self.h() }
                    call(handler: { x in x })
                    let local = { 2 }
                }
            }
            """)
        let closures = tree.outline.closures
        XCTAssertEqual(closures.count, 8)
        XCTAssertNotNil(closures[7].variable)
        XCTAssertTrue(closures[0].isImmediatelyInvoked)
        XCTAssertNotNil(closures[0].variable)
        XCTAssertNotNil(closures[1].assignment)
        XCTAssertEqual(tree.outline.captures[closures[1].captures].map(\.specifier), [.weak])
        XCTAssertTrue(closures[2].isTrailing)
        XCTAssertEqual(tree.parameterNames(of: closures[3]), ["value"])
        XCTAssertEqual(closures[4].call.map { tree.name(of: tree.outline.calls[$0]) }, "animate")
        XCTAssertEqual(tree.argumentLabel(of: closures[5]), "completion")
        XCTAssertTrue(closures[5].isTrailing)
        XCTAssertEqual(tree.argumentLabel(of: closures[6]), "handler")
        XCTAssertFalse(closures[6].isTrailing)
    }

    /// A call's trailing closures are linked in source order, however many closures the first
    /// one holds, and a call with none says so.
    func testTrailingClosuresOfACallInOrder() {
        let tree = outline("""
            func f() {
                UIView.animate(withDuration: 1, animations: { a() }) {
                    items.forEach { $0.b() }
                    run { c() }
                } completion: { _ in
                    d { e() }
                }
                plain(1)
            }
            """)
        let outline = tree.outline
        func text(_ closure: Int) -> String {
            let body = outline.closures[closure].body
            return tree.compactText(ofTokens: body.open..<(body.close + 1))
        }
        guard let animate = outline.calls.firstIndex(where: { tree.name(of: $0) == "animate" }),
              let plain = outline.calls.firstIndex(where: { tree.name(of: $0) == "plain" }) else {
            return XCTFail("calls not found")
        }
        XCTAssertEqual(outline.trailingClosures(of: animate).map(text),
                       ["{ items.forEach { $0.b() } run { c() } }", "{ _ in d { e() } }"])
        XCTAssertTrue(outline.calls[animate].hasTrailingClosures)
        XCTAssertEqual(outline.trailingClosures(of: plain), [])
        XCTAssertFalse(outline.calls[plain].hasTrailingClosures)
        let model = FileModel(tree: tree, index: ProjectIndex(trees: [tree]))
        XCTAssertEqual(model.closures(passedTo: CallID(animate)).map { text($0.index) },
                       ["{ a() }", "{ items.forEach { $0.b() } run { c() } }", "{ _ in d { e() } }"])
        let withOne: Set = ["forEach", "run", "d"]
        for call in outline.calls.indices where call != animate {
            let name = tree.name(of: outline.calls[call])
            XCTAssertEqual(outline.trailingClosures(of: call).count, withOne.contains(name) ? 1 : 0, name)
        }
    }

    func testCallsReceiversAndArguments() {
        let tree = outline("""
            func f() {
                self.child?.view.addSubview(detail.view)
                super.viewWillAppear(animated)
                let x = Set<String>()
                view = .init(frame: .zero)
                insert(subview, at: 0)
            }
            """)
        let calls = tree.outline.calls
        let described = calls.map { call -> String in
            let receiver = call.receiver.map { tree.text(ofTokens: $0) } ?? (call.isImplicitMember ? "." : "")
            let labels = tree.outline.arguments[call.arguments].map { tree.label(of: $0) ?? "_" }.joined(separator: ",")
            return "\(receiver)|\(tree.name(of: call))|\(labels)|\(call.isOptionalChain)"
        }
        XCTAssertEqual(described, [
            "self.child?.view|addSubview|_|false", "super|viewWillAppear|_|false", "|Set||false", ".|init|frame|false",
            "|insert|_,at|false",
        ])
        XCTAssertEqual(tree.outline.assignments.map { tree.text(ofTokens: $0.lhs) }, ["view"])
    }

    func testFunctionsAccessorsAndFullNames() {
        let tree = outline("""
            class C: UIViewController {
                override func viewWillAppear(_ animated: Bool) {}
                func move(from a: Int, to b: Int) {}
                init?(coder: NSCoder) {}
                subscript(index: Int) -> Int { get { 0 } set {} }
                var computed: Int { 1 }
                var observed = 0 { didSet {} }
                static func == (l: C, r: C) -> Bool { true }
                deinit {}
            }
            """)
        let functions = tree.outline.functions.map { "\($0.kind.rawValue) \($0.fullName)" }
        XCTAssertEqual(functions, [
            "function viewWillAppear(_:)", "function move(from:to:)", "initializer init(coder:)",
            "subscript subscript(_:)", "accessor get", "accessor set", "accessor get", "accessor didSet",
            "function ==(_:_:)", "deinitializer deinit",
        ])
        XCTAssertTrue(tree.outline.functions[0].modifiers.contains(.override))
        XCTAssertEqual(tree.outline.variables.map(\.storage), [.computed, .observed])
        XCTAssertTrue(tree.outline.functions[6].isImplicitGetter)
    }

    func testConditionsBindingsAndCases() {
        let tree = outline("""
            func f() {
                if let a = b, c { g() } else if d { h() } else { i() }
                guard let e else { return }
                switch state { case .on: j() default: break }
                for (index, item) in items where index > 0 { k(item) }
            }
            """)
        let kinds = tree.outline.conditionals.map(\.kind)
        XCTAssertEqual(kinds, [.if, .if, .guard, .switch, .switchCase, .switchCase, .forIn])
        let bindings = tree.outline.variables.filter(\.isConditionalBinding).map { tree.name(of: $0) }
        XCTAssertEqual(bindings, ["a", "e", "index", "item"])
        XCTAssertEqual(tree.text(ofTokens: tree.outline.conditionals[0].condition), "let a = b, c")
        XCTAssertNotNil(tree.outline.conditionals[1].elseBody)
    }

    /// An `else if` chain without a final `else` ends with its last body: what follows is back in
    /// the enclosing block (an older version left the chain open to the end of the block, so a
    /// local function or a `let` after it was not declared).
    func testStatementsAfterAnElseIfChain() {
        let tree = outline("""
            func f() {
                if a < 0 {
                    x = 0
                } else if a > b {
                    x = 1
                }
                func g(a b: C) -> D? { nil }
                let y = 2
                if c { } else if d { } else if e { }
                var z = 3
            }
            """)
        XCTAssertEqual(tree.outline.functions.map(\.fullName), ["f()", "g(a:)"])
        XCTAssertEqual(tree.outline.variables.map { tree.name(of: $0) }, ["y", "z"])
        let outer = tree.outline.functions[0].node
        for function in tree.outline.functions.dropFirst() {
            XCTAssertEqual(tree.outline.nodes[function.node].parent, outer)
        }
        for variable in tree.outline.variables {
            XCTAssertEqual(tree.outline.nodes[variable.node].parent, outer, tree.name(of: variable))
        }
        let ifs = tree.outline.conditionals.filter { $0.kind == .if }
        XCTAssertEqual(ifs.map { tree.line(ofToken: tree.outline.nodes[$0.node].tokens.upperBound - 1) }, [6, 6, 9, 9, 9])
    }

    func testTypesInheritanceAndConditionalCompilation() {
        let tree = outline("""
            #if os(iOS)
            final class Screen<T>: BaseViewController<T>, UITableViewDelegate where T: Equatable {
            #else
            final class Screen<T>: NSViewController {
            #endif
                func f() {}
            }
            extension Outer.Inner: P {}
            protocol Delegate: AnyObject, Other {}
            actor Counter {}
            """)
        let types = tree.outline.types.map { "\($0.kind.rawValue) \($0.name): \($0.inheritedTypes.map(\.name).joined(separator: ","))" }
        XCTAssertEqual(types, [
            "class Screen: BaseViewController,UITableViewDelegate", "class Screen: NSViewController",
            "extension Outer.Inner: P", "protocol Delegate: AnyObject,Other", "actor Counter: ",
        ])
        // Both branches' declarations are seen, and the body after `#endif` belongs to the last one.
        let function = tree.outline.functions[0]
        XCTAssertEqual(tree.outline.nodes[tree.outline.nodes[function.node].parent].detail, 1)
    }

    /// The outline's `chainStart` and `SyntaxTree.postfixExpressionStart` are one walk: on the
    /// shapes where two copies of it once disagreed (generic arguments, trailing closures), both
    /// find the whole chain, for a call, for a name and for an assignment's left-hand side.
    func testOneChainStartForCallsNamesAndAssignments() {
        let cases: [(chain: String, receiver: String)] = [
            ("Foo<Bar>.baz()", "Foo<Bar>"), ("a.b { $0 }.c()", "a.b { $0 }"), ("x?.y!.z()", "x?.y!"),
            ("(a).b()", "(a)"), ("a[0].b()", "a[0]"), ("Dictionary<String, [Int]>.init()", "Dictionary<String, [Int]>"),
            ("a.b(1) { }.c[2]?.d()", "a.b(1) { }.c[2]"), ("\"text\".e()", "\"text\""),
        ]
        for (chain, receiver) in cases {
            let tree = outline("func f() {\n    g(); \(chain)\n    \(chain).name = 1\n}\n")
            // The call the chain ends with: the one on line 2 that closes last.
            let call = tree.outline.calls.filter { tree.line(ofToken: $0.nameToken) == 2 }
                .max { ($0.parentheses?.close ?? 0) < ($1.parentheses?.close ?? 0) }
            guard let call, let close = call.parentheses?.close else {
                XCTFail("\(chain): no call found")
                continue
            }
            XCTAssertEqual(tree.text(ofTokens: call.chainStart..<(close + 1)), chain)
            XCTAssertEqual(call.receiver.map { tree.text(ofTokens: $0) }, receiver, chain)
            XCTAssertEqual(tree.postfixExpressionStart(endingAt: close), call.chainStart, chain)
            XCTAssertEqual(tree.postfixExpressionStart(endingAt: call.nameToken), call.chainStart, chain)
            XCTAssertEqual(tree.outline.assignments.map { tree.text(ofTokens: $0.lhs) }, ["\(chain).name"])
        }
        // What starts no chain: the token itself; an implicit member starts at its dot.
        let tree = outline("let a = 1 + .zero\nlet b = c\n")
        let plus = tree.tokens.firstIndex { $0.kind == .operator }!
        XCTAssertEqual(tree.postfixExpressionStart(endingAt: plus), plus)
        let zero = tree.tokens.indices.first { tree.text(ofToken: $0) == "zero" }!
        XCTAssertEqual(tree.text(ofToken: tree.postfixExpressionStart(endingAt: zero)), ".")
    }

    /// A modifier word counts before what it modifies (a declaration's word, `(set)`, an
    /// attribute), and is a plain name before `.`, `=`, an operator or `(` with arguments; an
    /// accessor's word counts inside an accessor block whatever follows.
    func testModifierWordsCountOnlyWhereADeclarationFollows() {
        let tree = outline("""
            class C {
                unowned(safe) var a = x
                nonisolated(unsafe) let b = 1
                override func f() { open = 1; final.x = 2; lazy += 1; weak(3); mutating.y(); convenience = 2 }
                final class D {}
                lazy var e = 1
                weak var g: C?
                open(set) var h = 0
                var i: Int { mutating get { 1 } nonmutating set {} }
                @objc dynamic var j = 0
            }
            actor A {}
            macro M() = #externalMacro(module: "m", type: "T")
            prefix func ~~~(x: Int) -> Int { x }
            func k() { actor.run(); macro = 1; distributed(1); indirect [1] }
            """)
        let outline = tree.outline
        XCTAssertEqual(outline.variables.map { tree.name(of: $0) }, ["a", "b", "e", "g", "h", "i", "j"])
        XCTAssertEqual(outline.variables.map(\.modifiers), [[.unowned], [.nonisolated], [.lazy], [.weak], [.open], [], [.dynamic]])
        XCTAssertEqual(outline.functions.map(\.fullName), ["f()", "get", "set", "~~~(_:)", "k()"])
        XCTAssertEqual(outline.functions.map(\.modifiers), [[.override], [.mutating], [.nonmutating], [.prefix], []])
        XCTAssertEqual(outline.types.map(\.name), ["C", "D", "A"])
        XCTAssertEqual(outline.types.map(\.modifiers), [[], [.final], []])
        XCTAssertEqual(outline.calls.map { tree.name(of: $0) }, ["weak", "y", "run", "distributed"])
        XCTAssertEqual(outline.assignments.map { tree.text(ofTokens: $0.lhs) }, ["open", "final.x", "convenience", "macro"])
    }

    /// `await`, `some`, `any` and `each` before `(` call nothing; every other name there is a
    /// callee, however close its length or first letter (the word lookup is skipped for most).
    func testOnlyFourWordsBeforeAParenthesisCallNothing() {
        let tree = outline("""
            func f() {
                let a = await (b)
                let c = some(1)
                let d = any (e)
                let g = each (h)
                sum(1); anyOf(2); awaits(3); eat(4); `await`(5); `some`(6); selfie(7); ask(8); a(9)
            }
            """)
        XCTAssertEqual(tree.outline.calls.map { tree.name(of: $0) },
                       ["sum", "anyOf", "awaits", "eat", "await", "some", "selfie", "ask", "a"])
    }

    /// A full name is the base name and every label as written (backticks dropped, `_` for none,
    /// keywords and non-ASCII letters kept), however long; an extension's name keeps one space
    /// wherever the source separates two tokens.
    func testFullNamesSpellEveryLabelAsWritten() {
        let tree = outline("""
            struct S {
                func tableView(_ tableView: Int, `for` row: Int, çà label: Int, in: Int, _: Int) {}
                init?(coder: Int) {}
                subscript(index: Int) -> Int { 0 }
                static func +(lhs: S, rhs: S) -> S { lhs }
                func `default`() {}
                deinit {}
            }
            extension Dictionary<String, [Int]> . Index {}
            extension  Outer<T>.Inner  /* c */ {}
            """)
        XCTAssertEqual(tree.outline.functions.map(\.fullName), [
            "tableView(_:for:çà:in:_:)", "init(coder:)", "subscript(_:)", "get", "+(_:_:)", "default()", "deinit",
        ])
        XCTAssertEqual(tree.outline.functions.map(\.name), ["tableView", "init", "subscript", "get", "+", "default", "deinit"])
        XCTAssertEqual(tree.outline.types.map(\.name), ["S", "Dictionary<String, [Int]> . Index", "Outer<T>.Inner"])
    }

    /// An extension of a sugared or specialized type is a type declaration named as written, whose
    /// braces are its body (never a closure), with its members inside it.
    func testExtensionsOfSugaredAndSpecializedTypes() {
        let tree = outline("""
            extension [Int] { func a() {} }
            extension [String: [Int]] where Value == [Int] { func b() {} }
            extension Int? { func c() {} }
            extension [Int]? { func d() {} }
            extension Array<Int>: P { func e() {} }
            extension Set<String>.Index { func f() {} }
            extension Dictionary<String, [Int]>! { func g() {} }
            extension (Int, Int) {}
            extension Outer<T>.Inner<U>.Leaf { func h() {} }
            """)
        XCTAssertEqual(tree.outline.types.map(\.name), [
            "[Int]", "[String: [Int]]", "Int?", "[Int]?", "Array<Int>", "Set<String>.Index",
            "Dictionary<String, [Int]>!", "(Int, Int)", "Outer<T>.Inner<U>.Leaf",
        ])
        XCTAssertEqual(Set(tree.outline.types.map(\.kind)), [.extension])
        XCTAssertTrue(tree.outline.closures.isEmpty)
        XCTAssertEqual(tree.outline.types[4].inheritedTypes.map(\.name), ["P"])
        XCTAssertNotNil(tree.outline.types[1].whereClause)
        for function in tree.outline.functions {
            let parent = tree.outline.nodes[tree.outline.nodes[function.node].parent]
            XCTAssertEqual(parent.kind, .type, function.name)
        }
        XCTAssertEqual(tree.outline.functions.count, 8)
    }

    /// `func +<T>(...)`, `init?<T>(...)`: the lexer reads `+<` and `?<` as one operator, but the
    /// `<` opens the generic clause.
    func testGenericOperatorsWithoutASpaceBeforeTheirGenericClause() {
        let tree = outline("""
            static func +<T>(lhs: Box<T>, rhs: Box<T>) -> Box<T> { lhs }
            func <-<V: Value>(column: Column<V>, value: V) -> Setter { Setter() }
            func ??<V>(a: V?, b: V) -> V { b }
            func << (a: Int, b: Int) -> Int { a }
            func <<<T>(a: T, b: T) -> T { a }
            convenience init?<T: Decodable>(data: T, type: T.Type) throws where T: Sendable {}
            init!<U>(value: U) {}
            """)
        XCTAssertEqual(tree.outline.functions.map(\.fullName), ["+(_:_:)", "<-(_:_:)", "??(_:_:)", "<<(_:_:)", "<<(_:_:)",
                                                                "init(data:type:)", "init(value:)"])
        XCTAssertEqual(tree.outline.functions.map { tree.outline.parameters[$0.parameters].map { tree.name(of: $0) } },
                       [["lhs", "rhs"], ["column", "value"], ["a", "b"], ["a", "b"], ["a", "b"], ["data", "type"], ["value"]])
    }

    /// Each `#if` branch starts from the stack as it was at `#if`, even when a nested group popped
    /// and re-pushed below the outer group's height (an older version restored one element twice).
    func testBranchingStackRestoresTheStateAtIf() {
        var stack = BranchingStack<Int>()
        for value in 0..<10 { stack.push(value) }
        stack.beginBranches()
        for _ in 0..<5 { stack.pop() }
        for value in 100..<103 { stack.push(value) }
        stack.beginBranches()
        stack.pop()
        stack.push(200)
        stack.pop()
        stack.endBranches()
        XCTAssertEqual(stack.elements, [0, 1, 2, 3, 4, 100, 101])
        XCTAssertEqual(stack.nextBranch(), [101, 100])
        XCTAssertEqual(stack.elements, Array(0..<10))
        stack.pop()
        stack.endBranches()
        XCTAssertEqual(stack.elements, Array(0..<9))
        // With no group open, popping saves nothing and a stray `#else` changes nothing.
        XCTAssertEqual(stack.nextBranch(), [])
        XCTAssertEqual(stack.elements, Array(0..<9))
    }

    /// A generic signature whose parameter clause starts the next line is still one declaration:
    /// its braces are its body, not a closure.
    func testSignaturesBrokenAfterTheGenericClause() {
        let tree = outline("""
            class C {
                func sorted<S: Sequence>
                    (by descriptors: S) -> [Int] where S.Element == String {
                    return []
                }
                init<T>
                    (value: T) {}
            }
            """)
        XCTAssertEqual(tree.outline.functions.map(\.fullName), ["sorted(by:)", "init(value:)"])
        XCTAssertTrue(tree.outline.closures.isEmpty)
        XCTAssertNotNil(tree.outline.functions[0].body)
        XCTAssertEqual(tree.outline.functions[0].returnType.map { tree.text(ofTokens: $0) }, "[Int]")
    }

    /// A trailing closure in a condition is a closure when what follows it continues the
    /// expression on its line (the compiler's recovery rule); otherwise the brace is the body.
    func testTrailingClosuresInConditions() {
        let tree = outline("""
            func f() {
                if let a = items.first.flatMap { Item($0) } { use(a) }
                if let b = items.map { $0.id }.sorted().first {
                    use(b)
                }
                for c in items.filter { $0.isOn } where c.isReady { use(c) }
                if ready { go() } else { stop() }
                switch mode { case .a: break default: break }
            }
            """)
        let closures = tree.outline.closures.map { tree.text(ofTokens: $0.body.open..<($0.body.close + 1)) }
        XCTAssertEqual(closures, ["{ Item($0) }", "{ $0.id }", "{ $0.isOn }"])
        let bodies = tree.outline.conditionals.filter { $0.kind != .switchCase }.compactMap(\.body)
            .map { tree.text(ofTokens: $0.open..<($0.close + 1)) }
        XCTAssertEqual(bodies, ["{ use(a) }", "{\n        use(b)\n    }", "{ use(c) }", "{ go() }",
                                "{ case .a: break default: break }"])
        XCTAssertEqual(tree.outline.variables.compactMap(\.initializer).map { tree.text(ofTokens: $0) },
                       ["items.first.flatMap { Item($0) }", "items.map { $0.id }.sorted().first"])

        // After `=` or `(`, a brace starts an expression: a closure, with the body after it.
        let invoked = outline("""
            func f() {
                if let a: Int = { 1 }() { use(a) }
                guard let b = { nil }() else { return }
                while let c = ({ 1 })() { use(c) }
            }
            """)
        let invokedClosures = invoked.outline.closures.map { invoked.text(ofTokens: $0.body.open..<($0.body.close + 1)) }
        XCTAssertEqual(invokedClosures, ["{ 1 }", "{ nil }", "{ 1 }"])
        XCTAssertEqual(invoked.outline.closures.map(\.isImmediatelyInvoked), [true, true, false])
        XCTAssertEqual(invoked.outline.conditionals.compactMap(\.body).map { invoked.text(ofTokens: $0.open..<($0.close + 1)) },
                       ["{ use(a) }", "{ use(c) }"])
    }

    /// `significantTokens(in:)` and `significantCount(in:)` agree with a plain filter over any
    /// range, including ranges that start or end on trivia and ranges past the file's end.
    func testSignificantTokenQueries() {
        let tree = outline("let a = /* c */ b // d\n  f( x )\n")
        let count = tree.tokens.count
        for lower in 0...(count + 2) {
            for upper in lower...(count + 3) {
                let expected = (min(lower, count)..<min(upper, count)).filter { !tree.tokens[$0].isTrivia }
                XCTAssertEqual(Array(tree.significantTokens(in: lower..<upper)), expected, "\(lower)..<\(upper)")
                XCTAssertEqual(tree.significantCount(in: lower..<upper), expected.count, "\(lower)..<\(upper)")
            }
        }
    }

    func testEveryNodeNestsInsideItsParent() throws {
        for file in FixtureFiles.swiftFiles() {
            let tree = SyntaxTree(source: try FixtureFiles.source(file))
            for (index, node) in tree.outline.nodes.enumerated() where node.parent >= 0 {
                let parent = tree.outline.nodes[node.parent]
                XCTAssertLessThan(node.parent, index)
                XCTAssertLessThanOrEqual(node.subtreeEnd, parent.subtreeEnd, FixtureFiles.shortPath(file))
            }
        }
    }

    /// An opener before an `#if` whose clauses each close it (invalid Swift, found by the fuzzer)
    /// pairs with its first closer only; every pair is mutual, in every fixture too.
    func testBracketPairsAreMutual() throws {
        let tree = outline("{\n#if A\n}\n#else\n}\n#endif\n")
        let braces = tree.tokens.indices.filter { [.leftBrace, .rightBrace].contains(tree.tokens[$0].kind) }
        XCTAssertEqual(braces.count, 3)
        XCTAssertEqual(tree.partner(ofToken: braces[0]), braces[1])
        XCTAssertEqual(tree.partner(ofToken: braces[1]), braces[0])
        XCTAssertNil(tree.partner(ofToken: braces[2]))
        for file in FixtureFiles.swiftFiles() {
            let tree = SyntaxTree(source: try FixtureFiles.source(file))
            for token in tree.tokens.indices {
                guard let other = tree.partner(ofToken: token) else { continue }
                XCTAssertEqual(tree.partner(ofToken: other), token, "\(FixtureFiles.shortPath(file)): token \(token)")
            }
        }
    }

    /// Pairing runs on a plain stack up to the first `#if` and on the branching stack after it.
    /// The oracle: a file led by an empty `#if` is paired by the branching stack alone, and must
    /// pair exactly as the file itself does, in every fixture and across a stray closer.
    func testPairingBeforeTheFirstIfMatchesTheBranchingStack() throws {
        var sources = ["f(a[1], { $0 }) } ] \"s\\(x)\" (", "{ ( } )\n#if A\n{\n#endif\n}"]
        for file in FixtureFiles.swiftFiles() {
            sources.append(String(decoding: try FixtureFiles.source(file).bytes, as: UTF8.self))
        }
        for text in sources {
            let plain = outline(text)
            let led = outline("#if A\n#endif\n" + text)
            let shift = led.tokens.count - plain.tokens.count
            for token in plain.tokens.indices {
                XCTAssertEqual(plain.partner(ofToken: token).map { $0 + shift }, led.partner(ofToken: token + shift),
                               "token \(token) of \(text.prefix(60))")
            }
        }
    }
}

final class ShorthandBindingTests: XCTestCase {
    /// `if let x` and `guard let x` without a value are shorthand bindings (the name reads the outer
    /// `x`); a binding with `= value`, a local and a loop variable are not.
    func testShorthandBindingsAreTold() {
        let text = """
        func f(x: Int?, y: Int?, w: Int?) {
            if let x { print(x) }
            guard let y else { return }
            if let z = w { print(z) }
            let v = y
            for item in [v] { print(item) }
            while let x { break }
        }
        """
        let tree = SyntaxTree(source: SourceFile(path: "A.swift", text: text))
        let shorthand = tree.outline.variables.filter(\.isShorthandBinding).map { tree.text(ofToken: $0.nameToken) }
        let others = tree.outline.variables.filter { !$0.isShorthandBinding }.map { tree.text(ofToken: $0.nameToken) }
        XCTAssertEqual(shorthand, ["x", "y", "x"])
        XCTAssertEqual(Set(others), ["z", "v", "item"])
    }
}
