import UIKit

final class SpotDetailViewController: TidepoolViewController {
    private let spot: Spot
    private let store: SpotStore
    private let scrollView = UIScrollView()
    private let stackView = UIStackView()
    private let headerView = SpotHeaderView()
    private let chartContainer = UIView()
    private let forecastController = ForecastChartViewController()
    private var storeObserver: NSObjectProtocol?

    init(spot: Spot, store: SpotStore) {
        self.spot = spot
        self.store = store
        super.init(nibName: nil, bundle: nil)
        hidesBottomBarWhenPushed = true
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    deinit { storeObserver.map(NotificationCenter.default.removeObserver) }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = spot.name
        navigationItem.largeTitleDisplayMode = .never
        navigationItem.rightBarButtonItem = UIBarButtonItem(barButtonSystemItem: .action, target: self,
                                                            action: #selector(shareTapped(_:)))
        view.addSubview(scrollView)
        scrollView.pin(to: view)
        scrollView.addSubview(stackView)
        stackView.axis = .vertical
        stackView.spacing = 16
        stackView.pin(to: scrollView)
        stackView.widthAnchor.constraint(equalTo: scrollView.widthAnchor).isActive = true

        headerView.configure(with: spot, isFavorite: store.isFavorite(spot))
        headerView.onFavoriteTapped = { // expect: strong_self_in_escaping_closure
            self.store.toggleFavorite(self.spot)
        }
        // Photos are shot 16:9.
        let headerHeight = view.bounds.width * 9 / 16 // expect: geometry_in_view_did_load
        headerView.heightAnchor.constraint(equalToConstant: headerHeight).isActive = true
        stackView.addArrangedSubview(headerView)

        if let note = spot.hazardNote {
            let banner = HazardBannerViewController(message: note)
            stackView.addArrangedSubview(banner.view) // expect: child_view_without_add_child
        }

        chartContainer.heightAnchor.constraint(equalToConstant: 220).isActive = true
        stackView.addArrangedSubview(chartContainer)
        embed(forecastController, in: chartContainer)
        forecastController.forecast = store.forecasts[spot.id]

        storeObserver = NotificationCenter.default.addObserver(
            forName: .spotsDidChange, object: store, queue: .main) { [weak self] _ in
            guard let self else { return }
            self.headerView.configure(with: self.spot, isFavorite: self.store.isFavorite(self.spot))
            self.forecastController.forecast = self.store.forecasts[self.spot.id]
        }
    }

    @objc private func shareTapped(_ sender: UIBarButtonItem) {
        ShareFlow.share(spot, forecast: store.forecasts[spot.id], from: self, sourceItem: sender)
    }
}

/// A one-line warning strip ("Strong rip currents near the pier").
final class HazardBannerViewController: UIViewController {
    private let message: String

    init(message: String) {
        self.message = message
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = Palette.warning.withAlphaComponent(0.15)
        let label = UILabel()
        label.text = message
        label.numberOfLines = 0
        label.font = .preferredFont(forTextStyle: .callout)
        view.addSubview(label)
        label.pin(to: view, insets: UIEdgeInsets(top: 10, left: 16, bottom: 10, right: 16))
    }
}

final class SpotHeaderView: UIView {
    var onFavoriteTapped: (() -> Void)?

    private let photoView = UIImageView()
    private let titleLabel = UILabel()
    private let favoriteButton = UIButton(type: .system)

    override init(frame: CGRect) {
        super.init(frame: frame)
        clipsToBounds = true
        photoView.contentMode = .scaleAspectFill
        addSubview(photoView)
        photoView.pin(to: self)
        titleLabel.font = .preferredFont(forTextStyle: .title2)
        titleLabel.textColor = .white
        favoriteButton.tintColor = .white
        favoriteButton.addAction(UIAction { [weak self] _ in self?.onFavoriteTapped?() }, for: .touchUpInside)
        let row = UIStackView(arrangedSubviews: [titleLabel, favoriteButton])
        addSubview(row)
        row.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([
            row.leadingAnchor.constraint(equalTo: layoutMarginsGuide.leadingAnchor),
            row.trailingAnchor.constraint(equalTo: layoutMarginsGuide.trailingAnchor),
            row.bottomAnchor.constraint(equalTo: layoutMarginsGuide.bottomAnchor),
        ])
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    func configure(with spot: Spot, isFavorite: Bool) {
        titleLabel.text = spot.name
        photoView.image = UIImage(named: "spot-\(spot.id)") ?? UIImage(named: "spot-placeholder")
        favoriteButton.setImage(UIImage(systemName: isFavorite ? "star.fill" : "star"), for: .normal)
    }
}
