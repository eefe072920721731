import UIKit

// Shapes: a `guard` on stored state guards what follows it even when other work comes first.
final class BadgeViewController: UIViewController {
    private var didAddBadge = false
    private let title2 = UILabel()

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        title2.sizeToFit()
        guard !didAddBadge else { return }
        didAddBadge = true
        let badge = UILabel()
        view.addSubview(badge)
    }
}

// Still reported: the call comes before the guard, or the guard reads no stored state.
final class RibbonViewController: UIViewController {
    private var didAddRibbon = false
    private let ribbon = UIView()

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        view.addSubview(UIView()) // expect: non_idempotent_layout
        guard !didAddRibbon else { return }
        didAddRibbon = true
        view.addSubview(ribbon)
    }

    override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        ribbon.sizeToFit()
        guard view.bounds.width > 0 else { return }
        view.addSubview(UIView()) // expect: non_idempotent_layout
    }
}
