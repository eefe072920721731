import UIKit

/*
 Before the audit every screen looked like this:

     override func viewDidLoad() {
         setUp()
     }
 /* nested: override func layoutSubviews() { } */
 and the outer comment is still open here: override func viewWillAppear(_ animated: Bool) {}
 */

/// Onboarding. Only real calls count: a `super` call inside a comment or a string is not one.
final class OnboardingViewController: UIViewController {
    private let hintLabel = UILabel()
    private let stepsLabel = UILabel()

    override func viewDidLoad() { // expect: missing_super_call
        // super.viewDidLoad()
        /* super.viewDidLoad() */
        hintLabel.text = "super.viewDidLoad() is called by UIKit"
    }

    override func viewWillAppear(_ animated: Bool) { // expect: missing_super_call
        stepsLabel.text = #"super.viewWillAppear(animated) "quoted" \(not interpolated)"#
    }

    override func viewDidAppear(_ animated: Bool) { // expect: missing_super_call
        let tip = """
            Remember: super.viewDidAppear(animated)
            \(animated ? "super.viewDidAppear(true)" : #"super.viewDidAppear(false)"#)
            """
        hintLabel.text = tip
    }

    override func viewWillDisappear(_ animated: Bool) {
        let note = "*/ inside a string does not end anything: super.viewWillDisappear"
        super.viewWillDisappear(animated) /* the real call */
        hintLabel.text = note
    }

    override func viewDidDisappear(_ animated: Bool) { // expect: missing_super_call
        let raw = ##"""
            super.viewDidDisappear(animated) """# still raw
            """##
        print(raw, "\("super.viewDidDisappear(\(animated))")")
    }
}

/// Debug builds swap in an inspector; every branch of `#if` is analysed.
final class InspectorCell: UITableViewCell {
    #if DEBUG
    override func layoutSubviews() { // expect: missing_super_call
        accessoryView?.frame.size = CGSize(width: 24, height: 24)
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        accessibilityIdentifier = nil
    }
    #else
    override func layoutSubviews() {
        super.layoutSubviews()
    }

    override func prepareForReuse() { // expect: missing_super_call
        detailTextLabel?.text = nil
    }
    #endif

    override func didMoveToWindow() {
        #if DEBUG
        print("InspectorCell moved to \(String(describing: window))")
        #endif
        super.didMoveToWindow()
    }
}

final class DiagnosticsViewController: UIViewController {
    #if targetEnvironment(simulator)
    override func didReceiveMemoryWarning() { // expect: missing_super_call
        print("memory warning (simulated)")
    }
    #elseif DEBUG
    override func didReceiveMemoryWarning() {
        super.didReceiveMemoryWarning()
    }
    #endif

    override func awakeFromNib() {
        /* setUp() */ super.awakeFromNib() // a trailing comment: override func awakeFromNib() {}
    }
}
