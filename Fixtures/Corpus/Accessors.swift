// Exercises accessors and subscripts: implicit getters, get/set/set(name), willSet/didSet with names, init accessors, _read/_modify, effectful getters, static/class/generic subscripts, protocol requirements.

import Foundation

protocol Storage {
    var capacity: Int { get }
    var name: String { get set }
    static var defaultCapacity: Int { get }
    var remote: Data { get async throws }
    subscript(index: Int) -> UInt8 { get set }
    subscript(range: Range<Int>) -> [UInt8] { get }
    subscript<K: Hashable>(key key: K) -> Any? { get }
}

struct Buffer: Storage {
    private var bytes: [UInt8]
    var name: String

    static var defaultCapacity: Int { 64 }

    static let shared = Buffer(name: "shared")

    var capacity: Int {
        bytes.count
    }

    var isEmpty: Bool { return bytes.isEmpty }

    var first: UInt8? {
        get {
            bytes.first
        }
        set {
            guard let newValue else { return }
            if bytes.isEmpty { bytes.append(newValue) } else { bytes[0] = newValue }
        }
    }

    var last: UInt8 {
        get { bytes.last ?? 0 }
        set(replacement) {
            bytes[bytes.count - 1] = replacement
        }
    }

    var remote: Data {
        get async throws {
            try await Task.sleep(nanoseconds: 100)
            return Data(bytes)
        }
    }

    var checksum: Int {
        get throws {
            guard !bytes.isEmpty else { throw CocoaError(.coderInvalidValue) }
            return bytes.reduce(0) { ($0 &+ Int($1)) & 0xFFFF }
        }
    }

    var hex: String {
        mutating get {
            name = name.uppercased()
            return bytes.map { String(format: "%02x", $0) }.joined()
        }
    }

    var view: ArraySlice<UInt8> {
        _read { yield bytes[...] }
    }

    var storage: [UInt8] {
        _read { yield bytes }
        _modify { yield &bytes }
    }

    init(name: String, capacity: Int = Buffer.defaultCapacity) {
        self.name = name
        self.bytes = Array(repeating: 0, count: capacity)
    }

    subscript(index: Int) -> UInt8 {
        get { bytes[index] }
        set { bytes[index] = newValue }
    }

    subscript(range: Range<Int>) -> [UInt8] {
        Array(bytes[range])
    }

    subscript<K: Hashable>(key key: K) -> Any? {
        key.hashValue % 2 == 0 ? bytes.first : nil
    }

    subscript(row row: Int, column column: Int, stride stride: Int = 8) -> UInt8 {
        get { bytes[row * stride + column] }
        set(byte) { bytes[row * stride + column] = byte }
    }

    subscript(safe index: Int) -> UInt8? {
        indices.contains(index) ? bytes[index] : nil
    }

    subscript(_ first: Int, _ rest: Int...) -> [UInt8] {
        ([first] + rest).map { bytes[$0] }
    }

    subscript<T: BinaryInteger, U>(widen index: T, as type: U.Type) -> U? where U: ExpressibleByIntegerLiteral {
        nil
    }

    static subscript(named name: String) -> Buffer {
        Buffer(name: name)
    }

    private var indices: Range<Int> { bytes.indices }
}

class Shape {
    var sides: Int = 0 {
        willSet {
            print("sides will change from \(sides) to \(newValue)")
        }
        didSet {
            if sides < 0 { sides = oldValue }
        }
    }

    var color: String = "red" {
        willSet(upcoming) { print("color -> \(upcoming)") }
        didSet(previous) { print("color was \(previous)") }
    }

    var label = "shape" {
        didSet { print("label changed") }
    }

    lazy var identifier: String = {
        "\(type(of: self))-\(sides)"
    }()

    class var kind: String { "shape" }
    static var count = 0
    static var registry: [String: Shape.Type] {
        get { ["shape": Shape.self] }
        set { print(newValue.keys) }
    }

    class subscript(index: Int) -> String {
        "shape #\(index)"
    }

    var area: Double { 0 }

    init() {}
}

final class Polygon: Shape {
    override var sides: Int {
        didSet {
            print("polygon sides \(oldValue) -> \(sides)")
        }
    }

    override var area: Double {
        let n = Double(sides)
        return n * n / 4
    }

    override class var kind: String { "polygon" }

    override class subscript(index: Int) -> String {
        "polygon #\(index)"
    }

    override init() {
        super.init()
        sides = 3
    }
}

struct Temperature {
    var kelvin: Double

    var celsius: Double {
        @storageRestrictions(initializes: kelvin)
        init(initialValue) {
            kelvin = initialValue + 273.15
        }
        get { kelvin - 273.15 }
        set { kelvin = newValue + 273.15 }
    }

    var fahrenheit: Double {
        get { celsius * 9 / 5 + 32 }
        set(newValue) { celsius = (newValue - 32) * 5 / 9 }
    }

    init(celsius: Double) {
        self.celsius = celsius
    }
}

struct Grid<Cell> {
    private var cells: [[Cell]]
    let width: Int
    let height: Int

    init(width: Int, height: Int, fill: Cell) {
        self.width = width
        self.height = height
        cells = Array(repeating: Array(repeating: fill, count: width), count: height)
    }

    subscript(x: Int, y: Int) -> Cell {
        get {
            precondition(x < width && y < height, "out of bounds")
            return cells[y][x]
        }
        set {
            cells[y][x] = newValue
        }
    }

    subscript(row y: Int) -> [Cell] {
        get { cells[y] }
        set { cells[y] = newValue }
    }

    subscript(column x: Int) -> [Cell] {
        cells.map { row in row[x] }
    }

    subscript<R: Sequence>(rows rows: R) -> [[Cell]] where R.Element == Int {
        rows.map { cells[$0] }
    }

    subscript(where predicate: (Cell) -> Bool) -> [(Int, Int)] {
        var found: [(Int, Int)] = []
        for (y, row) in cells.enumerated() {
            for (x, cell) in row.enumerated() where predicate(cell) {
                found.append((x, y))
            }
        }
        return found
    }
}

func accessorUsage() {
    var grid = Grid(width: 3, height: 3, fill: 0)
    grid[1, 1] = 5
    grid[row: 0] = [1, 2, 3]
    let matches = grid[where: { $0 > 1 }]
    let columns = grid[rows: [0, 2]]
    var buffer = Buffer[named: "temp"]
    buffer[0] = 0xFF
    buffer[row: 0, column: 1] = 7
    buffer.storage.append(1)
    let temperature = Temperature(celsius: 21)
    print(matches, columns, buffer[safe: 99] as Any, buffer[0, 1, 2], temperature.fahrenheit, Shape[3], Polygon[4])
}

enum Direction: CaseIterable {
    case north, east, south, west

    var opposite: Direction {
        switch self {
        case .north: .south
        case .south: .north
        case .east: .west
        case .west: .east
        }
    }

    static subscript(degrees: Int) -> Direction {
        allCases[(degrees / 90) % 4]
    }
}

extension Dictionary {
    subscript(keys keys: Key...) -> [Value] {
        get { keys.compactMap { self[$0] } }
        set {
            for (key, value) in zip(keys, newValue) {
                self[key] = value
            }
        }
    }
}
