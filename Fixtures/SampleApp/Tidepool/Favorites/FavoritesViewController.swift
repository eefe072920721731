import UIKit

/// Favorites as a list or on a map; the segmented control swaps the child controller.
final class FavoritesViewController: TidepoolViewController {
    private let store: SpotStore
    private let modeControl = UISegmentedControl(items: ["List", "Map"])
    private let contentView = UIView()
    private var current: UIViewController?
    private var emptyState: EmptyStateViewController?
    private var storeObserver: NSObjectProtocol?

    init(store: SpotStore) {
        self.store = store
        super.init(nibName: nil, bundle: nil)
        title = "Favorites"
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    deinit { storeObserver.map(NotificationCenter.default.removeObserver) }

    // The current child is swapped with a cross-fade, so appearance is forwarded by hand.
    override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }

    override func viewDidLoad() {
        super.viewDidLoad()
        modeControl.selectedSegmentIndex = 0
        modeControl.addTarget(self, action: #selector(modeChanged), for: .valueChanged)
        navigationItem.titleView = modeControl
        view.addSubview(contentView)
        contentView.pin(to: view)

        let list = FavoritesListViewController(store: store)
        embed(list, in: contentView)
        current = list

        storeObserver = NotificationCenter.default.addObserver(
            forName: .spotsDidChange, object: store, queue: .main) { [weak self] _ in
            self?.updateEmptyState()
        }
        updateEmptyState()
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        current?.beginAppearanceTransition(true, animated: animated)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        current?.endAppearanceTransition()
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        current?.beginAppearanceTransition(false, animated: animated)
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        current?.endAppearanceTransition()
    }

    @objc private func modeChanged() {
        let showsMap = modeControl.selectedSegmentIndex == 1
        transition(to: showsMap ? SpotMapViewController(store: store, favoritesOnly: true)
                                : FavoritesListViewController(store: store))
    }

    private func transition(to next: UIViewController) {
        guard let previous = current else { return }
        previous.willMove(toParent: nil)
        addChild(next)
        next.view.frame = contentView.bounds
        next.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        next.view.alpha = 0
        contentView.insertSubview(next.view, belowSubview: previous.view)

        previous.beginAppearanceTransition(false, animated: true) // expect: unbalanced_appearance_transition
        next.beginAppearanceTransition(true, animated: true)
        UIView.animate(withDuration: 0.25, animations: {
            next.view.alpha = 1
            previous.view.alpha = 0
        }, completion: { _ in
            previous.view.removeFromSuperview()
            previous.removeFromParent()
            next.endAppearanceTransition()
            next.didMove(toParent: self)
            self.current = next
        })
    }

    private func updateEmptyState() {
        store.favorites.isEmpty ? showEmptyState() : hideEmptyState()
    }

    private func showEmptyState() {
        guard emptyState == nil else { return }
        let empty = EmptyStateViewController(message: "Tap the star on any spot to keep it here.")
        addChild(empty) // expect: add_child_without_did_move
        empty.view.frame = view.bounds
        empty.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(empty.view)
        emptyState = empty
    }

    private func hideEmptyState() {
        guard let empty = emptyState else { return }
        empty.view.removeFromSuperview()
        empty.removeFromParent() // expect: incomplete_child_removal
        emptyState = nil
    }
}

final class FavoritesListViewController: UITableViewController {
    private let store: SpotStore

    init(store: SpotStore) {
        self.store = store
        super.init(style: .insetGrouped)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(SpotCell.self, forCellReuseIdentifier: SpotCell.reuseIdentifier)
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        store.favorites.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: SpotCell.reuseIdentifier, for: indexPath) as! SpotCell
        let spot = store.favorites[indexPath.row]
        cell.configure(with: spot, forecast: store.forecasts[spot.id], isFavorite: true)
        cell.onFavoriteTapped = { [weak self] in
            self?.store.toggleFavorite(spot)
            self?.tableView.reloadData()
        }
        return cell
    }
}

final class EmptyStateViewController: UIViewController {
    private let message: String

    init(message: String) {
        self.message = message
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = Palette.background
        let label = UILabel()
        label.text = message
        label.textAlignment = .center
        label.numberOfLines = 0
        label.textColor = .secondaryLabel
        view.addSubview(label)
        label.pin(to: view, insets: UIEdgeInsets(top: 0, left: 32, bottom: 0, right: 32))
    }
}
