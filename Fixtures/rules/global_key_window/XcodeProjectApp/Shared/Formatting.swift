import UIKit

// Not compiled by the app target (only the widget extension's, which is no application): no
// app decides, the nearest plist is not an application's, and the run's application plists
// (one, single-scene) agree — so this is single-scene too.
enum Formatting {
    static func keyWindowWidth() -> CGFloat {
        UIApplication.shared.keyWindow?.bounds.width ?? 0
    }
}
