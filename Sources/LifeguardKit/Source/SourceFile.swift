#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// One Swift file as Lifeguard sees it: its path, its exact bytes and a table of where lines start.
public struct SourceFile: Sendable {
    /// The path used in diagnostics (relative to the working directory when the file is under it).
    public let path: String
    /// The file's bytes, untouched: every offset in Lifeguard points into this array.
    public let bytes: [UInt8]
    /// Byte offset of the first byte of every line; `lineStarts[0] == 0`.
    public var lineStarts: [Int] {
        // Never empty for a file that built its table; a file that did not builds it when asked.
        storedLineStarts.isEmpty ? SourceFile.computeLineStarts(bytes) : storedLineStarts
    }
    private let storedLineStarts: [Int]
    /// The number of lines, counting a last line without a terminator.
    public var lineCount: Int {
        // Counted when asked for a file without a table: pass 1 never asks.
        storedLineCount >= 0 ? storedLineCount : SourceFile.countLines(bytes)
    }
    private let storedLineCount: Int

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        let starts = SourceFile.computeLineStarts(bytes)
        storedLineStarts = starts
        storedLineCount = starts.count > 1 && starts.last == bytes.count ? starts.count - 1 : starts.count
    }

    /// A file whose line table is not built, nor its lines counted: pass 1 reads no line of the
    /// files it does not keep, and a table costs a search and an integer per line. Asking for a
    /// position or the line count still answers right, but works the table out again every time:
    /// a file that will be asked for positions (one pass 2 lints) gets its table first
    /// (`withLineTable()`).
    init(path: String, bytesWithoutLineTable bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        storedLineStarts = []
        storedLineCount = -1
    }

    /// Whether the line table is built: positions are then found by a search of it, where a
    /// file without one works the table out again at every question.
    var hasLineTable: Bool { !storedLineStarts.isEmpty }

    /// This file with its line table built (itself when it has one).
    func withLineTable() -> SourceFile {
        hasLineTable ? self : SourceFile(path: path, bytes: bytes)
    }

    /// `lineCount` without the table: line feeds counted (a file with a carriage return, rare,
    /// is counted through the table).
    static func countLines(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, let last = buffer.last else { return 1 }
            if memchr(base, 0x0D, buffer.count) != nil {
                let starts = computeLineStarts(bytes)
                return starts.count > 1 && starts.last == bytes.count ? starts.count - 1 : starts.count
            }
            // `memchr` jumps from line to line many bytes at a time; a byte loop is slower.
            var feeds = 0
            var offset = 0
            while offset < buffer.count, let found = memchr(base + offset, 0x0A, buffer.count - offset) {
                feeds += 1
                offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
            }
            return last == 0x0A ? feeds : feeds + 1
        }
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// Lines end at LF, CRLF or a lone CR, as in the Swift compiler.
    static func computeLineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        starts.reserveCapacity(bytes.count / 32 + 1)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let count = buffer.count
            // Most files use LF alone: find them with memchr, which scans many bytes at a time.
            if memchr(base, 0x0D, count) == nil {
                var offset = 0
                while offset < count, let found = memchr(base + offset, 0x0A, count - offset) {
                    offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                    starts.append(offset)
                }
                return
            }
            var index = 0
            while index < count {
                let byte = buffer[index]
                if byte == 0x0A {
                    starts.append(index + 1)
                } else if byte == 0x0D {
                    if index + 1 < count, buffer[index + 1] == 0x0A { index += 1 }
                    starts.append(index + 1)
                }
                index += 1
            }
        }
        return starts
    }

    /// The 0-based index of the line holding `offset`.
    public func lineIndex(of offset: Int) -> Int {
        Self.lineIndex(of: offset, in: lineStarts)
    }

    private static func lineIndex(of offset: Int, in starts: [Int]) -> Int {
        // The last line starting at or before the offset (the first line starts at 0).
        max(0, Bisection.firstPosition(in: 0..<starts.count) { starts[$0] <= offset } - 1)
    }

    /// 1-based line and 1-based byte column of a byte offset.
    public func location(of offset: Int) -> SourceLocation {
        let starts = lineStarts
        let clamped = max(0, min(offset, bytes.count))
        let line = Self.lineIndex(of: clamped, in: starts)
        return SourceLocation(line: line + 1, column: clamped - starts[line] + 1)
    }

    /// The byte range of the 0-based line `index`, without its line terminator.
    public func lineRange(_ index: Int) -> Range<Int> {
        let starts = lineStarts
        let start = starts[index]
        var end = index + 1 < starts.count ? starts[index + 1] : bytes.count
        while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return start..<end
    }

    /// The text of a byte range, decoding invalid UTF-8 as U+FFFD.
    public func text(_ range: Range<Int>) -> String {
        let lower = max(0, min(range.lowerBound, bytes.count))
        let upper = max(lower, min(range.upperBound, bytes.count))
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }

    /// Whether the bytes at `range` spell exactly `word` (compared byte by byte, no allocation).
    public func bytes(_ range: Range<Int>, equal word: StaticString) -> Bool {
        guard range.count == word.utf8CodeUnitCount else { return false }
        return word.withUTF8Buffer { expected in
            var offset = 0
            for index in range {
                if bytes[index] != expected[offset] { return false }
                offset += 1
            }
            return true
        }
    }

    /// The 1-based column of `offset` counted in UTF-16 code units, as SARIF expects.
    public func utf16Column(of offset: Int) -> Int {
        let clamped = max(0, min(offset, bytes.count))
        let starts = lineStarts
        let start = starts[Self.lineIndex(of: clamped, in: starts)]
        return String(decoding: bytes[start..<clamped], as: UTF8.self).utf16.count + 1
    }
}

/// A 1-based line and column; columns count UTF-8 bytes, as compilers do.
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }
}
