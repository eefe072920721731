// Exercises #if/#elseif/#else/#endif around imports, declarations, members, statements, switch cases, postfix chains, attributes and accessors.

#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#else
import Foundation
#endif

#if os(iOS) || os(tvOS)
typealias PlatformColor = UIColor
#elseif os(macOS)
typealias PlatformColor = NSColor
#else
struct PlatformColor {
    var red: Double, green: Double, blue: Double

    init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }
}
#endif

func alwaysVisible() -> String {
    "visible everywhere"
}

#if os(iOS)
func platformName(for idiom: UIUserInterfaceIdiom) -> String {
    idiom == .pad ? "iPad" : "iPhone"
}
#elseif os(macOS)
func platformName(for window: NSWindow?) -> String {
    window == nil ? "headless Mac" : "Mac"
}
#elseif os(Linux)
func platformName(kernel: String = "linux", release: Int) async throws -> String {
    "\(kernel) \(release)"
}
#else
func platformName() -> String {
    "unknown"
}
#endif

struct FeatureFlags {
    var verbose = false

    #if DEBUG
    var debugOverlay = true

    func dumpState() {
        print("debugOverlay=\(debugOverlay)")
    }
    #else
    let debugOverlay = false
    #endif

    #if compiler(>=5.9)
    func modernOnly<each T>(_ values: repeat each T) -> Int {
        0
    }
    #elseif swift(>=5.5)
    func modernOnly(_ values: Any...) -> Int {
        values.count
    }
    #endif

    #if targetEnvironment(simulator)
    static let isSimulator = true
    #else
    static let isSimulator = false
    #endif

    #if arch(arm64) && !os(watchOS)
    static let word = 64
    #elseif arch(i386) || arch(arm)
    static let word = 32
    #else
    static let word = MemoryLayout<Int>.size * 8
    #endif

    var mode: Int {
        #if DEBUG
        get { verbose ? 2 : 1 }
        set { verbose = newValue > 1 }
        #else
        get { 0 }
        #endif
    }

    init() {
        #if DEBUG
        verbose = true
        #endif
    }
}

enum Environment {
    case production
    case staging
    #if DEBUG
    case development(host: String)
    case mock
    #endif

    var baseURL: String {
        switch self {
        case .production:
            return "https://example.invalid"
        case .staging:
            return "https://staging.example.invalid"
        #if DEBUG
        case .development(let host):
            return "http://\(host)"
        case .mock:
            return "mock://"
        #endif
        }
    }
}

protocol Renderer {
    func render() -> String
    #if canImport(UIKit)
    func render(in view: UIView)
    #elseif canImport(AppKit)
    func render(in view: NSView)
    #endif
}

#if hasAttribute(preconcurrency)
@preconcurrency
#endif
func legacyCallback(_ body: @escaping () -> Void) {
    body()
}

#if hasFeature(StrictConcurrency)
@MainActor
#endif
final class SettingsStore {
    private(set) var values: [String: String] = [:]

    func load() {
        #if os(iOS)
        let defaults = UserDefaults.standard
        values = defaults.dictionary(forKey: "settings") as? [String: String] ?? [:]
        #elseif os(Linux)
        values = ProcessInfo.processInfo.environment
        #else
        values = [:]
        #endif

        for (key, value) in values {
            #if DEBUG
            if key.hasPrefix("debug.") {
                print("debug setting \(key)=\(value)")
                continue
            }
            #endif
            apply(key, value)
        }
    }

    func apply(_ key: String, _ value: String) {
        let trimmed = value
            .trimmingCharacters(in: .whitespaces)
            #if os(macOS)
            .lowercased()
            #elseif os(iOS)
            .uppercased()
            #endif
        values[key] = trimmed
    }

    func nestedConditions() -> Int {
        var score = 0
        #if os(iOS)
            #if targetEnvironment(macCatalyst)
            score += 1
            #else
                #if DEBUG
                score += 2
                #endif
            #endif
        #elseif os(Linux)
            #if _endian(little)
            score += 3
            #endif
            #if _pointerBitWidth(_64)
            score += 4
            #endif
        #endif
        return score
    }

    #if !os(Linux)
    deinit {
        values.removeAll()
    }
    #endif
}

#if canImport(UIKit)
extension UIView {
    func pinEdges(to other: UIView, inset: CGFloat = 0) {
        translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([
            leadingAnchor.constraint(equalTo: other.leadingAnchor, constant: inset),
            trailingAnchor.constraint(equalTo: other.trailingAnchor, constant: -inset),
            topAnchor.constraint(equalTo: other.topAnchor, constant: inset),
            bottomAnchor.constraint(equalTo: other.bottomAnchor, constant: -inset),
        ])
    }
}
#endif

func closureWithConditions(_ items: [Int]) -> [Int] {
    items.compactMap { item -> Int? in
        #if DEBUG
        guard item != 13 else { return nil }
        #endif
        return item * 2
    }
}

func switchWithConditionalCases(_ value: Int) -> String {
    switch value {
    case 0:
        return "zero"
    #if os(Linux)
    case 1:
        return "one on linux"
    #elseif os(iOS)
    case 1:
        return "one on iOS"
    #endif
    case let n where n < 0:
        return "negative"
    default:
        #if DEBUG
        return "other (debug)"
        #else
        return "other"
        #endif
    }
}

class Base {
    func configure() {}
    #if os(iOS)
    func configure(with traits: UITraitCollection) {}
    #endif
}

final class Derived: Base {
    override func configure() {
        super.configure()
        #if os(iOS)
        configure(with: UITraitCollection())
        #endif
    }

    #if os(iOS)
    override func configure(with traits: UITraitCollection) {
        super.configure(with: traits)
    }
    #else
    func configure(with traits: [String: Any]) {
        print(traits)
    }
    #endif
}

#if compiler(>=5.9) && swift(>=5.9)
@freestanding(expression)
macro conditionalStringify<T>(_ value: T) -> (T, String) = #externalMacro(module: "CorpusMacros", type: "StringifyMacro")
#endif

#if false
func neverCompiled() {
    print("inactive but still well-formed")
}
#elseif true
func alwaysCompiled() {
    let inline = { () -> Int in
        #if DEBUG
        return 1
        #else
        return 0
        #endif
    }
    _ = inline()
}
#endif
