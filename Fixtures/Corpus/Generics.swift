// Exercises generics: constraints, where clauses, nested generic types, `>>` closings, opaque and existential types.

import Foundation

/// A doc comment with code-like text: `func fake() { return "}" }` and a brace { that never closes.
protocol Identified<ID> {
    associatedtype ID: Hashable & Sendable
    var id: ID { get }
}

protocol Repository<Element, Key> where Key: Hashable {
    associatedtype Element: Identified
    associatedtype Key = Element.ID
    func fetch(_ key: Key) async throws -> Element?
    func all() -> some Collection<Element>
    mutating func store(_ element: Element)
}

struct Box<Wrapped> {
    var value: Wrapped

    func map<U>(_ transform: (Wrapped) throws -> U) rethrows -> Box<U> {
        Box<U>(value: try transform(value))
    }

    func flatMap<U>(_ transform: (Wrapped) -> Box<U>) -> Box<U> {
        transform(value)
    }

    struct Pair<Left, Right> where Left: Equatable {
        var left: Left
        var right: Right

        func swapped() -> Pair<Left, Right> where Right: Equatable {
            self
        }

        enum Side<Marker> {
            case left(Left, Marker)
            case right(Right, Marker)
            case neither

            func describe() -> String {
                switch self {
                case .left(let l, _): return "left \(l)"
                case .right(_, let m): return "right \(m)"
                case .neither: return "neither"
                }
            }
        }
    }
}

typealias Table = Array<Dictionary<String, [Int]>>
typealias DeepTable = Dictionary<String, Array<Dictionary<String, Set<Int>>>>
typealias Callback<T> = (Result<T, any Error>) -> Void

func flatten(_ table: Table) -> [Int] {
    var result: Array<Int> = []
    for row: Dictionary<String, [Int]> in table {
        for (_, values) in row {
            result.append(contentsOf: values)
        }
    }
    return result
}

func deepCount(_ table: DeepTable) -> Int {
    table.values.reduce(0) { partial, rows in
        partial + rows.reduce(0) { $0 + $1.values.reduce(0) { $0 + $1.count } }
    }
}

func compare<T: Comparable, U>(_ a: T, _ b: T, tag: U) -> Bool where U: CustomStringConvertible {
    let x: Optional<Array<Box<T>>> = nil
    _ = x
    return a < b && tag.description.count > 0
}

func less(_ a: Int, _ b: Int) -> Bool {
    // These are comparisons, not generic arguments.
    let c = a < b, d = b > a
    let e = (a < b) == (b > a)
    return c && d && e
}

func makeCollection() -> some Collection<Int> {
    [1, 2, 3]
}

func erase(_ values: [any Identified]) -> [any Hashable] {
    values.map { $0.id as any Hashable }
}

func takesOpaque(_ seq: some Sequence<String>, into sink: inout [String]) {
    for item in seq where !item.isEmpty {
        sink.append(item)
    }
}

func existentialMeta(_ type: any Identified.Type) -> String {
    String(describing: type)
}

func variadicPack<each T>(_ value: repeat each T) -> (repeat each T) {
    (repeat each value)
}

func packCount<each Element>(_ items: repeat each Element) -> Int {
    var count = 0
    for _ in repeat each items {
        count += 1
    }
    return count
}

struct Cache<Key: Hashable, Value>: Sequence {
    private var storage: [Key: Value] = [:]
    private var order: [Key] = []

    init() {}

    init<S: Sequence>(_ pairs: S) where S.Element == (Key, Value) {
        for (key, value) in pairs {
            storage[key] = value
            order.append(key)
        }
    }

    subscript(key: Key) -> Value? {
        get { storage[key] }
        set {
            if storage[key] == nil { order.append(key) }
            storage[key] = newValue
        }
    }

    subscript<R: RangeExpression>(range: R) -> ArraySlice<Key> where R.Bound == Int {
        order[range]
    }

    func makeIterator() -> AnyIterator<(Key, Value)> {
        var index = 0
        return AnyIterator { [order, storage] in
            guard index < order.count else { return nil }
            defer { index += 1 }
            let key = order[index]
            return storage[key].map { (key, $0) }
        }
    }
}

extension Cache where Value: Numeric {
    var total: Value {
        storage.values.reduce(0, +)
    }

    func scaled(by factor: Value) -> Cache<Key, Value> {
        var copy = self
        for key in order {
            copy[key] = (storage[key] ?? 0) * factor
        }
        return copy
    }
}

extension Cache: CustomStringConvertible where Key: CustomStringConvertible, Value: CustomStringConvertible {
    var description: String {
        order.map { "\($0)=\(storage[$0]!)" }.joined(separator: ", ")
    }
}

extension Array where Element == Dictionary<String, [Int]> {
    func keys() -> Set<String> {
        Set(flatMap { $0.keys })
    }
}

extension Dictionary where Key == String, Value: Collection, Value.Element: Comparable {
    func sortedValues() -> [String: [Value.Element]] {
        mapValues { $0.sorted() }
    }
}

protocol Shape {
    func area() -> Double
}

struct Square: Shape {
    var side: Double
    func area() -> Double { side * side }
}

struct Circle: Shape {
    var radius: Double
    func area() -> Double { .pi * radius * radius }
}

func largest(_ shapes: [any Shape]) -> (any Shape)? {
    shapes.max { $0.area() < $1.area() }
}

func pick(_ flag: Bool) -> any Shape {
    flag ? Square(side: 2) : Circle(radius: 1)
}

final class Node<T>: Sequence {
    var value: T
    var children: [Node<T>] = []
    weak var parent: Node<T>?

    init(_ value: T, children: [Node<T>] = []) {
        self.value = value
        self.children = children
        children.forEach { $0.parent = self }
    }

    func makeIterator() -> IndexingIterator<[T]> {
        var out: [T] = [value]
        func walk(_ node: Node<T>) {
            for child in node.children {
                out.append(child.value)
                walk(child)
            }
        }
        walk(self)
        return out.makeIterator()
    }

    func map<U>(_ f: @escaping (T) -> U) -> Node<U> {
        Node<U>(f(value), children: children.map { $0.map(f) })
    }
}

enum Either<L, R> {
    case left(L)
    case right(R)

    init(_ value: L) { self = .left(value) }
    init(_ value: R) { self = .right(value) }

    func fold<X>(left: (L) -> X, right: (R) -> X) -> X {
        switch self {
        case let .left(l): left(l)
        case let .right(r): right(r)
        }
    }
}

struct Matrix<Scalar: Numeric & Comparable> {
    var rows: [[Scalar]]

    static func identity(_ n: Int) -> Matrix<Scalar> where Scalar: ExpressibleByIntegerLiteral {
        Matrix(rows: (0..<n).map { i in (0..<n).map { j in i == j ? 1 : 0 } })
    }

    static subscript(dimension n: Int) -> Int { n * n }

    subscript(row: Int, column: Int) -> Scalar {
        get { rows[row][column] }
        set(newScalar) { rows[row][column] = newScalar }
    }
}

func genericDefaults<T>(
    _ value: T,
    transform: (T) -> [Array<Set<Int>>] = { _ in [[Set<Int>()]] }
) -> Int {
    transform(value).count
}

let nestedLiteral: [String: [Int: [Set<String>]]] = ["a": [1: [["x"]]]]
let nestedClosureType: (([Int]) -> [String: Int]) -> Array<Optional<Int>> = { f in [f([1])["a"]] }
let shifted = 1 << 3 >> 1
let genericCall = Array<Optional<Dictionary<String, Int>>>(repeating: nil, count: 2)

/// Signatures broken across lines: the parameter clause, the effects, the return type and the
/// `where` clause each on a line of their own.
class SortingCollection<Element> {
    func sorted<Descriptors: Sequence>
        (by descriptors: Descriptors) -> [Element] where Descriptors.Element == String {
        return []
    }

    func filtered<Predicate>
    (
        matching predicate: Predicate
    )
        async throws
        -> [Element]
        where Predicate: Sendable
    {
        []
    }

    init<Source: Sequence>
        (contentsOf source: Source) where Source.Element == Element {
    }

    subscript<Key: Hashable>
        (key key: Key) -> Element? {
        nil
    }

    convenience init?<Source: Sequence>(decoding source: Source, strictly: Bool) throws where Source.Element == String {
        self.init(contentsOf: [])
    }

    convenience init!<Value>(placeholder: Value) {
        self.init(contentsOf: [])
    }
}
