// Exercises property wrappers: declarations with wrappedValue/projectedValue, composition, parameter and local wrappers, enclosing-self subscripts, $projections and observers.

import Foundation

@propertyWrapper
struct Clamped<Value: Comparable> {
    private var value: Value
    let range: ClosedRange<Value>

    init(wrappedValue: Value, _ range: ClosedRange<Value>) {
        self.range = range
        self.value = min(max(wrappedValue, range.lowerBound), range.upperBound)
    }

    var wrappedValue: Value {
        get { value }
        set { value = min(max(newValue, range.lowerBound), range.upperBound) }
    }

    var projectedValue: ClosedRange<Value> { range }
}

@propertyWrapper
struct Trimmed {
    private var storage = ""

    init(wrappedValue: String) {
        self.wrappedValue = wrappedValue
    }

    var wrappedValue: String {
        get { storage }
        set(incoming) {
            storage = incoming.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }
}

@propertyWrapper
final class Observable<Value> {
    typealias Listener = (_ old: Value, _ new: Value) -> Void

    private var listeners: [UUID: Listener] = [:]
    var wrappedValue: Value {
        didSet {
            listeners.values.forEach { listener in listener(oldValue, wrappedValue) }
        }
    }

    var projectedValue: Observable<Value> { self }

    init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    @discardableResult
    func observe(_ listener: @escaping Listener) -> UUID {
        let id = UUID()
        listeners[id] = listener
        return id
    }

    func cancel(_ id: UUID) {
        listeners[id] = nil
    }

    deinit {
        listeners.removeAll()
    }
}

@propertyWrapper
struct UserDefault<T> {
    let key: String
    let defaultValue: T
    var container: UserDefaults = .standard

    var wrappedValue: T {
        get { container.object(forKey: key) as? T ?? defaultValue }
        nonmutating set { container.set(newValue, forKey: key) }
    }

    var projectedValue: Self {
        get { self }
        set { self = newValue }
    }

    func reset() {
        container.removeObject(forKey: key)
    }
}

@propertyWrapper
struct Lazy<Value> {
    private enum State {
        case pending(() -> Value)
        case ready(Value)
    }

    private var state: State

    init(wrappedValue: @autoclosure @escaping () -> Value) {
        state = .pending(wrappedValue)
    }

    var wrappedValue: Value {
        mutating get {
            switch state {
            case .ready(let value):
                return value
            case .pending(let make):
                let value = make()
                state = .ready(value)
                return value
            }
        }
        set {
            state = .ready(newValue)
        }
    }
}

@propertyWrapper
struct Published2<Value> {
    static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance instance: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published2<Value>>
    ) -> Value {
        get {
            instance[keyPath: storageKeyPath].stored
        }
        set {
            instance[keyPath: storageKeyPath].onChange?(newValue)
            instance[keyPath: storageKeyPath].stored = newValue
        }
    }

    @available(*, unavailable, message: "Published2 is only available on classes")
    var wrappedValue: Value {
        get { fatalError() }
        set { fatalError() }
    }

    var stored: Value
    var onChange: ((Value) -> Void)?

    init(wrappedValue: Value) {
        stored = wrappedValue
    }
}

struct Player {
    @Clamped(0...100) var health: Int = 100
    @Clamped(0.0...1.0) var volume: Double = 0.5
    @Trimmed var name: String = "  Player One  "
    @Clamped(wrappedValue: 5, 1...10) var level: Int

    var healthRange: String {
        "\($health.lowerBound)-\($health.upperBound)"
    }

    mutating func damage(_ amount: Int) {
        health -= amount
        if health == $health.lowerBound {
            print("\(name) fainted")
        }
    }
}

final class Settings {
    @UserDefault(key: "theme", defaultValue: "light") var theme: String
    @UserDefault(key: "launchCount", defaultValue: 0) var launchCount: Int {
        didSet { print("launches: \(launchCount)") }
    }

    @Observable var username: String = "guest" {
        willSet(newName) {
            print("will rename to \(newName)")
        }
        didSet {
            print("renamed from \(oldValue)")
        }
    }

    @Lazy var expensive: [Int] = (0..<1_000).map { $0 * $0 }

    @Published2 var score: Int = 0

    init() {
        $username.observe { [weak self] old, new in
            guard let self else { return }
            print("\(old) -> \(new) for theme \(self.theme)")
        }
        $theme.reset()
        _launchCount.container = .standard
        _score.onChange = { value in print("score \(value)") }
    }
}

struct Nested {
    @Observable @Clamped(0...10) var rating: Int = 5

    func observeRating() {
        $rating.observe { old, new in
            print("rating \(old) => \(new)")
        }
    }
}

func configure(@Clamped(0...255) red: Int, @Trimmed label: String) -> String {
    "\(label): \(red) in \($red)"
}

func localWrappers() {
    @Clamped(1...6) var die = 9
    @Trimmed var note = "\t note \n"
    @Lazy var table: [String: Int] = {
        var t: [String: Int] = [:]
        for i in 0..<3 { t["k\(i)"] = i }
        return t
    }()
    die += 1
    print(die, note, table, $die)
    _ = configure(red: 300, label: "  color ")
}

@propertyWrapper
struct Validated<Value> {
    var wrappedValue: Value? {
        didSet { isValid = wrappedValue.map(validator) ?? false }
    }
    private(set) var isValid = false
    let validator: (Value) -> Bool

    init(wrappedValue: Value?, _ validator: @escaping (Value) -> Bool) {
        self.validator = validator
        self.wrappedValue = wrappedValue
        self.isValid = wrappedValue.map(validator) ?? false
    }

    var projectedValue: Bool { isValid }
}

struct SignupForm {
    @Validated({ $0.contains("@") }) var email: String? = nil
    @Validated({ (password: String) -> Bool in
        password.count >= 8 && password.contains { $0.isNumber }
    }) var password: String? = nil
    @Validated({ age in age >= 13 }) var age: Int? = nil

    var canSubmit: Bool { $email && $password && $age }
}
