import Foundation
import XCTest
@testable import LifeguardKit
import LifeguardRules

/// The project index reads files in path order, whatever order discovery finds them in and
/// whichever worker parses them: where two files declare one member, the first by path wins, and
/// findings follow from that.
final class PipelineOrderTests: XCTestCase {
    /// `panel` is a child controller in `A.swift` and a plain view in `B.swift`: read in path order,
    /// `A.swift`'s declaration wins and adding `panel.view` without `addChild` is a finding.
    private let files: [(path: String, text: String)] = [
        ("A.swift", "extension Host { var panel: ChildController { ChildController() } }\n"),
        ("B.swift", "extension Host { var panel: UIView { UIView() } }\n"),
        ("C.swift", """
        import UIKit
        final class ChildController: UIViewController {}
        final class Host: UIViewController {
            override func viewDidLoad() {
                super.viewDidLoad()
                view.addSubview(panel.view)
            }
        }

        """),
    ]

    private func findings(submitting order: [Int], workers: Int, byPath: Bool = true) -> [String] {
        let configuration = LintConfiguration(rules: RuleRegistry.rules.map { RuleSetup(rule: $0) })
        var options = PipelineOptions(workers: workers, ordersByPath: byPath)
        options.keepsIndexUntilExit = false
        let output = LintPipeline(configuration: configuration, options: options).run { submit in
            for index in order {
                submit(PipelineFile(displayPath: files[index].path, origin: .memory(Array(files[index].text.utf8))))
            }
        }
        XCTAssertEqual(output.result.fileCount, 3)
        return output.result.diagnostics.map { "\($0.path):\($0.start.line) \($0.ruleID)" }
    }

    func testTheIndexReadsFilesInPathOrderWhateverTheSubmissionOrder() {
        let expected = ["C.swift:6 child_view_without_add_child"]
        for order in [[0, 1, 2], [2, 1, 0], [1, 2, 0], [2, 0, 1]] {
            for workers in [1, 2, 3] {
                XCTAssertEqual(findings(submitting: order, workers: workers), expected, "order \(order), \(workers) workers")
            }
        }
        // Without path order, submission order decides: the check above is not vacuous.
        XCTAssertEqual(findings(submitting: [1, 0, 2], workers: 1, byPath: false), [])
    }
}
