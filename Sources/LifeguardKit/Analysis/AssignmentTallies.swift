extension ProjectIndex {
    /// How many of some assignments give each shape of value.
    public struct AssignmentTally: Sendable, Equatable {
        public var creations = 0
        public var others = 0
        /// `self` and emptied collections: values that are neither new objects nor `.other`.
        public var remaining = 0
        public var nils = 0

        public init() {}

        /// The values given, `nil` not counted: clearing a member gives it nothing.
        public var values: Int { creations + others + remaining }

        mutating func add(_ value: AssignedValue) {
            switch value {
            case .creation: creations += 1
            case .other: others += 1
            case .nilLiteral: nils += 1
            case .selfReference, .emptyCollection: remaining += 1
            }
        }

        public static func + (left: AssignmentTally, right: AssignmentTally) -> AssignmentTally {
            var sum = left
            sum.creations += right.creations
            sum.others += right.others
            sum.remaining += right.remaining
            sum.nils += right.nils
            return sum
        }
    }

    /// The run's assignments to one member name, tallied by the type that makes or receives each:
    /// what a rule asks per property of that name (does anything give this type's `delegate` a
    /// value that is not a new object?) is read from one entry, where filtering every assignment
    /// of the name for each property was quadratic in properties of one name.
    public struct AssignmentTallies: Sendable {
        /// `name = ...` and `self.name = ...`, by the key of the type whose code makes them as
        /// the assignment records it (`nil`: not known).
        public var ownByType: [String?: AssignmentTally] = [:]
        /// The same, by every base the making type inherits from, itself included: the entry of
        /// `base` tallies the assignments whose `inherits(typeKey, from: base)` holds.
        public var ownByBase: [String: AssignmentTally] = [:]
        /// `x.name = ...` where `x`'s type is evident, by that type as the assignment records it.
        public var receivedByType: [String: AssignmentTally] = [:]
        /// The same, by every base the receiver's type inherits from, itself included.
        public var receivedByBase: [String: AssignmentTally] = [:]
        /// `x.name = ...` where `x`'s type is not evident.
        public var unresolved = AssignmentTally()

        init(_ assignments: [Assignment], index: ProjectIndex) {
            // One chain walk per distinct type, not per assignment.
            var bases: [String: Set<String>] = [:]
            func basesOf(_ type: String) -> Set<String> {
                if let known = bases[type] { return known }
                var found = Set<String>()
                index.inheritedBases(of: type, into: &found)
                bases[type] = found
                return found
            }
            for assignment in assignments {
                if assignment.isOwnMember {
                    ownByType[assignment.typeKey, default: AssignmentTally()].add(assignment.value)
                    guard let type = assignment.typeKey else { continue }
                    for base in basesOf(type) { ownByBase[base, default: AssignmentTally()].add(assignment.value) }
                } else if let receiver = assignment.receiverType {
                    receivedByType[receiver, default: AssignmentTally()].add(assignment.value)
                    for base in basesOf(receiver) { receivedByBase[base, default: AssignmentTally()].add(assignment.value) }
                } else {
                    unresolved.add(assignment.value)
                }
            }
        }
    }

    /// What the run assigns to members named `name`, tallied by type (`AssignmentTallies`); made
    /// once per name, on the first question about it.
    public func assignmentTallies(of name: String) -> AssignmentTallies {
        assignmentTallyCache.value(for: name) { AssignmentTallies(assignedValues[name] ?? [], index: self) }
    }
}

extension ProjectIndex {
    /// What the functions of a type and its superclasses (every file, at most 32 classes up) do
    /// with `effect` to `self`, its properties and other objects: worked out once per type and
    /// effect for the run. Every file touching the type asked, and merging the type's whole
    /// effect set again for each made thousands of extension files of one class quadratic.
    public func targets(of effect: CallSummaries.Effect, inTypeChainOf key: String) -> Set<CallSummaries.Target> {
        chainTargetCache.value(for: key + "\u{0}" + String(effect.rawValue)) {
            var targets = Set<CallSummaries.Target>()
            var current: String? = key
            var seen = Set<String>()
            while let type = current, seen.insert(type).inserted, seen.count <= 32 {
                for targetEffect in summaries.effects(inType: type) where targetEffect.effect == effect {
                    targets.insert(targetEffect.target)
                }
                current = superclass(of: type)
            }
            return targets
        }
    }
}
