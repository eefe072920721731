/// Applies the fixes of one file's diagnostics to its bytes, in one pass.
///
/// Fixes are taken in position order (then rule id, then message, so the outcome does not
/// depend on the order rules ran in); a fix whose edits conflict with one already taken is left
/// for the next pass, when the file has been linted again and the fix rebuilt against the new
/// text. Bytes outside the taken edits are copied unchanged: a BOM, line endings, invalid
/// UTF-8 and all.
public enum FixApplier {
    /// The new bytes and which diagnostics' fixes went into them.
    public struct Outcome: Sendable {
        public var bytes: [UInt8]
        public var applied: [Diagnostic]
        /// Fixes left for a later pass: they conflicted with a fix applied in this one.
        public var deferred: [Diagnostic]
    }

    public static func apply(_ diagnostics: [Diagnostic], to bytes: [UInt8]) -> Outcome {
        let fixable = diagnostics.filter { diagnostic in
            guard let fix = diagnostic.fix else { return false }
            return fix.edits.allSatisfy { $0.range.upperBound <= bytes.count }
        }.sorted(by: applyOrder)
        var taken: [Edit] = []
        var applied: [Diagnostic] = []
        var deferred: [Diagnostic] = []
        for diagnostic in fixable {
            let edits = diagnostic.fix!.edits
            if edits.contains(where: { edit in taken.contains { $0.conflicts(with: edit) } }) {
                deferred.append(diagnostic)
                continue
            }
            taken.append(contentsOf: edits)
            applied.append(diagnostic)
        }
        return Outcome(bytes: rewrite(bytes, with: taken), applied: applied, deferred: deferred)
    }

    /// The bytes with non-conflicting edits applied.
    static func rewrite(_ bytes: [UInt8], with edits: [Edit]) -> [UInt8] {
        guard !edits.isEmpty else { return bytes }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + edits.reduce(0) { $0 + $1.replacement.utf8.count })
        var copied = 0
        for edit in edits.sorted(by: Edit.positionOrder) {
            output.append(contentsOf: bytes[copied..<edit.range.lowerBound])
            output.append(contentsOf: edit.replacement.utf8)
            copied = edit.range.upperBound
        }
        output.append(contentsOf: bytes[copied...])
        return output
    }

    static func applyOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        let left = lhs.fix!.span
        let right = rhs.fix!.span
        if left.lowerBound != right.lowerBound { return left.lowerBound < right.lowerBound }
        if lhs.ruleID != rhs.ruleID { return lhs.ruleID < rhs.ruleID }
        if lhs.message != rhs.message { return lhs.message < rhs.message }
        return left.upperBound < right.upperBound
    }
}
