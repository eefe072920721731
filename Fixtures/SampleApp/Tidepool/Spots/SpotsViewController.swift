import UIKit

final class SpotsViewController: TidepoolViewController {
    private let store: SpotStore
    private let tableView = UITableView(frame: .zero, style: .plain)
    private let refreshControl = UIRefreshControl()
    private let searchController = UISearchController(searchResultsController: nil)
    private var spots: [Spot] = []
    private var storeObserver: NSObjectProtocol?

    init(store: SpotStore) {
        self.store = store
        super.init(nibName: nil, bundle: nil)
        title = "Spots"
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override var adjustsForKeyboard: Bool { true }

    deinit { storeObserver.map(NotificationCenter.default.removeObserver) }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(SpotCell.self, forCellReuseIdentifier: SpotCell.reuseIdentifier)
        tableView.dataSource = self
        tableView.delegate = self
        tableView.rowHeight = 76
        tableView.refreshControl = refreshControl
        refreshControl.addTarget(self, action: #selector(pullToRefresh), for: .valueChanged)
        view.addSubview(tableView)
        tableView.pin(to: view)

        searchController.searchResultsUpdater = self
        searchController.obscuresBackgroundDuringPresentation = false
        navigationItem.searchController = searchController

        storeObserver = NotificationCenter.default.addObserver(
            forName: .spotsDidChange, object: store, queue: .main) { [weak self] _ in
            self?.reloadSpots()
        }
        reloadSpots()
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        if let selected = tableView.indexPathForSelectedRow {
            tableView.deselectRow(at: selected, animated: animated)
        }
    }

    override func keyboardInsetDidChange() {
        tableView.contentInset.bottom = keyboardInset
        tableView.verticalScrollIndicatorInsets.bottom = keyboardInset
    }

    private func reloadSpots() {
        let query = searchController.searchBar.text ?? ""
        spots = query.isEmpty ? store.spots : store.spots.filter {
            $0.name.localizedCaseInsensitiveContains(query) || $0.region.localizedCaseInsensitiveContains(query)
        }
        guard isViewLoaded else { return }
        tableView.reloadData()
    }

    @objc private func pullToRefresh() {
        store.refresh { [weak self] error in
            self?.refreshControl.endRefreshing()
            if let error { self?.presentError(error, title: "Couldn't refresh") }
        }
    }
}

extension SpotsViewController: UITableViewDataSource, UITableViewDelegate, UISearchResultsUpdating {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        spots.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: SpotCell.reuseIdentifier, for: indexPath) as! SpotCell
        let spot = spots[indexPath.row]
        cell.configure(with: spot, forecast: store.forecasts[spot.id], isFavorite: store.isFavorite(spot))
        cell.onFavoriteTapped = { // expect: strong_self_in_escaping_closure
            self.store.toggleFavorite(spot)
        }
        return cell
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        let detail = SpotDetailViewController(spot: spots[indexPath.row], store: store)
        navigationController?.pushViewController(detail, animated: true)
    }

    func updateSearchResults(for searchController: UISearchController) {
        reloadSpots()
    }
}
