import UIKit

/// The profile screen. Its name does not say "controller"; its superclass chain does.
final class ProfileScreen: TrackedViewController {
    private let viewModel: ScreenPresenting
    weak var delegate: ScreenVisibilityDelegate?
    private let header = ShadowCardView()
    private let activity = SparklineView()

    init(presenter: ScreenPresenting) {
        self.viewModel = presenter
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        viewModel.viewDidLoad()
        view.addSubview(header)
        header.addSubview(activity)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        viewModel.viewWillAppear()
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        delegate?.viewWillDisappear(self, animated: true)
    }

    func reloadAfterSignIn() {
        viewDidLoad() // expect: manual_lifecycle_call
        self.viewWillAppear(false) // expect: manual_lifecycle_call
        header.layoutSubviews() // expect: manual_lifecycle_call
        activity.draw(activity.bounds) // expect: manual_lifecycle_call
    }

    @objc private func memoryPressureNotified() {
        didReceiveMemoryWarning() // expect: manual_lifecycle_call
    }

    func applyCompactLayout() {
        viewWillLayoutSubviews() // expect: manual_lifecycle_call
        view.layoutSubviews() // expect: manual_lifecycle_call
        viewDidLayoutSubviews() // expect: manual_lifecycle_call
    }
}

/// Tabs that forward appearance to their pages by hand, through the callbacks themselves.
final class SegmentedTabsViewController: UIViewController {
    private var tabs: [UIViewController] = []
    private var selectedIndex = 0

    override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        children[selectedIndex].viewWillAppear(animated) // expect: manual_lifecycle_call
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        children.first?.viewDidAppear(animated) // expect: manual_lifecycle_call
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        for tabController in tabs {
            tabController.viewWillDisappear(animated) // expect: manual_lifecycle_call
        }
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        for child in children {
            child.viewDidDisappear(animated) // expect: manual_lifecycle_call
        }
    }

    func select(_ index: Int) {
        let outgoingVC = tabs[selectedIndex]
        outgoingVC.viewDidDisappear(false) // expect: manual_lifecycle_call
        selectedIndex = index
        navigationController?.topViewController?.viewWillAppear(false) // expect: manual_lifecycle_call
        presentedViewController?.viewWillDisappear(true) // expect: manual_lifecycle_call
        navigationController?.viewControllers.last?.viewDidAppear(false) // expect: manual_lifecycle_call
    }
}

/// Builds and warms up screens before the transition starts.
final class ScreenPreloader {
    private let router: AppRouter

    init(router: AppRouter) {
        self.router = router
    }

    func preload(_ presenter: ScreenPresenting) {
        let profile = ProfileScreen(presenter: presenter)
        profile.viewDidLoad() // expect: manual_lifecycle_call
        let feed = PagedList<String>()
        feed.viewWillAppear(false) // expect: manual_lifecycle_call
        let viewModel = router.makeProfileModel()
        viewModel.viewDidLoad()
        let checkoutController = router.makeCheckout()
        checkoutController.viewDidLoad() // expect: manual_lifecycle_call
    }

    func forceLayout(of detail: UIViewController, card: ShadowCardView) {
        detail.viewDidLayoutSubviews() // expect: manual_lifecycle_call
        card.layoutSubviews() // expect: manual_lifecycle_call
    }
}

func reloadSettings(_ settingsVC: UIViewController) {
    settingsVC.viewWillLayoutSubviews() // expect: manual_lifecycle_call
}
