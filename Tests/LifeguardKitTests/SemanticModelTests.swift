import XCTest
@testable import LifeguardKit
import LifeguardTestSupport

/// The semantic model on its own, apart from any rule: what names mean, which object a chain
/// is, what type it has, what helpers do, and who keeps what.
final class SemanticModelTests: XCTestCase {
    /// The alias walks' visited set keeps its first locals inline and the rest in a set: both
    /// halves answer the same.
    /// The name table answers as a `[String: Int32]` would: slots in first-seen order, ASCII
    /// names by bytes through growth, and other names by Swift's canonical equivalence.
    /// Names are inserted as strings and as source bytes alike, of every length around the
    /// eight-byte words the hash reads, into tables that start empty and sized.
    func testNameSlotsAnswerLikeADictionary() {
        for initial in [NameSlots(), NameSlots(capacity: 40)] {
            var slots = initial
            var reference: [String: Int32] = [:]
            var firstSpellings: [Int32: [UInt8]] = [:]
            let prefixes = (0..<300).map { "name\($0 % 120)" }
            let lengths = (0..<40).map { String(repeating: "x", count: $0 % 20) + "\($0 % 25)" }
            let names = prefixes + lengths + ["café", "cafe\u{301}", "viewDidLoad", "", "a", "café"]
            for (position, name) in names.enumerated() {
                let expected = reference[name] ?? Int32(reference.count)
                if reference[name] == nil { reference[name] = expected }
                let slot = position % 2 == 0
                    ? slots.insert(name) : Array(name.utf8).withUnsafeBufferPointer { slots.insert(bytes: $0) }
                XCTAssertEqual(slot, expected, name)
                if firstSpellings[slot] == nil { firstSpellings[slot] = Array(name.utf8) }
            }
            checkNameSlots(slots, against: reference)
            // Each slot reads back as the bytes it was first given, from the table and from the
            // list a file keeps of it.
            let list = slots.list
            XCTAssertEqual(list.count, slots.count)
            for slot in 0..<Int32(slots.count) {
                XCTAssertEqual(Array(slots.name(slot).utf8), firstSpellings[slot], "slot \(slot)")
                XCTAssertEqual(Array(list.name(slot).utf8), firstSpellings[slot], "list slot \(slot)")
                XCTAssertEqual(list.withName(slot) { Array($0) }, firstSpellings[slot], "list bytes \(slot)")
            }
            XCTAssertEqual(Array(slots.name(slots.slot(of: "cafe\u{301}")!).utf8), Array("café".utf8),
                           "a canonically equal name reads back as first spelled")
        }
    }

    /// A run-wide table: tens of thousands of names, grown from empty many times over, each found
    /// at the slot it was given (buckets keep part of each name's hash, so names whose hashes share
    /// that part must still be told apart by their bytes), and names never inserted found nowhere.
    func testNameSlotsKeepManyNamesApartThroughGrowth() {
        var slots = NameSlots()
        let names = (0..<30_000).map { "member\($0)" } + (0..<5_000).map { "T\($0).run(with:)" }
        for (position, name) in names.enumerated() { XCTAssertEqual(slots.insert(name), Int32(position), name) }
        XCTAssertEqual(slots.count, names.count)
        for (position, name) in names.enumerated() where position % 7 == 0 {
            XCTAssertEqual(slots.slot(of: name), Int32(position), name)
            XCTAssertEqual(slots.insert(name), Int32(position), "inserted again: \(name)")
        }
        for absent in (30_000..<31_000).map({ "member\($0)" }) { XCTAssertNil(slots.slot(of: absent), absent) }
        XCTAssertEqual(slots.count, names.count)
        // Two names whose hashes agree in the part a bucket keeps (found by search), and a prefix
        // of one: each keeps its own slot.
        var seen: [UInt64: String] = [:]
        var pair: (String, String)?
        for number in 0..<1_000_000 {
            let name = "n\(number)"
            let part = NameSlots.asciiHash(name)! & 0xFFFF_FFFF
            if let earlier = seen[part] {
                pair = (earlier, name)
                break
            }
            seen[part] = name
        }
        guard let (first, second) = pair else { return XCTFail("no two names share the kept part of their hash") }
        var colliding = NameSlots()
        XCTAssertEqual(colliding.insert(first), 0)
        XCTAssertEqual(colliding.insert(String(first.dropLast())), 1)
        XCTAssertEqual(colliding.insert(second), 2)
        XCTAssertEqual(colliding.slot(of: first), 0)
        XCTAssertEqual(colliding.slot(of: second), 2)
    }

    private func checkNameSlots(_ slots: NameSlots, against reference: [String: Int32]) {
        XCTAssertEqual(slots.count, reference.count)
        XCTAssertEqual(slots.slot(of: "cafe\u{301}"), slots.slot(of: "café"), "canonically equal names share a slot")
        for (name, slot) in reference { XCTAssertEqual(slots.slot(of: name), slot, name) }
        XCTAssertNil(slots.slot(of: "name120"))
        XCTAssertNil(NameSlots().slot(of: "x"))
        XCTAssertEqual(slots.names[Int(slots.slot(of: "viewDidLoad")!)], "viewDidLoad")
    }

    /// The integer table keeps the first value given to a key, through growth, as a dictionary
    /// updated only when the key is absent would; keys are packed pairs of ids, as the index uses them.
    func testIntegerTableKeepsFirstValuesLikeADictionary() {
        for initial in [IntegerTable(), IntegerTable(capacity: 3), IntegerTable(capacity: 5_000)] {
            var table = initial
            var reference: [Int64: Int64] = [:]
            var generator = SystemRandomNumberGenerator()
            for step in 0..<4_000 {
                let key = Int64(Int32.random(in: 0..<300, using: &generator)) << 32 | Int64(step % 97)
                // Both ways in: the plain insert, and the insert that answers the kept value.
                if step % 2 == 0 {
                    let inserted = table.insertIfAbsent(key, Int64(step))
                    XCTAssertEqual(inserted, reference[key] == nil)
                } else {
                    let (value, inserted) = table.valueInsertingIfAbsent(key, Int64(step))
                    XCTAssertEqual(inserted, reference[key] == nil)
                    XCTAssertEqual(value, reference[key] ?? Int64(step))
                }
                if reference[key] == nil { reference[key] = Int64(step) }
            }
            XCTAssertEqual(table.count, reference.count)
            for (key, value) in reference { XCTAssertEqual(table.value(for: key), value) }
            XCTAssertNil(table.value(for: Int64(300) << 32))
        }
        XCTAssertNil(IntegerTable().value(for: 0), "an empty table answers without buckets")
    }

    /// `Array(filledWith:count:)` makes what `Array(repeating:count:)` does, empty included.
    func testFilledArraysEqualRepeatedOnes() {
        for count in [0, 1, 7, 1_000] {
            XCTAssertEqual(Array(filledWith: Int32(-1), count: count), Array(repeating: Int32(-1), count: count))
            XCTAssertEqual(Array(filledWith: "x", count: count), Array(repeating: "x", count: count))
        }
    }

    /// Grouping by slot keeps each slot's items in their first order, slot after slot.
    func testSlotGroupingIsAStableGroupBySlot() {
        let slots: [Int32] = [2, 0, 2, 1, 0, 2]
        let grouping = SlotGrouping(slots: slots, slotCount: 4)
        XCTAssertEqual(grouping.order, [1, 4, 3, 0, 2, 5])
        XCTAssertEqual(grouping.ranges, [0..<2, 2..<3, 3..<6, 6..<6])
        XCTAssertEqual(SlotGrouping(slots: [], slotCount: 0).ranges, [])
    }

    /// Functions grouped by type and name answer like a dictionary of arrays in run order, free
    /// functions (type -1) included and accessors (a negative name) in no group.
    func testTypeAndNameGroupsAnswerLikeADictionaryOfArrays() {
        let types: [Int32] = [0, -1, 0, 1, 0, -1, 1, 0]
        let names: [Int32] = [5, 5, 5, 5, -1, 5, 7, 7]
        let groups = TypeAndNameGroups(types: types, names: names)
        var reference: [[Int32]: [Int32]] = [:]
        for function in types.indices where names[function] >= 0 {
            reference[[types[function], names[function]], default: []].append(Int32(function))
        }
        for type: Int32 in -1...2 {
            for name: Int32 in [-1, 5, 6, 7] {
                XCTAssertEqual(Array(groups.functions(type: type, name: name)), reference[[type, name]] ?? [],
                               "type \(type), name \(name)")
            }
        }
        XCTAssertEqual(Array(groups.functions(type: 0, name: 5)), [0, 2])
        XCTAssertEqual(Array(TypeAndNameGroups().functions(type: 0, name: 5)), [])
    }

    /// The byte-level whitespace handling of ASCII text agrees with `Character.isWhitespace`, and
    /// text with other characters still goes through it.
    func testCompactTextMatchesCharacterWhitespace() {
        let source = "let x = items[ index /* c */ ]\r\n  .first(\twhere:  {  $0 }\u{0B}) ;\u{0C} a[\u{00A0}b\u{2003}c ]"
        let tree = SyntaxTree(source: SourceFile(path: "t.swift", text: source))
        // Stated another way than the code under test: runs of whitespace split the text, and the
        // pieces are joined by one space (or by nothing).
        func reference(_ text: String, collapsing: Bool) -> String {
            text.split(whereSeparator: \.isWhitespace).joined(separator: collapsing ? " " : "")
        }
        var checked = 0
        for start in 0..<tree.tokens.count {
            for end in start...tree.tokens.count {
                let text = tree.text(ofTokens: start..<end)
                XCTAssertEqual(tree.compactText(ofTokens: start..<end), reference(text, collapsing: true), "\(start)..<\(end)")
                XCTAssertEqual(tree.textWithoutWhitespace(ofTokens: start..<end), reference(text, collapsing: false),
                               "\(start)..<\(end)")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 800)
        XCTAssertEqual(tree.compactText(ofTokens: 0..<tree.tokens.count),
                       "let x = items[ index /* c */ ] .first( where: { $0 } ) ; a[ b c ]")
    }

    func testVisitedLocalsAnswerLikeASet() {
        var visited = VisitedLocals()
        for index in [3, 0, 17, 5, 9, 2, 40, 11, 7, 64, 1, 30] {
            XCTAssertTrue(visited.insert(VariableID(index)), "\(index) is new")
        }
        for index in [3, 0, 17, 5, 9, 2, 40, 11, 7, 64, 1, 30] {
            XCTAssertFalse(visited.insert(VariableID(index)), "\(index) was seen")
        }
        XCTAssertTrue(visited.insert(VariableID(8)))
    }

    /// A model of one file (or several: the first is the one asked about).
    func model(_ text: String, others: [String] = []) -> FileModel {
        let trees = ([text] + others).enumerated().map { offset, source in
            SyntaxTree(source: SourceFile(path: "File\(offset).swift", text: source))
        }
        return FileModel(tree: trees[0], index: ProjectIndex(trees: trees))
    }

    /// The first call named `name` (the `occurrence`-th when several).
    func call(_ model: FileModel, _ name: String, _ occurrence: Int = 0) -> CallID {
        model.calls(named: name)[occurrence]
    }

    /// The object a call is made on.
    func receiver(_ model: FileModel, _ name: String, _ occurrence: Int = 0) -> ObjectRef {
        model.receiverObject(of: call(model, name, occurrence))
    }

    /// The object a call's first argument names.
    func argument(_ model: FileModel, _ name: String, _ occurrence: Int = 0) -> ObjectRef {
        let id = call(model, name, occurrence)
        return model.object(ofTokens: model.arguments(of: id).first!.expression, at: model.outline[id].nodeID)
    }

    // MARK: - Bindings

    func testAVariableIsNotVisibleInItsOwnInitializer() {
        let m = model("""
            final class List: UITableViewController {
                func cell(_ cell: UITableViewCell) {
                    let cell = cell.contentView
                    cell.use()
                }
            }
            """)
        // The receiver of `contentView`'s chain start is the parameter, not the local being declared.
        let chain = ExpressionChain(m.tree, tokens: m.outline.variables[0].initializer!)!
        guard case .parameter = m.binding(of: "cell", at: TokenID(chain.linkTokens[0])) else {
            return XCTFail("`cell` in its own initializer must be the parameter")
        }
        guard case .local = m.binding(of: "cell", at: TokenID(m.outline.calls[m.calls(named: "use")[0].index].chainStart)) else {
            return XCTFail("`cell` after its declaration must be the local")
        }
    }

    func testConditionBindingsAndGuardAndLoopScopes() {
        let m = model("""
            final class Screen: UIViewController {
                var child: UIViewController?
                func f(items: [Item]) {
                    if let child = child { child.a() } else { child.b() }
                    guard let found = child else { return }
                    found.c()
                    for item in items where item.ok { item.d() }
                    item.e()
                }
            }
            """)
        XCTAssertEqual(receiver(m, "a"), ObjectRef(root: .selfObject, path: [.member("child")]))
        XCTAssertEqual(receiver(m, "b"), ObjectRef(root: .selfObject, path: [.member("child")]))
        XCTAssertEqual(receiver(m, "c"), ObjectRef(root: .selfObject, path: [.member("child")]))
        guard case .parameter = receiver(m, "d").root else { return XCTFail("a loop variable is an element of its sequence") }
        XCTAssertEqual(receiver(m, "d").path, [.element])
        // After the loop, `item` is no local: a member of `self` (or a framework one).
        XCTAssertEqual(receiver(m, "e"), ObjectRef(root: .selfObject, path: [.member("item")]))
    }

    /// A local initialized by a call is a new object, read from the initializer's tokens; the
    /// shapes that only look like one keep their alias: a cast, a called element, `first(where:)`.
    func testALocalHoldingACallResultIsItsOwnObject() {
        let m = model("""
            final class Screen: UIViewController {
                var child: UIViewController?
                let handlers: [() -> UIView] = []
                let children: [UIViewController] = []
                func f(loader: Loader) {
                    let made = loader.makeChild(for: child)
                    made.a()
                    let label = UILabel(frame: .zero)
                    label.b()
                    let decoded = try decoder.decode(Feed.self, from: data)
                    decoded.c()
                    let run = handlers.first!
                    let element = run()
                    element.d()
                    let cast = child as? Detail ?? loader.makeChild(for: nil)
                    cast.e()
                    let found = children.first(where: { $0.isViewLoaded })
                    found.f()
                }
            }
            """)
        for name in ["a", "b", "c"] {
            guard case .local = receiver(m, name).root else { return XCTFail("`\(name)`: a call's result is its own object") }
            XCTAssertEqual(receiver(m, name).path, [], name)
        }
        XCTAssertEqual(receiver(m, "d"), ObjectRef(root: .selfObject, path: [.member("handlers"), .element]),
                       "calling an element leaves the element")
        XCTAssertEqual(receiver(m, "e"), ObjectRef(root: .selfObject, path: [.member("child")]),
                       "the part before a cast is what the local stands for")
        XCTAssertEqual(receiver(m, "f"), ObjectRef(root: .selfObject, path: [.member("children"), .element]))
    }

    func testPatternBindingsAndCatchAndShorthandParameters() {
        let m = model("""
            final class Screen: UIViewController {
                func f(state: State, list: [UIViewController]) {
                    switch state {
                    case .loaded(let value): value.a()
                    default: break
                    }
                    do { try g() } catch { error.b() }
                    list.forEach { $0.c(); [1].map { $0.d() } }
                }
            }
            """)
        guard case .pattern = receiver(m, "a").root else { return XCTFail("a case pattern binds `value`") }
        guard case .pattern = receiver(m, "b").root else { return XCTFail("`catch` binds `error`") }
        // `$0` of `list.forEach` is an element of the parameter; the nested `$0` is the inner closure's.
        guard case .parameter = receiver(m, "c").root else { return XCTFail("`$0` of forEach is an element of `list`") }
        XCTAssertEqual(receiver(m, "c").path, [.element])
        XCTAssertNotEqual(receiver(m, "d"), receiver(m, "c"))
    }

    // MARK: - Types

    /// A generic parameter stands for its constraint (in the clause or a `where`), in this file's
    /// functions and through members read from another file; a named type the run cannot see
    /// whose name says neither controller nor view is no possible controller.
    func testGenericParametersAndUnseenTypesClassifyByWhatIsWritten() {
        let m = model("""
            final class Sheet<Content: UIViewController, Item>: UIViewController where Item: UIView {
                let content: Content
                let item: Item
                let raw: Item?
                let node: MarkupElement
                func place<Child: UIViewController>(_ child: Child, _ other: Child) {
                    content.a()
                    item.b()
                    child.c()
                    node.d()
                    unknownThing.e()
                }
            }
            """, others: ["extension Sheet { func g() { content.f() } }"])
        XCTAssertEqual(m.typeClassOfReceiver(call(m, "a")), .controller)
        XCTAssertEqual(m.typeClassOfReceiver(call(m, "b")), .view)
        XCTAssertEqual(m.typeClassOfReceiver(call(m, "c")), .controller)
        XCTAssertEqual(m.typeClassOfReceiver(call(m, "d")), .other)
        XCTAssertEqual(m.typeClassOfReceiver(call(m, "e")), .unknown)
        let other = FileModel(tree: SyntaxTree(source: SourceFile(path: "other.swift", text: "extension Sheet { func g() { content.f() } }")),
                              index: m.index)
        XCTAssertEqual(other.typeClassOfReceiver(call(other, "f")), .controller, "a member typed by a generic parameter, seen from another file")
    }

    // MARK: - Identity

    func testAliasesNameTheSameObject() {
        let m = model("""
            final class Container: UIViewController {
                var detail: UIViewController?
                func f() {
                    self.detail?.a()
                    let vc = detail
                    vc?.b()
                    if let shown = detail as? DetailViewController { shown.c() }
                    guard let detail else { return }
                    detail.d()
                    self.detail.map { $0.e() }
                }
            }
            """)
        let expected = ObjectRef(root: .selfObject, path: [.member("detail")])
        for name in ["a", "b", "c", "d"] { XCTAssertTrue(receiver(m, name).isSame(as: expected), name) }
        XCTAssertTrue(receiver(m, "e").isSame(as: expected), "`$0` of an optional's map is the optional's value")
    }

    func testObserversSeeTheOldAndNewValueOfTheirProperty() {
        let m = model("""
            final class Host: UIViewController {
                var child: UIViewController? {
                    willSet { child?.a(); newValue?.b() }
                    didSet { oldValue?.c(); child?.d() }
                }
                func other() { child?.e() }
            }
            """)
        XCTAssertEqual(receiver(m, "a").phase, .old)
        XCTAssertEqual(receiver(m, "b").phase, .new)
        XCTAssertTrue(receiver(m, "a").isSame(as: receiver(m, "c")), "the property in willSet is oldValue in didSet")
        XCTAssertTrue(receiver(m, "b").isSame(as: receiver(m, "d")), "newValue in willSet is the property in didSet")
        XCTAssertFalse(receiver(m, "a").isSame(as: receiver(m, "d")))
        XCTAssertTrue(receiver(m, "e").isSame(as: receiver(m, "a")), "outside the observers, either value")
    }

    func testAnAliasCycleEndsAtItsBound() {
        // The shape that once overflowed the stack: two variables assigned from each other.
        let m = model("""
            final class Reader {
                var speechSynthesizer: SpeechSynthesizer?
                func speak() {
                    let synthesizer: any SpeechSynthesizerProtocol
                    if let speechSynthesizer {
                        synthesizer = speechSynthesizer
                        speechSynthesizer = synthesizer
                        synthesizer.onFinished = { [weak self] in self?.done() }
                        synthesizer.start()
                    }
                    let a = b, b = a
                    a.go()
                }
            }
            """)
        _ = receiver(m, "start")
        _ = receiver(m, "go")
        _ = m.isOwnedBySelf(receiver(m, "start"), at: m.outline[call(m, "start")].nodeID)
    }

    func testCallResultsAreNewObjectsNotTheirReceivers() {
        let m = model("""
            final class Screen: UIViewController {
                let factory = Factory()
                func f() {
                    let made = factory.make()
                    made.a()
                    let task = Task { }
                    task.b()
                }
            }
            """)
        guard case .local = receiver(m, "a").root else { return XCTFail("a call's result is its own object") }
        guard case .local = receiver(m, "b").root else { return XCTFail("`Task { }` makes a new task") }
    }

    // MARK: - Types

    func testTypesComeFromDeclarationsCreationsCastsAndMembers() {
        let m = model("""
            final class Screen: UIViewController {
                let header = HeaderView()
                func f(_ given: DetailViewController, any: Any) {
                    let made = SettingsViewController()
                    let cast = any as! ProfileViewController
                    let annotated: UILabel = label
                    given.a(); made.b(); cast.c(); annotated.d(); header.e(); self.f2()
                }
            }
            final class HeaderView: UIView {}
            final class DetailViewController: UIViewController {}
            """)
        func type(_ name: String) -> String? {
            let id = call(m, name)
            return m.receiver(of: id).flatMap { m.typeKey(of: $0, at: m.outline[id].nodeID) }
        }
        XCTAssertEqual(type("a"), "DetailViewController")
        XCTAssertEqual(type("b"), "SettingsViewController")
        XCTAssertEqual(type("c"), "ProfileViewController")
        XCTAssertEqual(type("d"), "UILabel")
        XCTAssertEqual(type("e"), "HeaderView")
        XCTAssertEqual(type("f2"), "Screen")
        let header = call(m, "e")
        XCTAssertEqual(m.typeClass(of: m.receiver(of: header)!, at: m.outline[header].nodeID), .view)
    }

    // MARK: - Summaries

    /// A type's own assignments to a name, filed by type and name, are the run's assignments to the
    /// name made as that type's own member, in run order, for every name and type of the fixtures.
    func testOwnAssignmentsByTypeAreTheOwnMembersOfTheName() throws {
        let trees = try FixtureFiles.trees()
        let index = ProjectIndex(trees: trees, requests: IndexRequests(assignments: true))
        var checked = 0
        for (name, assignments) in index.assignedValues {
            for type in Set(assignments.compactMap(\.typeKey)) {
                let expected = assignments.filter { $0.isOwnMember && $0.typeKey == type }
                let answered = index.ownAssignments(to: name, inType: type)
                XCTAssertEqual(answered.map(\.function), expected.map(\.function), "\(type).\(name)")
                XCTAssertEqual(answered.map(\.value), expected.map(\.value), "\(type).\(name)")
                checked += expected.count
            }
        }
        XCTAssertGreaterThan(checked, 50, "the fixtures assign many members")
        XCTAssertTrue(index.ownAssignments(to: "nothing", inType: "Nowhere").isEmpty)
    }

    /// The stores of each local, filed once per file, are what reading every assignment of each
    /// function finds: the assignments whose value is rooted at the local, with their targets, in
    /// order, for every function of every fixture (a second type in a file included).
    func testStoresOfLocalsAreWhatReadingEachFunctionFinds() throws {
        var checked = 0
        for model in try FixtureFiles.models() {
            let tree = model.tree
            for function in tree.outline.functions.indices.map(FunctionID.init) {
                let node = tree.outline.functions[function.index].node
                var expected: [VariableID: [(AssignmentID, ObjectRef, ObjectRef?)]] = [:]
                for assignment in model.assignments(in: NodeID(node)) {
                    let item = tree.outline[assignment]
                    let value = model.object(ofTokens: item.rhs, at: item.nodeID)
                    guard case .local(let local) = value.root else { continue }
                    let target = ExpressionChain(tree, tokens: item.lhs).map { model.object(of: $0, at: item.nodeID) }
                    expected[local, default: []].append((assignment, value, target))
                }
                for (local, stores) in expected {
                    let answered = model.stores(ofLocal: local).filter { model.isInside(tree.outline[$0.assignment].nodeID, function: function) }
                    XCTAssertEqual(answered.map(\.assignment), stores.map(\.0), "\(tree.source.path)")
                    XCTAssertEqual(answered.map(\.value), stores.map(\.1), "\(tree.source.path)")
                    XCTAssertEqual(answered.map(\.target), stores.map(\.2), "\(tree.source.path)")
                    checked += stores.count
                }
            }
        }
        XCTAssertGreaterThan(checked, 20, "the fixtures store locals")
    }

    /// The calls of a name filed by receiver anchor hold every call of the name whose receiver is
    /// the same object as a given one, for every call's receiver in every fixture.
    func testCallsFiledByReceiverHoldEveryCallOnTheSameObject() throws {
        var checked = 0
        for model in try FixtureFiles.models() {
            let tree = model.tree
            for name in ["willMove", "removeFromParent", "addSubview", "didMove", "invalidate"] {
                let calls = model.calls(named: name)
                for call in calls {
                    let object = model.receiverObject(of: call)
                    let filed = Set(model.calls(named: name, onObjectAnchoredLike: object))
                    let same = calls.filter { model.receiverObject(of: $0).isSame(as: object) }
                    XCTAssertTrue(Set(same).isSubset(of: filed), "\(tree.source.path): \(name) on \(object)")
                    XCTAssertTrue(filed.allSatisfy { model.receiverObject(of: $0).anchor == object.anchor })
                    checked += same.count
                }
            }
        }
        XCTAssertGreaterThan(checked, 100, "the fixtures call these often")
    }

    /// A type chain's targets of an effect, worked out once per type and effect, are those of the
    /// chain's merged effects; a function's effects by target are those its effects list, for every
    /// fixture type, effect and function.
    func testChainTargetsAndEffectsByTargetReadAsTheEffectsDo() throws {
        let models = try FixtureFiles.models()
        let index = try XCTUnwrap(models.first).index
        var checked = 0
        for model in models {
            let tree = model.tree
            for type in tree.outline.types where type.kind == .class {
                let merged = model.typeEffects(ofTypeWithKey: type.name)
                for effect in CallSummaries.Effect.allCases {
                    let expected = Set(merged.filter { $0.effect == effect }.map(\.target))
                    XCTAssertEqual(index.targets(of: effect, inTypeChainOf: type.name), expected, "\(type.name) \(effect)")
                    checked += expected.count
                }
            }
        }
        let summaries = index.summaries
        for function in summaries.functions.indices {
            var expected: [CallSummaries.Target: Set<CallSummaries.Effect>] = [:]
            summaries.functions[function].forEachEffect { expected[$0, default: []].insert($1) }
            XCTAssertEqual(summaries.effectsByTarget(ofFunction: function), expected)
            checked += expected.count
        }
        XCTAssertGreaterThan(checked, 200)
    }

    /// The tallies of a name's assignments by type are the counts that filtering every
    /// assignment of the name gives (exact types, and bases through `inherits`), for every name
    /// of the fixtures and every type they declare, assign in or assign through.
    func testAssignmentTalliesCountWhatFilteringTheAssignmentsFinds() throws {
        let trees = try FixtureFiles.trees()
        let index = ProjectIndex(trees: trees, requests: IndexRequests(assignments: true))
        func tally(_ assignments: [ProjectIndex.Assignment]) -> ProjectIndex.AssignmentTally {
            var tally = ProjectIndex.AssignmentTally()
            for assignment in assignments { tally.add(assignment.value) }
            return tally
        }
        // Types declared by the fixtures that no assignment mentions: their entries must be empty.
        let unrelated = Set(trees.flatMap { $0.outline.types.map { $0.name } }).sorted().prefix(20)
        var checked = 0
        for (name, assignments) in index.assignedValues {
            let tallies = index.assignmentTallies(of: name)
            var everyType = Set(unrelated)
            for type in assignments.flatMap({ [$0.typeKey, $0.receiverType].compactMap { $0 } }) {
                everyType.insert(type)
                index.inheritedBases(of: type, into: &everyType)
            }
            XCTAssertEqual(tallies.unresolved, tally(assignments.filter { !$0.isOwnMember && $0.receiverType == nil }), name)
            XCTAssertEqual(tallies.ownByType[nil] ?? .init(), tally(assignments.filter { $0.isOwnMember && $0.typeKey == nil }), name)
            for type in everyType {
                XCTAssertEqual(tallies.ownByType[type] ?? .init(),
                               tally(assignments.filter { $0.isOwnMember && $0.typeKey == type }), "\(type).\(name)")
                XCTAssertEqual(tallies.ownByBase[type] ?? .init(),
                               tally(assignments.filter { $0.isOwnMember && $0.typeKey.map { index.inherits($0, from: type) } == true }),
                               "\(type).\(name)")
                XCTAssertEqual(tallies.receivedByType[type] ?? .init(),
                               tally(assignments.filter { !$0.isOwnMember && $0.receiverType == type }), "\(type).\(name)")
                let received = assignments.filter { !$0.isOwnMember && $0.receiverType.map { index.inherits($0, from: type) } == true }
                XCTAssertEqual(tallies.receivedByBase[type] ?? .init(), tally(received), "\(type).\(name)")
                checked += received.count
            }
        }
        XCTAssertGreaterThan(checked, 10, "the fixtures assign through receivers of their own types")
        XCTAssertEqual(index.assignmentTallies(of: "nothing").unresolved.values, 0)
    }

    /// Events are filed by their object's anchor and the type of the code they are in: two
    /// classes of one file with a property of one name each see their own events on it, whether
    /// asked by type or by a function group, and a group spanning both types sees both.
    func testEventsOnSameNamedPropertiesStayWithTheirType() {
        let m = model("""
            import UIKit
            final class A: UIViewController {
                let child = UIViewController()
                func show() { addChild(child); view.addSubview(child.view) }
            }
            final class B: UIViewController {
                let child = UIViewController()
                func show() { view.addSubview(child.view) }
                func hide() { child.view.removeFromSuperview() }
            }
            """)
        let child = ObjectRef(root: .selfObject, path: [.member("child")])
        XCTAssertEqual(m.protocolEvents(on: child, inTypeWithKey: "A").map(\.effect), [.addedAsChild, .viewAdded])
        XCTAssertEqual(m.protocolEvents(on: child, inTypeWithKey: "B").map(\.effect), [.viewAdded, .viewRemoved])
        let functions = m.outline.functions.indices.map(FunctionID.init)
        XCTAssertEqual(functions.count, 3)
        XCTAssertEqual(m.protocolEvents(on: child, in: [functions[0]]).map(\.effect), [.addedAsChild, .viewAdded])
        XCTAssertEqual(m.protocolEvents(on: child, in: [functions[2], functions[1]]).map(\.effect), [.viewAdded, .viewRemoved])
        XCTAssertEqual(m.protocolEvents(on: child, in: [functions[2], functions[0]]).map(\.effect),
                       [.addedAsChild, .viewAdded, .viewRemoved], "a group of two types, in source order")
        XCTAssertNotNil(m.event([.viewRemoved], on: child, in: [functions[2]]))
        XCTAssertNil(m.event([.viewRemoved], on: child, in: [functions[0], functions[1]]))
    }

    /// A type's functions that touch a target, with their effects on it, and what the functions
    /// of a name in a type do, are answered from tables made once per type: the same answers as
    /// reading every function's effects, for every type, target and name of every fixture.
    func testTypeTablesAnswerLikeEachFunctionsEffects() throws {
        let trees = try FixtureFiles.trees()
        let summaries = ProjectIndex(trees: trees).summaries
        let types = Set(summaries.functions.compactMap(\.typeKey)).sorted()
        var checked = 0
        for type in types {
            let functions = summaries.functions(inType: type)
            let targets = Set(functions.flatMap { $0.effects.map(\.target) })
            for target in targets {
                let expected = functions.compactMap { function -> (String, Set<CallSummaries.Effect>)? in
                    let done = Set(function.effects.filter { $0.target == target }.map(\.effect))
                    return done.isEmpty ? nil : (function.fullName, done)
                }
                let answered = summaries.functionEffects(inType: type, on: target)
                XCTAssertEqual(answered.map(\.function.fullName), expected.map(\.0), "\(type) \(target)")
                XCTAssertEqual(answered.map(\.effects), expected.map(\.1), "\(type) \(target)")
                XCTAssertEqual(summaries.functions(inType: type, touching: target).map(\.fullName), expected.map(\.0))
                checked += 1
            }
            for name in Set(functions.map(\.fullName)) {
                // What a rule read before: every effect of each callable function of the name.
                let expected = summaries.functions(inType: type, named: name).reduce(into: Set<CallSummaries.Effect>()) {
                    $0.formUnion($1.effects.map(\.effect))
                }
                XCTAssertEqual(summaries.effects(inType: type, named: name), expected, "\(type) \(name)")
            }
        }
        XCTAssertGreaterThan(checked, 100, "the fixtures' types touch many targets")
        // The names of the functions that complete a protocol on a target, as `typeCompletes` read
        // them one by one before.
        let questions: [(Set<CallSummaries.Effect>, CallSummaries.Effect?)] = [
            ([.addedAsChild], .viewAdded), ([.viewRemoved, .removedFromParent], nil), ([.stopped, .released], nil),
            ([.didMoveToParent], .addedAsChild), ([.observerRemoved], nil),
        ]
        for type in types {
            let functions = summaries.functions(inType: type)
            for target in Set(functions.flatMap { $0.effects.map(\.target) }) {
                for (effects, start) in questions {
                    var expected: [String] = []
                    for (function, done) in summaries.functionEffects(inType: type, on: target) {
                        if let start, done.contains(start) { continue }
                        if !done.isDisjoint(with: effects), !expected.contains(function.fullName) { expected.append(function.fullName) }
                    }
                    XCTAssertEqual(summaries.functionNames(inType: type, doing: effects, on: target, unlessAlso: start), expected,
                                   "\(type) \(target) \(effects) \(String(describing: start))")
                }
            }
        }
        XCTAssertTrue(summaries.functionEffects(inType: "NoSuchType", on: .selfObject).isEmpty)
        XCTAssertTrue(summaries.effects(inType: "NoSuchType", named: "viewWillDisappear(_:)").isEmpty)
    }

    /// A call on another object reaches every function of its name; past
    /// `CallSummaries.fanOutLimit` functions it does so through one node per name (linking each
    /// call to each function was quadratic). Both ways must give the same effects, including that
    /// a function calling its own name on another object does not receive its own effects.
    func testSummariesOfNamesDeclaredManyTimesMatchOneByOneLinks() {
        for count in [3, CallSummaries.fanOutLimit + 8] {
            var cells = ["""
                final class Cell0: UIView {
                    var next: Cell0?
                    func configure(with controller: UIViewController) {
                        parentController.addChild(controller)
                        next?.configure(with: self)
                    }
                }
                """]
            for index in 1..<count {
                cells.append("""
                    final class Cell\(index): UIView {
                        var next: Cell\(index)?
                        func configure(with controller: UIViewController) {
                            next?.configure(with: self)
                        }
                    }
                    """)
            }
            let m = model("""
                final class Screen: UIViewController {
                    var cell: Cell1?
                    func show(_ controller: UIViewController) {
                        cell?.configure(with: controller)
                    }
                }
                """, others: cells)
            let summaries = m.index.summaries
            func effects(_ type: String) -> Set<CallSummaries.TargetEffect> {
                summaries.functions(inType: type).reduce(into: []) { $0.formUnion($1.effects) }
            }
            let label = "\(count) functions named configure(with:)"
            XCTAssertTrue(effects("Screen").contains(.init(.parameter(0), .addedAsChild)), label)
            XCTAssertTrue(effects("Cell1").contains(.init(.selfObject, .addedAsChild)),
                          "\(label): Cell0's configure adds what Cell1 passes")
            XCTAssertFalse(effects("Cell0").contains(.init(.selfObject, .addedAsChild)),
                           "\(label): Cell0 alone adds its parameter, and it does not call itself")
            XCTAssertEqual(summaries.effects(ofCalling: "configure(with:)", onArgument: 0), [.addedAsChild], label)
        }
    }

    /// The node a name gets past `fanOutLimit` must give every function the effects one-by-one
    /// links give: checked on random programs of same-named methods that call each other on other
    /// objects, hand on parameters, properties and `self`, and do UIKit steps themselves. Where
    /// calls only go to later names, helper chains stay far below the propagation's round limit
    /// and the answers must agree as they are; where methods call any name (their own on other
    /// objects too, and in cycles), they must agree without the limit, which cuts a long chain
    /// at a point that depends on the order of the work.
    /// Calls on `self` reach their (type, name) group through a node the same way (`fanOutLimit`
    /// 0 puts every call through one), and with `sharedNames` several classes spell one name, as
    /// thousands of same-named classes across an app's targets do: each merged type then has
    /// several functions of a name, which a call on `self` reaches all of.
    func testNameNodesAgreeWithOneByOneLinksOnRandomPrograms() {
        for cyclic in [false, true] {
            for sharedNames in [false, true] {
                checkNameNodesOnRandomPrograms(cyclic: cyclic, sharedNames: sharedNames)
            }
        }
    }

    private func checkNameNodesOnRandomPrograms(cyclic: Bool, sharedNames: Bool) {
        var generator = SeededGenerator(seed: 11)
        func pick(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &generator) }
        let names = ["a", "b", "c", "d"]
        let steps = ["x.didMove(toParent: self)", "addChild(x)", "x.removeFromParent()", "x.view.removeFromSuperview()",
                     "child.removeFromParent()", "Library.take(x)", "x.invalidate()"]
        for program in 0..<(cyclic ? 120 : 40) {
            var text = "import UIKit\n"
            let classes = 3 + pick(9)
            // With shared names, classes 0, 3, 6 are all `C0` (1, 4, 7 are `C1`, ...).
            func name(_ type: Int) -> String { sharedNames ? "C\(type % 3)" : "C\(type)" }
            for type in 0..<classes {
                text += "final class \(name(type)): UIViewController {\n    let child = UIViewController()\n"
                    + "    var other\(type): \(name(pick(classes)))?\n"
                for (level, name) in names.enumerated() where pick(3) > 0 {
                    text += "    func \(name)(_ x: UIViewController) {\n"
                    for _ in 0..<pick(4) {
                        guard cyclic || level + 1 < names.count else { break }
                        let callee = cyclic ? names[pick(names.count)] : names[level + 1 + pick(names.count - level - 1)]
                        let argument = ["x", "child", "self"][pick(3)]
                        switch pick(3) {
                        case 0: text += "        \(steps[pick(steps.count)])\n"
                        case 1: text += "        other\(type)?.\(callee)(\(argument))\n"
                        default: text += "        \(callee)(\(argument))\n"
                        }
                    }
                    text += "    }\n"
                }
                text += "}\n"
            }
            let tree = SyntaxTree(source: SourceFile(path: "Program\(program).swift", text: text))
            let qualified = ProjectIndex.qualifiedNames(tree)
            let files = [FileSummaries.extract(tree, qualifiedTypeNames: qualified)]
            func summaries(_ limit: Int) -> CallSummaries {
                CallSummaries(files: files, typeKeys: Deferred(ready: [qualified]), superclasses: Deferred(ready: ClassLinks()),
                              fanOutLimit: limit, rounds: cyclic ? .max : CallSummaries.propagationRounds)
            }
            let linked = summaries(.max)
            let throughNodes = summaries(0)
            XCTAssertEqual(linked.functions.count, throughNodes.functions.count)
            for index in linked.functions.indices {
                let (one, other) = (linked.functions[index].effects, throughNodes.functions[index].effects)
                XCTAssertEqual(one, other, "\(cyclic ? "cyclic " : "")\(sharedNames ? "shared " : "")program \(program), \(linked.functions[index].typeKey ?? "?").\(linked.functions[index].fullName): "
                               + "only linked \(one.subtracting(other)), only through nodes \(other.subtracting(one))\n\(text)")
            }
        }
    }

    func testSummariesFollowHelpersOfHelpersAcrossFiles() {
        let m = model("""
            final class Host: UIViewController {
                let child = ChildViewController()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    install(child)
                    attach(Other())
                }
            }
            """, others: ["""
            extension Host {
                func install(_ controller: UIViewController) {
                    addChild(controller)
                    finish(controller)
                }
                func finish(_ vc: UIViewController) {
                    view.addSubview(vc.view)
                    vc.didMove(toParent: self)
                }
                func attach(_ thing: UIViewController) {
                    LibraryEmbedder.embed(thing)
                }
            }
            """])
        let summaries = m.index.summaries
        XCTAssertEqual(summaries.effects(ofCalling: "install(_:)", onArgument: 0),
                       [.addedAsChild, .viewAdded, .didMoveToParent])
        XCTAssertEqual(summaries.effects(ofCalling: "attach(_:)", onArgument: 0), [.escapesToUnknown],
                       "a helper the run cannot see may do anything")
        XCTAssertNil(summaries.effects(ofCalling: "unknown(_:)", onArgument: 0))
        let events = m.protocolEvents.filter { $0.object == ObjectRef(root: .selfObject, path: [.member("child")]) }
        XCTAssertEqual(Set(events.map(\.effect)), [.addedAsChild, .viewAdded, .didMoveToParent])
        XCTAssertTrue(events.allSatisfy(\.isIndirect))
        XCTAssertTrue(m.typeEffects(ofTypeWithKey: "Host").contains(.init(.member("child"), .didMoveToParent)),
                      "viewDidLoad hands the property to the helpers, so the type finishes its protocol")
        XCTAssertFalse(m.typeEffects(ofTypeWithKey: "Host").contains(.init(.member("child"), .escapesToUnknown)))
    }

    /// A function's type is the key the index resolves for the type or extension around it, in
    /// whatever file: an extension written with a nested type's short name, or with its qualified
    /// name, adds to that type's effects, and a same-named top-level type keeps its own.
    func testSummariesFileFunctionsUnderTheirTypesResolvedKey() {
        let m = model("""
            enum Feed {
                final class Screen: UIViewController {
                    var timer: Timer?
                }
            }
            extension Feed.Screen {
                func stop() { timer?.invalidate() }
            }
            """, others: ["""
            extension Feed {
                func unrelated() {}
            }
            final class Screen: UIViewController {
                var observer: NSObjectProtocol?
                func end() { observer = nil }
            }
            """, """
            extension Feed {
                class Holder {
                    func reset(_ screen: Feed.Screen) {}
                }
            }
            extension Feed.Screen {
                func release() { timer = nil }
            }
            """])
        let nested = m.index.summaries.effects(inType: "Feed.Screen")
        XCTAssertTrue(nested.contains(.init(.member("timer"), .stopped)), "\(nested)")
        XCTAssertTrue(nested.contains(.init(.member("timer"), .released)), "\(nested)")
        XCTAssertFalse(nested.contains(.init(.member("observer"), .released)), "\(nested)")
        let topLevel = m.index.summaries.effects(inType: "Screen")
        XCTAssertEqual(topLevel, [.init(.member("observer"), .released)])
        XCTAssertEqual(m.index.summaries.functions(inType: "Feed.Holder").map(\.fullName), ["reset(_:)"])
        XCTAssertEqual(Set(m.index.summaries.functions(inType: "Feed").map(\.fullName)), ["unrelated()"])
    }

    /// `callers(of:)` is filed while calls resolve: every call of a function of the run that hands
    /// it something traceable, in caller order, from any file; none for a name nothing declares.
    func testCallersOfAFunctionAcrossFiles() {
        let m = model("""
            final class Host: UIViewController {
                let child = UIViewController()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    embed(child)
                    log(child)
                }
                func embed(_ controller: UIViewController) { addChild(controller) }
            }
            """, others: ["""
            final class Other: UIViewController {
                func reuse(_ controller: UIViewController) {
                    Host().embed(controller)
                    Host().embed(UIViewController())
                    embed(42)
                }
                func embed(_ number: Int) {}
            }
            """])
        let summaries = m.index.summaries
        let callers = summaries.callers(of: "embed(_:)")
        XCTAssertEqual(callers.map { summaries.functions[$0.function].fullName }, ["viewDidLoad()", "reuse(_:)", "reuse(_:)"],
                       "in caller order; `Host().embed(UIViewController())` hands nothing traceable and is not recorded")
        XCTAssertEqual(callers.map { $0.arguments.map(\.target) }, [[.member("child")], [.parameter(0)], []])
        XCTAssertEqual(callers.map(\.receiver), [.selfObject, nil, .selfObject],
                       "`Host()` is no target of the caller; a bare call runs on `self`")
        XCTAssertTrue(summaries.callers(of: "log(_:)").isEmpty, "a function the run does not declare has no callers filed")
        XCTAssertEqual(summaries.effects(ofCalling: "embed(_:)", onArgument: 0), [.addedAsChild])
        XCTAssertTrue(summaries.callers(of: "viewDidLoad").isEmpty)
    }

    func testPassiveFrameworkCallsByBytesAgreeWithByName() {
        let names = FrameworkCalls.passive.flatMap { [$0, "\($0)(_:)", "\($0)(x:y:)", "\($0)x(_:)", "x\($0)(_:)"] }
            + ["", "(", "(_:)", "é(_:)", "print", "addSubview(_:)", "caf\u{E9}(_:)", "cafe\u{301}(_:)"]
        for name in names {
            var copy = name
            let byBytes = copy.withUTF8 { FrameworkCalls.keepsArguments(fullName: $0) }
            XCTAssertEqual(byBytes, FrameworkCalls.keepsArguments(name), name)
        }
    }

    func testClassChainsThroughIdsVisitWhatAWalkBySuperclassKeysVisits() {
        // A chain, a cycle, a superclass the run does not declare, a class without functions in
        // the middle of a chain, and a chain longer than the walk's bound of 32.
        var superclasses = ["C": "B", "B": "A", "A": "UIViewController", "X": "Y", "Y": "X", "D": "Gap", "Gap": "C"]
        for link in 0..<40 { superclasses["L\(link)"] = "L\(link + 1)" }
        var typeSlots = NameSlots()
        for key in ["A", "B", "C", "D", "X", "Y", "Lone"] + (0...40).map({ "L\($0)" }) { _ = typeSlots.insert(key) }
        let chains = ClassChains(typeSlots: typeSlots, links: ClassLinks(superclasses))
        func walkedByKey(_ start: String) -> [Int32] {
            var seen: [String] = []
            var current: String? = start
            while let type = current, seen.count < 32, !seen.contains(type) {
                seen.append(type)
                current = superclasses[type]
            }
            return seen.compactMap { typeSlots.slot(of: $0) }
        }
        for key in ["A", "B", "C", "D", "X", "Y", "Lone", "Gap", "UIViewController", "L0", "L20"] {
            var walked: [Int32] = []
            chains.forEachSlot(inChainOf: key, typeSlots: typeSlots) { walked.append($0) }
            XCTAssertEqual(walked, walkedByKey(key), key)
            if let slot = typeSlots.slot(of: key) { XCTAssertEqual(Array(chains.chain(ofSlot: slot)), walkedByKey(key), key) }
        }
    }

    func testACallOnSelfRunsOnlyItsOwnClassChainsMethods() {
        let m = model("""
            class Base: UIViewController {
                func stop() { NotificationCenter.default.removeObserver(self) }
            }
            final class Screen: Base {
                override func viewWillDisappear(_ animated: Bool) {
                    super.viewWillDisappear(animated)
                    stop()
                }
            }
            final class Unrelated: UIViewController {
                override func viewWillDisappear(_ animated: Bool) {
                    super.viewWillDisappear(animated)
                    halt()
                }
                func halt() {}
            }
            final class Elsewhere {
                func halt() { NotificationCenter.default.removeObserver(self) }
            }
            """)
        let disappear = m.index.summaries.functions(inType: "Screen").first { $0.fullName == "viewWillDisappear(_:)" }!
        XCTAssertTrue(disappear.effects.contains(.init(.selfObject, .observerRemoved)))
        let unrelated = m.index.summaries.functions(inType: "Unrelated").first { $0.fullName == "viewWillDisappear(_:)" }!
        XCTAssertFalse(unrelated.effects.contains { $0.effect == .observerRemoved },
                       "`halt()` on self is Unrelated's own, not Elsewhere's")
    }

    // MARK: - Ownership

    func testOwnershipFollowsLocalsIntoSelfAndStopsAtCycles() {
        let m = model("""
            final class Screen: UIViewController {
                let header = HeaderView()
                weak var weakView: UIView?
                @IBOutlet weak var outlet: UIView!
                var kept: [UIView] = []
                func f(param: UIView) {
                    let card = CardView()
                    let inner = BadgeView()
                    card.addSubview(inner)
                    view.addSubview(card)
                    let loose = LooseView()
                    let a = AView(), b = BView()
                    a.addSubview(b); b.addSubview(a)
                    header.a(); weakView?.b(); outlet.c(); inner.d(); loose.e(); a.f(); param.g()
                }
            }
            """)
        func owned(_ name: String) -> Bool {
            let id = call(m, name)
            return m.isOwnedBySelf(m.receiverObject(of: id), at: m.outline[id].nodeID)
        }
        XCTAssertTrue(owned("a"), "a stored property")
        XCTAssertFalse(owned("b"), "a weak property")
        XCTAssertTrue(owned("c"), "an outlet, kept by the hierarchy")
        XCTAssertTrue(owned("d"), "a local added to a local added to self's view")
        XCTAssertFalse(owned("e"), "a local nobody keeps")
        XCTAssertFalse(owned("f"), "locals keeping each other, and nothing keeping them")
        XCTAssertFalse(owned("g"), "a parameter's object")
    }

    // MARK: - Structure

    func testAreExclusiveTellsBranchesApart() {
        let m = model("""
            final class Screen: UIViewController {
                func f(flag: Bool, n: Int) {
                    if flag { a() } else { b() }
                    c()
                    switch n {
                    case 1: d()
                    default: e()
                    }
                }
            }
            """)
        func node(_ name: String) -> NodeID { m.outline[call(m, name)].nodeID }
        XCTAssertTrue(m.areExclusive(node("a"), node("b")))
        XCTAssertFalse(m.areExclusive(node("a"), node("c")))
        XCTAssertTrue(m.areExclusive(node("d"), node("e")))
    }

    /// Objects are read from an expression's tokens (`object(ofChainTokens:)`), not from a chain
    /// built for them: for every local with an initializer (`aliasObject`) and every receiver and
    /// argument here and in every fixture, the same object as building the chain and resolving it.
    func testAliasObjectsFromTokensMatchTheChains() throws {
        let locals = """
        class Host: UIViewController {
            var items: [UIView] = []
            func f(child: UIViewController, list: [UIViewController]) {
                let a = child
                let b = self.child?.view
                let c = try child.view!.subviews[0].layer
                let d = items.first { $0.isHidden }
                let e = list.first(where: { $0.isViewLoaded })?.view
                let f = child as? Detail
                let g = .shared.view
                let h = (child).view
                let i = await child.load().view
                let j = children[index + 1].view.superview
                let k = makeChild().view
                let `l` = child.`default`
            }
        }
        """
        let sources = try FixtureFiles.sources(after: locals)
        var checked = 0
        var calls = 0
        for source in sources {
            let tree = SyntaxTree(source: source)
            let chains = FileModel(tree: tree, index: ProjectIndex.empty)
            let tokens = FileModel(tree: tree, index: ProjectIndex.empty)
            for (position, variable) in tree.outline.variables.enumerated() {
                guard let initializer = variable.initializer, !chains.isMemberDeclaration(VariableID(position)) else { continue }
                let node = NodeID(variable.node)
                var visited = VisitedLocals()
                let long = FileModel.aliasSource(tree, initializer).map { chains.object(of: $0, at: node, hops: 1, visited: &visited) }
                var fastVisited = VisitedLocals()
                let fast = tokens.aliasObject(initializer, at: node, hops: 1, visited: &fastVisited)
                XCTAssertEqual(fast, long, "\(source.path): variable \(position)")
                checked += 1
            }
            // Receivers and arguments, each read as `object(ofTokens:)` reads it.
            for (position, call) in tree.outline.calls.enumerated() {
                let expressions = [call.receiver].compactMap { $0 } + chains.arguments(of: CallID(position)).map(\.expression)
                for expression in expressions {
                    let long = ExpressionChain(tree, tokens: expression).map { chains.object(of: $0, at: call.nodeID) }
                        ?? ObjectRef(root: .opaque(TokenID(expression.lowerBound)))
                    XCTAssertEqual(tokens.object(ofTokens: expression, at: call.nodeID), long, "\(source.path): call \(position)")
                    calls += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 500)
        XCTAssertGreaterThan(calls, 2000)
    }

    /// Call summaries skip a closure's parameter unless it may stand for the call's receiver itself
    /// (`closureParameterMayBeReceiver`): for every other parameter of the closures here and of
    /// every fixture, the object the long way finds is the parameter itself or an element of
    /// something, so never `self`, a property, a parameter or a local by itself.
    func testSkippedClosureParametersAreNeverTargetsTheLongWay() throws {
        let closures = """
        class Host: UIViewController {
            var children2: [UIViewController] = []
            func f(items: [UIView], child: UIViewController) {
                children2.forEach { $0.removeFromParent() }
                items.map { view.addSubview($0) }
                child.then { $0.view.isHidden = true }
                view.do { $0.addSubview(child.view) }
                load { result in self.show(result) }
                items.forEach { item in item.removeFromSuperview() }
                items.reduce(0) { total, item in total + item.tag }
                self.children2.compactMap { $0 as? Detail }.first { $0.isViewLoaded }
                child.configure { (vc: UIViewController) in vc.view.backgroundColor = .red }
                [child].filter { $0.parent == nil }.forEach { addChild($0) }
            }
        }
        """
        let sources = try FixtureFiles.sources(after: closures)
        var checked = 0
        var mayBe = 0
        for source in sources {
            let tree = SyntaxTree(source: source)
            let model = FileModel(tree: tree, index: ProjectIndex.empty)
            for (position, closure) in tree.outline.closures.enumerated() {
                for index in 0..<max(2, closure.parameters.count) {
                    let id = ClosureID(position)
                    if model.closureParameterMayBeReceiver(id, index: index) {
                        mayBe += 1
                        continue
                    }
                    var visited = VisitedLocals()
                    let object = model.object(of: .closureParameter(id, index), at: NodeID(closure.node), hops: 0, visited: &visited)
                    if case .closureParameter = object.root { checked += 1; continue }
                    XCTAssertTrue(object.path.last == .element || object.path.last == .elementOrSelf,
                                  "\(source.path): closure \(position), parameter \(index)")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 500)
        XCTAssertGreaterThan(mayBe, 1)
    }

    /// The event searches skip by bisection (a branch run that excludes the asking node, the
    /// events before `from`, those from `before` on) and filter long lists once per set of
    /// effects; reading every event of the object one by one must find the same event. Random
    /// functions nest `if`/`else`, `else if` chains, `switch` cases, closures, nested functions
    /// and local types around the same child's protocol calls.
    func testEventSearchesFindWhatReadingEveryEventFinds() {
        var generator = SeededGenerator(seed: 0xE7E4_75)
        let statements = ["addChild(child)", "view.addSubview(child.view)", "child.didMove(toParent: self)",
                          "child.view.removeFromSuperview()", "child.removeFromParent()", "child.willMove(toParent: nil)",
                          "present(child, animated: true)", "other.addChild(child)", "log(child)"]
        func block(_ depth: Int, _ lines: inout [String]) {
            for _ in 0..<Int.random(in: 1...5, using: &generator) {
                let roll = depth >= 3 ? 0 : Int.random(in: 0..<12, using: &generator)
                switch roll {
                case 6:
                    lines.append("if flag {"); block(depth + 1, &lines)
                    lines.append("} else {"); block(depth + 1, &lines); lines.append("}")
                case 7:
                    lines.append("if flag {"); block(depth + 1, &lines)
                    lines.append("} else if other.isViewLoaded {"); block(depth + 1, &lines)
                    lines.append("} else {"); block(depth + 1, &lines); lines.append("}")
                case 8:
                    lines.append("switch k {")
                    for value in 0..<Int.random(in: 1...6, using: &generator) {
                        lines.append("case \(value):"); block(depth + 1, &lines)
                    }
                    lines.append("default:"); block(depth + 1, &lines); lines.append("}")
                case 9:
                    lines.append("DispatchQueue.main.async {"); block(depth + 1, &lines); lines.append("}")
                case 10:
                    lines.append("func inner() {"); block(depth + 1, &lines); lines.append("}")
                case 11:
                    lines.append("struct Local { let child = UIViewController(); func f() {"); block(depth + 1, &lines)
                    lines.append("} }")
                default:
                    lines.append(statements[Int.random(in: 0..<statements.count, using: &generator)])
                }
            }
        }
        let effectSets: [Set<CallSummaries.Effect>] = [
            [.addedAsChild], [.viewAdded], [.didMoveToParent, .handedToContainer, .escapesToUnknown],
            [.addedAsChild, .handedToContainer, .escapesToUnknown], [.viewRemoved], [.willMoveToNil, .escapesToUnknown],
            [.removedFromParent, .escapesToUnknown, .handedToContainer],
        ]
        let child = ObjectRef(root: .selfObject, path: [.member("child")])
        var compared = 0
        var longLists = 0
        for _ in 0..<15 {
            var lines: [String] = []
            block(0, &lines)
            let m = model("final class Screen: UIViewController {\nlet child = UIViewController()\nlet other = UIViewController()\n"
                          + "func show(_ k: Int, flag: Bool) {\n" + lines.joined(separator: "\n") + "\n}\n}\n")
            let all = m.protocolEvents
            if all.filter({ $0.object.anchor == child.anchor }).count > FileModel.unfilteredAnchorEvents { longLists += 1 }
            for call in m.outline.calls.indices.map(CallID.init) {
                let node = m.outline[call].nodeID
                let token = m.outline[call].nameToken
                let group = m.functionGroup(of: node)
                guard !group.isEmpty else { continue }
                func owned(_ event: ObjectEvent) -> Bool {
                    guard let owner = m.enclosingFunction(of: event.node) else { return false }
                    return group.contains(owner) && event.object.isSame(as: child)
                }
                for effects in effectSets {
                    let candidates = all.filter { effects.contains($0.effect) && owned($0) }
                    let besides = candidates.first { !m.areExclusive($0.node, node) }
                    XCTAssertEqual(m.event(effects, on: child, in: group, besides: node)?.token, besides?.token)
                    let after = candidates.first { $0.token > token }
                    XCTAssertEqual(m.event(effects, on: child, in: group, from: token + 1)?.token, after?.token)
                    let before = candidates.first { $0.token < token }
                    XCTAssertEqual(m.event(effects, on: child, in: group, before: token)?.token, before?.token)
                    let last = candidates.last { $0.token < token }
                    XCTAssertEqual(m.lastEvent(effects, on: child, in: group, before: token)?.token, last?.token)
                    let firstTwo = candidates.filter { $0.token > token }.prefix(2).map(\.token)
                    XCTAssertEqual(m.events(effects, on: child, in: group, from: token + 1, limit: 2).map(\.token), Array(firstTwo))
                    compared += 1
                }
            }
        }
        XCTAssertGreaterThan(compared, 2_000, "the random functions make calls to ask about")
        XCTAssertGreaterThan(longLists, 5, "some lists are long enough to be filtered once")
    }

    /// A call's helper effects resolve an argument (or the receiver) only once the call is known
    /// to do something to it, and read the callee's base name once per distinct name; resolving
    /// every object first, as the summaries are asked, must find the same effects in the same order.
    /// The sample declares helpers that keep or release what they are given, same-named methods
    /// on different classes, a passive framework name the run declares, and calls on `super`.
    func testHelperEffectsAreWhatResolvingEveryObjectFinds() throws {
        let helpers = """
            final class Host: UIViewController {
                let child = ChildViewController()
                var other: UIViewController?
                func embed(_ controller: UIViewController, in view: UIView) {
                    addChild(controller)
                    view.addSubview(controller.view)
                    controller.didMove(toParent: self)
                }
                func keep(_ controller: UIViewController) { other = controller }
                func log(_ value: Any) {}
                func append(_ controller: UIViewController) { addChild(controller) }
                override func viewDidLoad() {
                    super.viewDidLoad()
                    embed(child, in: view)
                    self.embed(child, in: self.view)
                    keep(child)
                    log(child)
                    append(child)
                    print(child)
                    other?.keep(child)
                    Pane().embed(child, in: view)
                    let pane = Pane()
                    pane.embed(child, in: view)
                    pane.show(child)
                    unknownHelper(child, view, 3, { child })
                    super.keep(child)
                    .init().keep(child)
                    [child].forEach(keep)
                    controllers.append(child)
                }
            }
            final class Pane: UIView {
                func embed(_ controller: UIViewController, in view: UIView) { view.addSubview(controller.view) }
                func show(_ controller: UIViewController) { controller.removeFromParent() }
            }
            """
        // An object's effects come from a set, whose order is its storage's: compared as sets.
        func runs(_ effects: [(ObjectRef, CallSummaries.Effect)]) -> [(object: ObjectRef, effects: [Int])] {
            var result: [(object: ObjectRef, effects: [Int])] = []
            for (object, effect) in effects {
                if let last = result.last, last.object == object {
                    result[result.count - 1].effects = (last.effects + [Int(effect.rawValue)]).sorted()
                } else {
                    result.append((object, [Int(effect.rawValue)]))
                }
            }
            return result
        }
        let sources = try FixtureFiles.sources(after: helpers)
        let trees = sources.map { SyntaxTree(source: $0) }
        let index = ProjectIndex(trees: trees)
        var compared = 0
        var found = 0
        for tree in trees {
            let model = FileModel(tree: tree, index: index)
            for call in tree.outline.calls.indices.map(CallID.init) {
                let fast = runs(model.helperEffects(of: call))
                let every = runs(model.helperEffectsResolvingEveryObject(of: call))
                XCTAssertEqual(fast.map(\.object), every.map(\.object), "\(tree.source.path): call \(call.index)")
                XCTAssertEqual(fast.map(\.effects), every.map(\.effects), "\(tree.source.path): call \(call.index)")
                compared += 1
                found += every.count
            }
        }
        XCTAssertGreaterThan(compared, 2_000)
        XCTAssertGreaterThan(found, 200)
    }
}

extension FileModel {
    /// `helperEffects(of:)` as it was first written: every argument and the receiver resolved
    /// before the summaries are asked, the callee's names spelled per call.
    func helperEffectsResolvingEveryObject(of call: CallID) -> [(ObjectRef, CallSummaries.Effect)] {
        let summaries = index.summaries
        let item = outline.calls[call.index]
        let baseName = name(of: call)
        let declared = summaries.declares(baseName: baseName)
        if !declared, FrameworkCalls.passive.contains(baseName) { return [] }
        var objects: [(position: Int?, object: ObjectRef)] = []
        for (position, argument) in arguments(of: call).enumerated() where argument.closure == nil {
            if let object = trackableObject(argument.expression, at: item.nodeID) { objects.append((position, object)) }
        }
        if declared, !item.isImplicitMember, item.receiver.map({ tree.text(ofTokens: $0) }) != "super" {
            let receiver = item.receiver.map { trackableObject($0, at: item.nodeID) } ?? .selfObject
            if let receiver { objects.append((nil, receiver)) }
        }
        guard !objects.isEmpty else { return [] }
        let fullName = self.fullName(of: call)
        var result: [(ObjectRef, CallSummaries.Effect)] = []
        guard declared, summaries.declares(fullName) else {
            guard !FrameworkCalls.keepsArguments(fullName) else { return [] }
            for (position, object) in objects where position != nil { result.append((object, .escapesToUnknown)) }
            return result
        }
        var receiverType: String?
        if item.receiver == nil || receiver(of: call)?.key == "self" || receiver(of: call)?.key == "super" {
            receiverType = enclosingRole(of: item.nodeID)?.key
        } else if let chain = receiver(of: call) {
            receiverType = typeKey(of: chain, at: item.nodeID)
        }
        var found = false
        for (position, object) in objects {
            guard let effects = summaries.effects(ofCalling: fullName, onArgument: position, receiverType: receiverType)
            else { continue }
            found = true
            for effect in effects { result.append((object, effect)) }
        }
        if !found, !FrameworkCalls.keepsArguments(fullName) {
            for (position, object) in objects where position != nil { result.append((object, .escapesToUnknown)) }
        }
        return result
    }
}
