// A screen with one finding, so the plugin has something to report.
#if canImport(UIKit)
import UIKit

final class ProfileScreen: UIViewController {
    override func viewDidLoad() {
        configure()
    }

    func configure() {}
}
#endif
