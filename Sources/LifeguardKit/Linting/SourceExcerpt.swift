/// The lines of one file that findings point at, kept after the file itself has been released:
/// what reporters and baselines read from sources (a line's text, UTF-16 columns, GitHub's line
/// hashes). A run keeps these instead of every file's bytes, so its memory does not grow with
/// the size of the code it lints.
public struct SourceExcerpt: Sendable {
    /// One kept line: its bytes with the terminator, where they start in the file, and how many
    /// of them are text.
    struct Line: Sendable {
        var start: Int
        var bytes: [UInt8]
        var textLength: Int
    }

    public let path: String
    /// The whole file, when the run kept it: runs over files already in memory keep the caller's
    /// own buffer (no copy); the CLI's runs keep only the flagged lines.
    public let bytes: [UInt8]?
    /// Kept lines by 1-based line number.
    private var lines: [Int: Line] = [:]
    /// The kept lines' numbers in the order of their starts, to find the line holding an offset
    /// by bisection: the SARIF reporter asks for two columns a finding, and reading every kept
    /// line for each made a file with thousands of findings quadratic (32,000: 3.9 s).
    private var numbersByStart: [Int] = []
    /// `primaryLocationLineHash` values of kept lines, when they were computed.
    private var lineHashes: [Int: String] = [:]

    /// Keeps `lineNumbers` (1-based) of `source`; with `lineHashes`, their GitHub line hashes too,
    /// which need the whole file once.
    public init(_ source: SourceFile, lines lineNumbers: Set<Int>, lineHashes: Bool, keepingBytes: Bool = false) {
        path = source.path
        bytes = keepingBytes ? source.bytes : nil
        for number in lineNumbers where number >= 1 && number <= source.lineStarts.count {
            let text = source.lineRange(number - 1)
            let end = number < source.lineStarts.count ? source.lineStarts[number] : source.bytes.count
            lines[number] = Line(start: text.lowerBound, bytes: Array(source.bytes[text.lowerBound..<end]),
                                 textLength: text.count)
        }
        numbersByStart = lines.keys.sorted()
        if lineHashes, !lineNumbers.isEmpty {
            let all = LineHash.hashes(of: String(decoding: source.bytes, as: UTF8.self))
            for number in lineNumbers { if let hash = all[number] { self.lineHashes[number] = hash } }
        }
    }

    /// An excerpt with the lines every finding in `diagnostics` touches.
    public init(_ source: SourceFile, for diagnostics: [Diagnostic], lineHashes: Bool, keepingBytes: Bool = false) {
        var numbers = Set<Int>()
        for diagnostic in diagnostics {
            numbers.insert(diagnostic.start.line)
            numbers.insert(diagnostic.end.line)
            for related in diagnostic.related {
                numbers.insert(related.start.line)
                numbers.insert(related.end.line)
            }
        }
        self.init(source, lines: numbers, lineHashes: lineHashes, keepingBytes: keepingBytes)
    }

    /// The text of 1-based line `number`, without its terminator, if kept.
    public func lineText(_ number: Int) -> String? {
        lines[number].map { String(decoding: $0.bytes[..<$0.textLength], as: UTF8.self) }
    }

    /// GitHub's `primaryLocationLineHash` for 1-based line `number`, if computed.
    public func lineHash(_ number: Int) -> String? {
        lineHashes[number]
    }

    /// The 1-based column of byte `offset` counted in UTF-16 code units, as SARIF expects, when
    /// the line holding it was kept.
    public func utf16Column(of offset: Int) -> Int? {
        // The last kept line starting at or before the offset (line numbers and starts rise together).
        let low = Bisection.firstPosition(in: 0..<numbersByStart.count) { lines[numbersByStart[$0]]!.start <= offset }
        guard low > 0, let line = lines[numbersByStart[low - 1]] else { return nil }
        let end = line.start + line.bytes.count
        // Only the file's last line has no terminator; its end is the end of the file.
        let isLast = line.textLength == line.bytes.count
        guard offset < end || (isLast && offset == end) else { return nil }
        let prefix = line.bytes[0..<(offset - line.start)]
        return String(decoding: prefix, as: UTF8.self).utf16.count + 1
    }
}
