import UIKit

// Two step hosts that share a simple name in different flows, and extensions that finish
// transitions started in the other files of this folder.

enum Onboarding {
    /// Hosts one onboarding step at a time; nothing ever finishes the step's appearance.
    final class StepHost: UIViewController {
        private(set) var step: UIViewController?

        func present(_ next: UIViewController) {
            step?.view.removeFromSuperview()
            step = next
            step?.beginAppearanceTransition(true, animated: true) // expect: unbalanced_appearance_transition
            view.addSubview(next.view)
            next.view.frame = view.bounds
        }
    }
}

enum Checkout {
    /// Hosts one checkout step at a time; the extension below finishes each transition.
    final class StepHost: UIViewController {
        private(set) var step: UIViewController?

        func present(_ next: UIViewController) {
            step?.view.removeFromSuperview()
            step = next
            step?.beginAppearanceTransition(true, animated: true)
            view.addSubview(next.view)
            next.view.frame = view.bounds
            UIView.animate(withDuration: 0.25) {
                next.view.alpha = 1
            } completion: { _ in
                self.stepDidSettle()
            }
        }
    }
}

extension Checkout.StepHost {
    func stepDidSettle() {
        step?.endAppearanceTransition()
        navigationItem.title = step?.title
    }
}

extension DrawerContainerViewController {
    func exitFullScreen() {
        fullScreenPlayer?.view.removeFromSuperview()
        fullScreenPlayer?.endAppearanceTransition()
        fullScreenPlayer = nil
    }

    func closeMenu(animated: Bool) {
        menu.beginAppearanceTransition(false, animated: animated)
        UIView.animate(withDuration: animated ? 0.25 : 0) { [menu] in
            menu.view.transform = CGAffineTransform(translationX: -280, y: 0)
        } completion: { [menu] _ in
            menu.view.removeFromSuperview()
            menu.endAppearanceTransition()
        }
    }
}

/// Picture-in-picture host for the live stream; the end arrives through a delegate callback.
final class LiveStreamHostViewController: UIViewController {
    private let stream = LiveStreamViewController()
    private let chat = LiveChatViewController()

    func startStream() {
        addChild(stream)
        stream.beginAppearanceTransition(true, animated: true)
        view.addSubview(stream.view)
        stream.didMove(toParent: self)
    }

    func streamDidBecomeVisible() {
        stream.endAppearanceTransition()
    }

    func dismissChat() {
        chat.willMove(toParent: nil)
        chat.view.removeFromSuperview()
        chat.endAppearanceTransition() // expect: unbalanced_appearance_transition
        chat.removeFromParent()
    }
}
