import UIKit

// The split view container asks its panes whether their views are loaded. `view` is never
// `nil` when read, and reading it loads the view it meant to leave alone.

final class MailSplitViewController: UISplitViewController {
    private let messagePreview = Inbox.Preview()
    private let draftPreview = Compose.Preview()
    private let keyboard = KeyboardController()
    private let threadPane = DetailPane<MailThread>()
    private var articlePane: DetailPane<Article>?
    private var detailViewController: UIViewController?

    func show(_ message: Message) {
        messagePreview.show(message)
        if messagePreview.view == nil { // expect: view_nil_check
            messagePreview.loadViewIfNeeded()
        }
        if messagePreview.view.window == nil {
            showDetailViewController(messagePreview, sender: self)
        }
    }

    func preload(_ thread: MailThread) {
        threadPane.model = thread
        let state = threadPane.view != nil ? "loaded" : "not loaded" // expect: view_nil_check
        print("thread pane \(state)")
        if threadPane.viewIfLoaded == nil || !threadPane.isViewLoaded {
            threadPane.loadViewIfNeeded()
        }
        if let root = threadPane.view {
            root.accessibilityIdentifier = "thread"
        }
    }

    func updateDraft(_ draft: Draft) {
        if draftPreview.view == nil {
            draftPreview.render(draft)
        }
        if keyboard.view != nil {
            keyboard.startTracking()
        }
    }

    func showArticle(_ article: Article) {
        if articlePane?.view == nil {
            articlePane = DetailPane<Article>()
        }
        if let articlePane, articlePane.view != nil { // expect: view_nil_check
            articlePane.model = article
        }
        guard let pane = articlePane, nil == pane.view else { return } // expect: view_nil_check
        showDetailViewController(pane, sender: self)
    }

    func warmUp(_ screen: UIViewController) {
        if screen.view == nil { return } // expect: view_nil_check
        if detailViewController?.view == nil, nil != screen.viewIfLoaded {
            detailViewController = screen
        }
    }

    func collapseIfNeeded() {
        guard self.view != nil else { return } // expect: view_nil_check
        guard let root = self.view else { return }
        if root.window == nil, view.window == nil, viewControllers.last?.view == nil {
            return
        }
        if viewIfLoaded?.window != nil, traitCollection.horizontalSizeClass == .compact {
            show(.primary)
        }
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        transitionCoordinator?.animate(alongsideTransition: { _ in
            if self.detailViewController!.view != nil { // expect: view_nil_check
                self.detailViewController?.view.alpha = 1
            }
        })
    }
}
