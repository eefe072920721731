import UIKit

// Shapes: a view added only to be measured and taken out again in the same method is never shown.
final class SizingViewController: UIViewController {
    private let sizing = UIViewController()

    func measuredHeight() -> CGFloat {
        view.addSubview(sizing.view)
        let height = sizing.view.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize).height
        sizing.view.removeFromSuperview()
        return height
    }
}

// Still reported: the view is taken out of an earlier place first, then shown.
final class BannerHostViewController: UIViewController {
    private let banner = UIViewController()

    func showBanner() {
        banner.view.removeFromSuperview()
        view.addSubview(banner.view) // expect: child_view_without_add_child
    }
}
