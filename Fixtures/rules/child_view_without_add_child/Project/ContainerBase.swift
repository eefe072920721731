import UIKit

// The app's base classes and containment helpers. Screens in the other files of this folder
// inherit from these, so whether they are controllers is only known across files.

/// Every screen inherits theming and analytics from here.
class BaseViewController: UIViewController {
    var screenName: String { String(describing: type(of: self)) }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
    }

    /// Adds a child and places its view; the whole protocol in one call.
    func embed(_ child: UIViewController, in container: UIView? = nil) {
        addChild(child)
        (container ?? view).addSubview(child.view)
        child.view.frame = (container ?? view).bounds
        child.didMove(toParent: self)
    }

    /// First half of containment: the caller places the view, then calls `finishAdopting(_:)`.
    func adopt(_ controller: UIViewController) {
        addChild(controller)
    }

    func finishAdopting(_ controller: UIViewController) {
        controller.didMove(toParent: self)
    }

    /// Warms a controller up before it is shown. Does not make it a child.
    func prepare(_ controller: UIViewController) {
        controller.loadViewIfNeeded()
        controller.view.tintColor = view.tintColor
    }
}

/// Lists share pull-to-refresh and empty states.
class ListViewController: BaseViewController {
    let stackView = UIStackView()
}

/// Nodes render off the main thread and expose their backing view; not controllers.
class BaseNode {
    let view = UIView()
    var isLayerBacked = false
}

extension UIViewController {
    /// Asks `parent` to adopt the receiver.
    func attach(to parent: UIViewController) {
        parent.addChild(self)
    }
}

/// Same helper as a free function, for call sites that read better with the child first.
func install(_ child: UIViewController, into parent: UIViewController) {
    parent.addChild(child)
}

// DashboardViewController+Children: the dashboard's news feed is adopted here; the main
// declaration (another file) places its view.
extension DashboardViewController {
    func adoptNews() {
        addChild(news)
        news.didMove(toParent: self)
    }

    func showTrending(_ trending: TrendingViewController) {
        view.addSubview(trending.view) // expect: child_view_without_add_child
    }
}

// Two nested controllers with the same name in different screens (declared in Dashboard.swift):
// only the settings footer adopts its stored `legal` child.
extension SettingsScreen {
    final class Footer: UIViewController {
        let legal = LegalNoticeViewController()

        override func viewDidLoad() {
            super.viewDidLoad()
            addChild(legal)
            legal.didMove(toParent: self)
        }

        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            view.addSubview(legal.view)
        }
    }
}

extension ProfileScreen {
    final class Footer: UIViewController {
        let legal = LegalNoticeViewController()

        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            view.addSubview(legal.view) // expect: child_view_without_add_child
        }
    }
}

/// Builds the window's root for UI tests: a bare shell hosting one screen.
func makeTestRoot(showing screen: UIViewController, wrapped: Bool) -> UIViewController {
    let shell = UIViewController()
    if wrapped {
        let navigation = UINavigationController(rootViewController: screen)
        shell.addChild(navigation)
        shell.view.addSubview(navigation.view)
        navigation.didMove(toParent: shell)
    } else {
        shell.view.addSubview(screen.view) // expect: child_view_without_add_child
    }
    return shell
}
