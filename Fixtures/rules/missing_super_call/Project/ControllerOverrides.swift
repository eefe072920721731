import UIKit
import SwiftUI
import SafariServices

/// Contacts: a list screen through the generic base in ScreenBases.swift.
final class ContactsViewController: ListViewController<Contact> {
    private let searchController = UISearchController(searchResultsController: nil)

    override func viewDidLoad() { // expect: missing_super_call
        navigationItem.searchController = searchController
        title = "Contacts"
    }

    override func viewWillDisappear(_ animated: Bool) { // expect: missing_super_call
        super.viewWillAppear(animated)
        searchController.isActive = false
    }

    override func viewDidDisappear(_ animated: Bool) { // expect: missing_super_call
        super.viewDidAppear(animated)
    }

    override func viewWillAppear(_ animated: Bool) {
        UIView.performWithoutAnimation {
            super.viewWillAppear(animated)
        }
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        (segue.destination as? ContactDetailViewController)?.contact = items.first
    }

    override func viewWillLayoutSubviews() {
        tableView.contentInset.bottom = view.safeAreaInsets.bottom
    }
}

/// Notification settings, three classes away from UIKit.
final class NotificationSettingsViewController: SettingsBaseViewController {
    override func viewLayoutMarginsDidChange() { // expect: missing_super_call
        footerLabel.frame.origin.x = view.layoutMargins.left
    }

    override func didReceiveMemoryWarning() {} // expect: missing_super_call

    override func encodeRestorableState(with coder: NSCoder) { // expect: missing_super_call
        coder.encode(footerLabel.text, forKey: "footer")
    }

    override func decodeRestorableState(with coder: NSCoder) {
        super.decodeRestorableState(with: coder)
        footerLabel.text = coder.decodeObject(forKey: "footer") as? String
    }
}

/// A drawer embedded by the home screen; the containment callbacks are overridden.
final class DrawerViewController: UIViewController {
    private var dimmingView: UIView?

    override func willMove(toParent parent: UIViewController?) { // expect: missing_super_call
        super.didMove(toParent: parent)
        dimmingView?.removeFromSuperview()
    }

    override func didMove(toParent parent: UIViewController?) { // expect: missing_super_call
        guard parent != nil else { return }
        view.layer.cornerRadius = 16
    }

    override func awakeFromNib() { // expect: missing_super_call
        modalPresentationStyle = .pageSheet
    }
}

/// Container controllers from UIKit and the other frameworks the spec lists.
final class RootTabBarController: UITabBarController {
    override func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) { // expect: missing_super_call
        coordinator.animate(alongsideTransition: { _ in
            self.tabBar.isHidden = size.width > size.height
        })
    }
}

final class ReaderPageViewController: UIPageViewController {
    override func willTransition(to newCollection: UITraitCollection, // expect: missing_super_call
                                 with coordinator: any UIViewControllerTransitionCoordinator) {
        isDoubleSided = newCollection.horizontalSizeClass == .regular
    }
}

final class KeyboardViewController: UIInputViewController {
    private var heightConstraint: NSLayoutConstraint?

    override func updateViewConstraints() { // expect: missing_super_call
        heightConstraint?.constant = 260
    }
}

final class SettingsHostingController: UIHostingController<SettingsView> {
    @MainActor override func viewDidAppear(_ animated: Bool) { // expect: missing_super_call
        navigationController?.setNavigationBarHidden(false, animated: animated)
    }
}

final class ArticleSafariViewController: SFSafariViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        preferredControlTintColor = .systemPink
    }
}

/// Not controllers: a presentation controller and an object loaded from a nib.
final class CardPresentationController: UIPresentationController {
    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        presentedView?.layer.cornerRadius = traitCollection.displayScale > 2 ? 20 : 16
    }
}

final class ShareSheetBinder: NSObject {
    override func awakeFromNib() {
        NotificationCenter.default.post(name: .init("ShareSheetReady"), object: self)
    }
}
