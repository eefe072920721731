import UIKit

// Shape: a child that removes itself, where the only caller in the run sends
// `willMove(toParent: nil)` first: the protocol is complete.
final class ToastViewController: UIViewController {
    func dismissToast() {
        view.removeFromSuperview()
        removeFromParent()
    }
}

final class ToastHostViewController: UIViewController {
    private var toast: ToastViewController?

    func hideToast() {
        toast?.willMove(toParent: nil)
        toast?.dismissToast()
        toast = nil
    }
}

// Still reported: a child removing itself whom no caller prepares.
final class BannerViewController: UIViewController {
    func close() {
        view.removeFromSuperview()
        removeFromParent() // expect: incomplete_child_removal
    }
}
