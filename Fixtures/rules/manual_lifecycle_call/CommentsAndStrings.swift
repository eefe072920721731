import UIKit

/* Notes from the lifecycle review. None of this is code:
   child.viewWillAppear(true)
   self.viewDidLoad()
   /* nested: cardView.layoutSubviews() and draw(bounds) */
   still inside the outer comment: didReceiveMemoryWarning()
*/

/// Debug screen listing lifecycle mistakes with their fixes.
/// The mistake: `child.viewDidLoad()` to "reload"; the fix: `loadViewIfNeeded()`.
final class LifecycleTipsViewController: UIViewController {
    private let child = UIViewController()
    private let badge = UIView()
    private let tipLabel = UILabel()
    private var verbose = false

    private let fix = "child.beginAppearanceTransition(true, animated: false); child.endAppearanceTransition()"
    private let mistake = "child.viewWillAppear(true) // expect: manual_lifecycle_call"
    private let escaped = "\"self.viewDidLoad()\" \\"
    private let raw = #"badge.layoutSubviews() "quoted" \(not interpolated)"#
    private let rawer = ##"viewDidLayoutSubviews() "# still raw "##
    private let steps = """
        1. viewDidLoad()
        2. "child.viewDidAppear(true)"
        3. badge.draw(badge.bounds) \(3 * 1)
        """

    override func viewDidLoad() {
        super.viewDidLoad()
        // viewWillAppear(true)
        tipLabel.text = "\(verbose ? "child.viewDidLoad()" : "viewWillLayoutSubviews()") is wrong"
        tipLabel.accessibilityHint = #"didReceiveMemoryWarning() \#(verbose ? "never" : "badge.layoutSubviews()")"#
        /* child.viewDidAppear(true) */ child.loadViewIfNeeded()
        view.addSubview(badge)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        child.viewWillAppear(animated) // expect: manual_lifecycle_call
        tipLabel.text = """
            child.viewDidDisappear(false)
            \(child.title ?? "self.viewDidLoad()")
            """
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        badge.layer.cornerRadius = badge.bounds.height / 2 // badge.layoutSubviews()
    }

    func simulateRotation() {
        #if DEBUG
        viewWillLayoutSubviews() // expect: manual_lifecycle_call
        print("viewDidLayoutSubviews() skipped in debug")
        #else
        view.setNeedsLayout()
        badge.layoutSubviews() // expect: manual_lifecycle_call
        #endif
    }
}

/// A status dot that redraws itself; the strings name the calls it must not make.
final class StatusDotView: UIView {
    var isOnline = false {
        didSet {
            accessibilityValue = isOnline ? "draw(bounds)" : "layoutSubviews()"
            setNeedsDisplay()
        }
    }

    override func draw(_ rect: CGRect) {
        (isOnline ? UIColor.systemGreen : UIColor.systemGray).setFill()
        UIBezierPath(ovalIn: rect.insetBy(dx: 2, dy: 2)).fill()
    }

    func flash() {
        isOnline.toggle()
        draw(bounds) // expect: manual_lifecycle_call
    }
}
