import UIKit

// Code that forces a controller's view into existence, or tries to rebuild it, by calling
// `loadView()` itself. UIKit alone may call it; `loadViewIfNeeded()` is the public way in.

final class ArticlePreloader {
    private var cache: [URL: ArticleViewController] = [:]

    func preload(_ urls: [URL]) {
        for url in urls {
            let controller = ArticleViewController(url: url)
            controller.loadView() // expect: direct_load_view_call
            cache[url] = controller
        }
    }

    func warm(_ controller: UIViewController?) {
        controller?.loadView() // expect: direct_load_view_call
    }

    func warmAll(_ controllers: [UIViewController]) {
        controllers.forEach { $0.loadView() } // expect: direct_load_view_call
    }

    func cachedController(for url: URL) -> ArticleViewController? {
        cache[url]?.loadView() // expect: direct_load_view_call
        return cache[url]
    }

    func warmPair(_ header: UIViewController, _ footer: UIViewController) {
        header.loadView(); footer.loadView() // expect: direct_load_view_call, direct_load_view_call
    }
}

final class ThemeableViewController: UIViewController {
    private var theme: Theme
    private var themeObserver: NSObjectProtocol?
    private var detail: UIViewController?

    init(theme: Theme) {
        self.theme = theme
        super.init(nibName: nil, bundle: nil)
        loadView() // expect: direct_load_view_call
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func viewDidLoad() {
        super.viewDidLoad()
        super.loadView() // expect: direct_load_view_call
        themeObserver = NotificationCenter.default.addObserver(
            forName: .themeDidChange, object: nil, queue: .main
        ) { [weak self] _ in
            self?.loadView() // expect: direct_load_view_call
        }
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        if !isViewLoaded {
            loadView() // expect: direct_load_view_call
        }
        detail!.loadView() // expect: direct_load_view_call
    }

    func apply(_ newTheme: Theme) {
        theme = newTheme
        self.loadView() // expect: direct_load_view_call
    }

    func refreshPresented() {
        presentedViewController?.loadView() // expect: direct_load_view_call
        children.first?.loadView() // expect: direct_load_view_call
        navigationController?
            .topViewController?
            .loadView() // expect: direct_load_view_call
        (detail as? ReaderViewController)?.loadView() // expect: direct_load_view_call
    }

    func makeDetail() -> UIViewController {
        let made = DetailViewController()
        made.loadViewIfNeeded()
        DetailViewController().loadView() // expect: direct_load_view_call
        return made
    }
}

/// Renders a controller offscreen for share sheets.
@MainActor
func snapshot(of controller: UIViewController, size: CGSize) -> UIImage {
    // expect: direct_load_view_call
    controller.loadView()
    controller.view.frame = CGRect(origin: .zero, size: size)
    controller.view.layoutIfNeeded()
    return UIGraphicsImageRenderer(size: size).image { _ in
        controller.view.drawHierarchy(in: controller.view.bounds, afterScreenUpdates: true)
    }
}

@MainActor
func preloadInBackground(_ page: UIViewController) async {
    await MainActor.run { page.loadView() } // expect: direct_load_view_call
}
