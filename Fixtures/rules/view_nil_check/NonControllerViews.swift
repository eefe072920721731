import UIKit
import SwiftUI

// Objects whose `view` really is optional: gesture recognizers, interactions, presenters.
// Comparing those with `nil` is the right thing to do.

final class SwipeToDismissGestureRecognizer: UIPanGestureRecognizer {
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        guard view != nil, touches.count == 1 else {
            state = .failed
            return
        }
        super.touchesBegan(touches, with: event)
    }
}

protocol ProfileDisplaying: AnyObject {
    func display(_ profile: Profile)
}

final class ProfilePresenter {
    weak var view: ProfileDisplaying?
    private let service: ProfileService

    init(service: ProfileService) {
        self.service = service
    }

    func didLoad() {
        if view == nil { return }
        Task { @MainActor in
            let profile = try await service.fetch()
            view?.display(profile)
        }
    }
}

final class ProfileViewController: UIViewController, ProfileDisplaying {
    private let presenter = ProfilePresenter(service: .live)

    override func viewDidLoad() {
        super.viewDidLoad()
        if presenter.view == nil {
            presenter.view = self
        }
        presenter.didLoad()
    }

    @objc func handleTap(_ gesture: UITapGestureRecognizer) {
        guard gesture.view != nil, let interaction = view.interactions.first else { return }
        if interaction.view == nil { return }
    }

    func display(_ profile: Profile) {
        title = profile.displayName
    }
}

/// Slides a sheet up from the bottom.
final class SheetPresentationController: UIPresentationController {
    override func presentationTransitionWillBegin() {
        guard containerView != nil else { return }
        if presentedViewController.view == nil { return } // expect: view_nil_check
        presentedViewController.view.layer.cornerRadius = 16
    }
}

final class FadeAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using context: UIViewControllerContextTransitioning?) -> TimeInterval { 0.25 }

    func animateTransition(using context: UIViewControllerContextTransitioning) {
        guard context.view(forKey: .to) != nil, let toView = context.view(forKey: .to) else {
            context.completeTransition(false)
            return
        }
        context.containerView.addSubview(toView)
        toView.alpha = 0
        UIView.animate(withDuration: 0.25, animations: { toView.alpha = 1 }) { finished in
            context.completeTransition(finished)
        }
    }
}

final class ForecastCell: UITableViewCell {
    private var hostingController: UIHostingController<ForecastRow>?

    func embed(_ row: ForecastRow, in parent: UIViewController) {
        let hosting = UIHostingController(rootView: row)
        if hosting.view != nil { // expect: view_nil_check
            hosting.view.backgroundColor = .clear
        }
        if hostingController?.view == nil || hostingController?.view.superview == nil {
            hostingController = hosting
        }
    }
}
