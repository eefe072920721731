import MapKit
import UIKit

protocol SpotMapViewDelegate: AnyObject {
    func spotMapView(_ mapView: SpotMapView, didSelect spot: Spot)
}

final class SpotMapViewController: TidepoolViewController {
    private let store: SpotStore
    private let favoritesOnly: Bool
    private var storeObserver: NSObjectProtocol?
    private var hasCenteredOnSpots = false

    private var mapView: SpotMapView { view as! SpotMapView }

    init(store: SpotStore, favoritesOnly: Bool = false) {
        self.store = store
        self.favoritesOnly = favoritesOnly
        super.init(nibName: nil, bundle: nil)
        title = "Map"
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    deinit { storeObserver.map(NotificationCenter.default.removeObserver) }

    override func loadView() {
        super.loadView() // expect: super_load_view_in_custom_root
        view = SpotMapView()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        mapView.delegate = self
        storeObserver = NotificationCenter.default.addObserver(
            forName: .spotsDidChange, object: store, queue: .main) { [weak self] _ in
            self?.reloadAnnotations()
        }
        reloadAnnotations()
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        guard !hasCenteredOnSpots else { return }
        hasCenteredOnSpots = true
        mapView.showAllSpots(animated: animated)
    }

    private func reloadAnnotations() {
        mapView.spots = favoritesOnly ? store.favorites : store.spots
    }
}

extension SpotMapViewController: SpotMapViewDelegate {
    func spotMapView(_ mapView: SpotMapView, didSelect spot: Spot) {
        let detail = SpotDetailViewController(spot: spot, store: store)
        (navigationController ?? parent?.navigationController)?.pushViewController(detail, animated: true)
    }
}

final class SpotMapView: UIView, MKMapViewDelegate {
    weak var delegate: SpotMapViewDelegate?

    var spots: [Spot] = [] {
        didSet { reloadAnnotations() }
    }

    private let map = MKMapView()

    override init(frame: CGRect) {
        super.init(frame: frame)
        map.delegate = self
        map.pointOfInterestFilter = .excludingAll
        addSubview(map)
        map.pin(to: self)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    func showAllSpots(animated: Bool) {
        map.showAnnotations(map.annotations, animated: animated)
    }

    private func reloadAnnotations() {
        map.removeAnnotations(map.annotations)
        map.addAnnotations(spots.map(SpotAnnotation.init(spot:)))
    }

    func mapView(_ mapView: MKMapView, didSelect annotation: MKAnnotation) {
        guard let annotation = annotation as? SpotAnnotation else { return }
        mapView.deselectAnnotation(annotation, animated: false)
        delegate?.spotMapView(self, didSelect: annotation.spot)
    }
}

final class SpotAnnotation: MKPointAnnotation {
    let spot: Spot

    init(spot: Spot) {
        self.spot = spot
        super.init()
        coordinate = CLLocationCoordinate2D(latitude: spot.latitude, longitude: spot.longitude)
        title = spot.name
    }
}
