import UIKit

final class HomeViewController: UIViewController {
    private let banner = BannerViewController()

    override func viewDidLoad() {
        super.viewDidLoad()
        addChild(banner)
        view.addSubview(banner.view)
        banner.view.frame = view.bounds
    }

    func showDetail(_ detail: DetailViewController, in container: UIView) {
        addChild(detail)
        container.insertSubview(detail.view, at: 0)
    }

	func showTabbed(_ tab: TabViewController) {
		self.addChild(tab)
		view.addSubview(tab.view)
	}
}

final class MiniPlayerViewController: UIViewController {
    func dock(in host: UIViewController) {
        host.addChild(self)
        host.view.addSubview(view)
    }
}
