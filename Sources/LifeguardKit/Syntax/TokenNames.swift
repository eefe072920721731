/// A fixed set of names a rule looks for at tokens (`addSubview`, `viewDidLoad`), matched as Swift
/// compares names but without making a string per token: by length first, then by bytes. Bytes
/// decide when every name is ASCII without a `K` (U+212A KELVIN SIGN is `K` to Swift, and it is the
/// one character outside ASCII that stands for an ASCII letter); otherwise each candidate is
/// compared as a string (`SyntaxTree.token(_:spells:)`).
public struct TokenNames: Sendable {
    /// The names, in the order given; `match` answers a position here.
    public let names: [String]
    /// Positions in `names` by byte length.
    private let byLength: [[Int]]
    private let bytes: [[UInt8]]
    private let bytesDecide: Bool

    public init(_ names: some Sequence<String>) {
        self.names = Array(names)
        bytes = self.names.map { Array($0.utf8) }
        bytesDecide = self.names.allSatisfy { name in name.utf8.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "K") } }
        var byLength: [[Int]] = []
        for (position, name) in bytes.enumerated() {
            while byLength.count <= name.count { byLength.append([]) }
            byLength[name.count].append(position)
        }
        self.byLength = byLength
    }

    /// The position in `names` of the name token `token` spells (backticks aside), if any.
    public func match(_ token: Int, in tree: SyntaxTree) -> Int? {
        guard token >= 0, token < tree.tokens.count else { return nil }
        guard bytesDecide else { return names.indices.first { tree.token(token, spells: names[$0]) } }
        let range = tree.tokens[token].nameRange
        guard range.count < byLength.count, !byLength[range.count].isEmpty else { return nil }
        return tree.source.bytes.withUnsafeBufferPointer { source in
            byLength[range.count].first { position in
                bytes[position].withUnsafeBufferPointer { name in
                    zip(name, source[range]).allSatisfy { $0 == $1 }
                }
            }
        }
    }

    /// Whether `token` spells one of the names.
    public func contains(_ token: Int, in tree: SyntaxTree) -> Bool { match(token, in: tree) != nil }
}
