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
/// (models, services, tests) are such files: on 11,495 files of seven apps, 1,821 spelled a word
/// of the default rules.
///
/// The words are a necessary condition only: a file that spells one is linted as before. A rule
/// whose words would be in nearly every file (`self`) brings a test of the tree instead
/// (`Rule.candidateTest`), and a file any such test passes is linted too.
public struct AnchorWords: Sendable {
    /// Candidate words by length, each with its first byte (the cheap test) and all its bytes.
    private let byLength: [[[UInt8]]]
    /// Endings that count as words (`Delegate`).
    private let suffixes: [[UInt8]]
    /// For each first byte, a bit for each word length starting with it (bit 63: 63 or longer),
    /// and for each last byte whether a suffix ends with it: most identifiers of a file are
    /// turned away by one look at each table.
    private let lengthsByFirstByte: [UInt64]
    private let suffixLastBytes: [Bool]
    /// The tests of the rules that bring one; their words are not in `byLength`.
    private let candidateTests: [CandidateTest]

    /// `nil` when some enabled rule may fire in any file (it names no words, or a word this byte
    /// comparison cannot stand for): every file is linted.
    public init?(_ configuration: LintConfiguration) {
        var words = Set<String>()
        var suffixes = Set<String>()
        var tests: [CandidateTest] = []
        for setup in configuration.rules {
            if let test = setup.rule.candidateTest(setup.options) {
                tests.append(test)
                continue
            }
            let endings = setup.rule.anchorSuffixes(setup.options)
            guard let anchors = setup.rule.anchorWords(setup.options), anchors.allSatisfy(Self.isComparableByBytes),
                  endings.allSatisfy(Self.isComparableByBytes)
            else { return nil }
            words.formUnion(anchors)
            suffixes.formUnion(endings)
        }
        self.init(words: words, suffixes: suffixes, candidateTests: tests)
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

    init(words: Set<String>, suffixes: Set<String> = [], candidateTests: [CandidateTest] = []) {
        self.candidateTests = candidateTests
        self.suffixes = suffixes.map { Array($0.utf8) }.filter { !$0.isEmpty }
        var byLength: [[[UInt8]]] = []
        var lengths = [UInt64](repeating: 0, count: 256)
        for word in words {
            let bytes = Array(word.utf8)
            guard let first = bytes.first else { continue }
            while byLength.count <= bytes.count { byLength.append([]) }
            byLength[bytes.count].append(bytes)
            lengths[Int(first)] |= 1 << UInt64(min(bytes.count, 63))
        }
        self.byLength = byLength
        lengthsByFirstByte = lengths
        var lastBytes = [Bool](repeating: false, count: 256)
        for suffix in self.suffixes { lastBytes[Int(suffix[suffix.count - 1])] = true }
        suffixLastBytes = lastBytes
    }

    /// Whether a rule may find something in `tree`: one of the words is an identifier or keyword
    /// token (written with or without backticks), or ends one, or a comment mentions `lifeguard:`
    /// (a comment token, or one a tree without trivia set aside), or a rule's test passes.
    public func mayFire(in tree: SyntaxTree) -> Bool {
        spellsWordOrDirective(tree) || candidateTests.contains { $0(tree) }
    }

    private func spellsWordOrDirective(_ tree: SyntaxTree) -> Bool {
        tree.source.bytes.withUnsafeBufferPointer { bytes in
            tree.tokens.withUnsafeBufferPointer { tokens in
                lengthsByFirstByte.withUnsafeBufferPointer { lengths in
                    suffixLastBytes.withUnsafeBufferPointer { lastBytes in
                        guard let base = bytes.baseAddress else { return false }
                        // A tree without trivia keeps its comments aside.
                        for comment in tree.droppedComments
                        where Self.contains(SuppressionParser.prefix,
                                            in: UnsafeBufferPointer(rebasing: bytes[Int(comment.lowerBound)..<Int(comment.upperBound)])) {
                            return true
                        }
                        let first = TokenKind.lineComment.rawValue
                        let identifier = TokenKind.identifier.rawValue &- first
                        let last = TokenKind.keyword.rawValue &- first
                        for token in tokens {
                            // Comments, identifiers and keywords are the consecutive kinds this
                            // reads: one comparison turns away whitespace, punctuation and literals,
                            // most of a file's tokens.
                            let kind = token.kind.rawValue &- first
                            guard kind <= last else { continue }
                            let start = token.startOffset
                            let end = token.endOffset
                            guard kind >= identifier else {
                                if Self.contains(SuppressionParser.prefix, in: UnsafeBufferPointer(rebasing: bytes[start..<end])) {
                                    return true
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
                            if spellsWord(base, start: start, end: end, backticked: token.flags.contains(.backticked)) { return true }
                        }
                        return false
                    }
                }
            }
        }
    }

    /// The kinds `mayFire` reads, in `TokenKind`'s order: a test keeps them consecutive.
    static let readKinds: [TokenKind] = [.lineComment, .docLineComment, .blockComment, .docBlockComment, .identifier, .keyword]

    /// Whether an identifier or keyword token's name is a word or ends with a suffix.
    private func spellsWord(_ base: UnsafePointer<UInt8>, start: Int, end: Int, backticked: Bool) -> Bool {
        var start = start
        var end = end
        if backticked, end - start >= 2 {
            start += 1
            end -= 1
        }
        let length = end - start
        if length < byLength.count {
            for word in byLength[length] where word[0] == base[start] {
                if word.withUnsafeBufferPointer({ memcmp($0.baseAddress!, base + start, length) }) == 0 { return true }
            }
        }
        for suffix in suffixes where suffix.count <= length && suffix.last == base[end - 1] {
            if suffix.withUnsafeBufferPointer({ memcmp($0.baseAddress!, base + end - $0.count, $0.count) }) == 0 { return true }
        }
        return false
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
