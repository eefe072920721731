import UIKit

// Shape: a key-window or first-scene lookup in an app whose Info.plist declares a scene manifest
// without multiple-scene support: only one window scene can exist, so nothing is reported.
enum AlertPresenter {
    static func present(_ alert: UIAlertController) {
        UIApplication.shared.keyWindow?.rootViewController?.present(alert, animated: true)
    }

    static func topInset() -> CGFloat {
        let scene = UIApplication.shared.connectedScenes.first as? UIWindowScene
        return scene?.windows.first?.safeAreaInsets.top ?? 0
    }
}
