// Exercises string literals: nested interpolation with closures, parentheses and strings, multi-line and raw strings, escapes, and brace/comment look-alikes inside strings.

import Foundation

struct Greeter {
    var name: String
    var count: Int
    var tags: [String]

    func simple() -> String {
        "Hello, \(name)! You have \(count) new \(count == 1 ? "message" : "messages")."
    }

    func nestedStrings() -> String {
        "Tags: \(tags.map { "\"\($0)\"" }.joined(separator: ", ")) end"
    }

    func deeplyNested() -> String {
        "L1 \("L2 \("L3 \("L4 \(name.count)")")") done"
    }

    func withClosure() -> String {
        "Computed: \({ () -> Int in let x = count * 2; return x + 1 }()) units"
    }

    func closureWithInnerFunction() -> String {
        "Helper: \({ () -> String in func helper(_ value: Int) -> String { "<\(value)>" }; return helper(count) }())"
    }

    func parentheses() -> String {
        "Math: \((count + 1) * (count - 1)) and \(((name)))"
    }

    func bracesInStrings() -> String {
        let open = "{"
        let close = "}"
        let both = "{ func fake() { } }"
        let comment = "// not a comment /* nor this */"
        return open + both + close + comment + "\(open)\(close)"
    }

    func escapes() -> String {
        "Tab:\t Quote:\" Backslash:\\ Unicode:\u{1F600} \u{00E9} NUL:\0 CR:\r LF:\n Single:\'"
    }

    func trailingClosureInInterpolation() -> String {
        "Sum: \(tags.reduce(0) { partial, tag in partial + tag.count }) chars"
    }

    func multiLine() -> String {
        """
        Dear \(name),

        You have "\(count)" items, listed below:
        \(tags.enumerated().map { index, tag in
            "  \(index + 1). \(tag)"
        }.joined(separator: "\n"))
        A line with "quotes" and ""double quotes"" and even \"""escaped triple\""".
        A line with { braces } and /* fake comment */ and // fake line comment.
        A very long line that is \
        continued without a newline.
            Indented more than the closing delimiter.
        Regards
        """
    }

    func multiLineNested() -> String {
        """
        Outer \("""
            inner multi-line with \(name)
            """) after
        """
    }

    func multiLineWithInnerFunction() -> String {
        """
        Report for \(name):
        \({ () -> String in
            func row(_ label: String, _ value: Int) -> String {
                "\(label): \(value)"
            }
            struct Local { var total: Int }
            let local = Local(total: count * 10)
            return [row("count", count), row("total", local.total)].joined(separator: "\n")
        }())
        End of report
        """
    }

    func rawStrings() -> [String] {
        [
            #"Raw with "quotes" and \n not an escape"#,
            #"Raw interpolation: \#(name) but not \(name)"#,
            ##"Double hash with "# inside and \##(count) interpolated"##,
            ###"Triple: "## still inside \###(tags.count)"###,
            #"Closure in raw: \#({ "\($0)" }(count))"#,
            #"Regex-ish: \d+\.\d+ and braces { }"#,
        ]
    }

    func rawMultiLine() -> String {
        #"""
        Raw multi-line with \n literal and "quotes" and """ triple quotes.
        Interpolated: \#(name.uppercased())
        Not interpolated: \(name)
        """#
    }

    func emptyAndOdd() -> [String] {
        ["", " ", "\"", "\\", "'", "\(0)", "\("")", #""#, """
        """]
    }
}

struct LogMessage: ExpressibleByStringInterpolation, CustomStringConvertible {
    var description: String

    init(stringLiteral value: String) {
        description = value
    }

    init(stringInterpolation: Interpolation) {
        description = stringInterpolation.output
    }

    struct Interpolation: StringInterpolationProtocol {
        var output = ""

        init(literalCapacity: Int, interpolationCount: Int) {
            output.reserveCapacity(literalCapacity * 2)
        }

        mutating func appendLiteral(_ literal: String) {
            output += literal
        }

        mutating func appendInterpolation<T>(_ value: T) {
            output += String(describing: value)
        }

        mutating func appendInterpolation(secret: String) {
            output += String(repeating: "*", count: secret.count)
        }

        mutating func appendInterpolation(_ value: Double, precision: Int = 2) {
            output += String(format: "%.\(precision)f", value)
        }

        mutating func appendInterpolation(list: [String], separator: String = ", ", transform: (String) -> String = { $0 }) {
            output += list.map(transform).joined(separator: separator)
        }
    }
}

func logExamples(user: String, password: String, ratio: Double) -> [LogMessage] {
    [
        "user=\(user) password=\(secret: password)",
        "ratio=\(ratio, precision: 3)",
        "items=\(list: ["a", "b"], separator: "|")",
        "upper=\(list: ["x", "y"]) { $0.uppercased() }",
        "upper2=\(list: ["x", "y"], transform: { s in s + s })",
    ]
}

func characterStuff() {
    let s: Character = "x"
    let flag = "🇨🇦"
    let family = "👨‍👩‍👧‍👦"
    let combining = "e\u{301}"
    let scalar = "\u{2603}"
    let mixed = "naïve café — “smart quotes” ‘single’ «guillemets» 日本語 العربية"
    print(s, flag, family, combining, scalar, mixed)
}

func stringsNextToCode(_ values: [String: Int]) -> String {
    var out = ""
    for (key, value) in values where key != "}" {
        out += "\(key)=\(value);"
        if key == "{" { out += "brace" }
        if key.hasSuffix("\"") { out += "quote" }
        if key.contains("\\(") { out += "looks like interpolation" }
    }
    let lookup = values["\(out.count)", default: 0]
    let subscriptInInterpolation = "\(values["key"] ?? -1)"
    let dictInInterpolation = "\(["a": 1]["a"]!)"
    let ternaryString = out.isEmpty ? "empty }" : "{ full"
    return out + "\(lookup)" + subscriptInInterpolation + dictInInterpolation + ternaryString
}

enum Template {
    static let header = """
        <header class="\("top")">
          <h1>\(Template.title)</h1>
        </header>
        """

    static let title = "Corpus"

    static func render(_ rows: [(String, Int)]) -> String {
        """
        <table>
        \(rows.map { row in
            """
              <tr><td>\(row.0)</td><td>\(row.1)</td></tr>
            """
        }.joined(separator: "\n"))
        </table>
        """
    }

    static func json(_ pairs: [String: String]) -> String {
        "{" + pairs.map { #""\#($0.key)": "\#($0.value)""# }.joined(separator: ",") + "}"
    }
}

func interpolationWithKeywordsAndOperators(_ x: Int?) -> String {
    "\(x ?? 0) \(x.map { $0 > 0 } ?? false) \(x! &+ 1) \(-(x ?? 1)) \(x as Any) \(x is Int) \(try? String(contentsOfFile: "/tmp/none"))"
}

func interpolationWithSwitchExpression(_ x: Int) -> String {
    "kind: \(switch x { case 0: "zero"; case 1...: "positive"; default: "negative" })"
}

func interpolationWithIfExpression(_ flag: Bool) -> String {
    "state: \(if flag { "on" } else { "off" })"
}

let topLevelString = "top \(Greeter(name: "n", count: 1, tags: []).simple()) level"
let topLevelMulti = """
    \(topLevelString)
    \("""
        nested \(1 + 2)
        """)
    """
