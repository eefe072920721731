import UIKit

// Children that attach themselves to a parent, presenters that pick the parent, and
// extensions of screens declared in the other files of this folder.

/// A floating mini player that docks itself into whichever screen is visible.
final class MiniPlayerViewController: ThemedViewController {
    func dock(in parentController: UIViewController) {
        parentController.addChild(self)
        parentController.view.addSubview(view)
        didMove(toParent: parentController)
    }

    func dockAboveTabBar(of tabs: UITabBarController) {
        tabs.addChild(self)
        tabs.view.insertSubview(view, belowSubview: tabs.tabBar)
        self.didMove(toParent: tabs)
    }

    func peek(in parentController: UIViewController) {
        parentController.addChild(self) // expect: add_child_without_did_move
        parentController.view.addSubview(view)
        view.alpha = 0.6
    }
}

/// Shows transient controllers over whatever screen is on top.
final class OverlayPresenter {
    func showPreview(_ preview: SharePreviewViewController, over host: UIViewController) {
        host.addChild(preview) // expect: add_child_without_did_move
        host.view.addSubview(preview.view)
        preview.view.center = host.view.center
    }

    func showToast(_ toast: ToastViewController, over host: UIViewController) {
        host.addChild(toast)
        host.view.addSubview(toast.view)
        toast.didMove(toParent: host)
    }
}

extension HomeViewController {
    func showWhatsNew(_ whatsNew: WhatsNewViewController) {
        addChild(whatsNew)
        pin(whatsNew.view, to: view)
        whatsNew.didMove(toParent: self)
    }

    func showSurvey(_ survey: SurveyViewController) {
        addChild(survey) // expect: add_child_without_did_move
        pin(survey.view, to: view)
    }
}

extension CardContainerViewController {
    func addAccessory(_ accessory: UIViewController) {
        addChild(accessory)
        pin(accessory.view, to: cardView)
        accessory.didMove(toParent: self)
    }
}

/// Settings shows one detail pane at a time; assigning `pane` swaps it.
final class SettingsSplitViewController: ThemedViewController {
    private let paneContainer = UIView()

    var pane: UIViewController? {
        willSet {
            pane?.willMove(toParent: nil)
            pane?.view.removeFromSuperview()
            pane?.removeFromParent()
        }
        didSet {
            guard let pane else { return }
            addChild(pane)
            paneContainer.addSubview(pane.view)
            pane.view.frame = paneContainer.bounds
            pane.didMove(toParent: self)
        }
    }

    var footer: UIViewController? {
        didSet {
            if let footer {
                addChild(footer) // expect: add_child_without_did_move
                view.addSubview(footer.view)
            }
        }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        pin(paneContainer, to: view)
        #if DEBUG
        let inspector = LayoutInspectorViewController()
        addChild(inspector)
        view.addSubview(inspector.view)
        inspector.didMove(toParent: self)
        #else
        let feedback = FeedbackButtonViewController()
        addChild(feedback) // expect: add_child_without_did_move
        view.addSubview(feedback.view)
        #endif
    }
}
