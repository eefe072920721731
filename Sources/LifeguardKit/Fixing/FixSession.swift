/// One file a fix run changed: its bytes before and after, and how many fixes of each rule went
/// into it.
public struct FixedFile: Sendable, Equatable {
    public var path: String
    public var original: [UInt8]
    public var fixed: [UInt8]
    /// Rule id → fixes applied, over all passes.
    public var fixesByRule: [String: Int]

    public var fixCount: Int { fixesByRule.values.reduce(0, +) }
}

/// What a fix run did and what is left.
public struct FixOutcome: Sendable {
    /// The files whose bytes changed, in input order.
    public var files: [FixedFile]
    /// The first lint, of the files as they were.
    public var initial: LintResult
    /// A lint of the fixed sources: the findings that remain (suppressions applied, a baseline
    /// not: the caller filters this as it filters a lint).
    public var remaining: LintResult
    /// Passes that applied at least one fix.
    public var passes: Int
    /// False when the last pass still applied fixes and the pass limit stopped the run.
    public var converged: Bool
}

/// Lints, applies every certain fix of the findings the caller selects, and lints again, until
/// a pass changes nothing or `maxPasses` passes have run. Re-linting after each pass rebuilds
/// the fixes against the new text, so a fix deferred because it overlapped another is applied
/// correctly in a later pass, and a finding another fix resolved is not fixed twice. Only
/// changed files are parsed again; the project index is rebuilt over all of them.
public enum FixSession {
    public static let defaultMaxPasses = 5

    /// `select` picks the findings that may be fixed from each pass's lint, as the run would
    /// report them: suppressed findings are already gone, and a caller with a baseline drops
    /// the findings it records.
    public static func run(_ inputs: [LintInput], configuration: LintConfiguration, maxPasses: Int = defaultMaxPasses,
                           select: (LintResult) -> [Diagnostic] = { $0.diagnostics }) -> FixOutcome {
        var trees = Parallel.map(inputs) { SyntaxTree(source: SourceFile(path: $0.path, bytes: $0.bytes)) }
        var positions: [String: Int] = [:]
        for (position, tree) in trees.enumerated() where positions[tree.source.path] == nil {
            positions[tree.source.path] = position
        }
        var counts: [Int: [String: Int]] = [:]
        var passes = 0
        var initial: LintResult?
        while true {
            let result = Linter.lint(trees: trees, configuration: configuration)
            if initial == nil { initial = result }
            let fixable = select(result).filter { $0.fix != nil }
            let byFile = Dictionary(grouping: fixable, by: \.path)
            var changed = false
            if passes < maxPasses {
                for path in byFile.keys.sorted() {
                    guard let position = positions[path] else { continue }
                    let outcome = FixApplier.apply(byFile[path]!, to: trees[position].source.bytes)
                    guard !outcome.applied.isEmpty, outcome.bytes != trees[position].source.bytes else { continue }
                    trees[position] = SyntaxTree(source: SourceFile(path: path, bytes: outcome.bytes))
                    for diagnostic in outcome.applied { counts[position, default: [:]][diagnostic.ruleID, default: 0] += 1 }
                    changed = true
                }
            }
            if changed {
                passes += 1
                continue
            }
            let files = inputs.indices.compactMap { position -> FixedFile? in
                guard let fixes = counts[position], trees[position].source.bytes != inputs[position].bytes else { return nil }
                return FixedFile(path: inputs[position].path, original: inputs[position].bytes,
                                 fixed: trees[position].source.bytes, fixesByRule: fixes)
            }
            return FixOutcome(files: files, initial: initial!, remaining: result, passes: passes, converged: fixable.isEmpty || passes < maxPasses)
        }
    }
}
