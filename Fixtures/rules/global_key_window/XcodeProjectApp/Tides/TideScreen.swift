import UIKit

// Shape: the Xcode project's target membership decides the app: this file is compiled by the
// `Tides` application target, whose Info.plist (INFOPLIST_FILE) has no scene manifest, so the
// app has one window scene and the lookup is safe.
final class TideScreen: UIViewController {
    func share(_ sheet: UIActivityViewController) {
        UIApplication.shared.windows.first?.rootViewController?.present(sheet, animated: true)
    }
}
