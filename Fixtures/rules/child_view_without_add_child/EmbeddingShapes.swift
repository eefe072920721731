import UIKit

// A product page built from child screens. The flagged lines put a controller's root view on
// screen without ever making that controller a child; the others do the whole dance, in any order.

extension UIStackView {
    /// Lets call sites pass an optional child's view: nothing is added when it is `nil`.
    func addArrangedSubview(_ view: UIView?) {
        guard let view else { return }
        addArrangedSubview(view)
    }
}

final class ProductPageViewController: UIViewController {
    private let gallery = ProductGalleryViewController()
    private let reviews = ReviewsViewController()
    private var recommendations: RecommendationsViewController?
    private var pendingPromo: PromoViewController!
    private let scrollView = UIScrollView()
    private let stackView = UIStackView()
    private let header = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(scrollView)
        scrollView.addSubview(stackView)
        stackView.axis = .vertical
        stackView.addArrangedSubview(header)
        stackView.addArrangedSubview(gallery.view) // expect: child_view_without_add_child
        stackView.addArrangedSubview(self.reviews.view) // expect: child_view_without_add_child
    }

    func showRecommendations(for product: Product) {
        let controller = RecommendationsViewController(product: product)
        recommendations = controller
        stackView.insertArrangedSubview(controller.view, at: 1) // expect: child_view_without_add_child
    }

    func revealRecommendations() {
        stackView.addArrangedSubview(recommendations?.view) // expect: child_view_without_add_child
    }

    func presentInline(_ sheet: UIViewController) {
        view.insertSubview(sheet.view, aboveSubview: scrollView) // expect: child_view_without_add_child
        sheet.view.frame = view.bounds.insetBy(dx: 16, dy: 16)
    }

    func showSizeGuide() {
        let guide = SizeGuideFactory.make(for: .shoes)
        // expect: child_view_without_add_child
        view.insertSubview(
            guide.view,
            belowSubview: scrollView)
        guide.view.frame = view.bounds
    }

    func showPromo() {
        stackView
            .insertArrangedSubview(pendingPromo!.view, at: 0) // expect: child_view_without_add_child
    }

    // Complete containment: the same function calls `addChild` for the same controller.

    func embedReviewSummary() {
        let summary = ReviewSummaryViewController()
        addChild(summary)
        stackView.addArrangedSubview(summary.view)
        summary.didMove(toParent: self)
    }

    func embedQuestions() {
        let questions = QuestionsViewController()
        stackView.addArrangedSubview(questions.view)
        self.addChild(questions)
        questions.didMove(toParent: self)
    }

    func embedShipping(animated: Bool) {
        let shipping = ShippingEstimateViewController()
        addChild(shipping)
        UIView.transition(with: stackView, duration: animated ? 0.25 : 0, options: .transitionCrossDissolve) {
            self.stackView.insertArrangedSubview(shipping.view, at: 2)
        } completion: { _ in
            shipping.didMove(toParent: self)
        }
    }

    func embedBadgeAfterLayout() {
        let badge = BadgeViewController(style: .compact)
        view.addSubview(badge.view)
        DispatchQueue.main.async {
            self.addChild(badge)
            badge.didMove(toParent: self)
        }
    }
}

final class ChatRoomViewController: UIViewController {
    func mountComposer(in parentController: UIViewController) {
        let composer = ComposerViewController()
        parentController.addChild(composer)
        parentController.view.addSubview(composer.view)
        composer.didMove(toParent: parentController)
    }
}

final class InlinePlayerView: UIView {
    func attach(_ player: AVPlayerViewController) {
        addSubview(player.view) // expect: child_view_without_add_child
        player.view.frame = bounds
    }

    func attachBehindControls(_ player: AVPlayerViewController) {
        insertSubview(player.view, at: 0) // expect: child_view_without_add_child
    }
}

final class OnboardingViewController: UIViewController {
    private var page: OnboardingStepViewController?

    func showFirstPage() {
        let page = OnboardingStepViewController(step: .welcome)
        addChild(page)
        view.addSubview(page.view)
        page.didMove(toParent: self)
        self.page = page
    }

    func showPage(for step: OnboardingStep) {
        // This local shadows the stored property; nothing adds *it* as a child.
        let page = OnboardingStepViewController(step: step)
        view.addSubview(page.view) // expect: child_view_without_add_child
    }
}
