import UIKit

final class BadgeView: UIView {
    let label = UILabel()
    let icon = IconView()
    var rounding: CGFloat = 0 {
        didSet { layoutSubviews() }
    }

    func update() {
        self.layoutSubviews() // now, before measuring
        icon.layoutSubviews()
        draw(bounds) // no fix: setNeedsDisplay() draws later, not now
    }

    func animate() {
        UIView.animate(withDuration: 0.3) { [weak self] in self?.layoutSubviews() }
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
