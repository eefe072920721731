#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Findings recorded so that only new ones fail a run. An entry is keyed by what survives
/// unrelated edits — rule, file path, enclosing type and function, and the flagged line's text
/// with whitespace normalized — not by line number: inserting lines above a recorded finding
/// keeps it recorded, while a second identical finding in the same function is new, because
/// each key remembers how many times it occurred.
public struct Baseline: Sendable, Equatable {
    public struct Key: Hashable, Sendable, Comparable {
        public var rule: String
        public var path: String
        public var type: String
        public var function: String
        public var line: String

        public static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.path, lhs.rule, lhs.type, lhs.function, lhs.line) < (rhs.path, rhs.rule, rhs.type, rhs.function, rhs.line)
        }
    }

    /// How many findings each key stands for.
    public private(set) var counts: [Key: Int] = [:]

    public init() {}

    /// A baseline of these findings.
    public init(recording diagnostics: [Diagnostic], sources: [String: SourceExcerpt]) {
        for diagnostic in diagnostics {
            counts[Self.key(for: diagnostic, sources: sources), default: 0] += 1
        }
    }

    public static func key(for diagnostic: Diagnostic, sources: [String: SourceExcerpt]) -> Key {
        var line = ""
        if let text = sources[diagnostic.path]?.lineText(diagnostic.start.line) {
            line = normalize(text)
        }
        return Key(rule: diagnostic.ruleID, path: diagnostic.path, type: diagnostic.enclosingType ?? "",
                   function: diagnostic.enclosingFunction ?? "", line: line)
    }

    /// Whitespace runs become one space; leading and trailing whitespace goes.
    static func normalize(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    }

    /// The findings the baseline does not account for, in their original order.
    public func newFindings(in diagnostics: [Diagnostic], sources: [String: SourceExcerpt]) -> [Diagnostic] {
        var remaining = counts
        return diagnostics.filter { diagnostic in
            let key = Self.key(for: diagnostic, sources: sources)
            guard let count = remaining[key], count > 0 else { return true }
            remaining[key] = count - 1
            return false
        }
    }

    // MARK: - File format

    /// Deterministic JSON: entries sorted, keys in a fixed order.
    public func rendered() -> String {
        let entries = counts.keys.sorted().map { key in
            JSONValue.object([
                ("rule", .string(key.rule)), ("path", .string(key.path)), ("type", .string(key.type)),
                ("function", .string(key.function)), ("line", .string(key.line)), ("count", .int(counts[key] ?? 0)),
            ])
        }
        let document = JSONValue.object([
            ("version", .int(1)),
            ("tool", .string(Lifeguard.name)),
            ("findings", .array(entries)),
        ])
        return document.rendered(pretty: true) + "\n"
    }

    /// A baseline file that cannot be used.
    public struct LoadError: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path): not a usable Lifeguard baseline: \(reason)" }
    }

    /// Reads a baseline written by `rendered()`. A damaged file is an error, never an empty baseline.
    public static func load(path: String) throws(LoadError) -> Baseline {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw LoadError(path: path, reason: "cannot read the file")
        }
        let object: LooseJSON
        do {
            object = try JSONDecoder().decode(LooseJSON.self, from: data)
        } catch {
            throw LoadError(path: path, reason: "it is not valid JSON")
        }
        guard case .object(let document) = object else { throw LoadError(path: path, reason: "expected a JSON object") }
        guard case .int(1)? = document["version"] else { throw LoadError(path: path, reason: "unsupported or missing \"version\"") }
        guard case .array(let findings)? = document["findings"] else { throw LoadError(path: path, reason: "missing \"findings\" list") }
        var baseline = Baseline()
        for (index, item) in findings.enumerated() {
            guard case .object(let entry) = item,
                  let rule = entry["rule"]?.string, let file = entry["path"]?.string,
                  let type = entry["type"]?.string, let function = entry["function"]?.string,
                  let line = entry["line"]?.string, case .int(let count)? = entry["count"], count > 0 else {
                throw LoadError(path: path, reason: "finding \(index + 1) is missing a field or has a wrong type")
            }
            baseline.counts[Key(rule: rule, path: file, type: type, function: function, line: line), default: 0] += count
        }
        return baseline
    }
}

/// A JSON document read without a schema, for checking a file's shape field by field; numbers
/// that are not integers, booleans, `null` and values past `SchemalessDecoding.depthLimit` are
/// all `other`.
private indirect enum LooseJSON: Decodable {
    case object([String: LooseJSON])
    case array([LooseJSON])
    case string(String)
    case int(Int)
    case other

    var string: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    init(from decoder: any Decoder) throws {
        if SchemalessDecoding.isTooDeep(decoder) {
            self = .other
            return
        }
        switch try SchemalessDecoding.containers(decoder, as: LooseJSON.self) {
        case .dictionary(let object)?: self = .object(object)
        case .array(let array)?: self = .array(array)
        case nil:
            let single = try decoder.singleValueContainer()
            if let value = try? single.decode(String.self) {
                self = .string(value)
            } else if let value = try? single.decode(Int.self) {
                self = .int(value)
            } else {
                self = .other
            }
        }
    }
}
