import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        Appearance.apply()
        SpotStore.shared.loadCachedSpots()
        return true
    }

    func application(_ application: UIApplication,
                     configurationForConnecting connectingSceneSession: UISceneSession,
                     options: UIScene.ConnectionOptions) -> UISceneConfiguration {
        UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
    }
}

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession,
               options connectionOptions: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = makeTabs()
        window.makeKeyAndVisible()
        self.window = window

        if !Preferences.shared.hasSeenOnboarding {
            let onboarding = OnboardingViewController()
            onboarding.modalPresentationStyle = .fullScreen
            window.rootViewController?.present(onboarding, animated: false)
        }
        if let activity = connectionOptions.userActivities.first {
            open(activity, in: window)
        }
    }

    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
        guard let window else { return }
        open(userActivity, in: window)
    }

    func sceneDidBecomeActive(_ scene: UIScene) {
        SpotStore.shared.refreshIfStale()
    }

    private func open(_ activity: NSUserActivity, in window: UIWindow) {
        guard let spotID = activity.userInfo?["spotID"] as? String,
              let spot = SpotStore.shared.spots.first(where: { $0.id == spotID }) else { return }
        if activity.activityType == "com.tidepool.share-spot" {
            ShareFlow.shareFromWidget(spot)
            return
        }
        guard let tabs = window.rootViewController as? UITabBarController,
              let spotsNavigation = tabs.viewControllers?.first as? UINavigationController else { return }
        tabs.selectedIndex = 0
        spotsNavigation.popToRootViewController(animated: false)
        spotsNavigation.pushViewController(SpotDetailViewController(spot: spot, store: .shared), animated: true)
    }

    private func makeTabs() -> UITabBarController {
        func tab(_ root: UIViewController, _ title: String, _ symbol: String) -> UINavigationController {
            let navigation = UINavigationController(rootViewController: root)
            navigation.navigationBar.prefersLargeTitles = true
            navigation.tabBarItem = UITabBarItem(title: title, image: UIImage(systemName: symbol), selectedImage: nil)
            return navigation
        }
        let tabs = UITabBarController()
        tabs.viewControllers = [
            tab(SpotsViewController(store: .shared), "Spots", "water.waves"),
            tab(FavoritesViewController(store: .shared), "Favorites", "star"),
            tab(SpotMapViewController(store: .shared), "Map", "map"),
            tab(TideClockViewController(), "Tides", "clock"),
            tab(SettingsViewController(), "Settings", "gearshape"),
        ]
        return tabs
    }
}

enum Appearance {
    static func apply() {
        let navigation = UINavigationBarAppearance()
        navigation.configureWithDefaultBackground()
        navigation.largeTitleTextAttributes = [.foregroundColor: Palette.sea]
        UINavigationBar.appearance().standardAppearance = navigation
        UINavigationBar.appearance().scrollEdgeAppearance = navigation
        UITabBar.appearance().tintColor = Palette.sea
    }
}
