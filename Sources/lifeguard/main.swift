import Foundation
import LifeguardKit

let args = CommandLine.arguments
if args.count == 3, args[1] == "outline" {
    let data = FileManager.default.contents(atPath: args[2]) ?? Data()
    let tree = SyntaxTree(source: SourceFile(path: args[2], bytes: [UInt8](data)))
    print(tree.outlineDescription())
}
