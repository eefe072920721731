/// A typed index into one of a file's arrays: a `CallID` can only look up a call, so a call's
/// position is never mistaken for a node's or a token's.
public struct OutlineID<Element>: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let index: Int

    @inlinable public init(_ index: Int) { self.index = index }

    @inlinable public static func < (lhs: OutlineID, rhs: OutlineID) -> Bool { lhs.index < rhs.index }

    public var description: String { "#\(index)" }
}

/// A node of the outline.
public typealias NodeID = OutlineID<Node>
/// A call site.
public typealias CallID = OutlineID<Call>
/// A `func`, `init`, `deinit`, `subscript` or accessor.
public typealias FunctionID = OutlineID<FunctionDeclaration>
/// A `let`/`var` binding: property, local, global or condition binding.
public typealias VariableID = OutlineID<VariableDeclaration>
/// A closure literal.
public typealias ClosureID = OutlineID<Closure>
/// A type declaration or extension.
public typealias TypeID = OutlineID<TypeDeclaration>
/// An assignment statement.
public typealias AssignmentID = OutlineID<Assignment>
/// A conditional statement or switch case.
public typealias ConditionalID = OutlineID<Conditional>
/// A raw token of the file (trivia included).
public typealias TokenID = OutlineID<Token>

extension Outline {
    @inlinable public subscript(id: NodeID) -> Node { nodes[id.index] }
    @inlinable public subscript(id: CallID) -> Call { calls[id.index] }
    @inlinable public subscript(id: FunctionID) -> FunctionDeclaration { functions[id.index] }
    @inlinable public subscript(id: VariableID) -> VariableDeclaration { variables[id.index] }
    @inlinable public subscript(id: ClosureID) -> Closure { closures[id.index] }
    @inlinable public subscript(id: TypeID) -> TypeDeclaration { types[id.index] }
    @inlinable public subscript(id: AssignmentID) -> Assignment { assignments[id.index] }
    @inlinable public subscript(id: ConditionalID) -> Conditional { conditionals[id.index] }
}

extension Call {
    /// The call's node as a typed id.
    @inlinable public var nodeID: NodeID { NodeID(node) }
}

extension Closure {
    @inlinable public var nodeID: NodeID { NodeID(node) }
}

extension FunctionDeclaration {
    @inlinable public var nodeID: NodeID { NodeID(node) }
}

extension VariableDeclaration {
    @inlinable public var nodeID: NodeID { NodeID(node) }
}

extension Assignment {
    @inlinable public var nodeID: NodeID { NodeID(node) }
}

extension Conditional {
    @inlinable public var nodeID: NodeID { NodeID(node) }
}

extension TypeDeclaration {
    @inlinable public var nodeID: NodeID { NodeID(node) }
}

/// The locals an alias walk has passed (`let a = b; let b = a` must end), kept without a heap
/// allocation for the few a walk usually meets: these walks run for most locals of every file.
struct VisitedLocals {
    private var inline: (Int32, Int32, Int32, Int32, Int32, Int32, Int32, Int32) = (0, 0, 0, 0, 0, 0, 0, 0)
    private var inlineCount = 0
    private var overflow: Set<Int> = []

    init() {}

    /// Adds `variable`; whether it was not there yet.
    mutating func insert(_ variable: VariableID) -> Bool {
        let index = variable.index
        if index >= 0, index <= Int(Int32.max) {
            let value = Int32(index)
            let found = withUnsafeBytes(of: &inline) { raw in
                raw.bindMemory(to: Int32.self).prefix(inlineCount).contains(value)
            }
            if found { return false }
            if inlineCount < 8 {
                withUnsafeMutableBytes(of: &inline) { raw in raw.bindMemory(to: Int32.self)[inlineCount] = value }
                inlineCount += 1
                return true
            }
        }
        return overflow.insert(index).inserted
    }
}
