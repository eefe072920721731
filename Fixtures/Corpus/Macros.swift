// Exercises macros: freestanding/attached macro declarations with #externalMacro, macro roles and names, macro expansions with arguments and trailing closures, and built-in # literals.

import Foundation

@freestanding(expression)
public macro stringify<T>(_ value: T) -> (T, String) = #externalMacro(module: "CorpusMacros", type: "StringifyMacro")

@freestanding(expression)
macro URL(_ string: StaticString) -> URL = #externalMacro(module: "CorpusMacros", type: "URLMacro")

@freestanding(expression)
macro clamp<Value: Comparable>(_ value: Value, min lower: Value, max upper: Value) -> Value =
    #externalMacro(module: "CorpusMacros", type: "ClampMacro")

@freestanding(expression)
macro measure<R>(_ label: String = "block", _ body: () throws -> R) -> R = #externalMacro(module: "CorpusMacros", type: "MeasureMacro")

@freestanding(declaration, names: arbitrary)
macro declareConstants(_ names: String...) = #externalMacro(module: "CorpusMacros", type: "ConstantsMacro")

@freestanding(declaration, names: named(Generated), prefixed(make))
macro generateType(named name: String) = #externalMacro(module: "CorpusMacros", type: "TypeMacro")

@attached(member, names: named(init), named(description), arbitrary)
@attached(extension, conformances: CustomStringConvertible, names: named(debugInfo))
public macro AutoDescribe() = #externalMacro(module: "CorpusMacros", type: "AutoDescribeMacro")

@attached(peer, names: overloaded, suffixed(Async))
macro AddAsync() = #externalMacro(module: "CorpusMacros", type: "AddAsyncMacro")

@attached(accessor, names: named(get), named(set))
macro Stored(key: String) = #externalMacro(module: "CorpusMacros", type: "StoredMacro")

@attached(memberAttribute)
@attached(member, names: named(_registrar))
macro Tracked() = #externalMacro(module: "CorpusMacros", type: "TrackedMacro")

@attached(accessor)
@attached(peer, names: prefixed(_))
macro TrackedProperty() = #externalMacro(module: "CorpusMacros", type: "TrackedPropertyMacro")

@attached(body)
macro Logged(level: Int = 0) = #externalMacro(module: "CorpusMacros", type: "LoggedMacro")

@attached(body)
macro Traced() = #externalMacro(module: "CorpusMacros", type: "TracedMacro")

@freestanding(expression)
macro aliasedStringify<T>(_ value: T) -> (T, String) = #stringify(value)

@AutoDescribe
struct Coordinate {
    var latitude: Double
    var longitude: Double

    @Stored(key: "altitude")
    var altitude: Double

    func distance(to other: Coordinate) -> Double {
        let dLat = latitude - other.latitude
        let dLon = longitude - other.longitude
        return (dLat * dLat + dLon * dLon).squareRoot()
    }
}

@Tracked
final class Document {
    var title: String = "Untitled"
    var body: String = ""
    @TrackedProperty var revision: Int = 0

    init(title: String) {
        self.title = title
    }

    @AddAsync
    func save(completion: @escaping (Bool) -> Void) {
        DispatchQueue.global().async {
            completion(true)
        }
    }

    @Logged(level: 2)
    func render() -> String {
        "\(title)\n\(body)"
    }

    @Traced
    func compact() {
        body = body.replacingOccurrences(of: "  ", with: " ")
    }
}

enum Constants {
    #declareConstants("alpha", "beta", "gamma")
    #generateType(named: "Inner")
}

#declareConstants("topLevelA", "topLevelB")

func macroExpansions(a: Int, b: Int) {
    let (sum, source) = #stringify(a + b)
    print(sum, source)

    let (closureResult, closureSource) = #stringify({ (x: Int) -> Int in x * 2 }(a))
    print(closureResult, closureSource)

    let homepage = #URL("https://example.invalid/path?query=1")
    print(homepage)

    let bounded = #clamp(a * 10, min: 0, max: 100)
    print(bounded)

    let measured = #measure("sorting") {
        [b, a].sorted()
    }
    print(measured)

    let measuredDefault = #measure {
        let values = (0..<10).map { $0 * a }
        return values.reduce(0, +)
    }
    print(measuredDefault)

    let generic = #stringify<[Int]>([a, b])
    print(generic)

    let nested = #stringify(#stringify(a).1.count)
    print(nested)
}

func builtinLiterals() -> [String: Any] {
    [
        "file": #file,
        "fileID": #fileID,
        "filePath": #filePath,
        "line": #line,
        "column": #column,
        "function": #function,
        "dso": #dsohandle,
    ]
}

@objc protocol Tappable {
    func didTap(_ sender: Any?)
}

final class Button: NSObject, Tappable {
    @objc dynamic var label: String = ""

    func didTap(_ sender: Any?) {
        let selector = #selector(didTap(_:))
        let keyPath = #keyPath(Button.label)
        let swiftKeyPath = \Button.label.count
        print(selector, keyPath, swiftKeyPath)
    }

    func availability() {
        if #available(iOS 17.0, macOS 14.0, *) {
            print("new APIs")
        } else if #unavailable(iOS 15) {
            print("very old")
        }
        guard #available(iOS 16, *) else { return }
    }
}

struct Person {
    var name: String
    var age: Int
}

func predicates(people: [Person]) -> Int {
    let adults = #Predicate<Person> { person in
        person.age >= 18 && person.name.isEmpty == false
    }
    let byName = #Predicate<Person> { $0.name.hasPrefix("A") }
    _ = (adults, byName)
    return people.count
}

func expectations(value: Int) {
    #expect(value > 0)
    #expect(value == 42, "value should be the answer")
    #expect(throws: NetworkFailure.self) {
        try failing()
    }
    let unwrapped = #require(Optional(value))
    _ = unwrapped
}

struct NetworkFailure: Error {}

func failing() throws {
    throw NetworkFailure()
}

@attached(member, names: named(CodingKeys))
@attached(extension, conformances: Codable)
macro AutoCodable(
    keyStrategy: String = "camel",
    excluding excluded: [String] = []
) = #externalMacro(module: "CorpusMacros", type: "AutoCodableMacro")

@AutoCodable(keyStrategy: "snake", excluding: ["cache"])
struct Profile {
    var displayName: String
    var avatarURL: URL?
    var cache: [String: Data] = [:]

    @AddAsync
    func refresh(handler: @escaping (Result<Profile, any Error>) -> Void) {
        handler(.success(self))
    }
}

@freestanding(declaration, names: named(debugSnapshot))
macro debugSnapshot(_ values: Any...) = #externalMacro(module: "CorpusMacros", type: "DebugSnapshotMacro")

struct Snapshotted {
    var a = 1
    var b = "two"
    #debugSnapshot(1, "two", [3])
}
