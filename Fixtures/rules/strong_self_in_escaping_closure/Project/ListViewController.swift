import UIKit

/// A generic list screen; concrete screens subclass it in other files.
class ListViewController<Item: Hashable>: UIViewController, UITableViewDataSource, UITableViewDelegate {
    let tableView = UITableView(frame: .zero, style: .insetGrouped)
    let emptyView = EmptyStateView()
    private let refreshControl = UIRefreshControl()
    var items: [Item] = [] {
        didSet { tableView.reloadData() }
    }
    var onSelect: ((Item) -> Void)?
    var rowActions: [(Item) -> Void] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.dataSource = self
        tableView.delegate = self
        tableView.register(ItemCell.self, forCellReuseIdentifier: ItemCell.reuseIdentifier)
        tableView.refreshControl = refreshControl
        refreshControl.addAction(UIAction { _ in // expect: strong_self_in_escaping_closure
            self.reloadItems()
        }, for: .valueChanged)
        emptyView.onAction = { [weak self] in self?.reloadItems() }
        view.addSubview(tableView)
        view.addSubview(emptyView)
    }

    func reloadItems() {}

    func title(for item: Item) -> String { String(describing: item) }

    func share(_ item: Item) {}

    func numberOfSections(in tableView: UITableView) -> Int { 1 }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        items.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: ItemCell.reuseIdentifier, for: indexPath) as! ItemCell
        let item = items[indexPath.row]
        cell.titleLabel.text = title(for: item)
        cell.onShare = { // expect: strong_self_in_escaping_closure
            self.share(item)
        }
        cell.onLongPress = { [weak self] in self?.onSelect?(item) }
        return cell
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        let item = items[indexPath.row]
        let titles = items.map { self.title(for: $0) }
        rowActions.forEach { action in action(item) }
        if titles.contains(where: { $0.isEmpty }) { return }
        onSelect?(item)
    }

    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
        guard let header = tableView.dequeueReusableHeaderFooterView(withIdentifier: "header") as? ListHeaderView else {
            return nil
        }
        header.onSort = { ascending in // expect: strong_self_in_escaping_closure
            self.items.sort { self.title(for: $0) < self.title(for: $1) == ascending }
        }
        return header
    }
}

final class ListHeaderView: UITableViewHeaderFooterView {
    var onSort: ((Bool) -> Void)?
}

final class ItemCell: UITableViewCell {
    static let reuseIdentifier = "ItemCell"
    let titleLabel = UILabel()
    private let shareButton = UIButton(type: .system)
    var onShare: (() -> Void)?
    var onLongPress: (() -> Void)?

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        shareButton.addAction(UIAction { [unowned self] _ in onShare?() }, for: .touchUpInside)
        contentView.addSubview(titleLabel)
        contentView.addSubview(shareButton)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func prepareForReuse() {
        super.prepareForReuse()
        onShare = nil
        onLongPress = nil
    }
}

final class EmptyStateView: UIView {
    let actionButton = UIButton(configuration: .borderedProminent())
    var progress: Float = 0
    var onAction: (() -> Void)?

    override init(frame: CGRect) {
        super.init(frame: frame)
        // The view keeps its button, the button keeps the action, the action keeps the view.
        actionButton.addAction(UIAction { _ in self.onAction?() }, for: .touchUpInside) // expect: strong_self_in_escaping_closure
        addSubview(actionButton)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}
