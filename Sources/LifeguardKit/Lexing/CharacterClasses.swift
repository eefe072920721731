/// Byte and Unicode scalar classes from the Swift lexical grammar.
enum CharacterClasses {
    @inline(__always)
    static func isIdentifierHead(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte == 0x5F
    }

    /// One bit per ASCII byte: `$` and `0-9` (bytes 36, 48-57) in the low word; `A-Z`, `_` and
    /// `a-z` (65-90, 95, 97-122) in the high word. A shift and a mask instead of five comparisons:
    /// identifiers are most of the bytes the lexer reads. The compiler accepts `$` after an
    /// identifier's first character (`total_$2500`).
    @inline(__always)
    static func isIdentifierBody(_ byte: UInt8) -> Bool {
        let low: UInt64 = 0x03FF_0010_0000_0000
        let high: UInt64 = 0x07FF_FFFE_87FF_FFFE
        let word = byte < 64 ? low : (byte < 128 ? high : 0)
        return (word >> UInt64(byte & 63)) & 1 != 0
    }

    /// The offset of the first byte from `start` on that `isIdentifierBody` turns away (or that
    /// is not ASCII), or `end`. Eight bytes are tested at once: the byte-at-a-time loop ended
    /// each identifier with a mispredicted branch, and identifiers are most of a file's bytes.
    @inline(__always)
    static func asciiIdentifierBodyEnd(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        firstStop(base, from: start, to: end, stopsIn: identifierStops, isStop: { !isIdentifierBody($0) })
    }

    /// The high bit of each byte of `word` that `isIdentifierBody` turns away or that is not
    /// ASCII, exact for every byte below the lowest such byte (what `firstStop` reads). Each test
    /// is exact on an ASCII byte and carries or borrows only into the bytes above it, past the
    /// stop a byte from 0x80 up makes itself. Letters are one range after `| 0x20` folds case
    /// (it maps no other byte into `a...z`); `x < lo` is the high bit of `0x7F + lo - x` and
    /// `x > hi` that of `x + 0x7F - hi`, and `x == c` leaves it clear in `(x ^ c) + 0x7F`:
    /// about sixteen operations a word, where five two-sided range tests took thirty.
    @inline(__always)
    static func identifierStops(_ word: UInt64) -> UInt64 {
        @inline(__always) func repeated(_ byte: UInt8) -> UInt64 { UInt64(byte) &* 0x0101_0101_0101_0101 }
        let folded = word | repeated(0x20)
        let notLetter = (repeated(0x7F + 0x61) &- folded) | (folded &+ repeated(0x7F - 0x7A))
        let notDigit = (repeated(0x7F + 0x30) &- word) | (word &+ repeated(0x7F - 0x39))
        let notUnderscore = (word ^ repeated(0x5F)) &+ repeated(0x7F)
        let notDollar = (word ^ repeated(0x24)) &+ repeated(0x7F)
        return ((notLetter & notDigit & notUnderscore & notDollar) | word) & 0x8080_8080_8080_8080
    }

    /// The high bit of each byte of `word` that is not a letter or `_`, or is not ASCII, exact
    /// below the lowest such byte (as `identifierStops`): the two tests most names need, the
    /// rarer digit and `$` left to whoever reads the stop.
    @inline(__always)
    static func nameStops(_ word: UInt64) -> UInt64 {
        @inline(__always) func repeated(_ byte: UInt8) -> UInt64 { UInt64(byte) &* 0x0101_0101_0101_0101 }
        let folded = word | repeated(0x20)
        let notLetter = (repeated(0x7F + 0x61) &- folded) | (folded &+ repeated(0x7F - 0x7A))
        let notUnderscore = (word ^ repeated(0x5F)) &+ repeated(0x7F)
        return ((notLetter & notUnderscore) | word) & 0x8080_8080_8080_8080
    }

    /// The offset of the first byte from `start` on that is neither a space nor a tab, or `end`:
    /// indentation is passed over eight bytes at a time.
    @inline(__always)
    static func blankRunEnd(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        firstStop(base, from: start, to: end,
                  stopsIn: { nonZeroBytes($0 ^ 0x2020_2020_2020_2020) & nonZeroBytes($0 ^ 0x0909_0909_0909_0909) },
                  isStop: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") })
    }

    /// The offset of the first line feed or carriage return from `start` on, or `end`: comments
    /// run to their line's end, and a byte-at-a-time loop spent a compare and branch on each of
    /// their bytes.
    @inline(__always)
    static func lineEnd(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        firstStop(base, from: start, to: end,
                  stopsIn: { ~(nonZeroBytes($0 ^ 0x0A0A_0A0A_0A0A_0A0A) & nonZeroBytes($0 ^ 0x0D0D_0D0D_0D0D_0D0D)) },
                  isStop: { $0 == 0x0A || $0 == 0x0D })
    }

    /// The offset of the first byte from `start` on that can end or interrupt a string literal's
    /// text (a line feed, carriage return, `\` or `"`), or `end`: the string lexer decides at
    /// those bytes and passes over the rest eight at a time.
    @inline(__always)
    static func stringTextEnd(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Int {
        firstStop(base, from: start, to: end,
                  stopsIn: {
                      ~(nonZeroBytes($0 ^ 0x0A0A_0A0A_0A0A_0A0A) & nonZeroBytes($0 ^ 0x0D0D_0D0D_0D0D_0D0D)
                        & nonZeroBytes($0 ^ 0x5C5C_5C5C_5C5C_5C5C) & nonZeroBytes($0 ^ 0x2222_2222_2222_2222))
                  },
                  isStop: { $0 == 0x0A || $0 == 0x0D || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") })
    }

    /// The offset of the first byte from `start` on that `isStop` accepts, or `end`, eight bytes
    /// at a time while eight remain. `stopsIn` flags a word's stop bytes in their high bits (other
    /// bits are ignored); each byte's test must be exact, with no carry or borrow crossing bytes
    /// (`nonZeroBytes`) except out of a byte that is flagged itself, so that the lowest flagged
    /// byte is the first stop.
    @inline(__always)
    static func firstStop(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int,
                          stopsIn: (UInt64) -> UInt64, isStop: (UInt8) -> Bool) -> Int {
        var index = start
        while index + 8 <= end {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            let stops = stopsIn(word) & 0x8080_8080_8080_8080
            if stops != 0 { return index + stops.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < end, !isStop(base[index]) { index += 1 }
        return index
    }

    /// The high bit of each byte of `word` that is not zero, exactly: no carry crosses bytes.
    @inline(__always)
    static func nonZeroBytes(_ word: UInt64) -> UInt64 {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return (((word & low) &+ low) | word) & 0x8080_8080_8080_8080
    }

    /// A space, tab, vertical tab or form feed: whitespace within a line.
    @inline(__always)
    static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == 0x0B || byte == 0x0C
    }

    /// The kind of a comment from its second, third and fourth bytes (0 past the file's end):
    /// `///` but not `////` starts a doc line comment, `/**` but not `/***` or `/**/` a doc block.
    /// The tokenizer and a tree without trivia (which keeps only its comments' ranges) both ask.
    @inline(__always)
    static func commentKind(second: UInt8, third: UInt8, fourth: UInt8) -> TokenKind {
        if second == UInt8(ascii: "/") {
            return third == UInt8(ascii: "/") && fourth != UInt8(ascii: "/") ? .docLineComment : .lineComment
        }
        return third == UInt8(ascii: "*") && fourth != UInt8(ascii: "*") && fourth != UInt8(ascii: "/")
            ? .docBlockComment : .blockComment
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    @inline(__always)
    static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= 0x61 && byte <= 0x66) || (byte >= 0x41 && byte <= 0x46)
    }

    /// ASCII operator characters: `/ = - + ! * % < > & | ^ ~ ?`.
    @inline(__always)
    static func isOperatorASCII(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"),
             UInt8(ascii: "!"), UInt8(ascii: "*"), UInt8(ascii: "%"), UInt8(ascii: "<"),
             UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"),
             UInt8(ascii: "~"), UInt8(ascii: "?"):
            return true
        default:
            return false
        }
    }

    /// Non-ASCII scalars that may start an operator.
    static func isOperatorHead(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0xA1...0xA7, 0xA9, 0xAB, 0xAC, 0xAE, 0xB0...0xB1, 0xB6, 0xBB, 0xBF, 0xD7, 0xF7,
             0x2016...0x2017, 0x2020...0x2027, 0x2030...0x203E, 0x2041...0x2053, 0x2055...0x205E,
             0x2190...0x23FF, 0x2500...0x2775, 0x2794...0x2BFF, 0x2E00...0x2E7F, 0x3001...0x3003,
             0x3008...0x3020, 0x3030:
            return true
        default:
            return false
        }
    }

    /// Non-ASCII scalars that may continue an operator.
    static func isOperatorBody(_ scalar: UInt32) -> Bool {
        if isOperatorHead(scalar) { return true }
        switch scalar {
        case 0x300...0x36F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE00...0xFE0F, 0xFE20...0xFE2F,
             0xE0100...0xE01EF:
            return true
        default:
            return false
        }
    }

    /// Non-ASCII scalars Swift does not accept in identifiers: spaces, line separators, controls.
    static func isNonASCIISpaceOrControl(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x80...0x9F, 0xA0, 0x1680, 0x2000...0x200B, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF:
            return true
        default:
            return false
        }
    }
}

/// Decodes one UTF-8 scalar; `nil` when the bytes at `index` are not valid UTF-8.
@inline(__always)
func decodeScalar(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> (scalar: UInt32, length: Int)? {
    let count = buffer.count
    let first = buffer[index]
    if first < 0x80 { return (UInt32(first), 1) }
    let length: Int
    var scalar: UInt32
    switch first {
    case 0xC2...0xDF: length = 2; scalar = UInt32(first & 0x1F)
    case 0xE0...0xEF: length = 3; scalar = UInt32(first & 0x0F)
    case 0xF0...0xF4: length = 4; scalar = UInt32(first & 0x07)
    default: return nil
    }
    guard index + length <= count else { return nil }
    for offset in 1..<length {
        let byte = buffer[index + offset]
        guard byte & 0xC0 == 0x80 else { return nil }
        scalar = (scalar << 6) | UInt32(byte & 0x3F)
    }
    // Reject overlong forms, surrogates and values past U+10FFFF.
    switch length {
    case 3 where scalar < 0x800 || (0xD800...0xDFFF).contains(scalar): return nil
    case 4 where scalar < 0x10000 || scalar > 0x10FFFF: return nil
    default: break
    }
    return (scalar, length)
}
