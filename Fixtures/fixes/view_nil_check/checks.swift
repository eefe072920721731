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
}

final class DetailViewController: UIViewController {
    func reload() {}
}
