import UIKit

final class SettingsViewController: UIViewController {
    // A parameter with no name cannot be passed on.
    override func viewWillAppear(_: Bool) {
        refresh()
    }

    // Another lifecycle method is called on `super` instead: that looks deliberate.
    override func viewDidDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
    }

    // Code follows `{` on its line.
    override func viewDidLoad() { refresh() }

    func refresh() {}
}
