import UIKit

/// The root of the checkout flow's controller hierarchy. The concrete steps are declared in
/// CheckoutSteps.swift; the rule must resolve them to UIKit controllers across both files.
class FlowBaseViewController: UIViewController {
    let analyticsName: String

    init(analyticsName: String) {
        self.analyticsName = analyticsName
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }
}

/// Shared chrome for every checkout step: a footer with the total and a continue button.
final class PaymentStepViewController: CheckoutStepViewController {
    private let cardField = UITextField()
    private let applePayButton = UIButton(type: .system)

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        view.addSubview(cardField) // a stored field is moved, not duplicated
        view.addSubview(UITextField()) // expect: non_idempotent_layout
        cardField.frame = view.bounds.insetBy(dx: 16, dy: 120)
        guard !didInstallFooter else { return }
        didInstallFooter = true
        view.addSubview(footer)
    }
}

/// A pager used by onboarding; the generic parameter must not hide the superclass.
class PagedViewController<Page>: UIViewController {
    var pages: [Page] = []
    let pageControl = UIPageControl()
    let scrollView = UIScrollView()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(scrollView)
        view.addSubview(pageControl)
    }
}

/// A rounded card whose subclasses add their own layers, once.
class RoundedCardView: UIView {
    var didBuildLayers = false
    let borderLayer = CAShapeLayer()

    override func layoutSubviews() {
        super.layoutSubviews()
        borderLayer.path = UIBezierPath(roundedRect: bounds, cornerRadius: 12).cgPath
    }
}

/// Named like a controller, but it is an `NSObject`: its subclasses are not controllers.
class LegacyScreenController: NSObject {
    let container = UIView()
}

/// Layout overrides written in an extension of a controller declared in the other file still
/// belong to that controller.
extension ShippingStepViewController {
    override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        view.addSubview(addressSummary) // a stored summary is moved, not duplicated
        view.addSubview(AddressSummaryView()) // expect: non_idempotent_layout
        deliveryOptions.forEach { option in
            optionsStack.addArrangedSubview(DeliveryOptionView(option: option)) // expect: non_idempotent_layout
        }
    }
}

/// Layout-named methods in a type that is neither a view nor a controller.
final class ChartLayoutEngine: NSObject {
    let canvas = UIView()
    let gridLayer = CALayer()

    func layoutSubviews() {
        canvas.addSubview(UILabel())
        canvas.layer.addSublayer(gridLayer)
        canvas.setNeedsLayout()
    }

    func draw(_ rect: CGRect) {
        canvas.layer.addSublayer(CAShapeLayer())
    }

    func updateConstraints() {
        NSLayoutConstraint.activate(canvas.constraints)
    }
}

/// A value type describing layout: never a view.
struct FormLayout {
    var host: UIView
    var fields: [UITextField]

    func layoutSubviews() {
        fields.forEach { host.addSubview($0) }
    }
}

protocol LayoutPass {
    func viewWillLayoutSubviews()
}

extension LayoutPass {
    func viewWillLayoutSubviews() {
        UIView().addSubview(UIView())
    }
}
