// Exercises UIKit app-level code: app/scene delegates, generic view controllers, search controllers, async notification loops, scroll delegates, state restoration and a small layout DSL.

import UIKit
import SwiftUI

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    private var backgroundTask: UIBackgroundTaskIdentifier = .invalid

    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        UNUserNotificationCenter.current().requestAuthorization(options: [.alert, .badge]) { granted, error in
            guard granted, error == nil else { return }
            DispatchQueue.main.async {
                application.registerForRemoteNotifications()
            }
        }
        return true
    }

    func application(_ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        let configuration = UISceneConfiguration(name: "Default", sessionRole: connectingSceneSession.role)
        configuration.delegateClass = SceneDelegate.self
        return configuration
    }

    func applicationDidEnterBackground(_ application: UIApplication) {
        backgroundTask = application.beginBackgroundTask(withName: "flush") { [weak self] in
            guard let self else { return }
            application.endBackgroundTask(self.backgroundTask)
            self.backgroundTask = .invalid
        }
    }
}

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    private var coordinator: SettingsCoordinator?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        let navigation = UINavigationController()
        coordinator = SettingsCoordinator(navigationController: navigation)
        window.rootViewController = MainTabBarController()
        window.makeKeyAndVisible()
        self.window = window
        if let activity = connectionOptions.userActivities.first ?? session.stateRestorationActivity {
            restore(from: activity)
        }
    }

    func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? {
        let activity = NSUserActivity(activityType: "corpus.restore")
        activity.addUserInfoEntries(from: ["tab": (window?.rootViewController as? UITabBarController)?.selectedIndex ?? 0])
        return activity
    }

    private func restore(from activity: NSUserActivity) {
        if let tab = activity.userInfo?["tab"] as? Int {
            (window?.rootViewController as? UITabBarController)?.selectedIndex = tab
        }
    }

    func sceneDidBecomeActive(_ scene: UIScene) {}
    func sceneWillResignActive(_ scene: UIScene) {}
}

class ListViewController<Item: Hashable & CustomStringConvertible, Cell: UITableViewCell>: UITableViewController, UISearchResultsUpdating {
    typealias Configure = (Cell, Item, IndexPath) -> Void

    private var allItems: [Item]
    private var filtered: [Item] = []
    private let configure: Configure
    private let matches: (Item, String) -> Bool
    private var searchTask: Task<Void, Never>?
    private lazy var searchController: UISearchController = {
        let controller = UISearchController(searchResultsController: nil)
        controller.searchResultsUpdater = self
        controller.obscuresBackgroundDuringPresentation = false
        controller.searchBar.placeholder = "Search \(Item.self)"
        return controller
    }()

    init(
        items: [Item],
        matches: @escaping (Item, String) -> Bool = { item, query in
            item.description.localizedCaseInsensitiveContains(query)
        },
        configure: @escaping Configure
    ) {
        self.allItems = items
        self.matches = matches
        self.configure = configure
        super.init(style: .plain)
    }

    required init?(coder: NSCoder) {
        fatalError("use init(items:matches:configure:)")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(Cell.self, forCellReuseIdentifier: "cell")
        navigationItem.searchController = searchController
        definesPresentationContext = true
        filtered = allItems
        Task { [weak self] in
            for await _ in NotificationCenter.default.notifications(named: UIApplication.significantTimeChangeNotification) {
                guard let self else { return }
                await MainActor.run { self.tableView.reloadData() }
            }
        }
    }

    override func viewIsAppearing(_ animated: Bool) {
        super.viewIsAppearing(animated)
        tableView.flashScrollIndicators()
    }

    func updateSearchResults(for searchController: UISearchController) {
        let query = searchController.searchBar.text ?? ""
        searchTask?.cancel()
        searchTask = Task { @MainActor [weak self, query] in
            try? await Task.sleep(for: .milliseconds(250))
            guard let self, !Task.isCancelled else { return }
            self.filtered = query.isEmpty ? self.allItems : self.allItems.filter { self.matches($0, query) }
            self.tableView.reloadData()
        }
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        filtered.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
        if let typed = cell as? Cell {
            configure(typed, filtered[indexPath.row], indexPath)
        }
        return cell
    }

    override func scrollViewDidScroll(_ scrollView: UIScrollView) {
        let progress = scrollView.contentOffset.y / max(scrollView.contentSize.height - scrollView.bounds.height, 1)
        navigationController?.navigationBar.alpha = 1 - min(max(progress, 0), 0.5)
    }

    override func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        if velocity.y > 2 {
            targetContentOffset.pointee.y = scrollView.contentSize.height - scrollView.bounds.height
        }
    }

    deinit {
        searchTask?.cancel()
    }
}

final class CountryListViewController: ListViewController<String, ProfileCell> {
    init() {
        super.init(items: Locale.Region.isoRegions.map(\.identifier)) { cell, code, indexPath in
            cell.configure(name: "\(indexPath.row + 1). \(code)", avatarURL: nil, progress: 0)
        }
    }

    required init?(coder: NSCoder) {
        fatalError()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Countries"
    }
}

@resultBuilder
enum ConstraintsBuilder {
    static func buildBlock(_ groups: [NSLayoutConstraint]...) -> [NSLayoutConstraint] { groups.flatMap { $0 } }
    static func buildExpression(_ constraint: NSLayoutConstraint) -> [NSLayoutConstraint] { [constraint] }
    static func buildExpression(_ constraints: [NSLayoutConstraint]) -> [NSLayoutConstraint] { constraints }
    static func buildOptional(_ group: [NSLayoutConstraint]?) -> [NSLayoutConstraint] { group ?? [] }
    static func buildEither(first group: [NSLayoutConstraint]) -> [NSLayoutConstraint] { group }
    static func buildEither(second group: [NSLayoutConstraint]) -> [NSLayoutConstraint] { group }
}

extension UIView {
    @discardableResult
    func layout(@ConstraintsBuilder _ make: (UIView) -> [NSLayoutConstraint]) -> [NSLayoutConstraint] {
        translatesAutoresizingMaskIntoConstraints = false
        let constraints = make(self)
        NSLayoutConstraint.activate(constraints)
        return constraints
    }
}

final class DashboardViewController: UIViewController {
    private let ring = RingView(progress: 0.3)
    private let gradient = GradientView()
    private var isCompact: Bool { traitCollection.horizontalSizeClass == .compact }
    private var tickTimer: Timer?
    private var appStateTasks: [Task<Void, Never>] = []
    var statusProvider: () async throws -> Double = { 0.5 }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(gradient)
        view.addSubview(ring)
        gradient.layout { v in
            v.topAnchor.constraint(equalTo: view.topAnchor)
            v.bottomAnchor.constraint(equalTo: view.bottomAnchor)
            [v.leadingAnchor.constraint(equalTo: view.leadingAnchor), v.trailingAnchor.constraint(equalTo: view.trailingAnchor)]
        }
        ring.layout { [unowned self] v in
            v.centerXAnchor.constraint(equalTo: view.centerXAnchor)
            if isCompact {
                v.widthAnchor.constraint(equalToConstant: 96)
            } else {
                v.widthAnchor.constraint(equalTo: view.widthAnchor, multiplier: 0.25)
            }
            v.heightAnchor.constraint(equalTo: v.widthAnchor)
            v.centerYAnchor.constraint(equalTo: view.safeAreaLayoutGuide.centerYAnchor)
        }
        let host = UIHostingController(rootView: Text("Dashboard"))
        addChild(host)
        view.addSubview(host.view)
        host.didMove(toParent: self)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        tickTimer = Timer(timeInterval: 0.5, repeats: true) { [weak self] _ in
            self?.ring.progress += 0.01
        }
        RunLoop.main.add(tickTimer!, forMode: .common)
        appStateTasks = [
            Task { [weak self] in
                for await _ in NotificationCenter.default.notifications(named: UIApplication.willEnterForegroundNotification) {
                    await self?.refreshStatus()
                }
            },
            Task.detached(priority: .utility) { [weak self] in
                let value = try? await self?.statusProvider()
                await MainActor.run { self?.ring.progress = CGFloat(value ?? 0) }
            },
        ]
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        tickTimer?.invalidate()
        appStateTasks.forEach { $0.cancel() }
    }

    @MainActor
    private func refreshStatus() async {
        do {
            let value = try await statusProvider()
            ring.progress = CGFloat(value)
        } catch {
            presentBanner("Refresh failed: \(error.localizedDescription)")
        }
    }

    override func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        coordinator.animate { _ in
            self.ring.setNeedsDisplay()
        }
    }
}
