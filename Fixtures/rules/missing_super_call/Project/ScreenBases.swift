import UIKit

/// Shared chrome for every screen: analytics, theming and a loading spinner. The subclasses in
/// this folder's other files reach UIKit only through this class.
class BaseViewController: UIViewController {
    let spinner = UIActivityIndicatorView(style: .large)
    var screenName: String { String(describing: type(of: self)) }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        spinner.hidesWhenStopped = true
        view.addSubview(spinner)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        Analytics.shared.track(screen: screenName)
    }

    @available(iOS, deprecated: 17.0, message: "Use registerForTraitChanges")
    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) { // expect: missing_super_call
        guard traitCollection.hasDifferentColorAppearance(comparedTo: previousTraitCollection) else { return }
        applyTheme()
    }

    func applyTheme() {}
}

/// Settings screens share a footer; a second level of inheritance for the subclasses.
class SettingsBaseViewController: BaseViewController {
    let footerLabel = UILabel()

    public override func viewSafeAreaInsetsDidChange() { // expect: missing_super_call
        footerLabel.frame.origin.y = view.bounds.maxY - view.safeAreaInsets.bottom - 44
    }
}

/// A list screen generic over its rows; `ContactsViewController` specializes it elsewhere.
class ListViewController<Item: Hashable & Sendable>: BaseViewController {
    let tableView = UITableView(frame: .zero, style: .insetGrouped)
    var items: [Item] = []

    override func viewWillAppear(_ animated: Bool) {
        defer { super.viewWillAppear(animated) }
        if let selection = tableView.indexPathForSelectedRow {
            tableView.deselectRow(at: selection, animated: animated)
        }
    }

    override func setEditing(_ editing: Bool, animated: Bool) { // expect: missing_super_call
        tableView.setEditing(editing, animated: animated)
        navigationItem.rightBarButtonItem?.isEnabled = !editing
    }

    override func viewDidLayoutSubviews() {
        tableView.frame = view.bounds
    }
}

/// A rounded card cell shared by the feed and search; subclasses live in ViewOverrides.swift.
class CardCell: UICollectionViewCell {
    let titleLabel = UILabel()
    let thumbnailView = UIImageView()

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.layer.cornerRadius = 12
        contentView.addSubview(titleLabel)
        contentView.addSubview(thumbnailView)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        titleLabel.text = nil
        thumbnailView.image = nil
    }
}

/// The feed. Its header is a supplementary view; `Receipt.HeaderView` shares the simple name
/// but is not a view at all.
final class FeedViewController: ListViewController<FeedItem> {
    final class HeaderView: UICollectionReusableView {
        let dateLabel = UILabel()

        override func layoutSubviews() {
            super.layoutSubviews()
            dateLabel.frame = bounds.insetBy(dx: 16, dy: 8)
        }
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Feed"
    }
}

struct FeedItem: Hashable, Sendable {
    let id: UUID
    let title: String
}

/// Receipts are rendered to PDF pages; nothing here is a UIKit view.
enum Receipt {
    class Section {
        var height: CGFloat = 0
        func layoutSubviews() {}
        func prepareForReuse() { height = 0 }
    }

    final class HeaderView: Section {
        var merchant = ""

        override func layoutSubviews() {
            height = merchant.isEmpty ? 24 : 48
        }
    }
}
