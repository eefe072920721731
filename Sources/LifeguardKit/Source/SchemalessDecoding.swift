/// Decoding a document whose shape is not known in advance (a baseline's JSON, a converted
/// project's plist): containers are walked here, the kinds of leaf values are the caller's.
enum SchemalessDecoding {
    /// Levels below this are not descended into (see `isTooDeep`): the document comes from a
    /// repository, and each level is a frame of recursion.
    static let depthLimit = 256

    /// What `decoder` holds when it is a container: `.dictionary` of its keys' values or `.array`,
    /// each element decoded as `Value`; `nil` for a single value.
    static func containers<Value: Decodable>(_ decoder: any Decoder, as _: Value.Type) throws -> Container<Value>? {
        if let keyed = try? decoder.container(keyedBy: AnyCodingKey.self) {
            var dictionary: [String: Value] = [:]
            for key in keyed.allKeys { dictionary[key.stringValue] = try keyed.decode(Value.self, forKey: key) }
            return .dictionary(dictionary)
        }
        if var unkeyed = try? decoder.unkeyedContainer() {
            var array: [Value] = []
            while !unkeyed.isAtEnd { array.append(try unkeyed.decode(Value.self)) }
            return .array(array)
        }
        return nil
    }

    enum Container<Value> {
        case dictionary([String: Value])
        case array([Value])
    }

    /// Whether `decoder` is past the depth limit: the caller reads a placeholder there instead of
    /// decoding further.
    static func isTooDeep(_ decoder: any Decoder) -> Bool { decoder.codingPath.count >= depthLimit }
}

/// A key of a dictionary, whatever it is.
struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
