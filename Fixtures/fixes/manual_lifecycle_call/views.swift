import UIKit

final class BadgeView: UIView {
    let label = UILabel()
    let icon = IconView()

    func update() {
        self.layoutSubviews()
        icon.layoutSubviews()
        draw(bounds) // no fix: setNeedsDisplay() draws later, not now
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        icon.layoutSubviews()
    }
}

final class IconView: UIView {}

final class FeedViewController: UIViewController {
    let child = UIViewController()

    func refresh() {
        viewWillAppear(false) // no fix: appearance calls have no certain replacement
        child.viewDidLoad()
    }
}
