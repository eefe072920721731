// Exercises patterns and enums: indirect/associated-value enums, complex switch patterns, if/guard/for case, failable initializers, backticked keywords, key paths, Unicode identifiers and nested comments.

import Foundation

/* A block comment /* with a nested block comment { func hidden() {} } */ still inside the outer one
   and a stray quote " plus a closing brace } that must be ignored. */

/// Evaluates expressions such as `let f = { (x: Int) -> Int in x }` or "struct Fake { }".
/// - Parameter expression: the tree; text like `}` or `"` or `/* */` lives here harmlessly.
indirect enum Expression: Equatable {
    case number(Double)
    case variable(name: String)
    case unary(op: Character, Expression)
    case binary(Expression, op: Character, Expression)
    case call(function: String, arguments: [Expression])
    case `let`(name: String, value: Expression, body: Expression)
}

enum Token: Hashable {
    case identifier(String)
    case keyword(Keyword)
    case literal(Literal)
    case punctuation(Character)
    case eof

    enum Keyword: String, CaseIterable {
        case `func`, `let`, `var`, `if`, `else`, `return`
        case `class` = "class_keyword"
        case `default`
        case `in`
    }

    enum Literal: Hashable {
        case integer(Int)
        case string(String, isRaw: Bool)
        case boolean(Bool)
    }
}

struct Evaluator {
    var environment: [String: Double] = [:]

    func evaluate(_ expression: Expression) throws -> Double {
        switch expression {
        case .number(let value):
            return value
        case .variable(let name) where environment[name] != nil:
            return environment[name]!
        case .variable(name: let name):
            throw EvaluationError.unbound(name)
        case let .unary(op: "-", operand):
            return -(try evaluate(operand))
        case .unary(let op, _):
            throw EvaluationError.unknownOperator(op)
        case .binary(.number(0), op: "*", _), .binary(_, op: "*", .number(0)):
            return 0
        case let .binary(lhs, "+", rhs):
            return try evaluate(lhs) + evaluate(rhs)
        case let .binary(lhs, op, rhs) where "-*/".contains(op):
            let (l, r) = (try evaluate(lhs), try evaluate(rhs))
            switch op {
            case "-": return l - r
            case "*": return l * r
            default: return r == 0 ? .nan : l / r
            }
        case .binary(_, let op, _):
            throw EvaluationError.unknownOperator(op)
        case .call(function: "max", arguments: let args) where !args.isEmpty:
            return try args.map(evaluate).max()!
        case .call(let function, let arguments):
            throw EvaluationError.unknownFunction(function, arity: arguments.count)
        case let .let(name, value, body):
            var inner = self
            inner.environment[name] = try evaluate(value)
            return try inner.evaluate(body)
        }
    }

    enum EvaluationError: Error {
        case unbound(String)
        case unknownOperator(Character)
        case unknownFunction(String, arity: Int)
    }
}

func classify(_ values: [Any]) -> [String] {
    var out: [String] = []
    for value in values {
        switch value {
        case 0 as Int:
            out.append("int zero")
        case let i as Int where i < 0:
            out.append("negative \(i)")
        case is Double:
            out.append("double")
        case let (x, y) as (Int, Int):
            out.append("pair \(x),\(y)")
        case let s as String where s.isEmpty:
            out.append("empty string")
        case let s as String:
            out.append("string \(s)")
        case Optional<Any>.none:
            out.append("nil")
        case let array as [Any]:
            out.append("array of \(array.count)")
        default:
            out.append("other")
        }
    }
    return out
}

func tuples(_ point: (Int, Int), _ flags: (Bool, Bool?)) -> String {
    switch (point, flags) {
    case ((0, 0), _):
        return "origin"
    case ((let x, 0), (true, _)), ((0, let x), (false, _)):
        return "axis \(x)"
    case ((1...5, 1...5), (_, .some(true))):
        return "small positive"
    case ((_, let y), (_, nil)) where y > 100:
        return "high without flag"
    case let ((x, y), (a, b?)):
        return "\(x) \(y) \(a) \(b)"
    default:
        return "unmatched"
    }
}

func optionalPatterns(_ items: [Int?], _ tokens: [Token]) {
    for case let item? in items where item.isMultiple(of: 2) {
        print("even \(item)")
    }
    for case .some(let item) in items {
        print(item)
    }
    for case let .identifier(name) in tokens where name.count > 1 {
        print(name)
    }
    for case .literal(.string(let text, isRaw: true)) in tokens {
        print("raw", text)
    }
    if case .keyword(.class) = tokens.first {
        print("starts with class")
    }
    if case let .literal(.integer(n)) = tokens.last, n > 0, case .eof? = tokens.dropLast().last {
        print("positive tail \(n)")
    }
    guard case .punctuation(let p)? = tokens.first(where: { if case .punctuation = $0 { true } else { false } }) else {
        return
    }
    print(p)
    if let first = items.first, let first, first > 0 {
        print(first)
    }
    guard let last = items.last ?? nil else { return }
    var iterator = items.makeIterator()
    while case let next?? = iterator.next() {
        print(next, last)
    }
}

struct Version: Comparable, LosslessStringConvertible {
    var major: Int
    var minor: Int
    var patch: Int

    init(major: Int, minor: Int = 0, patch: Int = 0) {
        (self.major, self.minor, self.patch) = (major, minor, patch)
    }

    init?(_ description: String) {
        let parts = description.split(separator: ".").compactMap { Int($0) }
        guard (1...3).contains(parts.count) else { return nil }
        self.init(major: parts[0], minor: parts.count > 1 ? parts[1] : 0, patch: parts.count > 2 ? parts[2] : 0)
    }

    init!(unchecked string: String) {
        self.init(string)
    }

    var description: String { "\(major).\(minor).\(patch)" }

    static func < (lhs: Version, rhs: Version) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }
}

struct `Type` {
    var `class`: String
    var `default`: Int
    var `protocol`: String?
    var `self`: Int { `default` }

    func `func`(_ `in`: Int) -> Int {
        `in` + `default`
    }

    static func `init`() -> `Type` {
        `Type`(class: "c", default: 0, protocol: nil)
    }

    enum `Self` {
        case `case`, `switch`
    }
}

let `let` = `Type`.`init`().`func`(3)
let `var`: [`Type`.`Self`] = [.case, .`switch`]

enum Organization {
    struct Department {
        struct Team {
            struct Member {
                enum Role: String {
                    case lead, engineer, designer

                    struct Permissions: OptionSet {
                        let rawValue: Int
                        static let read = Permissions(rawValue: 1 << 0)
                        static let write = Permissions(rawValue: 1 << 1)
                        static let admin: Permissions = [.read, .write]
                    }

                    var permissions: Permissions {
                        self == .lead ? .admin : .read
                    }
                }

                var name: String
                var role: Role
                var manager: Box?
            }

            final class Box {
                var member: Member
                init(_ member: Member) { self.member = member }
            }

            var members: [Member]
        }

        var teams: [String: Team]
    }
}

extension Organization.Department.Team.Member.Role.Permissions {
    var isAdmin: Bool { contains(.admin) }
}

func keyPaths(_ department: Organization.Department) -> [String] {
    let nameKP = \Organization.Department.Team.Member.name
    let roleKP: KeyPath<Organization.Department.Team.Member, String> = \.role.rawValue
    let countKP = \Organization.Department.teams.count
    let nestedKP = \Organization.Department.Team.members[0].manager?.member.name
    let allMembers = department.teams.values.flatMap(\.members)
    let sorted = allMembers.sorted { $0[keyPath: nameKP] < $1[keyPath: nameKP] }
    let selfKP = \Organization.Department.self
    let tupleKP = \(Int, String).1
    let dictKP = \[String: [Int]].["key"]?.first
    print(countKP, nestedKP, selfKP, tupleKP, dictKP)
    return sorted.map { $0[keyPath: roleKP] } + allMembers.map(\.role.permissions.isAdmin.description)
}

struct Ünïcödé {
    let π = 3.14159
    let 名前 = "テスト"
    var 🐶🐮 = "dogcow"
    var café: String { "☕️ \(🐶🐮) \(名前)" }

    func 计算(半径 r: Double) -> Double {
        π * r * r
    }

    func émoji() -> [String] {
        ["👍🏽", "🏳️‍🌈", "e\u{301}", "\u{1F1FA}\u{1F1F8}"].map { 🌟 in "<\(🌟)>" }
    }
}

/*
 Trailing block comment with code: func notReal() { let x = "unterminated
 /* nested level two /* level three */ back to two */ back to one
 */
// Line comment with /* an unterminated block opener and a brace {
let afterComments = Ünïcödé().计算(半径: 2) /* inline */ + /* another { */ 1
