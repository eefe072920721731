import UIKit

/* Removal recipe from the containment guide. None of this is code:
   child.willMove(toParent: nil)
   child.view.removeFromSuperview()
   /* nested: child.removeFromParent() */
   still inside the outer comment: panel.view.removeFromSuperview()
*/

/// Debug screen that explains child removal next to a live example.
/// The mistake it warns about: `panel.removeFromParent()` with no `willMove(toParent: nil)`.
final class RemovalTipsViewController: UIViewController {
    private let panel = UIViewController()
    private let legend = UIViewController()
    private let tipLabel = UILabel()
    private var verbose = false

    private let fix = "panel.willMove(toParent: nil); panel.view.removeFromSuperview(); panel.removeFromParent()"
    private let mistake = "panel.removeFromParent() // expect: incomplete_child_removal"
    private let escaped = "\"panel.view.removeFromSuperview()\" \\"
    private let raw = #"panel.removeFromParent() "quoted" \(not interpolated)"#
    private let rawer = ##"panel.view.removeFromSuperview() "# still raw "##
    private let steps = """
        1. panel.willMove(toParent: nil)
        2. "panel.view.removeFromSuperview()"
        3. panel.removeFromParent() \(2 + 1)
        """

    override func viewDidLoad() {
        super.viewDidLoad()
        addChild(panel)
        view.addSubview(panel.view)
        panel.didMove(toParent: self)
        addChild(legend)
        view.addSubview(legend.view)
        legend.didMove(toParent: self)
    }

    func hidePanel() {
        tipLabel.text = "panel.willMove(toParent: nil)"
        // panel.willMove(toParent: nil)
        /* panel.willMove(toParent: nil) */ panel.view.removeFromSuperview()
        panel.removeFromParent() // expect: incomplete_child_removal
    }

    func hideLegend() {
        tipLabel.text = "\(verbose ? "legend.removeFromParent()" : "legend.view.removeFromSuperview()") done"
        legend.view.removeFromSuperview() // expect: incomplete_child_removal
        tipLabel.accessibilityHint = #"legend.removeFromParent() \#(verbose ? "now" : "later")"#
    }

    func closeLegend() {
        legend.willMove(toParent: /* leaving */ nil)
        legend.view.removeFromSuperview() // legend.removeFromParent() would be next
        legend.removeFromParent()
        tipLabel.text = """
            legend.removeFromParent()
            \(legend.title ?? "panel.view.removeFromSuperview()")
            """
    }

    func resetForScreenshots() {
        #if DEBUG
        panel.view.removeFromSuperview() // expect: incomplete_child_removal
        print("panel.removeFromParent() skipped for screenshots")
        #else
        legend.willMove(toParent: nil)
        legend.view.removeFromSuperview()
        legend.removeFromParent()
        #endif
    }
}
