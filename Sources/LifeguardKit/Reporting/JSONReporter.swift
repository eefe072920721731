/// The stable JSON contract: `version`, `tool`, `diagnostics`, `summary`, keys in that order. A
/// diagnostic with a certain fix carries a `fix` key after its others: a message and edits, each
/// a UTF-8 byte range of the original file (`start` inclusive, `end` exclusive) and its
/// replacement, sorted and non-overlapping.
public struct JSONReporter: Reporter {
    public static let name = "json"

    public init() {}

    public func report(_ result: LintResult, context: ReportContext) -> String {
        let counts = SeverityCounts(result.diagnostics)
        let document = JSONValue.object([
            ("version", .int(1)),
            ("tool", .object([("name", .string(context.toolName)), ("version", .string(context.toolVersion))])),
            ("diagnostics", .array(result.diagnostics.map { diagnostic in
                var members: [(String, JSONValue)] = [
                    ("rule", .string(diagnostic.ruleID)),
                    ("severity", .string(diagnostic.severity.rawValue)),
                    ("message", .string(diagnostic.message)),
                    ("path", .string(diagnostic.path)),
                    ("line", .int(diagnostic.start.line)),
                    ("column", .int(diagnostic.start.column)),
                    ("endLine", .int(diagnostic.end.line)),
                    ("endColumn", .int(diagnostic.end.column)),
                ]
                if let fix = diagnostic.fix {
                    members.append(("fix", .object([
                        ("message", .string(fix.message)),
                        ("edits", .array(fix.edits.map { edit in
                            .object([
                                ("start", .int(edit.range.lowerBound)),
                                ("end", .int(edit.range.upperBound)),
                                ("replacement", .string(edit.replacement)),
                            ])
                        })),
                    ])))
                }
                return .object(members)
            })),
            ("summary", .object([
                ("files", .int(result.fileCount)),
                ("errors", .int(counts.errors)),
                ("warnings", .int(counts.warnings)),
                ("notes", .int(counts.notes)),
            ])),
        ])
        return document.rendered(pretty: true) + "\n"
    }
}
