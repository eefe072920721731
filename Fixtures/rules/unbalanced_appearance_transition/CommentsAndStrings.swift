import UIKit

/* Forwarding recipe from the container guide. None of this is code:
   banner.beginAppearanceTransition(true, animated: true)
   view.addSubview(banner.view)
   /* nested: banner.endAppearanceTransition() */
   still inside the outer comment: legend.endAppearanceTransition()
*/

/// Debug screen explaining manual appearance forwarding next to a live example.
/// The mistake: `banner.beginAppearanceTransition(true, animated: true)` and never an end.
final class AppearanceTipsViewController: UIViewController {
    private let banner = UIViewController()
    private let legend = UIViewController()
    private let footer = UIViewController()
    private let tipLabel = UILabel()
    private var verbose = false

    private let fix = "banner.endAppearanceTransition()"
    private let mistake = "legend.beginAppearanceTransition(true, animated: true) // expect: unbalanced_appearance_transition"
    private let escaped = "\"banner.endAppearanceTransition()\" \\"
    private let raw = #"banner.endAppearanceTransition() "quoted" \(not interpolated)"#
    private let rawer = ##"footer.beginAppearanceTransition(false, animated: false) "# still raw "##
    private let steps = """
        1. legend.beginAppearanceTransition(true, animated: true)
        2. "banner.endAppearanceTransition()"
        3. footer.endAppearanceTransition() \(4 - 1)
        """

    override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        banner.beginAppearanceTransition(true, animated: animated) // expect: unbalanced_appearance_transition
        // banner.endAppearanceTransition()
        tipLabel.text = "\(verbose ? "banner.endAppearanceTransition()" : "legend.beginAppearanceTransition") tip"
        /* banner.endAppearanceTransition() */ tipLabel.sizeToFit()
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        tipLabel.accessibilityHint = #"banner.endAppearanceTransition() \#(verbose ? "now" : "later")"#
        footer.endAppearanceTransition()
    }

    func showFooter() {
        footer.beginAppearanceTransition(/* appearing */ true, animated: false)
        view.addSubview(footer.view)
        tipLabel.text = """
            legend.endAppearanceTransition()
            \(footer.title ?? "legend.beginAppearanceTransition(true, animated: true)")
            """
    }

    func toggleLegend(visible: Bool) {
        #if DEBUG
        legend.endAppearanceTransition() // expect: unbalanced_appearance_transition
        print("legend.beginAppearanceTransition(true, animated: false) skipped in debug")
        #else
        footer.beginAppearanceTransition(visible, animated: false)
        footer.endAppearanceTransition()
        #endif
    }
}
