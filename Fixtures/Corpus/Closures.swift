// Exercises closures: every parameter form, capture lists, trailing and multiple labelled trailing closures, immediately-invoked and deeply nested closures.

import Foundation

final class Downloader {
    var onProgress: ((Double) -> Void)?
    var onFinish: (@Sendable (Result<Data, any Error>) -> Void)? = nil
    var transformers: [(String) -> String] = [{ $0 }, { $0.uppercased() }, { s in s + "!" }]
    let identity: (Int) -> Int = { x in x }
    let adder = { (a: Int, b: Int) -> Int in a + b }
    let ignoring: (Int) -> Void = { _ in }
    let noArgs: () -> Void = {}
    private var counter = 0

    lazy var formatter: DateFormatter = {
        let f = DateFormatter()
        f.dateFormat = "yyyy-MM-dd"
        return f
    }()

    lazy var describe: () -> String = { [unowned self] in
        "Downloader(\(self.counter))"
    }

    lazy var weakDescribe: () -> String? = { [weak self] in
        guard let self else { return nil }
        return "count \(counter)"
    }

    func start(url: URL, completion: @escaping (Data?) -> Void) {
        let snapshot = counter
        DispatchQueue.global().async { [weak self, snapshot, url = url.absoluteString] in
            guard let strongSelf = self else { return }
            strongSelf.counter += snapshot
            DispatchQueue.main.async { [unowned(safe) strongSelf] in
                strongSelf.onProgress?(1.0)
                completion(url.data(using: .utf8))
            }
        }
    }

    func unsafeCapture() {
        perform { [unowned(unsafe) self] in
            self.counter += 1
        }
        perform { [unowned(safe) self] in
            self.counter -= 1
        }
    }

    func perform(_ work: @escaping () -> Void) {
        work()
    }

    func animate(
        duration: Double,
        animations: @escaping () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        animations()
        completion?(true)
    }

    func run() {
        animate(duration: 0.3) {
            self.counter = 0
        } completion: { finished in
            if finished { self.onProgress?(0) }
        }

        animate(duration: 1, animations: { [weak self] in
            self?.counter += 2
        })

        animate(duration: 2) { [self] in
            counter -= 1
        }
    }
}

func twoTrailing(first: () -> Int, second: (Int) -> String, third: (String) -> Void) {
    third(second(first()))
}

func closureForms() {
    twoTrailing {
        42
    } second: { value in
        String(value)
    } third: { text in
        print(text)
    }

    twoTrailing(first: { 1 }, second: { "\($0)" }) { _ in }

    let sorted = [3, 1, 2].sorted { a, b in a > b }
    let sorted2 = [3, 1, 2].sorted(by: { (lhs: Int, rhs: Int) -> Bool in
        return lhs < rhs
    })
    let sorted3 = [3, 1, 2].sorted(by: <)
    let mapped = sorted.map { $0 * 2 }.filter { $0 > 2 }.reduce(into: [Int]()) { acc, next in acc.append(next) }
    let typed: (inout [Int], Int) -> Void = { (array: inout [Int], value) in array.append(value) }
    let throwing: (String) throws -> Int = { text throws in
        guard let n = Int(text) else { throw CocoaError(.formatting) }
        return n
    }
    let asyncClosure: (Int) async -> Int = { value async in value + 1 }
    let asyncThrows = { (value: Int) async throws -> Int in
        try await Task.sleep(nanoseconds: 1)
        return value
    }
    let attributed = { @Sendable (x: Int) -> Int in x * 3 }
    let mainActorClosure = { @MainActor in print("on main") }
    let tupleParam = { (pair: (Int, String)) -> String in pair.1 }
    let destructure = [(1, "a"), (2, "b")].map { number, letter in "\(number)\(letter)" }
    let shorthandMany = [(1, 2, 3)].map { $0 + $1 + $2 }
    let explicitVoid: () -> () = { () -> () in }
    let immediate: Int = { 10 * 10 }()
    let immediateWithArgs = { (a: Int, b: Int) in a - b }(5, 3)
    let curried = { (a: Int) in { (b: Int) in { (c: Int) in a + b + c } } }
    let curriedResult = curried(1)(2)(3)

    _ = (sorted2, sorted3, mapped, typed, throwing, asyncClosure, asyncThrows, attributed,
         mainActorClosure, tupleParam, destructure, shorthandMany, explicitVoid, immediate,
         immediateWithArgs, curriedResult)
}

func deeplyNested() -> [[String]] {
    let matrix = (0..<3).map { row in
        (0..<3).map { column in
            [row, column].map { value in
                { (inner: Int) -> String in
                    let cell = { () -> String in
                        "\(inner):\({ $0 * 2 }(inner))"
                    }
                    return cell()
                }(value)
            }.joined(separator: ",")
        }
    }
    return matrix
}

func captureListForms(value: Int, object: NSObject) {
    var counter = 0
    let a = { [counter] in print(counter) }
    let b = { [value, object] in print(value, object) }
    let c = { [weak object] in print(object as Any) }
    let d = { [unowned object] in print(object) }
    let e = { [copy = value * 2, weak weakObject = object] in print(copy, weakObject as Any) }
    let f = { [counter] (x: Int) -> Int in counter + x }
    let g = { [counter] x in counter + x }
    let h: (Int) -> Int = { [counter] in counter + $0 }
    counter += 1
    _ = (a, b, c, d, e, f, g, h)
}

struct Pipeline<Input, Output> {
    let run: (Input) -> Output

    func then<Next>(_ next: @escaping (Output) -> Next) -> Pipeline<Input, Next> {
        Pipeline<Input, Next> { input in next(run(input)) }
    }

    static func identity() -> Pipeline<Input, Input> {
        .init { $0 }
    }
}

let pipeline = Pipeline<String, String>.identity()
    .then { $0.trimmingCharacters(in: .whitespaces) }
    .then { Int($0) ?? 0 }
    .then { value -> [Int] in
        Array(repeating: value, count: 3)
    }
    .then { (values: [Int]) -> String in
        values.map(String.init).joined(separator: "+")
    }

func autoclosureUse(_ message: @autoclosure () -> String, _ condition: @autoclosure @escaping () -> Bool) -> () -> Bool {
    print(message())
    return condition
}

func trailingInControlFlow(items: [Int]) {
    if items.contains(where: { $0 > 3 }) {
        print("big")
    }
    guard items.allSatisfy({ $0 >= 0 }) else { return }
    for item in items.filter({ $0 % 2 == 0 }) {
        print(item)
    }
    while items.first(where: { item in item == 9 }) != nil {
        break
    }
    let closureInTernary = items.isEmpty ? { 0 } : { items.count }
    _ = closureInTernary()
    _ = autoclosureUse("x", items.isEmpty)
}

class Observer {
    var handlers: [String: [(Any) -> Void]] = [:]

    func on(_ event: String, handler: @escaping (Any) -> Void) {
        handlers[event, default: []].append(handler)
    }

    func wire() {
        on("tap") { [weak self] payload in
            self?.on("nested") { [weak self] inner in
                guard let self = self else { return }
                self.handlers.removeAll()
                _ = (payload, inner)
            }
        }
        on("drag") { [unowned self] (payload: Any) in
            _ = self.handlers.keys.map { key in
                key.count
            }
        }
    }

    deinit {
        handlers.removeAll()
    }
}

let closureArray: [() -> Int] = [
    { 1 },
    { () -> Int in 2 },
    { return 3 },
]

let closureDict: [String: (Int, Int) -> Int] = [
    "add": { $0 + $1 },
    "sub": { a, b in a - b },
    "mul": { (a, b) in a * b },
    "div": { (a: Int, b: Int) -> Int in b == 0 ? 0 : a / b },
]

let result = closureDict["add"].map { op in op(1, 2) } ?? { fatalError("missing") }()

/// Trailing closures inside conditions: not allowed by the grammar, but recovered by the
/// compiler's parser when what follows the closure continues the expression on the same line.
func conditionsWithTrailingClosures(components: [String], tokens: [Token], values: [Int]) {
    if let record = components.first.flatMap { Record(rawValue: $0) } {
        print(record)
    }
    if let server = tokens.map { $0.server }.sorted(by: { $0.priority > $1.priority }).first {
        print(server)
    }
    guard let first = values.first(where: { $0 > 1 }), values.contains { $0 == 2 }, true else { return }
    while let next = values.last { $0 < first } {
        print(next)
        break
    }
    for value in values.filter { $0 > 0 } where value < 10 {
        print(value)
    }
    switch values.map { $0 * 2 } {
    case []: break
    default: break
    }
    if values.isEmpty { print("empty") } else { print("some") }
    if values.isEmpty { print("empty") }
    print(values)
}

/// Closures that start an expression inside a condition: after `=`, the brace opens an
/// immediately invoked closure, and the body comes after its call.
func immediatelyInvokedClosuresInConditions(kind: Int, values: [Int]) -> Int {
    if let decimals: Int = {
        do {
            return try values.first { $0 > 1 }
        } catch {
            return nil
        }
    }() {
        return decimals
    }
    guard let label: String = {
        switch kind {
        case 0: return "zero"
        default: return nil
        }
    }() else {
        return 0
    }
    while let next = { values.last }(), next > kind {
        return next + label.count
    }
    return 0
}

/// The compiler accepts `$` after an identifier's first character.
func test_total_of_more_than_$2500_value() {
    let amount_$usd = 2_500
    print(amount_$usd)
}
