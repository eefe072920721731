import XCTest
import LifeguardKit
@testable import LifeguardRules

/// Messages are what a reviewer reads in a pull request: they must name the right symbol and
/// suggest a fix that compiles where it is pasted.
final class RuleMessageTests: XCTestCase {
    private func messages(_ text: String, rule: any Rule.Type) -> [String] {
        LintHarness.lint([("Example.swift", text)], rules: [rule]).map(\.message)
    }

    func testStrongDelegateSuggestionKeepsAttributesModifiersAndOptionality() {
        let found = messages("""
            protocol KeyboardDelegate: AnyObject {}
            protocol PickerDataSource: AnyObject {}
            final class Toolbar: UIView {
                @objc var keyboardDelegate: KeyboardDelegate!
                private(set)   var pickerDataSource: PickerDataSource
                let delegate: any KeyboardDelegate & Sendable
            }
            """, rule: StrongDelegateRule.self)
        XCTAssertEqual(found.count, 3, "\(found)")
        guard found.count == 3 else { return }
        XCTAssertTrue(found[0].contains("declare it `@objc weak var keyboardDelegate: KeyboardDelegate!`"), found[0])
        XCTAssertTrue(found[1].contains("declare it `private(set) weak var pickerDataSource: PickerDataSource?`"), found[1])
        XCTAssertTrue(found[2].contains("declare it `weak var delegate: (any KeyboardDelegate & Sendable)?` (or `unowned let`)"),
                      found[2])
    }

    /// A child that is a call's result (`addChild(embed(list))`) is not named by the call: writing
    /// it again would make another controller. No fix either, for the same reason.
    func testAddChildOfACallResultIsNotRepeatedInTheAdvice() {
        let found = LintHarness.lint([("Tabs.swift", """
            final class Tabs: UIViewController {
                func setUp() {
                    addChild(embed(HomeViewController()))
                }
                func embed(_ controller: UIViewController) -> UIViewController {
                    UINavigationController(rootViewController: controller)
                }
            }
            """)], rules: [AddChildWithoutDidMoveRule.self])
        XCTAssertEqual(found.map(\.message), [
            "the controller `embed(HomeViewController())` returns is added as a child but never gets `didMove(toParent:)`; keep it "
                + "in a constant and call `didMove(toParent: self)` on it once its view is in place",
        ])
        XCTAssertTrue(found.allSatisfy { $0.fix == nil })
    }

    func testGeometryPrefersTheViewReadOverTheScreenOnOneLine() {
        let found = messages("""
            final class Banner: UIViewController {
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let fills = UIScreen.main.bounds.width == view.frame.size.width
                    let screen = UIScreen.main.bounds
                }
            }
            """, rule: GeometryInViewDidLoadRule.self)
        XCTAssertEqual(found.count, 2, "\(found)")
        guard found.count == 2 else { return }
        XCTAssertTrue(found[0].hasPrefix("`view.frame` is read in `viewDidLoad()`"), found[0])
        XCTAssertTrue(found[1].hasPrefix("`UIScreen.main.bounds` is the whole screen"), found[1])
    }

    func testConfiguredRetainingCallNamesItsHolder() {
        let text = """
            final class Inbox: UIViewController {
                let bus = EventBus()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    bus.subscribe { event in self.handle(event) }
                    EventBus.shared.subscribe { event in self.handle(event) }
                }
            }
            """
        XCTAssertTrue(messages(text, rule: StrongSelfInEscapingClosureRule.self).isEmpty)
        let found = LintHarness.lint([("Example.swift", text)], rules: [StrongSelfInEscapingClosureRule.self],
                                     options: ["strong_self_in_escaping_closure": ["retaining_calls": .strings(["subscribe"])]])
            .map(\.message)
        XCTAssertEqual(found.count, 2, "\(found)")
        guard found.count == 2 else { return }
        XCTAssertTrue(found[0].hasPrefix("`bus` is retained by `self`"), found[0])
        XCTAssertTrue(found[1].hasPrefix("this closure is kept by `EventBus.shared`"), found[1])
    }
}
