import UIKit

/// Helpers from before the app supported multiple scenes. Each one finds "the" window through
/// the shared application.
enum LegacyWindowLookup {
    static func topViewController() -> UIViewController? {
        var top = UIApplication.shared.keyWindow?.rootViewController // expect: global_key_window
        while let presented = top?.presentedViewController {
            top = presented
        }
        return top
    }

    static var keyWindow: UIWindow? {
        UIApplication.shared.windows.first { $0.isKeyWindow } // expect: global_key_window
    }

    static var anyWindow: UIWindow? {
        UIApplication.shared.windows.first(where: \.isKeyWindow) ?? UIApplication.shared.windows.last // expect: global_key_window, global_key_window
    }

    static var rootFromAppDelegate: UIViewController? {
        UIApplication.shared.delegate?.window??.rootViewController // expect: global_key_window
    }

    static var forcedAppDelegateWindow: UIWindow {
        UIApplication.shared.delegate!.window!! // expect: global_key_window
    }

    static var firstScene: UIWindowScene? {
        UIApplication.shared.connectedScenes.first as? UIWindowScene // expect: global_key_window
    }

    static var sceneDelegate: UISceneDelegate? {
        UIApplication.shared.connectedScenes.first?.delegate // expect: global_key_window
    }

    static var firstWindowScene: UIWindowScene? {
        UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }.first // expect: global_key_window
    }

    static var keyWindowAcrossScenes: UIWindow? {
        // expect: global_key_window
        UIApplication.shared.connectedScenes
            .compactMap { $0 as? UIWindowScene }
            .flatMap { $0.windows }
            .first { $0.isKeyWindow }
    }

    static var keyWindowByKeyPath: UIWindow? {
        let allWindows = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }.flatMap(\.windows) // expect: global_key_window
        return allWindows.first(where: \.isKeyWindow)
    }

    static var sceneKeyWindow: UIWindow? {
        UIApplication.shared.connectedScenes.compactMap { ($0 as? UIWindowScene)?.keyWindow }.last // expect: global_key_window
    }
}

/// The same lookups inside app code: a toast, a keyboard dismisser, a safe-area reader.
final class ToastPresenter {
    func show(_ message: String) {
        guard let window = UIApplication.shared.keyWindow else { return } // expect: global_key_window
        let label = UILabel(frame: window.bounds.insetBy(dx: 24, dy: window.bounds.height / 2 - 22))
        label.text = message
        window.addSubview(label)
    }

    func dismissKeyboard() {
        // v2: iterating every window to treat each the same is fine in any app.
        UIApplication.shared.windows.forEach { $0.endEditing(true) }
    }

    func bottomInset() -> CGFloat {
        let window = UIApplication // expect: global_key_window
            .shared
            .windows
            .first
        return window?.safeAreaInsets.bottom ?? 0
    }

    func windowCount() -> Int {
        var count = 0
        for _ in UIApplication.shared.windows { count += 1 }
        return count
    }

    func presentAlert(_ alert: UIAlertController) {
        if let window = UIApplication.shared.delegate?.window, let root = window?.rootViewController { // expect: global_key_window
            root.present(alert, animated: true)
        }
    }

    func rootOfFirstScene() -> UIViewController? {
        let scene = UIApplication.shared.connectedScenes.first // expect: global_key_window
        return (scene as? UIWindowScene)?.windows.first?.rootViewController
    }
}
