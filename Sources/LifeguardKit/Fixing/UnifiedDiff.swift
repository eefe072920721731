/// A unified diff of two versions of a file, by lines (Myers' algorithm), as `diff -u` and
/// `patch -p0` read it: `--- path` / `+++ path` headers, hunks with three lines of context,
/// and `\ No newline at end of file` where a last line has no terminator.
///
/// Lines keep their own terminators, so a CRLF file's diff carries its CRs. Common leading and
/// trailing lines are set aside first; if what remains still differs in more than
/// `maximumEditDistance` lines, the middle is shown as one block removed and one block added
/// rather than searched further, which bounds time and memory on huge rewrites.
public enum UnifiedDiff {
    public static let contextLines = 3
    public static let maximumEditDistance = 1_000

    /// The diff, or an empty string when the two are equal.
    public static func diff(path: String, original: [UInt8], modified: [UInt8]) -> String {
        guard original != modified else { return "" }
        let old = lines(original)
        let new = lines(modified)
        let script = editScript(old, new)
        // `patch` reads a name up to the first tab, or else up to the first space, as GNU diff
        // writes a tab and a date after it: a name with a space needs the tab.
        let name = path.contains(" ") ? path + "\t" : path
        var output = "--- \(name)\n+++ \(name)\n"
        for hunk in hunks(script) {
            output += header(hunk, script: script)
            for operation in script[hunk] {
                switch operation {
                case .equal(let oldIndex, _): output += line(" ", old[oldIndex])
                case .delete(let oldIndex): output += line("-", old[oldIndex])
                case .insert(let newIndex): output += line("+", new[newIndex])
                }
            }
        }
        return output
    }

    enum Operation: Equatable {
        case equal(Int, Int)
        case delete(Int)
        case insert(Int)

        var isEqual: Bool {
            if case .equal = self { return true }
            return false
        }
    }

    /// Lines with their terminators (LF, CRLF or a lone CR, as the compiler counts them).
    static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                result.append(bytes[start...index])
                start = index + 1
            }
            index += 1
        }
        if start < bytes.count { result.append(bytes[start...]) }
        return result
    }

    static func line(_ prefix: String, _ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        if let last = bytes.last, last == 0x0A || last == 0x0D { return prefix + text }
        return prefix + text + "\n\\ No newline at end of file\n"
    }

    // MARK: - Edit script

    static func editScript(_ old: [ArraySlice<UInt8>], _ new: [ArraySlice<UInt8>]) -> [Operation] {
        // Compare numbers, not byte slices, in the inner loop.
        var numbers: [ArraySlice<UInt8>: Int] = [:]
        let a = old.map { line in numbers[line] ?? { numbers[line] = numbers.count; return numbers.count - 1 }() }
        let b = new.map { line in numbers[line] ?? { numbers[line] = numbers.count; return numbers.count - 1 }() }
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        var script = (0..<prefix).map { Operation.equal($0, $0) }
        let middle = myers(Array(a[prefix..<(a.count - suffix)]), Array(b[prefix..<(b.count - suffix)]))
            ?? ((0..<(a.count - suffix - prefix)).map { Operation.delete($0) }
                + (0..<(b.count - suffix - prefix)).map { Operation.insert($0) })
        for operation in middle {
            switch operation {
            case .equal(let i, let j): script.append(.equal(i + prefix, j + prefix))
            case .delete(let i): script.append(.delete(i + prefix))
            case .insert(let j): script.append(.insert(j + prefix))
            }
        }
        for offset in 0..<suffix {
            script.append(.equal(a.count - suffix + offset, b.count - suffix + offset))
        }
        return script
    }

    /// Myers' O((N+M)D) greedy shortest edit script, deletions before insertions in each
    /// change; `nil` when D exceeds `maximumEditDistance`.
    static func myers(_ a: [Int], _ b: [Int]) -> [Operation]? {
        let n = a.count
        let m = b.count
        if n == 0 { return (0..<m).map { .insert($0) } }
        if m == 0 { return (0..<n).map { .delete($0) } }
        let limit = min(n + m, maximumEditDistance)
        let offset = limit + 1
        var v = [Int](repeating: 0, count: 2 * limit + 3)
        // The frontier of each round, for the walk back: trace[d] holds v[-d...d].
        var trace: [[Int]] = []
        var found = false
        search: for d in 0...limit {
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                    x = v[offset + k + 1]
                } else {
                    x = v[offset + k - 1] + 1
                }
                var y = x - k
                while x < n, y < m, a[x] == b[y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n && y >= m {
                    trace.append(Array(v[(offset - d)...(offset + d)]))
                    found = true
                    break search
                }
            }
            trace.append(Array(v[(offset - d)...(offset + d)]))
        }
        guard found else { return nil }
        var operations: [Operation] = []
        var x = n
        var y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let k = x - y
            func previous(_ k: Int) -> Int { trace[d - 1][k + (d - 1)] }
            if d == 0 {
                while x > 0, y > 0 {
                    x -= 1
                    y -= 1
                    operations.append(.equal(x, y))
                }
                break
            }
            let previousK = (k == -d || (k != d && previous(k - 1) < previous(k + 1))) ? k + 1 : k - 1
            let previousX = previous(previousK)
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
                operations.append(.equal(x, y))
            }
            if x == previousX {
                y -= 1
                operations.append(.insert(y))
            } else {
                x -= 1
                operations.append(.delete(x))
            }
        }
        return operations.reversed()
    }

    // MARK: - Hunks

    /// Ranges of the script to print: each change with up to three equal lines around it;
    /// changes whose context would touch share a hunk.
    static func hunks(_ script: [Operation]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var index = 0
        while index < script.count {
            guard !script[index].isEqual else {
                index += 1
                continue
            }
            let start = max(0, index - contextLines)
            var end = index
            while end < script.count {
                if !script[end].isEqual {
                    end += 1
                    continue
                }
                var run = end
                while run < script.count, script[run].isEqual { run += 1 }
                if run == script.count || run - end > 2 * contextLines {
                    end = min(run, end + contextLines)
                    break
                }
                end = run
            }
            if let last = result.last, last.upperBound >= start {
                result[result.count - 1] = last.lowerBound..<end
            } else {
                result.append(start..<end)
            }
            index = end
        }
        return result
    }

    static func header(_ hunk: Range<Int>, script: [Operation]) -> String {
        var oldStart: Int?
        var newStart: Int?
        var oldCount = 0
        var newCount = 0
        // Where an empty side sits: after the lines before the hunk.
        var oldBefore = 0
        var newBefore = 0
        for operation in script[..<hunk.lowerBound] {
            switch operation {
            case .equal: oldBefore += 1; newBefore += 1
            case .delete: oldBefore += 1
            case .insert: newBefore += 1
            }
        }
        for operation in script[hunk] {
            switch operation {
            case .equal(let i, let j):
                oldStart = oldStart ?? i
                newStart = newStart ?? j
                oldCount += 1
                newCount += 1
            case .delete(let i):
                oldStart = oldStart ?? i
                oldCount += 1
            case .insert(let j):
                newStart = newStart ?? j
                newCount += 1
            }
        }
        func range(_ start: Int?, _ count: Int, before: Int) -> String {
            switch count {
            case 0: return "\(before),0"
            case 1: return "\((start ?? before) + 1)"
            default: return "\((start ?? before) + 1),\(count)"
            }
        }
        return "@@ -\(range(oldStart, oldCount, before: oldBefore)) +\(range(newStart, newCount, before: newBefore)) @@\n"
    }
}
