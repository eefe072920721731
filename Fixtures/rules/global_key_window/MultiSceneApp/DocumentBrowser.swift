import UIKit

// An iPad app with several windows (its Info.plist says so): a global lookup finds some window,
// maybe another scene's.
final class DocumentBrowser {
    func present(_ alert: UIAlertController) {
        UIApplication.shared.keyWindow?.rootViewController?.present(alert, animated: true) // expect: global_key_window
    }

    func applyTint(_ color: UIColor) {
        // Every window gets the same treatment: fine in any app.
        for window in UIApplication.shared.windows {
            window.tintColor = color
        }
    }
}
