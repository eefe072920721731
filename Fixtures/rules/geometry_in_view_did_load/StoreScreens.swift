import UIKit

// `viewDidLoad()` runs before the view is sized by its container or given safe-area insets,
// so the geometry read here belongs to the nib or to `loadView()`, not to the screen.

final class StoreFrontViewController: UIViewController {
    private let heroImageView = UIImageView()
    private let promoBanner = PromoBannerView()
    private let badge = CartBadgeView()

    override func viewDidLoad() {
        super.viewDidLoad()
        heroImageView.frame = CGRect(x: 0, y: 0, width: view.bounds.width, height: view.bounds.width * 0.56) // expect: geometry_in_view_did_load
        promoBanner.frame = self.view.frame // expect: geometry_in_view_did_load
        let top = view.safeAreaLayoutGuide.layoutFrame.minY // expect: geometry_in_view_did_load
        let insets = view.safeAreaInsets // expect: geometry_in_view_did_load
        badge.frame = CGRect(
            x: view.bounds.maxX - 44, // expect: geometry_in_view_did_load
            y: top + insets.top,
            width: 44,
            height: self.view.bounds.size.height / 20) // expect: geometry_in_view_did_load
        view.addSubview(heroImageView)
        view.addSubview(promoBanner)
        view.addSubview(badge)
    }
}

final class ProductGridViewController: UIViewController {
    private let collectionView = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
    private var columns = 2

    override func viewDidLoad() {
        super.viewDidLoad()
        if view.bounds.width > 700 { // expect: geometry_in_view_did_load
            columns = 4
        }
        guard let layout = collectionView.collectionViewLayout as? UICollectionViewFlowLayout else { return }
        let screenWidth = UIScreen.main.bounds.width // expect: geometry_in_view_did_load
        layout.itemSize = CGSize(width: screenWidth / CGFloat(columns), height: 220)
        preferredContentSize = CGSize(width: view.frame.width, height: 600) // v2: a size request's upper limit
        view.frame = UIScreen.main.bounds // expect: geometry_in_view_did_load
        layoutGrid(in: self.view.bounds) // expect: geometry_in_view_did_load
    }

    private func layoutGrid(in rect: CGRect) {
        collectionView.frame = rect
    }
}

// Near misses: writes, other callbacks, subviews' geometry, and closures that run later.

final class CheckoutViewController: UIViewController {
    private let summaryView = OrderSummaryView()
    private let payButton = UIButton(configuration: .filled())
    private lazy var confettiView = ConfettiView(frame: view.bounds)

    override func viewDidLoad() {
        super.viewDidLoad()
        view.frame = CGRect(x: 0, y: 0, width: 375, height: 667)
        view.bounds = CGRect(origin: .zero, size: preferredContentSize)
        summaryView.frame = summaryView.bounds.insetBy(dx: 16, dy: 16)
        payButton.frame.size = payButton.intrinsicContentSize
        summaryView.layoutMargins = view.layoutMargins
        summaryView.layer.borderWidth = 1 / UIScreen.main.scale
        summaryView.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(summaryView)
        NSLayoutConstraint.activate([
            summaryView.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
            summaryView.leadingAnchor.constraint(equalTo: view.layoutMarginsGuide.leadingAnchor),
            summaryView.trailingAnchor.constraint(equalTo: view.layoutMarginsGuide.trailingAnchor),
        ])
        DispatchQueue.main.async {
            self.payButton.frame.origin.y = self.view.bounds.maxY - 80
        }
        UIView.animate(withDuration: 0.3) { [weak self] in
            guard let self else { return }
            self.summaryView.alpha = self.view.frame.height > 500 ? 1 : 0.8
        }
    }

    override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        confettiView.frame = view.bounds
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        payButton.frame = CGRect(x: 16, y: view.bounds.maxY - view.safeAreaInsets.bottom - 60,
                                 width: view.bounds.width - 32, height: 50)
    }

    override func viewSafeAreaInsetsDidChange() {
        super.viewSafeAreaInsetsDidChange()
        summaryView.layoutMargins.bottom = view.safeAreaInsets.bottom
    }
}
