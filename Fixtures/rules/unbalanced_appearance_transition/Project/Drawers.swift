import UIKit

// Containers that split each begin/end pair across methods, closures and extensions.

/// A side drawer over the main content.
final class DrawerContainerViewController: ManualForwardingContainerViewController {
    let menu = MenuViewController()
    private let content: UIViewController
    private let badge = UnreadBadgeViewController()
    private let toast = ToastViewController()
    var fullScreenPlayer: UIViewController?

    init(content: UIViewController) {
        self.content = content
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override var visibleChildren: [UIViewController] { [content] }

    func openMenu(animated: Bool) {
        menu.beginAppearanceTransition(true, animated: animated)
        content.beginAppearanceTransition(false, animated: animated)
        view.addSubview(menu.view)
        UIView.animate(withDuration: animated ? 0.3 : 0) { [menu] in
            menu.view.transform = .identity
        } completion: { _ in
            self.didFinishOpeningMenu()
        }
    }

    private func didFinishOpeningMenu() {
        menu.endAppearanceTransition()
        content.endAppearanceTransition()
    }

    func showUnreadBadge() {
        badge.beginAppearanceTransition(true, animated: false) // expect: unbalanced_appearance_transition
        view.addSubview(badge.view)
    }

    func hideToast() {
        toast.view.removeFromSuperview()
        toast.endAppearanceTransition() // expect: unbalanced_appearance_transition
    }

    func playFullScreen(_ player: UIViewController) {
        fullScreenPlayer = player
        fullScreenPlayer?.beginAppearanceTransition(true, animated: true)
        view.addSubview(player.view)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        #if DEBUG
        let fpsOverlay = FPSOverlayViewController()
        fpsOverlay.beginAppearanceTransition(true, animated: false) // expect: unbalanced_appearance_transition
        view.addSubview(fpsOverlay.view)
        #else
        let ratingPrompt = RatingPromptViewController()
        ratingPrompt.beginAppearanceTransition(true, animated: false)
        view.addSubview(ratingPrompt.view)
        ratingPrompt.endAppearanceTransition()
        #endif
    }
}

extension PagerViewController {
    func finishTransition(from outgoing: Page, to incoming: Page) {
        outgoing.endAppearanceTransition()
        incoming.endAppearanceTransition()
    }
}

/// Shows the tutorial overlay over whichever screen is current; not a controller itself.
final class TutorialOverlayPresenter {
    private let overlay = TutorialOverlayViewController()

    func present(over host: UIViewController) {
        host.addChild(overlay)
        overlay.beginAppearanceTransition(true, animated: true) // expect: unbalanced_appearance_transition
        host.view.addSubview(overlay.view)
        overlay.didMove(toParent: host)
    }
}

/// Forwards appearance to every page with the base class's loops, plus a closing pass.
final class StoryReelViewController: ManualForwardingContainerViewController {
    func closeReel(animated: Bool) {
        for story in children {
            story.beginAppearanceTransition(false, animated: animated)
        }
        UIView.animate(withDuration: 0.2) {
            self.view.alpha = 0
        } completion: { _ in
            for closed in self.children {
                closed.endAppearanceTransition()
            }
        }
    }
}
