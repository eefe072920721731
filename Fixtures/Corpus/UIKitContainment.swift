// Exercises UIKit child view controller containment: addChild/didMove(toParent:)/willMove(toParent:), transitions, page and tab controllers, coordinators and custom transition animators.

import UIKit

@MainActor
protocol Coordinator: AnyObject {
    var children: [any Coordinator] { get set }
    var navigationController: UINavigationController { get }
    func start()
}

extension Coordinator {
    func addChild(_ coordinator: some Coordinator) {
        children.append(coordinator)
        coordinator.start()
    }

    func removeChild(_ coordinator: any Coordinator) {
        children.removeAll { $0 === coordinator }
    }
}

final class ContainerViewController: UIViewController {
    private(set) var current: UIViewController?
    private let contentView = UIView()
    var transitionDuration: TimeInterval = 0.3
    var onTransitionFinished: ((_ from: UIViewController?, _ to: UIViewController) -> Void)?

    override func viewDidLoad() {
        super.viewDidLoad()
        // Kept current by its flexible autoresizing mask (v2): not a stale frame.
        contentView.frame = view.bounds
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(contentView)
    }

    func embed(_ child: UIViewController) {
        addChild(child)
        child.view.frame = contentView.bounds
        contentView.addSubview(child.view)
        child.didMove(toParent: self)
        current = child
    }

    func unembed(_ child: UIViewController) {
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
        if current === child { current = nil }
    }

    func show(_ next: UIViewController, animated: Bool = true) {
        guard let previous = current else {
            embed(next)
            onTransitionFinished?(nil, next)
            return
        }
        guard previous !== next else { return }
        previous.willMove(toParent: nil)
        addChild(next)
        next.view.frame = contentView.bounds
        next.view.alpha = 0
        transition(
            from: previous,
            to: next,
            duration: animated ? transitionDuration : 0,
            options: [.transitionCrossDissolve, .curveEaseInOut],
            animations: {
                next.view.alpha = 1
                previous.view.alpha = 0
            },
            completion: { [weak self] finished in
                previous.removeFromParent()
                next.didMove(toParent: self)
                self?.current = next
                if finished {
                    self?.onTransitionFinished?(previous, next)
                }
            }
        )
    }

    override var childForStatusBarStyle: UIViewController? { current }
    override var childForHomeIndicatorAutoHidden: UIViewController? { current }
    override var preferredStatusBarStyle: UIStatusBarStyle { current?.preferredStatusBarStyle ?? .default }

    override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        coordinator.animate(alongsideTransition: { [weak self] context in
            self?.contentView.frame = CGRect(origin: .zero, size: size)
            _ = context.transitionDuration
        }, completion: { _ in
            self.setNeedsStatusBarAppearanceUpdate()
        })
    }
}

final class BannerChildViewController: UIViewController {
    var message: String
    var dismissAfter: TimeInterval
    private var dismissTimer: Timer?
    var onDismiss: () -> Void = {}

    init(message: String, dismissAfter: TimeInterval = 3) {
        self.message = message
        self.dismissAfter = dismissAfter
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func willMove(toParent parent: UIViewController?) {
        super.willMove(toParent: parent)
        if parent == nil {
            dismissTimer?.invalidate()
        }
    }

    override func didMove(toParent parent: UIViewController?) {
        super.didMove(toParent: parent)
        guard parent != nil else { return }
        dismissTimer = Timer.scheduledTimer(withTimeInterval: dismissAfter, repeats: false) { [weak self] _ in
            guard let self else { return }
            UIView.animate(withDuration: 0.2, animations: {
                self.view.transform = CGAffineTransform(translationX: 0, y: -self.view.bounds.height)
            }) { _ in
                self.willMove(toParent: nil)
                self.view.removeFromSuperview()
                self.removeFromParent()
                self.onDismiss()
            }
        }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        let label = UILabel()
        label.text = "📣 \(message)"
        label.textAlignment = .center
        view.addSubview(label)
        view.backgroundColor = UIColor { traits in
            traits.userInterfaceStyle == .dark ? .systemIndigo : .systemYellow
        }
    }
}

extension UIViewController {
    @discardableResult
    func presentBanner(_ message: String, duration: TimeInterval = 3) -> BannerChildViewController {
        let banner = BannerChildViewController(message: message, dismissAfter: duration)
        addChild(banner)
        view.addSubview(banner.view)
        banner.view.frame = CGRect(x: 0, y: view.safeAreaInsets.top, width: view.bounds.width, height: 56)
        banner.didMove(toParent: self)
        return banner
    }

    var topMostChild: UIViewController {
        children.last?.topMostChild ?? self
    }
}

final class OnboardingPageViewController: UIPageViewController, UIPageViewControllerDataSource, UIPageViewControllerDelegate {
    private let pages: [UIViewController]
    private var currentIndex = 0 {
        didSet { pageControl.currentPage = currentIndex }
    }
    private lazy var pageControl: UIPageControl = {
        let control = UIPageControl()
        control.numberOfPages = pages.count
        control.addAction(UIAction { [unowned self, unowned control] _ in
            self.go(to: control.currentPage)
        }, for: .valueChanged)
        return control
    }()
    var completion: (() -> Void)?

    init(titles: [String]) {
        pages = titles.enumerated().map { index, title in
            let page = UIViewController()
            page.title = title
            page.view.tag = index
            return page
        }
        super.init(transitionStyle: .scroll, navigationOrientation: .horizontal, options: [.interPageSpacing: 12])
    }

    required init?(coder: NSCoder) {
        fatalError("not supported")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        dataSource = self
        delegate = self
        view.addSubview(pageControl)
        if let first = pages.first {
            setViewControllers([first], direction: .forward, animated: false)
        }
    }

    private func go(to index: Int) {
        guard pages.indices.contains(index) else { return }
        let direction: UIPageViewController.NavigationDirection = index > currentIndex ? .forward : .reverse
        setViewControllers([pages[index]], direction: direction, animated: true) { [weak self] done in
            if done { self?.currentIndex = index }
        }
    }

    func pageViewController(_ pageViewController: UIPageViewController, viewControllerBefore viewController: UIViewController) -> UIViewController? {
        guard let index = pages.firstIndex(of: viewController), index > 0 else { return nil }
        return pages[index - 1]
    }

    func pageViewController(_ pageViewController: UIPageViewController, viewControllerAfter viewController: UIViewController) -> UIViewController? {
        guard let index = pages.firstIndex(of: viewController), index + 1 < pages.count else {
            completion?()
            return nil
        }
        return pages[index + 1]
    }

    func pageViewController(_ pageViewController: UIPageViewController, didFinishAnimating finished: Bool, previousViewControllers: [UIViewController], transitionCompleted completed: Bool) {
        if completed, let visible = viewControllers?.first, let index = pages.firstIndex(of: visible) {
            currentIndex = index
        }
    }
}

final class MainTabBarController: UITabBarController, UITabBarControllerDelegate {
    private var badgeObserver: NSObjectProtocol?

    override func viewDidLoad() {
        super.viewDidLoad()
        delegate = self
        let tabs: [(String, String, () -> UIViewController)] = [
            ("Feed", "house", { FeedViewController { _, done in done(.success([])) } }),
            ("Login", "person", { LoginViewController() }),
            ("Onboarding", "sparkles", { OnboardingPageViewController(titles: ["One", "Two", "Three"]) }),
        ]
        viewControllers = tabs.map { title, icon, make in
            let root = make()
            root.tabBarItem = UITabBarItem(title: title, image: UIImage(systemName: icon), selectedImage: nil)
            return UINavigationController(rootViewController: root)
        }
        badgeObserver = NotificationCenter.default.addObserver(
            forName: Notification.Name("BadgeCountChanged"),
            object: nil,
            queue: .main
        ) { [weak self] notification in
            let count = notification.userInfo?["count"] as? Int ?? 0
            self?.viewControllers?.first?.tabBarItem.badgeValue = count > 0 ? "\(count)" : nil
        }
    }

    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool {
        viewController !== selectedViewController
    }

    deinit {
        if let badgeObserver {
            NotificationCenter.default.removeObserver(badgeObserver)
        }
    }
}

final class SlideAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    let presenting: Bool

    init(presenting: Bool) {
        self.presenting = presenting
        super.init()
    }

    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval {
        presenting ? 0.35 : 0.25
    }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let key: UITransitionContextViewKey = presenting ? .to : .from,
              let moving = transitionContext.view(forKey: key) else {
            transitionContext.completeTransition(false)
            return
        }
        let container = transitionContext.containerView
        if presenting { container.addSubview(moving) }
        let offscreen = moving.frame.offsetBy(dx: container.bounds.width, dy: 0)
        let onscreen = transitionContext.finalFrame(for: transitionContext.viewController(forKey: .to)!)
        moving.frame = presenting ? offscreen : onscreen
        let animator = UIViewPropertyAnimator(duration: transitionDuration(using: transitionContext), dampingRatio: 0.9) {
            moving.frame = self.presenting ? onscreen : offscreen
        }
        animator.addCompletion { position in
            transitionContext.completeTransition(position == .end && !transitionContext.transitionWasCancelled)
        }
        animator.startAnimation()
    }
}

final class SettingsCoordinator: NSObject, Coordinator, UIViewControllerTransitioningDelegate {
    var children: [any Coordinator] = []
    let navigationController: UINavigationController
    var finished: ((SettingsCoordinator) -> Void)?

    init(navigationController: UINavigationController) {
        self.navigationController = navigationController
        super.init()
    }

    func start() {
        let login = LoginViewController()
        login.onLogin = { [weak self, weak login] user in
            guard let self, let login else { return }
            login.presentBanner("Welcome back, \(user)!")
            self.showFeed()
        }
        login.transitioningDelegate = self
        login.modalPresentationStyle = .custom
        navigationController.present(login, animated: true)
    }

    private func showFeed() {
        let feed = FeedViewController { page, completion in
            DispatchQueue.global(qos: .userInitiated).async {
                completion(.success(page > 3 ? [] : [FeedViewController.Post(id: UUID(), author: "a", body: "b", likes: page)]))
            }
        }
        feed.didSelectPost = { [unowned self] post in
            let container = ContainerViewController()
            container.onTransitionFinished = { from, to in
                print("moved from \(String(describing: from)) to \(to)")
            }
            self.navigationController.pushViewController(container, animated: true)
            container.show(BannerChildViewController(message: post.body))
        }
        navigationController.dismiss(animated: true) { [weak self] in
            self?.navigationController.setViewControllers([feed], animated: false)
        }
    }

    func animationController(forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        SlideAnimator(presenting: true)
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? {
        SlideAnimator(presenting: false)
    }
}

@objc protocol SplitChildDelegate: NSObjectProtocol {
    func splitChildDidRequestClose(_ child: UIViewController)
    @objc optional func splitChild(_ child: UIViewController, didChangeWidth width: CGFloat)
}

final class SplitContainerViewController: UIViewController, SplitChildDelegate {
    private var primary: UIViewController?
    private var secondary: UIViewController?
    private var ratio: CGFloat = 0.35 {
        didSet { view.setNeedsLayout() }
    }

    func setPrimary(_ controller: UIViewController) {
        replace(&primary, with: controller)
    }

    func setSecondary(_ controller: UIViewController?) {
        replace(&secondary, with: controller)
    }

    private func replace(_ slot: inout UIViewController?, with new: UIViewController?) {
        if let old = slot {
            old.willMove(toParent: nil)
            old.view.removeFromSuperview()
            old.removeFromParent()
        }
        slot = new
        guard let new else { return }
        addChild(new)
        view.addSubview(new.view)
        new.didMove(toParent: self)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let (left, right) = view.bounds.divided(atDistance: secondary == nil ? view.bounds.width : view.bounds.width * ratio, from: .minXEdge)
        primary?.view.frame = left
        secondary?.view.frame = right
    }

    override func overrideTraitCollection(forChild childViewController: UIViewController) -> UITraitCollection? {
        childViewController === secondary ? UITraitCollection(horizontalSizeClass: .compact) : nil
    }

    func splitChildDidRequestClose(_ child: UIViewController) {
        if child === secondary { setSecondary(nil) }
    }

    func splitChild(_ child: UIViewController, didChangeWidth width: CGFloat) {
        ratio = width / max(view.bounds.width, 1)
    }
}
