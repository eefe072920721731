import UIKit

final class ProfileViewController: UIViewController {
    override func viewDidLoad() {
        configure()
    }

    override func viewWillAppear(_ animated: Bool) {
        // Reload before the transition starts.
        reload()
    }

    override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {}

    override func setEditing(_ editing: Bool, animated: Bool) {
        tableView.setEditing(editing, animated: animated)
    }

    override func didMove(toParent parent: UIViewController?) { // attached or detached
        updateTitle()
    }

    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?)
    {
        refreshColors()
    }

    override func viewDidDisappear(_ animated: Bool) {
    }

    override func viewSafeAreaInsetsDidChange() {
        #if DEBUG
        log("insets")
        #endif
    }

    func configure() {}
    func reload() {}
    func updateTitle() {}
    func refreshColors() {}
    func log(_ text: String) {}
    let tableView = UITableView()
}
