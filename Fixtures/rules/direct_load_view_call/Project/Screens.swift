import UIKit

// Base classes and view-building helpers shared by the other files of this folder. Several
// non-controller types have a `loadView()` of their own; calling those is fine.

/// Every screen inherits theming and analytics from here.
class BaseViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
    }
}

class ReaderScaffold: BaseViewController {
    var pageIndex = 0
}

final class ArticleViewController: ReaderScaffold {
    let url: URL

    init(url: URL) {
        self.url = url
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }
}

/// Builds placeholder rows while content loads.
struct ShimmerTemplate {
    var height: CGFloat = 44

    func loadView() -> UIView {
        let row = UIView(frame: CGRect(x: 0, y: 0, width: 320, height: height))
        row.backgroundColor = .secondarySystemFill
        return row
    }

    func makeRows(count: Int) -> [UIView] {
        (0..<count).map { _ in loadView() }
    }
}

/// Loads a page's view hierarchy from a template file; not a controller.
class BaseLoader {
    private(set) var loadedView: UIView?

    func loadView() {
        loadedView = UIView()
    }
}

final class FeedLoader: BaseLoader {
    func refresh() {
        loadView()
        self.loadView()
    }
}

/// Named like one, but a plain loader.
final class SkeletonController: BaseLoader {}

/// A page of a PDF, drawn by a custom view that builds its layers in a `loadView()` helper.
final class PDFPageView: UIView {
    override init(frame: CGRect) {
        super.init(frame: frame)
        loadView()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        self.loadView()
    }

    func loadView() {
        layer.addSublayer(CAShapeLayer())
    }
}

enum SkeletonTemplates {
    static func loadView() -> UIView {
        ShimmerTemplate().loadView()
    }
}
