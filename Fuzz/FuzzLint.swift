import Foundation
@testable import LifeguardKit

// libFuzzer's entry point: one input through the whole pipeline — tokenizer, outline, project
// index, every rule, every reporter — checking the invariants the front end promises on the way.
//
// The first 0x00 byte, if any, splits the input into two files of one run, so the cross-file
// index (a base class in one file, its subclass in the other) is fuzzed too.
//
// LIFEGUARD_FUZZ_MODE=frontend stops after the front end's invariants: ten times the inputs per
// second for the code most exposed to arbitrary bytes. LIFEGUARD_FUZZ_MODE=plist reads the input
// as an Xcode project file instead, and LIFEGUARD_FUZZ_MODE=globs as lines of excluded and
// included globs and paths, which the run's compiled filter must decide as each glob does.
//
// Built by Fuzz/run.sh, which compiles this file into the LifeguardRules module; it is not part
// of the SwiftPM package.

private let mode = ProcessInfo.processInfo.environment["LIFEGUARD_FUZZ_MODE"]
private let frontEndOnly = mode == "frontend"
/// `LIFEGUARD_FUZZ_MODE=plist`: the input is a `project.pbxproj` (seed with real ones).
private let projectOnly = mode == "plist"
/// `LIFEGUARD_FUZZ_MODE=globs`: see `checkPathFilter`.
private let globsOnly = mode == "globs"

/// The rules and reporters, set up once: a fuzzer calls the entry point millions of times.
private let configuration = LintConfiguration(rules: RuleRegistry.rules.map { RuleSetup(rule: $0) })
private let reporters: [any Reporter] = [
    XcodeReporter(), JSONReporter(), SARIFReporter(), GitHubReporter(), CheckstyleReporter(), JUnitReporter(),
    GitLabReporter(), SummaryReporter(),
]
/// Rule descriptions with their long documentation cut: the SARIF reporter renders the
/// documentation of every rule it is given, which would otherwise cost more than everything else
/// together and does not depend on the input.
private let ruleDescriptions = RuleRegistry.rules.map { rule in
    var description = rule.description
    description.documentation = RuleDocumentation(whatItDoes: "d", whyIsThisBad: "w", example: "e", useInstead: "u",
                                                  knownLimitations: "k")
    description.triggeringExamples = []
    description.nonTriggeringExamples = []
    return description
}

/// The rules' pass-1 tests (`Rule.candidateTest`), which must let through every file in which
/// their rule reports something.
private let candidateTests: [(id: String, test: CandidateTest)] = configuration.rules.compactMap { setup in
    setup.rule.candidateTest(setup.options).map { (setup.rule.description.id, $0) }
}

/// Pass 2's admission of files (words, then tests): it must let through every file with a finding.
private let anchors = AnchorWords(configuration)

@_cdecl("LLVMFuzzerTestOneInput")
public func lifeguardFuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = size > 0 && data != nil ? Array(UnsafeBufferPointer(start: data, count: size)) : []
    if projectOnly {
        // Project files come from the repository being linted: any bytes end in targets or an error.
        if let project = try? XcodeProject(parsing: bytes, projectDirectory: "/fuzz") {
            for target in project.targets { precondition(target.swiftFiles.allSatisfy { $0.hasPrefix("/") }, "paths are absolute") }
        }
        return 0
    }
    if globsOnly {
        checkPathFilter(bytes)
        return 0
    }
    let inputs: [LintInput]
    if let split = bytes.firstIndex(of: 0) {
        inputs = [LintInput(path: "/fuzz/Base.swift", bytes: Array(bytes[..<split])),
                  LintInput(path: "/fuzz/Screen.swift", bytes: Array(bytes[(split + 1)...]))]
    } else {
        inputs = [LintInput(path: "/fuzz/Screen.swift", bytes: bytes)]
    }
    let trees = inputs.map { SyntaxTree(source: SourceFile(path: $0.path, bytes: $0.bytes)) }
    for tree in trees {
        checkInvariants(tree)
        checkOutlineWithoutTrivia(matches: tree)
    }
    if frontEndOnly { return 0 }
    let result = Linter.lint(trees: trees, configuration: configuration)
    for diagnostic in result.diagnostics {
        let fileSize = inputs.first { $0.path == diagnostic.path }?.bytes.count ?? -1
        precondition(diagnostic.range.lowerBound >= 0 && diagnostic.range.upperBound <= fileSize,
                     "a diagnostic points outside its file")
    }
    for tree in trees {
        let lean = SyntaxTree(significantTokensOf: tree.source)
        for (id, test) in candidateTests where !test(lean) {
            precondition(!result.diagnostics.contains { $0.path == tree.source.path && $0.ruleID == id },
                         "\(id)'s pass-1 test turns away a file it reports in")
        }
        if let anchors, !anchors.mayFire(in: lean) {
            precondition(!result.diagnostics.contains { $0.path == tree.source.path },
                         "pass 2 would skip a file with a finding")
        }
    }
    // With nothing to report, every reporter prints the same empty report whatever the input:
    // tiny inputs keep those paths covered without paying for them on every input.
    if result.diagnostics.isEmpty && size > 8 { return 0 }
    // Only the rules that reported: findings both with a rule entry and (engine diagnostics such
    // as unknown_rule_in_suppression) without one.
    let reported = Set(result.diagnostics.map(\.ruleID))
    let context = ReportContext(rules: ruleDescriptions.filter { reported.contains($0.id) }, workingDirectory: "/fuzz")
    for reporter in reporters {
        _ = reporter.report(result, context: context)
    }
    return 0
}

/// Pass 1 reads trees without trivia: the same tokens, trivia removed, and the same outline, each
/// node, call and function at the same bytes.
private func checkOutlineWithoutTrivia(matches full: SyntaxTree) {
    let lean = SyntaxTree(significantTokensOf: full.source)
    precondition(lean.tokens == full.tokens.filter { !$0.isTrivia }, "a tree without trivia has the same tokens")
    precondition(lean.droppedComments.map { Int($0.lowerBound)..<Int($0.upperBound) }
                    == full.tokens.filter(\.kind.isComment).map(\.range), "its comments are set aside")
    // The lexer pairs a tree without trivia's brackets as it writes them; a full tree's are paired
    // by a pass over its tokens. Both pair the same brackets.
    var leanIndex = 0
    for (index, token) in full.tokens.enumerated() where !token.isTrivia {
        let partner = full.partner(ofToken: index).map { full.tokens[$0].range }
        precondition(lean.partner(ofToken: leanIndex).map { lean.tokens[$0].range } == partner,
                     "the same bracket pairs without trivia")
        leanIndex += 1
    }
    let bytes: (SyntaxTree, Range<Int>) -> Range<Int>? = { tree, range in
        let significant = tree.significantTokens(in: range)
        guard let first = significant.first, let last = significant.last else { return nil }
        return tree.tokens[first].startOffset..<tree.tokens[last].endOffset
    }
    let outline = (lean: lean.outline, full: full.outline)
    precondition(outline.lean.nodes.count == outline.full.nodes.count, "as many nodes without trivia")
    for (a, b) in zip(outline.lean.nodes, outline.full.nodes) {
        precondition(a.kind == b.kind && a.parent == b.parent && a.detail == b.detail && a.subtreeEnd == b.subtreeEnd
                        && bytes(lean, a.tokens) == bytes(full, b.tokens), "the same node without trivia")
    }
    precondition(outline.lean.calls.count == outline.full.calls.count, "as many calls without trivia")
    for (a, b) in zip(outline.lean.calls, outline.full.calls) {
        precondition(lean.tokens[a.nameToken].range == full.tokens[b.nameToken].range && a.arguments == b.arguments,
                     "the same call without trivia")
    }
    precondition(outline.lean.functions.map(\.fullName) == outline.full.functions.map(\.fullName),
                 "the same functions without trivia")
}

/// What the front end promises for any bytes: tokens tile the file, and the outline's nodes are
/// a well-formed pre-order tree over token ranges that exist.
private func checkInvariants(_ tree: SyntaxTree) {
    var offset = 0
    for token in tree.tokens {
        precondition(token.startOffset == offset && token.endOffset > offset, "tokens must tile the file")
        offset = token.endOffset
    }
    precondition(offset == tree.source.bytes.count, "tokens must cover the file")
    let nodes = tree.outline.nodes
    for (index, node) in nodes.enumerated() {
        precondition(node.tokens.lowerBound < node.tokens.upperBound && node.tokens.upperBound <= tree.tokens.count,
                     "a node spans tokens that do not exist")
        precondition(node.parent < index && node.subtreeEnd > index && node.subtreeEnd <= nodes.count,
                     "nodes must be in pre-order")
        if node.parent >= 0 {
            precondition(node.subtreeEnd <= nodes[node.parent].subtreeEnd, "a node must nest inside its parent")
        }
    }
    // Every block opens before it closes, and closes at a token of the file or at its end (the
    // raw token count, trivia included, for a block the file leaves open).
    let count = tree.tokens.count
    let outline = tree.outline
    func checkBlock(_ block: Block?, marksOnly: Bool = false) {
        guard let block else { return }
        precondition(block.open >= 0 && (marksOnly ? block.open <= block.close : block.open < block.close)
                        && block.close <= count, "a block closes after it opens")
    }
    outline.types.forEach { checkBlock($0.body) }
    outline.functions.forEach { checkBlock($0.body) }
    outline.variables.forEach { checkBlock($0.accessors) }
    outline.closures.forEach { checkBlock($0.body) }
    // A case's body is its `:` (its statements are its node's tokens).
    outline.conditionals.forEach { checkBlock($0.body, marksOnly: $0.kind == .switchCase); checkBlock($0.elseBody) }
    for call in outline.calls {
        precondition(call.chainStart >= 0 && call.chainStart <= call.nameToken && call.nameToken < count,
                     "a call's chain starts at or before its name")
        checkBlock(call.parentheses)
    }
    // The queries rules build on: every answer must be a token of the file, in order.
    var index = 0
    while index < count {
        if !tree.tokens[index].isTrivia {
            let start = tree.postfixExpressionStart(endingAt: index)
            precondition(start >= 0 && start <= index, "a postfix chain must start at or before its end")
            if let other = tree.partner(ofToken: index) { precondition(tree.partner(ofToken: other) == index, "pairs are mutual") }
            if let next = tree.nextSignificant(after: index) { precondition(next > index && next < count, "next is after") }
            for link in tree.memberLinks(after: index) { precondition(link > index && link < count, "links follow") }
        }
        let window = index..<(index + 64)
        precondition(tree.significantCount(in: window) == tree.significantTokens(in: window).count,
                     "counted and gathered agree")
        index += 1 + index % 5
    }
    _ = tree.outlineDescription()
}

/// The input's lines are globs (`x ` excluded, `i ` included) and paths, any bytes: the run's
/// compiled filter (globs in sets and tries, filed under their text) must decide every path as
/// matching each glob on its own does. The trie is a filter of candidates only, and turns a path
/// away only when no glob of the list could match it: canonically equivalent spellings (`K` and
/// KELVIN SIGN, `é` precomposed or not) are where its bytes and `Character` comparison could part.
private func checkPathFilter(_ bytes: [UInt8]) {
    var configuration = Configuration(baseDirectory: "/fuzz")
    var paths: [String] = []
    // Lines are few and short: each path is matched against every glob twice, on its own.
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n").prefix(48) where line.utf8.count <= 96 {
        if line.hasPrefix("x ") {
            configuration.excluded.append(String(line.dropFirst(2)))
        } else if line.hasPrefix("i ") {
            configuration.included.append(String(line.dropFirst(2)))
        } else {
            paths.append(String(line))
        }
    }
    let filter = configuration.pathFilter()
    for path in paths {
        let relative = configuration.relativeToBase(path, workingDirectory: configuration.baseDirectory)
        for isDirectory in [false, true] {
            var expected = configuration.excluded.contains { Glob.matches($0, path: relative, orAncestor: true) }
            if !expected, !configuration.included.isEmpty {
                expected = !configuration.included.contains { pattern in
                    Glob.matches(pattern, path: relative, orAncestor: true)
                        || (isDirectory && Glob.mayMatchBelow(pattern, directory: relative))
                }
            }
            precondition(filter.isExcluded(path, isDirectory: isDirectory, workingDirectory: configuration.baseDirectory) == expected,
                         "the compiled filter decides \(path) (directory: \(isDirectory)) as its globs do")
        }
    }
}
