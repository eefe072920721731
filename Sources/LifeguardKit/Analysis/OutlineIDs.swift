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
