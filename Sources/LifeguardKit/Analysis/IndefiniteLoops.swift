/// Where a file has loops that may run until cancelled — `while`, `repeat` and `for await` — so
/// that "is there one inside this node?" costs two array reads. Counted once per file: asking
/// for each of many nested closures by walking its subtree would be quadratic in their nesting.
public struct IndefiniteLoops: Sendable {
    /// `before[i]`: how many such loops are among nodes `0..<i` (nodes are in pre-order).
    private let before: [Int32]

    public init(_ tree: SyntaxTree) {
        let outline = tree.outline
        var before = [Int32](filledWith: 0, count: outline.nodes.count + 1)
        for index in outline.nodes.indices {
            var loops = before[index]
            let node = outline.nodes[index]
            if node.kind == .conditional {
                let conditional = outline.conditionals[node.detail]
                switch conditional.kind {
                case .while, .repeatWhile:
                    loops += 1
                case .forIn where tree.significantTokens(in: conditional.condition).contains(where: { tree.token($0, is: "await") }):
                    loops += 1
                default:
                    break
                }
            }
            before[index + 1] = loops
        }
        self.before = before
    }

    /// Whether node `node`'s subtree (the node itself excluded) holds such a loop.
    public func inside(_ node: Int, of outline: Outline) -> Bool {
        guard node >= 0, node + 1 < before.count else { return false }
        let end = min(outline.nodes[node].subtreeEnd, before.count - 1)
        return end > node + 1 && before[end] > before[node + 1]
    }
}
