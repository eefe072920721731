import UIKit

// Calls that share a callback's name but not its meaning, and screens declared in the other
// files of this folder, extended here.

/// Drives the profile screen; `viewDidLoad()` here is the presenter's own method.
final class ProfilePresenter: ScreenPresenting {
    private(set) var isLoading = false

    func viewDidLoad() {
        isLoading = true
    }

    func viewWillAppear() {
        isLoading = false
    }

    func retry() {
        viewDidLoad()
        self.viewWillAppear()
    }
}

enum Checkout {
    /// The order summary page of the checkout flow.
    final class Summary: TrackedViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .secondarySystemBackground
        }
    }
}

enum Reports {
    /// Presents the monthly summary; a presenter whose methods mirror the screen's callbacks.
    final class Summary {
        private(set) var lines: [String] = []

        func viewDidLoad() { lines = ["Income", "Spending"] }
        func viewWillAppear(_ animated: Bool) { lines.append(animated ? "animated" : "static") }
    }
}

final class ReportsCoordinator {
    private let summary = Reports.Summary()
    private let flowController = OnboardingFlowController()
    private let trackers: [AnalyticsTracker] = [.shared]

    func start() {
        summary.viewDidLoad()
        summary.viewWillAppear(false)
        flowController.viewDidLoad()
        flowController.viewDidAppear(true)
        for tracker in trackers {
            tracker.viewDidAppear("reports")
        }
    }
}

final class CheckoutCoordinator {
    private let summary = Checkout.Summary()

    func preload() {
        summary.viewDidLoad() // expect: manual_lifecycle_call
    }
}

extension ProfileScreen {
    /// Debug menu action: rebuilds the screen's state from scratch.
    func debugReload(using presenter: ScreenPresenting) {
        #if DEBUG
        presenter.viewDidLoad()
        analytics.viewDidAppear(screenName)
        #else
        self.viewDidLoad() // expect: manual_lifecycle_call
        #endif
    }

    func layoutSubviews() {
        view.setNeedsLayout()
        view.layoutIfNeeded()
    }

    func relayout() {
        layoutSubviews()
        view.setNeedsDisplay()
    }
}

extension ShadowCardView {
    func refreshShadow(with image: UIImage?) {
        layer.contents = UIGraphicsImageRenderer(bounds: bounds).image { _ in
            image?.draw(in: bounds)
            NSString(string: "Draft").draw(at: .zero, withAttributes: nil)
        }.cgImage
        layoutSubviews() // expect: manual_lifecycle_call
    }
}

final class ProductCardView: ShadowCardView {
    func update(title: String) {
        accessibilityLabel = title
        setNeedsLayout()
        layoutIfNeeded()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        layer.cornerRadius = bounds.height > 80 ? 16 : 8
    }
}

final class OnboardingPagesViewController: TrackedViewController {
    private var pages: [UIViewController] = []

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        for pageController in pages {
            pageController.viewDidAppear(animated) // expect: manual_lifecycle_call
        }
    }
}
