// UIKit exists only on Apple platforms; Lifeguard reads both branches, the compiler one.
#if canImport(UIKit)
import UIKit

final class ProfileScreen: UIViewController {
    override func viewDidLoad() {
        title = "Profile"
    }
}
#endif

public enum Screens {}
