import UIKit
import SwiftUI

// Roots built in a local first: `view` there is the local, or another object's view, so none
// of these reads re-enter `loadView()`.

final class ProductDetailViewController: UIViewController {
    private let product: Product
    private lazy var hostingController = UIHostingController(rootView: ProductSummary(product: product))

    init(product: Product) {
        self.product = product
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func loadView() {
        let view = UIScrollView()
        view.backgroundColor = .systemBackground
        view.alwaysBounceVertical = true
        addChild(hostingController)
        hostingController.view.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(hostingController.view)
        self.view = view
        hostingController.didMove(toParent: self)
    }
}

final class TagCloudViewController: UIViewController {
    private let tags: [String]
    private let cloud = TagCloudView()

    init(tags: [String]) {
        self.tags = tags
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func loadView() {
        let chips = tags.map { title -> UIView in
            let view = TagChipView(title: title)
            view.layer.cornerRadius = 12
            return view
        }
        for view in chips {
            view.setContentHuggingPriority(.required, for: .horizontal)
            cloud.addSubview(view)
        }
        cloud.accessibilityElements = chips
        chips.forEach { view in view.isAccessibilityElement = true }
        cloud.configure(view: cloud, spacing: 8)
        view = cloud
    }
}

/// The chips are built with a local named `view`, but the root is still read afterwards.
final class FilterBarViewController: UIViewController {
    private let filters: [Filter] = Filter.allCases

    override func loadView() {
        let buttons = filters.map { filter -> UIButton in
            let view = UIButton(configuration: .tinted())
            view.setTitle(filter.title, for: .normal)
            return view
        }
        let stack = UIStackView(arrangedSubviews: buttons)
        stack.frame = view.bounds // expect: view_access_in_load_view
        view = stack
    }
}

/// A closure created before the assignment is checked like the rest of the body.
final class SearchFieldViewController: UIViewController {
    private let field = UISearchTextField()

    override func loadView() {
        let dismiss = UIAction(title: "Done") { [unowned self] _ in
            self.view.endEditing(true) // expect: view_access_in_load_view
        }
        field.inputAccessoryView = KeyboardToolbar(action: dismiss)
        let container = UIView()
        container.addSubview(field)
        view = container
    }
}

/// Storyboard scenes are not involved: a page component loads its own view, but it is not
/// a view controller, so reading `view` here cannot re-enter UIKit's `loadView()`.
class PageComponent {
    var view: UIView!

    func loadView() {
        view = UIView()
    }
}

final class StoryPageComponent: PageComponent {
    override func loadView() {
        guard view == nil else { return }
        view = StoryPageView()
        view.backgroundColor = .systemBackground
    }
}

final class OfflineBannerViewController: UIViewController {
    func loadView(for status: NetworkStatus) {
        view.backgroundColor = status.isReachable ? .systemGreen : .systemOrange
        view.isHidden = status.isReachable
    }

    override func loadView() {
        let banner = OfflineBannerView()
        banner.onRetry = { NetworkMonitor.shared.retry() }
        view = banner
    }
}
