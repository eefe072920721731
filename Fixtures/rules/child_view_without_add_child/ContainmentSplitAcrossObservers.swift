import UIKit

// Shape: `addChild(newValue)` in `willSet` and `addSubview(child.view)` in `didSet` are complete
// containment of one object: `newValue` in `willSet` is what the property holds in `didSet`.
final class ReaderViewController: UIViewController {
    var page: UIViewController? {
        willSet {
            guard let next = newValue else { return }
            addChild(next)
        }
        didSet {
            guard let page else { return }
            view.addSubview(page.view)
            page.didMove(toParent: self)
        }
    }

    // A parameter whose every caller in the run added it as a child first.
    func place(_ child: UIViewController, in container: UIView) {
        container.addSubview(child.view)
        child.didMove(toParent: self)
    }

    func showComments(_ comments: CommentsViewController) {
        addChild(comments)
        place(comments, in: view)
    }

    // Still reported: a caller that never added what it passes.
    func presentBanner(_ banner: BannerViewController) {
        view.addSubview(banner.view) // expect: child_view_without_add_child
    }
}
