import UIKit

// Controllers that customize view loading the supported way: overriding `loadView()` and, on
// the nib path, calling `super.loadView()` from inside that override.

final class CanvasViewController: UIViewController {
    override func loadView() {
        view = CanvasView()
    }
}

final class StoryboardBackedViewController: UIViewController {
    override func loadView() {
        super.loadView()
        view.backgroundColor = .systemGroupedBackground
    }
}

final class FallbackViewController: UIViewController {
    override func loadView() {
        if let nibName, Bundle.main.path(forResource: nibName, ofType: "nib") != nil {
            super.loadView()
        } else {
            view = UIView()
        }
    }
}

final class QuietLoadingViewController: UIViewController {
    override func loadView() {
        UIView.performWithoutAnimation {
            super.loadView()
        }
    }
}

final class RecursiveViewController: UIViewController {
    override func loadView() {
        // Meant `super.loadView()`: this one recurses.
        loadView() // expect: direct_load_view_call
    }
}

final class NibHostViewController: UIViewController {
    func loadView(fromNibNamed name: String) {
        Bundle.main.loadNibNamed(name, owner: self)
        super.loadView() // expect: direct_load_view_call
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        loadView(fromNibNamed: "NibHost")
        if responds(to: #selector(UIViewController.loadView)) {
            loadViewIfNeeded()
        }
    }
}

final class LazyDetailViewController: UIViewController {
    private var pending: UIViewController?

    override func loadView() {
        let root = UIStackView()
        root.axis = .vertical
        view = root
    }

    func prepareNext(_ next: UIViewController) {
        next.loadViewIfNeeded()
        pending = next
        if pending?.isViewLoaded == false {
            pending?.loadViewIfNeeded()
        }
        _ = next.viewIfLoaded
    }

    func reloadViews() {
        unloadView()
        preloadView()
        reloadView()
        loadViews()
        loadViewController()
    }

    private func unloadView() {}
    private func preloadView() {}
    private func reloadView() {}
    private func loadViews() {}
    private func loadViewController() {}
}

/// Controllers that build their own root view.
@MainActor
protocol CustomRootLoading: UIViewController {
    func makeRootView() -> UIView
}

extension CustomRootLoading {
    func installRoot() {
        view = makeRootView()
    }
}

final class MapScreenViewController: UIViewController, CustomRootLoading {
    override func loadView() {
        installRoot()
    }

    func makeRootView() -> UIView { MKMapView() }
}
