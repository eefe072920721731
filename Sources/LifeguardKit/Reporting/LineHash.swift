/// GitHub code scanning's `primaryLocationLineHash`: a rolling hash over the 100 UTF-16 units
/// that start at each line, ignoring spaces and tabs, so a finding keeps its identity when code
/// above it moves. This follows the published algorithm (github/codeql-action, fingerprints.ts)
/// and reproduces its test vectors.
public enum LineHash {
    static let blockSize = 100
    static let multiplier: UInt64 = 37
    /// 37^100 with 64-bit wrap-around.
    static let firstModulus: UInt64 = {
        var value: UInt64 = 1
        for _ in 0..<blockSize { value = value &* multiplier }
        return value
    }()

    /// The `hash:occurrence` value for every line of `text`, by 1-based line number.
    public static func hashes(of text: String) -> [Int: String] {
        var result: [Int: String] = [:]
        var window = [UInt16](repeating: 0, count: blockSize)
        var lineNumbers = [Int](repeating: -1, count: blockSize)
        var hash: UInt64 = 0
        var index = 0
        var lineNumber = 0
        var lineStart = true
        var previousCR = false
        var counts: [UInt64: Int] = [:]

        func output() {
            counts[hash, default: 0] += 1
            result[lineNumbers[index]] = String(hash, radix: 16) + ":" + String(counts[hash]!)
            lineNumbers[index] = -1
        }

        func update(_ unit: UInt16) {
            let leaving = window[index]
            window[index] = unit
            hash = multiplier &* hash &+ UInt64(unit) &- firstModulus &* UInt64(leaving)
            index = (index + 1) % blockSize
        }

        func process(_ unit: UInt16) {
            var current = unit
            if current == 0x20 || current == 0x09 || (previousCR && current == 0x0A) {
                previousCR = false
                return
            }
            if current == 0x0D {
                current = 0x0A
                previousCR = true
            } else {
                previousCR = false
            }
            if lineNumbers[index] != -1 { output() }
            if lineStart {
                lineStart = false
                lineNumber += 1
                lineNumbers[index] = lineNumber
            }
            if current == 0x0A { lineStart = true }
            update(current)
        }

        for unit in text.utf16 { process(unit) }
        process(0xFFFF)
        for _ in 0..<blockSize {
            if lineNumbers[index] != -1 { output() }
            update(0)
        }
        return result
    }
}
