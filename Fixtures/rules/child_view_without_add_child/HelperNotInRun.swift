import UIKit

// Shape: a helper the run cannot see (a UI library's `embed(_:in:)`) takes the controller: what
// happens there is unknown, so the view it adds afterwards is not reported.
final class StoreViewController: UIViewController {
    func showBanner(_ banner: PromoBannerViewController) {
        embed(banner, in: self)
        view.addSubview(banner.view)
    }
}
