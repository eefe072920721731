#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// SARIF 2.1.0 for GitHub code scanning and other SARIF consumers: one run, every enabled rule in
/// `tool.driver.rules`, repository-relative percent-encoded URIs under `%SRCROOT%`, UTF-16
/// columns, and GitHub's `primaryLocationLineHash` fingerprints.
public struct SARIFReporter: Reporter {
    public static let name = "sarif"

    public init() {}

    public func report(_ result: LintResult, context: ReportContext) -> String {
        var ruleIndex: [String: Int] = [:]
        for (position, rule) in context.rules.enumerated() { ruleIndex[rule.id] = position }
        let results = result.diagnostics.map { diagnostic -> JSONValue in
            let source = result.sources[diagnostic.path]
            var members: [(String, JSONValue)] = [("ruleId", .string(diagnostic.ruleID))]
            if let index = ruleIndex[diagnostic.ruleID] { members.append(("ruleIndex", .int(index))) }
            members.append(("level", .string(level(diagnostic.severity))))
            members.append(("message", .object([("text", .string(diagnostic.message))])))
            members.append(("locations", .array([
                .object([("physicalLocation", physicalLocation(diagnostic.path, range: diagnostic.range, start: diagnostic.start,
                                                                end: diagnostic.end, source: source))]),
            ])))
            if !diagnostic.related.isEmpty {
                members.append(("relatedLocations", .array(diagnostic.related.enumerated().map { offset, related in
                    .object([
                        ("id", .int(offset + 1)),
                        ("physicalLocation", physicalLocation(diagnostic.path, range: related.range, start: related.start,
                                                              end: related.end, source: source)),
                        ("message", .object([("text", .string(related.message))])),
                    ])
                })))
            }
            if let hash = source?.lineHash(diagnostic.start.line) {
                members.append(("partialFingerprints", .object([("primaryLocationLineHash", .string(hash))])))
            }
            if let fix = diagnostic.fix {
                members.append(("fixes", .array([self.fix(fix, path: diagnostic.path)])))
            }
            return .object(members)
        }
        var root = context.workingDirectory
        if !root.hasSuffix("/") { root += "/" }
        let run = JSONValue.object([
            ("tool", .object([("driver", .object([
                ("name", .string(context.toolName)),
                ("semanticVersion", .string(context.toolVersion)),
                ("informationUri", .string(Lifeguard.informationURI)),
                ("rules", .array(context.rules.map(rule))),
            ]))])),
            ("invocations", .array([.object([("executionSuccessful", .bool(context.executionSuccessful))])])),
            ("originalUriBaseIds", .object([("%SRCROOT%", .object([("uri", .string("file://" + Self.encodePath(root)))]))])),
            ("columnKind", .string("utf16CodeUnits")),
            ("results", .array(results)),
        ])
        let document = JSONValue.object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ])
        return document.rendered(pretty: true) + "\n"
    }

    func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "note"
        }
    }

    func rule(_ description: RuleDescription) -> JSONValue {
        let problemSeverity = description.defaultSeverity == .note ? "recommendation" : description.defaultSeverity.rawValue
        return .object([
            ("id", .string(description.id)),
            ("name", .string(description.name)),
            ("shortDescription", .object([("text", .string(description.summary))])),
            ("fullDescription", .object([("text", .string(description.documentation.whatItDoes))])),
            ("helpUri", .string(Lifeguard.informationURI + "/blob/main/Rules/README.md#" + description.id)),
            ("help", .object([
                ("text", .string(RuleDocumentationRenderer.text(for: description))),
                ("markdown", .string(RuleDocumentationRenderer.markdown(for: description))),
            ])),
            ("defaultConfiguration", .object([("level", .string(level(description.defaultSeverity)))])),
            ("properties", .object([
                ("tags", .array([.string(description.category.rawValue), .string("uikit"), .string("correctness")])),
                ("precision", .string("high")),
                ("problem.severity", .string(problemSeverity)),
            ])),
        ])
    }

    /// A SARIF fix (§3.55): one artifact change whose replacements delete byte regions
    /// (§3.30.13, exact whatever the run's `columnKind`) and insert text.
    func fix(_ fix: Fix, path: String) -> JSONValue {
        .object([
            ("description", .object([("text", .string(fix.message))])),
            ("artifactChanges", .array([.object([
                ("artifactLocation", artifactLocation(path)),
                ("replacements", .array(fix.edits.map { edit in
                    var replacement: [(String, JSONValue)] = [
                        ("deletedRegion", .object([("byteOffset", .int(edit.range.lowerBound)),
                                                   ("byteLength", .int(edit.range.count))])),
                    ]
                    // Without `insertedContent` a replacement is a deletion (§3.57.3).
                    if !edit.replacement.isEmpty {
                        replacement.append(("insertedContent", .object([("text", .string(edit.replacement))])))
                    }
                    return .object(replacement)
                })),
            ])])),
        ])
    }

    func artifactLocation(_ path: String) -> JSONValue {
        if path.hasPrefix("/") { return .object([("uri", .string("file://" + Self.encodePath(path)))]) }
        return .object([("uri", .string(Self.encodePath(path))), ("uriBaseId", .string("%SRCROOT%"))])
    }

    func physicalLocation(_ path: String, range: Range<Int>, start: SourceLocation, end: SourceLocation,
                          source: SourceExcerpt?) -> JSONValue {
        var startColumn = start.column
        var endColumn = end.column
        if let source {
            startColumn = source.utf16Column(of: range.lowerBound) ?? startColumn
            endColumn = source.utf16Column(of: range.upperBound) ?? endColumn
        }
        return .object([
            ("artifactLocation", artifactLocation(path)),
            ("region", .object([
                ("startLine", .int(start.line)),
                ("startColumn", .int(startColumn)),
                ("endLine", .int(max(end.line, start.line))),
                ("endColumn", .int(max(1, endColumn))),
            ])),
        ])
    }

    /// Percent-encodes a path for a URI reference: unreserved characters and `/` stay, every
    /// other byte of the UTF-8 is `%XX`.
    public static func encodePath(_ path: String) -> String {
        var output = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "~"), UInt8(ascii: "/"):
                output.unicodeScalars.append(UnicodeScalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".utf8)
                output.unicodeScalars.append("%")
                output.unicodeScalars.append(UnicodeScalar(hex[Int(byte >> 4)]))
                output.unicodeScalars.append(UnicodeScalar(hex[Int(byte & 0xF)]))
            }
        }
        return output
    }
}
