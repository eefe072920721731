import UIKit

final class PreviewViewController: UIViewController {
    let detail = DetailViewController()
    var pending: DetailViewController?

    func prepare() {
        loadView()
        self.loadView()
        detail.loadView()
        pending?.loadView()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        super.loadView() // no fix: delete it instead
    }

    override func loadView() {
        loadView() // no fix: loadViewIfNeeded() would call loadView() again
    }
}

final class DetailViewController: UIViewController {}
