import Foundation
import XCTest
import LifeguardKit
import LifeguardRules
import LifeguardTestSupport

/// One id, four places: the rule's file, its catalog entry, its fixture folder, the registry.
final class CatalogTests: XCTestCase {
    let rulesDirectory = FixtureFiles.repositoryRoot.appendingPathComponent("Rules")

    /// `Rules/README.md` is generated from the rules' documentation and must not go stale.
    /// Regenerate with `LIFEGUARD_REGENERATE=1 swift test --filter CatalogTests`.
    func testGeneratedCatalogIsUpToDate() throws {
        let url = rulesDirectory.appendingPathComponent("README.md")
        let generated = RuleCatalog.markdown(for: RuleRegistry.allDescriptions)
        if ProcessInfo.processInfo.environment["LIFEGUARD_REGENERATE"] != nil {
            try generated.write(to: url, atomically: true, encoding: .utf8)
        }
        let onDisk = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        XCTAssertEqual(onDisk, generated,
                       "Rules/README.md is stale; run `LIFEGUARD_REGENERATE=1 swift test --filter CatalogTests`")
    }

    func testEveryRuleHasItsOwnFileNamedAfterIt() throws {
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(at: rulesDirectory, includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "swift" { files[url.deletingPathExtension().lastPathComponent] = try String(contentsOf: url, encoding: .utf8) }
        }
        for rule in RuleRegistry.rules {
            let description = rule.description
            let fileName = description.name + "Rule"
            guard let text = files[fileName] else {
                XCTFail("\(description.id): expected Rules/<Category>/\(fileName).swift")
                continue
            }
            XCTAssertTrue(text.contains("id: \"\(description.id)\""), "\(fileName).swift should declare its id")
            XCTAssertEqual(String(describing: rule), fileName)
        }
    }

    func testIdsAndNamesAreWellFormedAndUnique() {
        let descriptions = RuleRegistry.allDescriptions
        XCTAssertEqual(Set(descriptions.map(\.id)).count, descriptions.count)
        XCTAssertEqual(Set(descriptions.map(\.name)).count, descriptions.count)
        for description in descriptions {
            XCTAssertTrue(description.id.allSatisfy { $0.isLowercase || $0 == "_" }, description.id)
            let camel = description.id.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
            XCTAssertEqual(description.name, camel, description.id)
            XCTAssertFalse(description.summary.isEmpty)
            for section in [description.documentation.whatItDoes, description.documentation.whyIsThisBad,
                            description.documentation.example, description.documentation.useInstead,
                            description.documentation.knownLimitations] {
                XCTAssertFalse(section.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, description.id)
            }
        }
    }

    func testSeveritiesMatchTheSpecification() {
        let expected: [String: Severity] = [
            "child_view_without_add_child": .error, "add_child_without_did_move": .warning,
            "incomplete_child_removal": .warning, "manual_lifecycle_call": .error,
            "unbalanced_appearance_transition": .warning, "direct_load_view_call": .error,
            "super_load_view_in_custom_root": .warning, "view_access_in_load_view": .error,
            "view_nil_check": .warning, "non_idempotent_layout": .warning, "geometry_in_view_did_load": .warning,
            "timer_invalidated_only_in_deinit": .error, "strong_self_in_escaping_closure": .warning,
            "strong_delegate": .warning, "observer_without_removal": .warning, "missing_super_call": .error,
            "global_key_window": .warning,
        ]
        XCTAssertEqual(Set(RuleRegistry.rules.map { $0.description.id }), Set(expected.keys))
        for rule in RuleRegistry.rules {
            XCTAssertEqual(rule.description.defaultSeverity, expected[rule.description.id], rule.description.id)
        }
    }
}
