/// The stable JSON contract: `version`, `tool`, `diagnostics`, `summary`, keys in that order.
public struct JSONReporter: Reporter {
    public static let name = "json"

    public init() {}

    public func report(_ result: LintResult, context: ReportContext) -> String {
        let counts = SeverityCounts(result.diagnostics)
        let document = JSONValue.object([
            ("version", .int(1)),
            ("tool", .object([("name", .string(context.toolName)), ("version", .string(context.toolVersion))])),
            ("diagnostics", .array(result.diagnostics.map { diagnostic in
                .object([
                    ("rule", .string(diagnostic.ruleID)),
                    ("severity", .string(diagnostic.severity.rawValue)),
                    ("message", .string(diagnostic.message)),
                    ("path", .string(diagnostic.path)),
                    ("line", .int(diagnostic.start.line)),
                    ("column", .int(diagnostic.start.column)),
                    ("endLine", .int(diagnostic.end.line)),
                    ("endColumn", .int(diagnostic.end.column)),
                ])
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
