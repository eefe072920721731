// Exercises regex literals (#/.../#, extended multi-line #/ ... /#, simple bare /.../) next to division operators that look like regexes.

import Foundation
import RegexBuilder

struct LogLine {
    var level: String
    var timestamp: String
    var message: String
}

enum Patterns {
    static let word = #/\w+/#
    static let email = #/(?<user>[A-Za-z0-9._%+-]+)@(?<domain>[A-Za-z0-9.-]+\.[A-Za-z]{2,})/#
    static let braces = #/\{[^}]*\}/#
    static let quotes = #/"([^"\\]|\\.)*"/#
    static let slashes = #/https?:\/\/[^\s/]+(\/[^\s]*)?/#
    static let hashInside = ##/a#/b/#c/##
    static let commentLike = #/\/\/.*$|\/\*.*?\*\//#
    static let closureLike = #/\{ \$0 in \}/#
    static let bareSimple = /ab+c/
    static let bareClass = /[a-z]+/

    static let date = #/
        (?<year>  \d{4} )  -   # four-digit year { not a brace block }
        (?<month> \d{2} )  -   # "month" in quotes
        (?<day>   \d{2} )      # day } closing brace in comment
    /#

    static let logLine = #/
        ^ \[ (?<level> DEBUG | INFO | WARN | ERROR ) \]
        \s+
        (?<time> \d{2}:\d{2}:\d{2} )
        \s+ - \s+
        (?<message> .* ) $
    /#
}

func parseLog(_ text: String) -> [LogLine] {
    text.split(separator: "\n").compactMap { line -> LogLine? in
        guard let match = String(line).firstMatch(of: Patterns.logLine) else { return nil }
        return LogLine(
            level: String(match.level),
            timestamp: String(match.time),
            message: String(match.message)
        )
    }
}

func arithmeticThatLooksLikeRegex(a: Double, b: Double, c: Double) -> [Double] {
    let x = a / b / c
    let y = a/b/c
    let z = (a) / (b) / (c)
    let w = [a, b, c].map { $0 / 2 }.reduce(0, +) / 3
    let v = [a, b, c].reduce(1, /)
    var u = a
    u /= b
    u /= c; u = u / 2
    let ratio = a / (b + c) / 2 // comment after division / with slash
    let halves = [a / 2, b / 2, c / 2]
    let nested = ((a / b) / (c / a)) / ((b / c) / 1)
    let mixed = a * b / c - a / b * c
    let tricky = x / y / z / w / v
    let negative = -a / -b
    let closureDivide = { (p: Double, q: Double) in p / q }(a, b)
    return [x, y, z, w, v, u, ratio, nested, mixed, tricky, negative, closureDivide] + halves
}

func integerDivision(_ values: [Int]) -> Int {
    guard !values.isEmpty else { return 0 }
    let total = values.reduce(0, +)
    let average = total / values.count
    let median = values.sorted()[values.count / 2]
    let quarter = total / 2 / 2
    let remainder = total % values.count
    let halfDivided = values.map { value in value / 2 }
    let pairs = zip(values, values.dropFirst()).map { $0 / max($1, 1) }
    return average + median + quarter + remainder + halfDivided.count + pairs.count
}

infix operator /%/: MultiplicationPrecedence
infix operator </>: AdditionPrecedence

func /%/ (lhs: Int, rhs: Int) -> Int {
    lhs / rhs / 2
}

func </> (lhs: String, rhs: String) -> String {
    lhs + "/" + rhs
}

let customOperatorUse = 100 /%/ 5
let joinedPath = "usr" </> "local" </> "bin"

func builderRegex() -> Regex<(Substring, Substring, Int)> {
    let digits = Reference(Int.self)
    return Regex {
        "ID-"
        Capture {
            OneOrMore(.word)
        }
        "-"
        TryCapture(as: digits) {
            Repeat(.digit, count: 4)
        } transform: { text in
            Int(text)
        }
        Optionally {
            ChoiceOf {
                "/draft"
                "/final"
            }
        }
    }
}

func matchWithClosures(_ inputs: [String]) -> [String: Int] {
    var counts: [String: Int] = [:]
    for input in inputs {
        if let match = input.wholeMatch(of: Patterns.email) {
            counts[String(match.domain), default: 0] += 1
        } else if input.contains(Patterns.word) {
            counts["words", default: 0] += input.matches(of: Patterns.word).count
        }
    }
    let replaced = inputs.map { input in
        input.replacing(#/\d+/#) { match in
            String(repeating: "#", count: match.output.count)
        }
    }
    counts["replaced"] = replaced.count
    return counts
}

func switchOnRegex(_ value: String) -> String {
    switch value {
    case #/^\d+$/#:
        return "number"
    case #/^[a-z]+$/#:
        return "lowercase"
    case Patterns.email:
        return "email"
    default:
        return "other"
    }
}

struct Tokenizer {
    let source: String

    func tokens() -> [Substring] {
        let separators = #/[\s,;]+/#
        return source.split(separator: separators)
    }

    func ranges(of pattern: some RegexComponent) -> [Range<String.Index>] {
        source.matches(of: pattern).map(\.range)
    }

    func slashCount() -> Int {
        source.filter { $0 == "/" }.count
    }

    func pathComponents() -> [String] {
        source.components(separatedBy: "/").filter { !$0.isEmpty }
    }

    func isComment(_ line: String) -> Bool {
        line.hasPrefix("//") || line.hasPrefix("/*")
    }
}

final class Highlighter {
    private let rules: [(Regex<Substring>, String)]
    private var cache: [String: String] = [:]

    init() {
        rules = [
            (#/\bfunc\b/#, "keyword"),
            (#/\bclass\b/#, "keyword"),
            (#/"[^"]*"/#, "string"),
            (#/\/\/[^\n]*/#, "comment"),
        ]
    }

    func highlight(_ code: String) -> String {
        if let cached = cache[code] { return cached }
        var output = code
        for (regex, kind) in rules {
            output = output.replacing(regex) { match in
                "<\(kind)>\(match.output)</\(kind)>"
            }
        }
        cache[code] = output
        return output
    }

    deinit {
        cache.removeAll()
    }
}

func regexInClosureChain(_ lines: [String]) -> [String] {
    lines
        .filter { $0.contains(#/TODO|FIXME/#) }
        .map { $0.replacing(#/\s{2,}/#, with: " ") }
        .sorted { lhs, rhs in lhs.count / 2 < rhs.count / 2 }
}

func regexLiteralsAsArguments() -> Bool {
    let text = "key=value; other=thing"
    let hasPair = text.contains(#/\w+=\w+/#)
    let pieces = text.split(separator: #/;\s*/#)
    let firstRange = text.firstRange(of: #/=/#)
    let divided = Double(pieces.count) / 2.0 / 1.0
    return hasPair && firstRange != nil && divided > 0
}
