import UIKit

/// Feed cards, through `CardCell` in ScreenBases.swift.
final class ArticleCardCell: CardCell {
    private var imageTask: Task<Void, Never>?

    override func prepareForReuse() { // expect: missing_super_call
        imageTask?.cancel()
        imageTask = nil
    }

    override func awakeFromNib() { // expect: missing_super_call
        titleLabel.font = .preferredFont(forTextStyle: .headline)
    }

    override func layoutSubviews() {
        UIView.performWithoutAnimation {
            super.layoutSubviews()
        }
        thumbnailView.layer.cornerRadius = thumbnailView.bounds.height / 2
    }
}

/// An order row: `setEditing(_:animated:)` is only in the controller list.
final class OrderCell: UITableViewCell {
    let badgeView = UIView()

    override func setEditing(_ editing: Bool, animated: Bool) {
        badgeView.isHidden = editing
    }

    override func setSelected(_ selected: Bool, animated: Bool) {
        badgeView.backgroundColor = selected ? .systemBlue : .systemGray
    }

    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) { // expect: missing_super_call
        badgeView.layer.borderColor = UIColor.separator.cgColor
    }

    override func layoutSubviews() { // expect: missing_super_call
        badgeView.frame = CGRect(x: contentView.bounds.maxX - 24, y: 8, width: 16, height: 16)
    }
}

/// A video surface that pauses when it leaves the window.
final class PlayerSurfaceView: UIView {
    var onWindowChange: ((UIWindow?) -> Void)?

    override func willMove(toWindow newWindow: UIWindow?) {
        super.willMove(toWindow: newWindow)
        onWindowChange?(newWindow)
    }

    // Contract v2: `willMove(toSuperview:)`, `didMoveToWindow()`, `didMoveToSuperview()` and
    // `willMove(toWindow:)` have empty UIKit defaults and are not in the default list.
    override func willMove(toSuperview newSuperview: UIView?) {
        super.willMove(toWindow: newSuperview?.window)
    }

    override func didMoveToWindow() {
        layer.contentsScale = window?.screen.scale ?? 2
    }

    override func didMoveToSuperview() {
        defer { super.didMoveToSuperview() }
        guard superview != nil else { return }
        backgroundColor = .black
    }

    override func draw(_ rect: CGRect) {
        UIColor.black.setFill()
        UIRectFill(rect)
    }

    override func safeAreaInsetsDidChange() {
        setNeedsLayout()
    }
}

/// Controls, stacks, text fields and windows are views too.
final class RatingControl: UIControl {
    private var starConstraints: [NSLayoutConstraint] = []

    override func updateConstraints() { // expect: missing_super_call
        NSLayoutConstraint.activate(starConstraints)
        super.layoutSubviews()
    }
}

final class TagStackView: UIStackView {
    override func didMoveToSuperview() {}
}

final class AmountTextField: UITextField {
    override func willMove(toWindow newWindow: UIWindow?) {
        if newWindow == nil { resignFirstResponder() }
    }
}

final class DebugOverlayWindow: UIWindow {
    override func layoutSubviews() { // expect: missing_super_call
        rootViewController?.view.frame = bounds
    }
}

/// Custom pager hooks share base names with UIKit callbacks, not their full names.
class PagerView: UIScrollView {
    func didMove(toPage index: Int) {}
    func willMove(toParent section: Int) {}
}

final class OnboardingPagerView: PagerView {
    override func didMove(toPage index: Int) {
        accessibilityValue = "Page \(index + 1)"
    }

    override func willMove(toParent section: Int) {
        isPagingEnabled = section > 0
    }
}
