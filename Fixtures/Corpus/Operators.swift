// Exercises custom operators: operator and precedencegroup declarations, operator functions (generic, static, prefix/postfix), dotted and Unicode operators, operator references.

import Foundation

precedencegroup ForwardApplication {
    associativity: left
    higherThan: AssignmentPrecedence
}

precedencegroup ForwardComposition {
    associativity: left
    higherThan: ForwardApplication
}

precedencegroup ApplicativePrecedence {
    associativity: left
    higherThan: LogicalConjunctionPrecedence
    lowerThan: NilCoalescingPrecedence
}

precedencegroup PowerPrecedence {
    associativity: right
    higherThan: MultiplicationPrecedence
}

precedencegroup BindAssignment {
    assignment: true
    associativity: right
    lowerThan: TernaryPrecedence
}

infix operator |>: ForwardApplication
infix operator >>>: ForwardComposition
infix operator <*>: ApplicativePrecedence
infix operator <^>: ApplicativePrecedence
infix operator **: PowerPrecedence
infix operator <~: BindAssignment
infix operator .+.: AdditionPrecedence
infix operator .*.: MultiplicationPrecedence
infix operator ∘: ForwardComposition
infix operator ⊕: AdditionPrecedence
infix operator ≈≈: ComparisonPrecedence
infix operator ??=: AssignmentPrecedence
infix operator &&&
prefix operator √
prefix operator ¬
prefix operator ..<<
postfix operator ++
postfix operator ′
postfix operator %

func |> <A, B>(value: A, transform: (A) throws -> B) rethrows -> B {
    try transform(value)
}

func >>> <A, B, C>(f: @escaping (A) -> B, g: @escaping (B) -> C) -> (A) -> C {
    { a in g(f(a)) }
}

func ∘ <A, B, C>(g: @escaping (B) -> C, f: @escaping (A) -> B) -> (A) -> C {
    { g(f($0)) }
}

func ** (base: Double, exponent: Double) -> Double {
    pow(base, exponent)
}

func ** (base: Int, exponent: Int) -> Int {
    exponent == 0 ? 1 : (0..<exponent).reduce(1) { acc, _ in acc * base }
}

func ??= <T>(lhs: inout T?, rhs: @autoclosure () -> T) {
    if lhs == nil { lhs = rhs() }
}

func &&& (lhs: Bool, rhs: Bool) -> Bool {
    lhs && rhs
}

prefix func √ (value: Double) -> Double {
    value.squareRoot()
}

prefix func ¬ (value: Bool) -> Bool {
    !value
}

postfix func ++ (value: inout Int) -> Int {
    defer { value += 1 }
    return value
}

postfix func ′ (value: Double) -> Double {
    value / 60
}

postfix func % (value: Double) -> Double {
    value / 100
}

prefix func ..<< (upper: Int) -> Range<Int> {
    0..<upper
}

func ≈≈ (lhs: Double, rhs: Double) -> Bool {
    abs(lhs - rhs) < 1e-9
}

struct Vector2: Equatable, Hashable, CustomStringConvertible {
    var x: Double
    var y: Double

    static let zero = Vector2(x: 0, y: 0)

    var description: String { "(\(x), \(y))" }

    static func + (lhs: Vector2, rhs: Vector2) -> Vector2 {
        Vector2(x: lhs.x + rhs.x, y: lhs.y + rhs.y)
    }

    static func - (lhs: Vector2, rhs: Vector2) -> Vector2 {
        Vector2(x: lhs.x - rhs.x, y: lhs.y - rhs.y)
    }

    static prefix func - (vector: Vector2) -> Vector2 {
        Vector2(x: -vector.x, y: -vector.y)
    }

    static func * (lhs: Vector2, scalar: Double) -> Vector2 {
        Vector2(x: lhs.x * scalar, y: lhs.y * scalar)
    }

    static func * (scalar: Double, rhs: Vector2) -> Vector2 {
        rhs * scalar
    }

    static func += (lhs: inout Vector2, rhs: Vector2) {
        lhs = lhs + rhs
    }

    static func .+. (lhs: Vector2, rhs: Vector2) -> Double {
        lhs.x + rhs.x + lhs.y + rhs.y
    }

    static func .*. (lhs: Vector2, rhs: Vector2) -> Double {
        lhs.x * rhs.x + lhs.y * rhs.y
    }

    static func == (lhs: Vector2, rhs: Vector2) -> Bool {
        lhs.x ≈≈ rhs.x && lhs.y ≈≈ rhs.y
    }

    static func ⊕ (lhs: Vector2, rhs: Vector2) -> Vector2 {
        Vector2(x: max(lhs.x, rhs.x), y: max(lhs.y, rhs.y))
    }

    static func ~= (pattern: ClosedRange<Double>, value: Vector2) -> Bool {
        pattern.contains(value.x) && pattern.contains(value.y)
    }
}

protocol Semigroup {
    static func <> (lhs: Self, rhs: Self) -> Self
}

infix operator <>: AdditionPrecedence

extension String: Semigroup {
    static func <> (lhs: String, rhs: String) -> String { lhs + rhs }
}

extension Array: Semigroup {
    static func <> (lhs: [Element], rhs: [Element]) -> [Element] { lhs + rhs }
}

func concatAll<S: Semigroup>(_ values: [S], initial: S) -> S {
    values.reduce(initial, <>)
}

struct Parser<Output> {
    let parse: (inout Substring) -> Output?

    static func <^> <A>(transform: @escaping (A) -> Output, parser: Parser<A>) -> Parser<Output> {
        Parser { input in parser.parse(&input).map(transform) }
    }

    static func <*> <A>(lhs: Parser<(A) -> Output>, rhs: Parser<A>) -> Parser<Output> {
        Parser { input in
            let original = input
            guard let f = lhs.parse(&input), let a = rhs.parse(&input) else {
                input = original
                return nil
            }
            return f(a)
        }
    }
}

final class Binding<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }

    static func <~ (lhs: Binding<Value>, rhs: Value) {
        lhs.value = rhs
    }
}

func operatorUsage() {
    let double = { (x: Int) in x * 2 }
    let increment: (Int) -> Int = { $0 + 1 }
    let pipeline = double >>> increment >>> String.init
    let composed = increment ∘ double
    let result = 5 |> double |> increment |> { "\($0)" }
    let power = 2.0 ** 3.0 ** 2.0
    let intPower = 2 ** 10
    let root = √16.0
    let notTrue = ¬true
    let percent = 50%
    let minutes = 90′
    var counter = 0
    let before = counter++
    let range = ..<<5
    var maybe: String? = nil
    maybe ??= "default"
    let v = Vector2(x: 1, y: 2) + Vector2(x: 3, y: 4) * 2 - -Vector2.zero
    let dot = v .*. v
    let dotSum = v .+. v
    let maxed = v ⊕ Vector2(x: 10, y: 0)
    let binding = Binding(0)
    binding <~ 42
    let both = true &&& false
    let ops: [(Int, Int) -> Int] = [(+), (-), (*), (/), (%), (&+), (&*), (<<), (>>)]
    let comparisons: [(Int, Int) -> Bool] = [(<), (<=), (>), (>=), (==), (!=)]
    let sum = [1, 2, 3].reduce(0, +)
    let sorted = [3, 1, 2].sorted(by: >)
    let joined = concatAll(["a", "b"], initial: "") <> "c"
    let oneSided = [1, 2, 3, 4][2...] + [1, 2, 3][..<2] + [5, 6][...0]
    let bits = (0b1010 & 0b0110) | (0xF ^ 0o7) << 2 >> 1
    let overflow = Int.max &+ 1 &- 1 &* 2
    let chain = maybe?.count ?? 0 > 3 ? "long" : "short"
    switch v {
    case 0.0...10.0:
        print("small vector")
    default:
        print("large vector")
    }
    _ = (pipeline, composed, result, power, intPower, root, notTrue, percent, minutes, before, range,
         dot, dotSum, maxed, both, ops, comparisons, sum, sorted, joined, oneSided, bits, overflow, chain)
}

extension Optional {
    static func |> <T>(value: Wrapped?, transform: (Wrapped) -> T) -> T? {
        value.map(transform)
    }
}

extension Sequence where Element: Numeric {
    static func ⊕ (lhs: Self, rhs: Self) -> [Element] {
        zip(lhs, rhs).map { $0 + $1 }
    }
}

/// Generic operators written without a space before the generic clause: the lexer reads `+<` as
/// one operator token, and the `<` belongs to the generic clause, not to the name.
struct Column<Value> {
    var name: String

    static func +<Other>(lhs: Column<Value>, rhs: Column<Other>) -> Column<(Value, Other)> {
        Column<(Value, Other)>(name: lhs.name + rhs.name)
    }

    static func ==<Other: Equatable>(lhs: Column<Value>, rhs: Other) -> Bool {
        lhs.name == "\(rhs)"
    }
}

infix operator <-: AssignmentPrecedence

func <-<Value>(column: Column<Value>, value: Value) -> (String, Value) {
    (column.name, value)
}

func ??<Value>(column: Column<Value?>, fallback: Value) -> Column<Value> {
    Column<Value>(name: column.name + " ?? \(fallback)")
}
