import UIKit

/// Declared here, subclassed in CheckoutBase.swift: the hierarchy runs both ways across files.
class CheckoutStepViewController: FlowBaseViewController {
    let footer = CheckoutFooterView()
    var didInstallFooter = false
}

extension CheckoutStepViewController {
    /// A step indicator nested in an extension of the controller is a view type of its own.
    final class StepIndicatorView: UIView {
        private let dots = UIStackView()

        override func layoutSubviews() {
            super.layoutSubviews()
            dots.addArrangedSubview(UIView()) // expect: non_idempotent_layout
        }
    }
}

final class ShippingStepViewController: CheckoutStepViewController {
    let addressSummary = AddressSummaryView()
    let optionsStack = UIStackView()
    var deliveryOptions: [DeliveryOption] = []
    private let promoBanner = PromoBannerView()

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        // `didInstallFooter` is a stored property inherited from the other file: a real guard.
        if !didInstallFooter {
            view.addSubview(footer)
            didInstallFooter = true
        }
        view.addSubview(promoBanner) // a stored banner is moved, not duplicated
        // The guard above covers only its own block: a banner made here piles up.
        view.addSubview(PromoBannerView()) // expect: non_idempotent_layout
    }
}

struct OnboardingPage {
    var title: String
    var imageName: String
}

final class OnboardingViewController: PagedViewController<OnboardingPage> {
    private let skipButton = UIButton(type: .system)

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        view.addSubview(skipButton) // a stored button is moved, not duplicated
        view.addSubview(UIButton(type: .system)) // expect: non_idempotent_layout
        // `pages` is inherited stored state.
        if pageControl.numberOfPages != pages.count {
            pageControl.numberOfPages = pages.count
            scrollView.addSubview(UIView())
        }
    }
}

/// A generic controller declared directly on UIKit.
final class GalleryViewController<Photo: Identifiable>: UIViewController {
    private var photos: [Photo] = []
    private let grid = UIStackView()

    override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        view.addSubview(grid) // a stored stack is moved, not duplicated
        view.addSubview(UIStackView()) // expect: non_idempotent_layout
        grid.frame = view.bounds
    }
}

final class CouponCardView: RoundedCardView {
    private let stripe = CAGradientLayer()

    override func layoutSubviews() {
        super.layoutSubviews()
        if !didBuildLayers {
            layer.addSublayer(borderLayer)
            didBuildLayers = true
        }
        layer.insertSublayer(stripe, at: 0) // a stored layer is moved, not duplicated
        layer.insertSublayer(CAGradientLayer(), at: 0) // expect: non_idempotent_layout
    }
}

enum Checkout {
    /// A view nested in an enum namespace.
    final class SummaryHeaderView: UIView {
        private let totalLabel = UILabel()

        override func layoutSubviews() {
            super.layoutSubviews()
            addSubview(totalLabel) // a stored label is moved, not duplicated
            addSubview(UILabel()) // expect: non_idempotent_layout
        }
    }
}

/// Its base class (CheckoutBase.swift) is an `NSObject`, so these are plain methods.
final class ReceiptScreenController: LegacyScreenController {
    func viewDidLayoutSubviews() {
        container.addSubview(UILabel())
    }

    func layoutSubviews() {
        container.layer.addSublayer(CALayer())
    }
}
