import UIKit

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        UITabBar.appearance().tintColor = Palette.sea
        SpotStore.shared.refresh()
        return true
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
    }

    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
        guard let spotID = userActivity.userInfo?["spotID"] as? String,
              let spot = SpotStore.shared.spots.first(where: { $0.id == spotID }) else { return }
        if userActivity.activityType == "com.tidepool.share-spot" {
            ShareFlow.shareFromWidget(spot)
        } else if let tabs = window?.rootViewController as? UITabBarController,
                  let navigation = tabs.viewControllers?.first as? UINavigationController {
            tabs.selectedIndex = 0
            navigation.pushViewController(SpotDetailViewController(spot: spot, store: .shared), animated: true)
        }
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
