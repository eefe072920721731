import UIKit

// Shape: `layoutIfNeeded()` after updating a constraint's constant or a label's
// `preferredMaxLayoutWidth` in a layout callback runs a pass only when layout is dirty, and
// settles: it is the standard fix for multi-line labels, not a layout loop.
final class ExpandingHeaderView: UIView {
    private let title = UILabel()
    private var heightConstraint: NSLayoutConstraint?

    override func layoutSubviews() {
        super.layoutSubviews()
        title.preferredMaxLayoutWidth = bounds.width - 32
        layoutIfNeeded()
    }
}

final class ArticleViewController: UIViewController {
    private let header = ExpandingHeaderView()
    private var headerHeight: NSLayoutConstraint?

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        headerHeight?.constant = header.systemLayoutSizeFitting(view.bounds.size).height
        view.layoutIfNeeded()
    }
}

// Still reported: invalidating the layout being computed, every pass.
final class PulsingBadgeView: UIView {
    override func layoutSubviews() {
        super.layoutSubviews()
        setNeedsLayout() // expect: non_idempotent_layout
        setNeedsUpdateConstraints() // expect: non_idempotent_layout
    }
}
