import UIKit

// Shape: `setNeedsUpdateConstraints()` immediately followed by `updateConstraintsIfNeeded()` on
// the same view updates the constraints before returning: the flag is cleared and nothing is
// left to loop.
final class WalletPanelViewController: UIViewController {
    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        view.setNeedsUpdateConstraints()
        view.updateConstraintsIfNeeded()
    }
}
