import UIKit

// No certain fix: `willMove` is already sent in the wrong place, the removal runs in a closure,
// or a loop removes every child.
final class DrawerViewController: UIViewController {
    func closeInReverse(_ sheet: UIViewController) {
        sheet.removeFromParent()
        sheet.willMove(toParent: nil)
    }

    func fadeOut(_ sheet: UIViewController) {
        UIView.animate(withDuration: 0.3) {
            sheet.view.alpha = 0
        } completion: { _ in
            sheet.removeFromParent()
        }
    }

    func closeAll() {
        children.forEach { $0.removeFromParent() }
    }
}
