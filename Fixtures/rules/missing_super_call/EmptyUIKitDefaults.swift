import UIKit

// Shape (v2): `didMoveToSuperview()`, `didMoveToWindow()`, `willMove(toSuperview:)` and
// `willMove(toWindow:)` have empty UIKit defaults: overriding them without `super` is fine unless
// the project adds them back through the rule's `view_methods` option.
final class ShimmerView: UIView {
    override func didMoveToSuperview() {
        startShimmering()
    }

    override func didMoveToWindow() {
        if window == nil { stopShimmering() }
    }

    override func willMove(toSuperview newSuperview: UIView?) {
        if newSuperview == nil { stopShimmering() }
    }

    override func willMove(toWindow newWindow: UIWindow?) {
        stopShimmering()
    }

    // Still reported: `layoutSubviews()` applies Auto Layout in UIKit's implementation.
    override func layoutSubviews() { // expect: missing_super_call
        layer.cornerRadius = bounds.height / 2
    }

    private func startShimmering() {}
    private func stopShimmering() {}
}
