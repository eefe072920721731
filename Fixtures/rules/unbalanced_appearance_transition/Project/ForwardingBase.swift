import UIKit

// Base classes for containers that forward appearance to their children by hand. The
// containers in the other files of this folder build on these.

/// Turns off automatic forwarding and forwards to the visible children itself.
class ManualForwardingContainerViewController: UIViewController {
    override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }

    /// The children on screen; subclasses narrow this down.
    var visibleChildren: [UIViewController] { children }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        for child in visibleChildren {
            child.beginAppearanceTransition(true, animated: animated)
        }
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        visibleChildren.forEach { $0.endAppearanceTransition() }
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        for child in visibleChildren {
            child.beginAppearanceTransition(false, animated: animated)
        }
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        for visible in visibleChildren {
            visible.endAppearanceTransition()
        }
    }
}

/// Swipes between pages of one type; generic so callers keep the concrete page type.
final class PagerViewController<Page: UIViewController>: ManualForwardingContainerViewController {
    private(set) var pages: [Page]
    private(set) var currentIndex = 0
    let pageArea = UIView()

    init(pages: [Page]) {
        self.pages = pages
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override var visibleChildren: [UIViewController] {
        pages.isEmpty ? [] : [pages[currentIndex]]
    }

    func show(pageAt index: Int, animated: Bool) {
        guard index != currentIndex, pages.indices.contains(index) else { return }
        let outgoing = pages[currentIndex]
        let incoming = pages[index]
        outgoing.beginAppearanceTransition(false, animated: animated)
        incoming.beginAppearanceTransition(true, animated: animated)
        pageArea.addSubview(incoming.view)
        incoming.view.frame = pageArea.bounds.offsetBy(dx: pageArea.bounds.width, dy: 0)
        UIView.animate(withDuration: animated ? 0.3 : 0) {
            incoming.view.frame = self.pageArea.bounds
            outgoing.view.frame = self.pageArea.bounds.offsetBy(dx: -self.pageArea.bounds.width, dy: 0)
        } completion: { _ in
            outgoing.view.removeFromSuperview()
            self.currentIndex = index
            self.finishTransition(from: outgoing, to: incoming)
        }
    }
}

/// A horizontal shelf of rows; the visible rows get appearance calls, the rest do not.
final class ShelfViewController: ManualForwardingContainerViewController {
    var shelves: [UIViewController] = []
    var visibleIndices: [Int] = []

    /// Rows forward their own appearance below, only for the visible ones.
    override var visibleChildren: [UIViewController] { [] }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        for index in visibleIndices {
            shelves[index].beginAppearanceTransition(true, animated: animated)
        }
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        visibleIndices.forEach { shelves[$0].endAppearanceTransition() }
    }
}
