import UIKit

final class SpotsViewController: TidepoolViewController {
    private let store: SpotStore
    private let tableView = UITableView(frame: .zero, style: .plain)
    private let refreshControl = UIRefreshControl()
    private let searchController = UISearchController(searchResultsController: nil)
    private var spots: [Spot] = []
    private var query = ""
    private var storeObserver: NSObjectProtocol?

    init(store: SpotStore) {
        self.store = store
        super.init(nibName: nil, bundle: nil)
        title = "Spots"
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    deinit {
        if let storeObserver {
            NotificationCenter.default.removeObserver(storeObserver)
        }
    }

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
        searchController.searchBar.placeholder = "Search spots or regions"
        navigationItem.searchController = searchController
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            title: "Nearby", image: UIImage(systemName: "location"),
            primaryAction: UIAction { [weak self] _ in self?.sortByDistance() })

        storeObserver = NotificationCenter.default.addObserver(
            forName: .spotsDidChange, object: store, queue: .main) { [weak self] _ in
            self?.reloadSpots()
        }
        reloadSpots()
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        if let selected = tableView.indexPathForSelectedRow {
            transitionCoordinator?.animate(alongsideTransition: { _ in
                self.tableView.deselectRow(at: selected, animated: true)
            }, completion: { context in
                if context.isCancelled {
                    self.tableView.selectRow(at: selected, animated: false, scrollPosition: .none)
                }
            })
        }
    }

    private func reloadSpots() {
        let all = store.spots
        spots = query.isEmpty ? all : all.filter {
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

    private func sortByDistance() {
        guard let here = LocationProvider.shared.lastKnownLocation else { return }
        spots.sort { here.distance(from: $0.location) < here.distance(from: $1.location) }
        tableView.reloadData()
    }
}

extension SpotsViewController: UITableViewDataSource, UITableViewDelegate {
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

    func tableView(_ tableView: UITableView,
                   trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        let spot = spots[indexPath.row]
        let share = UIContextualAction(style: .normal, title: "Share") { [weak self] _, _, done in
            guard let self else { return done(false) }
            ShareFlow.share(spot, forecast: self.store.forecasts[spot.id], from: self,
                            sourceItem: tableView.cellForRow(at: indexPath))
            done(true)
        }
        share.backgroundColor = Palette.sea
        return UISwipeActionsConfiguration(actions: [share])
    }
}

extension SpotsViewController: UISearchResultsUpdating {
    func updateSearchResults(for searchController: UISearchController) {
        query = searchController.searchBar.text ?? ""
        reloadSpots()
    }
}
