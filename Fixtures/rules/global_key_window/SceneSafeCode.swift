import UIKit

/// Scene-aware code: the window comes from the view, the scene, or the session it was given.
final class ReceiptViewController: UIViewController {
    private let shareButton = UIButton(type: .system)

    func presentShareSheet(for url: URL) {
        let activity = UIActivityViewController(activityItems: [url], applicationActivities: nil)
        view.window?.rootViewController?.present(activity, animated: true)
    }

    func openInSafari(_ url: URL) {
        guard UIApplication.shared.canOpenURL(url) else { return }
        UIApplication.shared.open(url, options: [:], completionHandler: nil)
    }

    func openSettings() {
        guard let url = URL(string: UIApplication.openSettingsURLString) else { return }
        UIApplication.shared.open(url)
    }

    func sceneWindows() -> [UIWindow] {
        view.window?.windowScene?.windows ?? []
    }

    func keyWindowOfThisScene() -> UIWindow? {
        view.window?.windowScene?.keyWindow
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        UIApplication.shared.isIdleTimerDisabled = true
        if UIApplication.shared.applicationState == .active, UIApplication.shared.supportsMultipleScenes {
            shareButton.isEnabled = UIApplication.shared.connectedScenes.count < 4
        }
    }
}

/// Finding a particular scene by a predicate is fine; so is visiting every scene.
enum SceneRouter {
    static func scene(for session: UISceneSession) -> UIWindowScene? {
        UIApplication.shared.connectedScenes.first(where: { $0.session == session }) as? UIWindowScene
    }

    static func activeScene() -> UIScene? {
        UIApplication.shared.connectedScenes.first { $0.activationState == .foregroundActive }
    }

    static func applyTheme(_ style: UIUserInterfaceStyle) {
        for scene in UIApplication.shared.connectedScenes {
            (scene as? UIWindowScene)?.windows.forEach { $0.overrideUserInterfaceStyle = style }
        }
    }

    static func openSessionCount() -> Int {
        UIApplication.shared.openSessions.count + UIApplication.shared.connectedScenes.map(\.session).count
    }

    static func requestNewWindow(activity: NSUserActivity) {
        UIApplication.shared.requestSceneSessionActivation(nil, userActivity: activity, options: nil)
    }
}

/// The app delegate reads its own services and launch options; `application` is a parameter.
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
    let services = ServiceContainer()

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        application.registerForRemoteNotifications()
        let shortcut = launchOptions?[.shortcutItem] as? UIApplicationShortcutItem
        window?.makeKeyAndVisible()
        return shortcut == nil
    }

    static var current: AppDelegate? {
        UIApplication.shared.delegate as? AppDelegate
    }
}

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        window.rootViewController = UINavigationController(rootViewController: ReceiptViewController())
        self.window = window
        window.makeKeyAndVisible()
        AppEnvironment.shared.windows.append(window)
    }
}

final class AppEnvironment {
    static let shared = AppEnvironment()
    var windows: [UIWindow] = []
    var keyWindow: UIWindow? { windows.last }
}
