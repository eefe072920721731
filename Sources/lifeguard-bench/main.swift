import Foundation
import LifeguardKit

// Temporary: measure tokenizer + outline over a directory.
let root = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "Fixtures"
var files: [[UInt8]] = []
let enumerator = FileManager.default.enumerator(atPath: root)!
while let path = enumerator.nextObject() as? String {
    if path.hasSuffix(".swift"), let data = FileManager.default.contents(atPath: root + "/" + path) { files.append([UInt8](data)) }
}
let total = files.reduce(0) { $0 + $1.count }
for label in (ProcessInfo.processInfo.environment["ONLY"].map { [$0] } ?? ["tokenize", "outline"]) {
    var best = Double.infinity
    for _ in 0..<5 {
        let start = DispatchTime.now().uptimeNanoseconds
        var sink = 0
        for bytes in files {
            if label == "outline" {
                let tree = SyntaxTree(source: SourceFile(path: "", bytes: bytes))
                sink &+= tree.outline.nodes.count
            } else { sink &+= Tokenizer.tokenize(bytes).count }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        best = min(best, seconds)
        if sink == -1 { print(sink) }
    }
    print(label, String(format: "%.1f MB/s", Double(total) / best / 1e6), "(\(total) bytes, \(files.count) files)")
}
