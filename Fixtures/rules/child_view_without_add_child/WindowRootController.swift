import UIKit

// Shape: a window's root controller. `window.rootViewController = vc` makes the window present
// `vc`; adding its view to the window by hand as well is an old workaround, not a missing
// `addChild` — a root controller has no parent to be added to.
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        let window = UIWindow(windowScene: windowScene)
        let root = RootViewController()
        window.rootViewController = root
        window.addSubview(root.view)
        window.makeKeyAndVisible()
        self.window = window
    }
}

// Still reported: a view that embeds a controller's view with no parent at all.
final class PlayerCardView: UIView {
    private let host = PlayerHostingController()

    override init(frame: CGRect) {
        super.init(frame: frame)
        addSubview(host.view) // expect: child_view_without_add_child
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}
