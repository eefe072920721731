import UIKit

// Shape: no Info.plist sits near this file, and the run's application plists (one,
// single-scene) agree; but the Xcode project compiles it into `TidesPad`, an application target
// whose generated plist (`INFOPLIST_KEY_UIApplicationSupportsMultipleScenes = YES`) allows
// several scenes. Only the project says so, and the project decides.
final class PadScreen: UIViewController {
    func showBanner(_ banner: UIView) {
        UIApplication.shared.keyWindow?.addSubview(banner) // expect: global_key_window
    }
}
