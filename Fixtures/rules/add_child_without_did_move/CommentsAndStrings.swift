import UIKit

/* Containment recipe from the onboarding docs. None of this is code:
   addChild(sidebar)
   view.addSubview(sidebar.view)
   /* nested: addChild(drawer) with no didMove */
   still inside the outer comment: parent.addChild(self)
*/

/// Debug screen listing containment mistakes next to their fixes.
/// The classic mistake: `addChild(child)` with no `child.didMove(toParent: self)` afterwards.
final class ContainmentTipsViewController: UIViewController {
    private let sidebar = UIViewController()
    private let drawer = UIViewController()
    private let tipLabel = UILabel()
    private var showsFix = true

    private let fix = "addChild(child); view.addSubview(child.view); child.didMove(toParent: self)"
    private let mistake = "addChild(drawer) // expect: add_child_without_did_move"
    private let escaped = "\"addChild(drawer)\" and then \\ nothing"
    private let raw = #"addChild(drawer) "quoted" \(not interpolated)"#
    private let rawer = ##"addChild(drawer) "# still raw "##
    private let steps = """
        1. addChild(drawer)
        2. view.addSubview(drawer.view)
        3. "drawer.didMove(toParent: self)" \(1 + 1) times
        """

    override func viewDidLoad() {
        super.viewDidLoad()
        // addChild(drawer)
        view.addSubview(tipLabel)
        tipLabel.text = "\(showsFix ? "drawer.didMove(toParent: self)" : "addChild(drawer)") is the tip"
        addChild(sidebar) // expect: add_child_without_did_move
        view.addSubview(sidebar.view)
        tipLabel.accessibilityHint = #"sidebar.didMove(toParent: self) \#(showsFix ? "done" : "addChild(x)")"#
        /* sidebar.didMove(toParent: self) */ tipLabel.sizeToFit()
    }

    func showDrawer() {
        addChild(/* the drawer */ drawer)
        view.addSubview(drawer.view) // addChild(sidebar)
        drawer.didMove(toParent: self)
        tipLabel.text = """
            addChild(sidebar)
            \(drawer.title ?? "addChild(drawer)")
            """
    }

    func showSidebar(debugging: Bool) {
        #if DEBUG
        addChild(sidebar) // expect: add_child_without_did_move
        view.addSubview(sidebar.view)
        print("sidebar.didMove(toParent: self) skipped while debugging")
        #else
        addChild(drawer)
        view.addSubview(drawer.view)
        drawer.didMove(toParent: self)
        #endif
    }
}

/// The drawer adds and finishes itself; the strings only mention the calls.
final class DrawerHintViewController: UIViewController {
    private let hint = UILabel()

    func attach(to host: UIViewController) {
        hint.text = "host.addChild(self)"
        host.addChild(self)
        host.view.addSubview(view)
        didMove(toParent: host)
    }

    func attachQuietly(to host: UIViewController) {
        host.addChild(self) // expect: add_child_without_did_move
        host.view.addSubview(view)
        hint.text = "didMove(toParent: host)" // didMove(toParent: host)
    }
}
