/// An inline suppression comment: `// lifeguard:disable:next rule_a rule_b - why`.
public struct SuppressionCommand: Sendable, Hashable {
    public enum Action: String, Sendable {
        /// `disable`: from here on, until a matching `enable`.
        case disable
        /// `enable`: ends a `disable` region.
        case enable
        /// `disable:next`: the next line that holds code.
        case disableNext = "disable:next"
        /// `disable:this`: the comment's own line.
        case disableThis = "disable:this"
        /// `disable:previous`: the last line before the comment that holds code.
        case disablePrevious = "disable:previous"
    }

    public var action: Action
    /// Rule ids as written; `all` stands for every rule.
    public var ruleIDs: [String]
    public var reason: String?
    /// The comment's bytes.
    public var range: Range<Int>
    /// The 0-based lines the command covers, for `:next`, `:this` and `:previous`.
    public var line: Int
    /// A `// swiftlint:` comment, its rule ids already translated to Lifeguard's equivalents:
    /// it suppresses, but is never reported as unknown or unused.
    public var isSwiftLint = false
}

/// Reads suppression comments from a file's tokens.
public enum SuppressionParser {
    static let prefix = Array("lifeguard:".utf8)
    static let swiftLintPrefix = Array("swiftlint:".utf8)

    /// SwiftLint rules whose suppression makes the same decision a Lifeguard rule asks about
    /// (contract v2): a line where a team silenced SwiftLint's rule is silenced for Lifeguard's.
    public static let swiftLintEquivalents: [String: String] = [
        "weak_delegate": "strong_delegate",
        "overridden_super_call": "missing_super_call",
        "prohibited_super_call": "super_load_view_in_custom_root",
    ]

    public static func commands(in tree: SyntaxTree) -> [SuppressionCommand] {
        var commands: [SuppressionCommand] = []
        let bytes = tree.source.bytes
        for comment in tree.comments where comment.kind == .lineComment || comment.kind == .blockComment {
            var start = comment.range.lowerBound + 2
            var end = comment.range.upperBound
            if comment.kind == .blockComment, end - start >= 2, bytes[end - 1] == UInt8(ascii: "/"),
               bytes[end - 2] == UInt8(ascii: "*") {
                end -= 2
            }
            while start < end, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") { start += 1 }
            var parsed: SuppressionCommand?
            if end - start > prefix.count, bytes[start..<(start + prefix.count)].elementsEqual(prefix) {
                parsed = parse(tree.source.text((start + prefix.count)..<end), range: comment.range)
            } else if end - start > swiftLintPrefix.count,
                      bytes[start..<(start + swiftLintPrefix.count)].elementsEqual(swiftLintPrefix) {
                parsed = parseSwiftLint(tree.source.text((start + swiftLintPrefix.count)..<end), range: comment.range)
            }
            guard var command = parsed else { continue }
            let commentLine = tree.source.lineIndex(of: comment.range.lowerBound)
            let lineOfToken = { (token: Int) in tree.source.lineIndex(of: tree.tokens[token].startOffset) }
            switch command.action {
            case .disableNext:
                command.line = tree.firstSignificant(atOrAfter: comment.range.upperBound).map(lineOfToken) ?? commentLine + 1
            case .disablePrevious:
                command.line = tree.lastSignificant(before: comment.range.lowerBound).map(lineOfToken) ?? max(0, commentLine - 1)
            default:
                command.line = commentLine
            }
            commands.append(command)
        }
        return commands
    }

    /// Parses what follows `lifeguard:`; `nil` when it is not a command.
    static func parse(_ text: String, range: Range<Int>) -> SuppressionCommand? {
        var body = Substring(text)
        var reason: String?
        // ` - ` separates the ids from a free-text reason.
        let characters = Array(body)
        if characters.count >= 3 {
            for offset in 0...(characters.count - 3)
            where characters[offset] == " " && characters[offset + 1] == "-" && characters[offset + 2] == " " {
                reason = String(characters[(offset + 3)...]).trimmingCharacters(in: " \t")
                body = Substring(String(characters[..<offset]))
                break
            }
        }
        let words = body.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).map(String.init)
        guard let verb = words.first, let action = SuppressionCommand.Action(rawValue: verb) else { return nil }
        return SuppressionCommand(action: action, ruleIDs: Array(words.dropFirst()), reason: reason, range: range, line: 0)
    }

    /// A `swiftlint:` command, kept only when it names a rule with a Lifeguard equivalent (or
    /// `all`), with its ids translated.
    static func parseSwiftLint(_ text: String, range: Range<Int>) -> SuppressionCommand? {
        guard var command = parse(text, range: range) else { return nil }
        let translated = command.ruleIDs.flatMap { id -> [String] in
            if id == "all" { return Array(swiftLintEquivalents.values).sorted() }
            return swiftLintEquivalents[id].map { [$0] } ?? []
        }
        guard !translated.isEmpty else { return nil }
        command.ruleIDs = translated
        command.reason = nil
        command.isSwiftLint = true
        return command
    }
}

extension String {
    func trimmingCharacters(in characters: String) -> String {
        var slice = Substring(self)
        while let first = slice.first, characters.contains(first) { slice.removeFirst() }
        while let last = slice.last, characters.contains(last) { slice.removeLast() }
        return String(slice)
    }
}

/// Applies a file's suppression commands to its diagnostics, and reports commands that name
/// unknown rules or (on request) suppress nothing.
public struct SuppressionFilter {
    public let commands: [SuppressionCommand]
    public let knownRuleIDs: Set<String>

    public init(commands: [SuppressionCommand], knownRuleIDs: Set<String>) {
        self.commands = commands
        self.knownRuleIDs = knownRuleIDs
    }

    public struct Outcome {
        public var kept: [Diagnostic]
        /// Commands (by index) with the ids that hid at least one diagnostic.
        public var used: [Int: Set<String>]
    }

    public func apply(to diagnostics: [Diagnostic], lineOf: (Int) -> Int) -> Outcome {
        // Line commands by their line, in order; region commands in order. Diagnostics are read
        // in source order, so each region command is read once however many findings follow it
        // (a file of thousands of suppressed findings was quadratic).
        var lineCommands: [Int: [Int]] = [:]
        var regionCommands: [Int] = []
        for (index, command) in commands.enumerated() {
            switch command.action {
            case .disable, .enable: regionCommands.append(index)
            case .disableNext, .disableThis, .disablePrevious: lineCommands[command.line, default: []].append(index)
            }
        }
        var regions = RegionState()
        var read = 0
        var verdicts = [(command: Int, id: String)?](repeating: nil, count: diagnostics.count)
        for position in diagnostics.indices.sorted(by: { diagnostics[$0].range.lowerBound < diagnostics[$1].range.lowerBound }) {
            let diagnostic = diagnostics[position]
            // The region commands before the diagnostic: those up to the first one after it.
            while read < regionCommands.count, commands[regionCommands[read]].range.lowerBound <= diagnostic.range.lowerBound {
                regions.read(commands[regionCommands[read]], at: regionCommands[read])
                read += 1
            }
            if let region = regions.disabling(diagnostic.ruleID), let id = matchingID(commands[region], diagnostic.ruleID) {
                // Credited under the id by which the deciding command names the rule.
                verdicts[position] = (region, id)
                continue
            }
            for index in lineCommands[lineOf(diagnostic.range.lowerBound)] ?? [] {
                if let id = matchingID(commands[index], diagnostic.ruleID) {
                    verdicts[position] = (index, id)
                    break
                }
            }
        }
        var used: [Int: Set<String>] = [:]
        var kept: [Diagnostic] = []
        for position in diagnostics.indices {
            if let verdict = verdicts[position] {
                used[verdict.command, default: []].insert(verdict.id)
            } else {
                kept.append(diagnostics[position])
            }
        }
        return Outcome(kept: kept, used: used)
    }

    /// What the region commands read so far say, rule by rule. For a rule: in each kind of comment
    /// (Lifeguard's, SwiftLint's), the last `disable` or `enable` naming it (or `all`) decides,
    /// Lifeguard's first — so a SwiftLint `enable` never undoes a Lifeguard `disable`.
    private struct RegionState {
        /// By kind (SwiftLint's or not): the last command naming each rule, and the last naming
        /// `all`, with whether it disables.
        private var named: [Bool: [String: (index: Int, disables: Bool)]] = [:]
        private var all: [Bool: (index: Int, disables: Bool)] = [:]

        mutating func read(_ command: SuppressionCommand, at index: Int) {
            let disables = command.action == .disable
            for id in command.ruleIDs where id != "all" { named[command.isSwiftLint, default: [:]][id] = (index, disables) }
            if command.ruleIDs.contains("all") { all[command.isSwiftLint] = (index, disables) }
        }

        /// The region command that hides a finding of `ruleID`, if one does.
        func disabling(_ ruleID: String) -> Int? {
            disabling(ruleID, swiftLint: false) ?? disabling(ruleID, swiftLint: true)
        }

        /// The last command of one kind naming `ruleID` or `all`, when it disables.
        private func disabling(_ ruleID: String, swiftLint: Bool) -> Int? {
            let byName = named[swiftLint]?[ruleID]
            let byAll = all[swiftLint]
            guard let last = (byName?.index ?? -1) >= (byAll?.index ?? -1) ? byName : byAll else { return nil }
            return last.disables ? last.index : nil
        }
    }

    private func matchingID(_ command: SuppressionCommand, _ ruleID: String) -> String? {
        if command.ruleIDs.contains(ruleID) { return ruleID }
        if command.ruleIDs.contains("all") { return "all" }
        return nil
    }
}
