import UIKit

// Shape: removal split across one property's observers. Inside `willSet` the property still
// holds the old controller — the one `didSet` calls `oldValue` — so `willMove(toParent: nil)` in
// `willSet` prepares the removal `didSet` makes.
final class TabContentViewController: UIViewController {
    var content: UIViewController? {
        willSet {
            content?.willMove(toParent: nil)
        }
        didSet {
            oldValue?.view.removeFromSuperview()
            oldValue?.removeFromParent()
            guard let content else { return }
            addChild(content)
            view.addSubview(content.view)
            content.didMove(toParent: self)
        }
    }
}

// Still reported: `removeFromParent()` then `didMove(toParent: nil)`, with no `willMove`.
final class DrawerViewController: UIViewController {
    private var panel: UIViewController?

    func closePanel() {
        panel?.view.removeFromSuperview()
        panel?.removeFromParent() // expect: incomplete_child_removal
        panel?.didMove(toParent: nil)
    }

    func closeAll() {
        children.forEach { $0.removeFromParent() } // expect: incomplete_child_removal
    }

    func closeInReverseOrder(_ sheet: UIViewController) {
        sheet.removeFromParent() // expect: incomplete_child_removal
        sheet.willMove(toParent: nil)
        sheet.view.removeFromSuperview()
    }
}
