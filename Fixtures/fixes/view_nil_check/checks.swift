import UIKit

final class FeedViewController: UIViewController {
    let detail = DetailViewController()
    var flag = false

    func refresh() {
        if detail.view != nil { detail.reload() }
        guard view == nil else { return }
        if nil == self.view { return }
        if nil != detail.view, flag { detail.reload() }
        let hidden = detail.view == nil && flag
        print(hidden, children[0].view != nil ? "loaded" : "not loaded")
    }

    var isShowingDetail: Bool {
        return detail.view != nil
    }

    var isOnScreen: Bool {
        // A local named `view`: no fix, whatever the rule says.
        var view: UIView? = self.view.superview
        while view != nil {
            if view is UIWindow { return true }
            view = view?.superview
        }
        return false
    }
}

final class DetailViewController: UIViewController {
    func reload() {}
}
