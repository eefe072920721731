import UIKit

// Children that take themselves out of their parent, extensions of containers declared in
// the other files of this folder, and two nested hosts that share a simple name.

/// A toast that slides in over any screen and removes itself after a delay.
final class ToastViewController: UIViewController {
    func show(in host: UIViewController) {
        host.addChild(self)
        host.view.addSubview(view)
        didMove(toParent: host)
        DispatchQueue.main.asyncAfter(deadline: .now() + 3) { [weak self] in
            self?.hide()
        }
    }

    func hide() {
        willMove(toParent: nil)
        view.removeFromSuperview()
        removeFromParent()
    }

    func hideImmediately() {
        view.removeFromSuperview()
        removeFromParent() // expect: incomplete_child_removal
    }
}

/// A coach mark explaining one control; dismissed by its own buttons.
final class CoachMarkViewController: UIViewController {
    @objc private func gotItTapped() {
        self.willMove(toParent: nil)
        self.view.removeFromSuperview()
        self.removeFromParent()
    }

    @objc private func skipTapped() {
        self.view.removeFromSuperview()
        self.removeFromParent() // expect: incomplete_child_removal
    }
}

extension LibraryViewController {
    func showLyrics(_ lyrics: LyricsViewController) {
        add(lyrics, to: contentArea)
    }

    func collapseNowPlaying() {
        UIView.animate(withDuration: 0.2) {
            self.nowPlaying.view.alpha = 0
        }
        nowPlaying.view.removeFromSuperview() // expect: incomplete_child_removal
    }

    func closeDebugTools(_ fpsMeter: UIViewController, banner: UIViewController) {
        #if DEBUG
        fpsMeter.willMove(toParent: nil)
        fpsMeter.view.removeFromSuperview()
        fpsMeter.removeFromParent()
        #else
        banner.view.removeFromSuperview()
        banner.removeFromParent() // expect: incomplete_child_removal
        #endif
    }
}

extension SheetContainerViewController {
    func collapse() {
        sheet.view.removeFromSuperview() // expect: incomplete_child_removal
        grabber.isHidden = true
    }
}

enum Onboarding {
    /// Hosts one onboarding step at a time.
    final class StepHost: ContainerViewController {
        let step = WelcomeStepViewController()

        override func viewDidLoad() {
            super.viewDidLoad()
            addChild(step)
            view.addSubview(step.view)
            step.didMove(toParent: self)
        }
    }
}

enum Settings {
    /// Shows a borrowed preview of the step's view; never adopts the step controller.
    final class StepHost: ContainerViewController {
        let step = WelcomeStepViewController()

        func showPreview() {
            view.addSubview(step.view)
        }

        func hidePreview() {
            step.view.removeFromSuperview()
        }
    }
}

extension Onboarding.StepHost {
    func skipStep() {
        step.view.removeFromSuperview() // expect: incomplete_child_removal
    }
}
