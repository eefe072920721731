#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Which files pass 2 must lint. Every rule names the words (`addChild`, `viewDidLoad`) at least
/// one of which a file must spell for the rule to find anything in it; a file that spells none of
/// the enabled rules' words, and holds no `lifeguard:` comment for the suppression checks, cannot
/// have a finding, so pass 2 neither parses it again nor builds its model. Most files of an app
/// (models, services, tests) are such files.
///
/// The words are a necessary condition only. A rule can refine them with a test of pass 1's tree
/// (`Rule.candidateTest`): the test then runs on the files that spell one of that rule's words
/// (the words are the cheap first look, the test the second), and a file passes for the rule
/// only if the test does. A rule whose words would be in nearly every file (`self`) names none,
/// and its test runs on every file.
public struct AnchorWords: Sendable {
    /// Which rules a word stands for: a bit per rule with a test (its position in `gatedTests`),
    /// and `ungated` for rules without one, for which the word alone decides.
    typealias RuleMask = UInt64
    static let ungated: RuleMask = 1 << 63
    /// How many rules with words can bring a test; the rest are decided by their words alone.
    static let maxGatedTests = 63

    /// Candidate words, looked up by their bytes, and the rules each stands for (by slot): a
    /// token costs one lookup however many words a configuration names (compared one by one
    /// with the words of its length, 16,000 configured method names made a run quadratic).
    private let words: NameSlots
    private let wordRules: [RuleMask]
    /// Endings that count as words (`Delegate`), a table per length, with the rules they stand
    /// for and which bytes they start with: a token is looked up once per length of ending whose
    /// first byte it has at that distance from its end (most tokens that end in `e` are no
    /// `...Delegate`, and are turned away without hashing).
    private let suffixes: [(length: Int, endings: NameSlots, rules: [RuleMask], firstBytes: [Bool])]
    /// For each first byte, a bit for each word length starting with it (bit 63: 63 or longer),
    /// and for each last byte whether a suffix ends with it: most identifiers of a file are
    /// turned away by one look at each table.
    private let lengthsByFirstByte: [UInt64]
    private let suffixLastBytes: [Bool]
    /// The tests of rules with words, run when a file spells one of the rule's words.
    private let gatedTests: [CandidateTest]
    /// The tests of rules that name no words, run on every file.
    private let ungatedTests: [CandidateTest]
    /// No word is a keyword and no ending ends one: keyword tokens (a fifth of a file's
    /// significant tokens), whose bytes spell a `Keyword`, are not looked at.
    private let skipsKeywords: Bool

    /// `nil` when some enabled rule may fire in any file (it names no words and brings no test,
    /// or a word this byte comparison cannot stand for and no test): every file is linted.
    public init?(_ configuration: LintConfiguration) {
        var words: [String: RuleMask] = [:]
        var suffixes: [String: RuleMask] = [:]
        var gated: [CandidateTest] = []
        var ungated: [CandidateTest] = []
        for setup in configuration.rules {
            let test = setup.rule.candidateTest(setup.options)
            let endings = setup.rule.anchorSuffixes(setup.options)
            let anchors = setup.rule.anchorWords(setup.options)
            let comparable = anchors.map { $0.allSatisfy(Self.isComparableByBytes) && endings.allSatisfy(Self.isComparableByBytes) }
            guard let anchors, comparable == true else {
                // No words the bytes can find: the test decides on every file, or nothing does.
                guard let test else { return nil }
                ungated.append(test)
                continue
            }
            var mask = Self.ungated
            if let test, gated.count < Self.maxGatedTests {
                mask = 1 << UInt64(gated.count)
                gated.append(test)
            }
            for word in anchors { words[word, default: 0] |= mask }
            for ending in endings { suffixes[ending, default: 0] |= mask }
        }
        self.init(words: words, suffixes: suffixes, gatedTests: gated, ungatedTests: ungated)
    }

    /// Words and endings that decide alone (for tests of the mechanism).
    init(words: Set<String>, suffixes: Set<String> = []) {
        self.init(words: Dictionary(uniqueKeysWithValues: words.map { ($0, Self.ungated) }),
                  suffixes: Dictionary(uniqueKeysWithValues: suffixes.map { ($0, Self.ungated) }),
                  gatedTests: [], ungatedTests: [])
    }

    private init(words: [String: RuleMask], suffixes: [String: RuleMask], gatedTests: [CandidateTest],
                 ungatedTests: [CandidateTest]) {
        self.gatedTests = gatedTests
        self.ungatedTests = ungatedTests
        var table = NameSlots(capacity: words.count)
        var wordRules: [RuleMask] = []
        var lengths = [UInt64](repeating: 0, count: 256)
        for (word, rules) in words {
            guard let first = word.utf8.first else { continue }
            let slot = Int(table.insert(word))
            if slot == wordRules.count { wordRules.append(0) }
            wordRules[slot] |= rules
            lengths[Int(first)] |= 1 << UInt64(min(word.utf8.count, 63))
        }
        self.words = table
        self.wordRules = wordRules
        lengthsByFirstByte = lengths
        skipsKeywords = Self.noneSpellsKeyword(words: words.keys, suffixes: suffixes.keys)
        var lastBytes = [Bool](repeating: false, count: 256)
        var byLength: [Int: (endings: NameSlots, rules: [RuleMask], firstBytes: [Bool])] = [:]
        for (ending, rules) in suffixes {
            guard let first = ending.utf8.first, let last = ending.utf8.last else { continue }
            lastBytes[Int(last)] = true
            var entry = byLength[ending.utf8.count, default: (NameSlots(), [], [Bool](repeating: false, count: 256))]
            let slot = Int(entry.endings.insert(ending))
            if slot == entry.rules.count { entry.rules.append(0) }
            entry.rules[slot] |= rules
            entry.firstBytes[Int(first)] = true
            byLength[ending.utf8.count] = entry
        }
        self.suffixes = byLength.map { (length: $0.key, endings: $0.value.endings, rules: $0.value.rules, firstBytes: $0.value.firstBytes) }
            .sorted { $0.length < $1.length }
        suffixLastBytes = lastBytes
    }

    /// Whether a file spells `word` exactly when its bytes hold it: a plain ASCII identifier. An
    /// operator (a configured `==(_:_:)`) is no identifier token, and Swift compares names as
    /// `String`s, for which U+212A KELVIN SIGN is the letter `K`; words with either are not skipped on.
    static func isComparableByBytes(_ word: String) -> Bool {
        guard let first = word.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return false }
        return word.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        } && !word.contains("K")
    }

    /// Whether no keyword's spelling is one of `words` or ends with one of `suffixes`.
    static func noneSpellsKeyword(words: some Sequence<String>, suffixes: some Sequence<String>) -> Bool {
        let keywords = Keyword.allCases.filter { $0 != .none }.map(\.text)
        return !words.contains { word in keywords.contains { $0 == word } }
            && !suffixes.contains { ending in keywords.contains { $0.utf8.suffix(ending.utf8.count).elementsEqual(ending.utf8) } }
    }

    /// Whether a rule may find something in `tree`: a comment mentions `lifeguard:` (a comment
    /// token, or one a tree without trivia set aside); or an identifier or keyword token (written
    /// with or without backticks) is one of a rule's words, or ends with one of its endings, and
    /// the rule brings no test or its test passes; or the test of a rule without words passes.
    public func mayFire(in tree: SyntaxTree) -> Bool {
        let spelled = spelledRules(tree)
        if spelled & Self.ungated != 0 { return true }
        var gated = spelled
        while gated != 0 {
            let rule = gated.trailingZeroBitCount
            if gatedTests[rule](tree) { return true }
            gated &= gated - 1
        }
        return ungatedTests.contains { $0(tree) }
    }

    /// The rules whose words `tree` spells; `ungated` as soon as a word that decides alone, or a
    /// suppression comment, is found (the scan stops there).
    private func spelledRules(_ tree: SyntaxTree) -> RuleMask {
        tree.source.bytes.withUnsafeBufferPointer { bytes in
            tree.tokens.withUnsafeBufferPointer { tokens in
                lengthsByFirstByte.withUnsafeBufferPointer { lengths in
                    suffixLastBytes.withUnsafeBufferPointer { lastBytes in
                        guard let base = bytes.baseAddress else { return 0 }
                        // A tree without trivia keeps its comments aside.
                        for comment in tree.droppedComments
                        where Self.contains(SuppressionParser.prefix,
                                            in: UnsafeBufferPointer(rebasing: bytes[Int(comment.lowerBound)..<Int(comment.upperBound)])) {
                            return Self.ungated
                        }
                        var spelled: RuleMask = 0
                        let first = TokenKind.lineComment.rawValue
                        let identifier = TokenKind.identifier.rawValue &- first
                        let last = (skipsKeywords ? TokenKind.identifier : TokenKind.keyword).rawValue &- first
                        for token in tokens {
                            // Comments, identifiers and keywords are the consecutive kinds this
                            // reads: one comparison turns away whitespace, punctuation and literals,
                            // most of a file's tokens (and keywords, when no word can be one).
                            let kind = token.kind.rawValue &- first
                            guard kind <= last else { continue }
                            let start = token.startOffset
                            let end = token.endOffset
                            guard kind >= identifier else {
                                if Self.contains(SuppressionParser.prefix, in: UnsafeBufferPointer(rebasing: bytes[start..<end])) {
                                    return Self.ungated
                                }
                                continue
                            }
                            // Identifiers and keywords no word starts or suffix ends like: the common case.
                            let length = end - start
                            guard length > 0 else { continue }
                            if !token.flags.contains(.backticked),
                               (lengths[Int(base[start])] >> UInt64(min(length, 63))) & 1 == 0, !lastBytes[Int(base[end - 1])] {
                                continue
                            }
                            spelled |= rules(spelledBy: base, start: start, end: end, backticked: token.flags.contains(.backticked))
                            if spelled & Self.ungated != 0 { return spelled }
                        }
                        return spelled
                    }
                }
            }
        }
    }

    /// The kinds `mayFire` reads, in `TokenKind`'s order: a test keeps them consecutive.
    static let readKinds: [TokenKind] = [.lineComment, .docLineComment, .blockComment, .docBlockComment, .identifier, .keyword]

    /// The rules an identifier or keyword token's name is a word or ending of. Not inlined: the
    /// scan's loop, which rarely gets here, then keeps its pointers in registers.
    @inline(never)
    private func rules(spelledBy base: UnsafePointer<UInt8>, start: Int, end: Int, backticked: Bool) -> RuleMask {
        var start = start
        var end = end
        if backticked, end - start >= 2 {
            start += 1
            end -= 1
        }
        let length = end - start
        var found: RuleMask = 0
        if let slot = words.slot(of: UnsafeBufferPointer(start: base + start, count: length)) { found |= wordRules[Int(slot)] }
        for suffix in suffixes {
            guard suffix.length <= length else { break }
            if suffix.firstBytes[Int(base[end - suffix.length])], let slot = suffix.endings.slot(of: UnsafeBufferPointer(start: base + end - suffix.length, count: suffix.length)) {
                found |= suffix.rules[Int(slot)]
            }
        }
        return found
    }

    /// Whether `needle` occurs in `haystack` (`memmem` is not in every C library's Swift module).
    static func contains(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = haystack.baseAddress, !needle.isEmpty, haystack.count >= needle.count else { return false }
        let last = haystack.count - needle.count
        var offset = 0
        return needle.withUnsafeBufferPointer { needle in
            while offset <= last {
                guard let hit = memchr(base + offset, Int32(needle[0]), last - offset + 1) else { return false }
                let position = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if memcmp(base + position, needle.baseAddress!, needle.count) == 0 { return true }
                offset = position + 1
            }
            return false
        }
    }
}
