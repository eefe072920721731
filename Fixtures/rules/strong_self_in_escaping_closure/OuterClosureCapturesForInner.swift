import UIKit

// True positive worth keeping: only the inner closure says `[weak self]`, so the outer closure
// — which the view keeps — captures `self` strongly to hand it on.
final class FeedViewController: UIViewController {
    private let header = FeedHeaderView()

    override func viewDidLoad() {
        super.viewDidLoad()
        header.onRefresh = { // expect: strong_self_in_escaping_closure
            DispatchQueue.main.async { [weak self] in
                self?.reload()
            }
        }
        header.onClose = { [weak self] in
            DispatchQueue.main.async {
                self?.dismiss(animated: true)
            }
        }
    }

    private func reload() {}
}

final class FeedHeaderView: UIView {
    var onRefresh: (() -> Void)?
    var onClose: (() -> Void)?
}
