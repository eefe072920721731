import UIKit

// Custom transitions: UIKit hands the animator both controllers and a container view, and owns
// the containment itself. Only the presenting screen's own embedding is checked.

final class CardPresentAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    private weak var stage: UIView?

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        0.35
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let toVC = transitionContext.viewController(forKey: .to),
              let fromVC = transitionContext.viewController(forKey: .from) else { return }
        let container = transitionContext.containerView
        stage = container
        container.addSubview(toVC.view)
        transitionContext.containerView.insertSubview(fromVC.view, belowSubview: toVC.view)
        addShadow(behind: fromVC)
        toVC.view.frame = transitionContext.finalFrame(for: toVC)
        toVC.view.transform = CGAffineTransform(translationX: 0, y: container.bounds.height)
        UIView.animate(withDuration: transitionDuration(using: transitionContext)) {
            toVC.view.transform = .identity
        } completion: { finished in
            transitionContext.completeTransition(finished && !transitionContext.transitionWasCancelled)
        }
    }

    private func addShadow(behind controller: UIViewController) {
        stage?.addSubview(controller.view)
    }
}

final class SwipeBackInteraction: NSObject {
    private var context: UIViewControllerContextTransitioning?
    private var backdrop: UIView?
}

extension SwipeBackInteraction: UIViewControllerInteractiveTransitioning {
    func startInteractiveTransition(_ transitionContext: UIViewControllerContextTransitioning) {
        context = transitionContext
        guard let destination = transitionContext.viewController(forKey: .to) else { return }
        backdrop = transitionContext.containerView
        backdrop?.insertSubview(destination.view, at: 0)
    }
}

/// Shared by several animators; it conforms to nothing, but it only ever adds views to the
/// transition's container.
final class TransitionStaging {
    func stage(_ controller: UIViewController, in transitionContext: UIViewControllerContextTransitioning) {
        transitionContext.containerView.addSubview(controller.view)
    }
}

final class GalleryViewController: UIViewController, UIViewControllerTransitioningDelegate {
    private let zoomAnimator = CardPresentAnimator()
    private let caption = CaptionViewController()
    private let transitionContainer = UIView()

    func open(_ photo: PhotoViewController) {
        photo.modalPresentationStyle = .custom
        photo.transitioningDelegate = self
        present(photo, animated: true)
    }

    func previewInline(_ photo: PhotoViewController) {
        // A view called like a transition's container, but owned by this screen.
        transitionContainer.addSubview(photo.view) // expect: child_view_without_add_child
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController,
                             source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        zoomAnimator
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(transitionContainer)
        view.addSubview(caption.view) // expect: child_view_without_add_child
    }
}
