import UIKit

// Shape: a UIKit container takes over containment. A child handed to `setViewControllers`,
// `pushViewController`, `present`, `show` or `viewControllers = [...]` is managed by that
// container, which sends `didMove(toParent:)` itself.
final class OnboardingPagesViewController: UIPageViewController {
    func start(with first: WelcomeViewController) {
        addChild(first)
        setViewControllers([first], direction: .forward, animated: false)
    }
}

final class TabsCoordinator {
    let tabs = UITabBarController()

    func install(_ screens: [UIViewController], home: HomeViewController) {
        tabs.addChild(home)
        tabs.viewControllers = [home] + screens
    }
}

// Shape: a helper the run cannot see does the whole dance (a UI library's `add(_:)`): the
// visible code cannot prove anything, so nothing is reported.
final class SettingsHostViewController: UIViewController {
    func embed(_ settings: SettingsViewController) {
        addChild(settings)
        add(settings, to: view)
    }
}
