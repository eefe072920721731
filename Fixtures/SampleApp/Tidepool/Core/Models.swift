import Foundation
import UIKit
import CoreLocation

// MARK: - Spots and forecasts

struct Spot: Hashable, Codable, Identifiable {
    enum Break: String, Codable {
        case beach, reef, point
    }

    let id: String
    let name: String
    let region: String
    let latitude: Double
    let longitude: Double
    let kind: Break
    var hazardNote: String?

    var coordinate: CLLocationCoordinate2D {
        CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
    }

    var webURL: URL {
        URL(string: "https://tidepool.example.com/spots/\(id)")!
    }

    var shareText: String {
        "\(name) in \(region), via Tidepool"
    }
}

struct ForecastPoint: Hashable, Codable {
    let date: Date
    let waveHeight: Double
    let period: Double
    let windSpeed: Double
}

struct Forecast: Codable {
    let spotID: String
    let issued: Date
    let points: [ForecastPoint]

    var rating: Int {
        guard let best = points.prefix(8).map(\.waveHeight).max() else { return 0 }
        switch best {
        case ..<0.5: return 1
        case ..<1.0: return 2
        case ..<1.8: return 3
        case ..<2.5: return 4
        default: return 5
        }
    }
}

// MARK: - Store

extension Notification.Name {
    static let spotsDidChange = Notification.Name("TidepoolSpotsDidChange")
    static let preferencesDidChange = Notification.Name("TidepoolPreferencesDidChange")
}

final class SpotStore {
    static let shared = SpotStore()

    private(set) var spots: [Spot] = []
    private(set) var forecasts: [String: Forecast] = [:]
    private var favoriteIDs: Set<String> = []
    private var lastRefresh: Date?
    private var refreshTask: URLSessionDataTask?
    private let session: URLSession
    private let endpoint = URL(string: "https://api.tidepool.example.com/v2/spots")!

    init(session: URLSession = .shared) {
        self.session = session
        favoriteIDs = Set(UserDefaults.standard.stringArray(forKey: "favorites") ?? [])
    }

    var favorites: [Spot] {
        spots.filter { favoriteIDs.contains($0.id) }
    }

    func isFavorite(_ spot: Spot) -> Bool {
        favoriteIDs.contains(spot.id)
    }

    func toggleFavorite(_ spot: Spot) {
        if favoriteIDs.remove(spot.id) == nil {
            favoriteIDs.insert(spot.id)
        }
        UserDefaults.standard.set(Array(favoriteIDs), forKey: "favorites")
        NotificationCenter.default.post(name: .spotsDidChange, object: self)
    }

    func loadCachedSpots() {
        let url = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask)[0]
            .appendingPathComponent("spots.json")
        guard let data = try? Data(contentsOf: url) else { return }
        apply(data)
    }

    func refreshIfStale(maxAge: TimeInterval = 15 * 60) {
        if let lastRefresh, Date().timeIntervalSince(lastRefresh) < maxAge { return }
        refresh()
    }

    func refresh(completion: ((Error?) -> Void)? = nil) {
        refreshTask?.cancel()
        refreshTask = session.dataTask(with: endpoint) { [weak self] data, _, error in
            DispatchQueue.main.async {
                if let data { self?.apply(data) }
                self?.lastRefresh = Date()
                completion?(error)
            }
        }
        refreshTask?.resume()
    }

    private func apply(_ data: Data) {
        struct Payload: Decodable {
            let spots: [Spot]
            let forecasts: [Forecast]
        }
        guard let payload = try? JSONDecoder.tidepool.decode(Payload.self, from: data) else { return }
        spots = payload.spots.sorted { $0.name < $1.name }
        forecasts = Dictionary(uniqueKeysWithValues: payload.forecasts.map { ($0.spotID, $0) })
        NotificationCenter.default.post(name: .spotsDidChange, object: self)
    }
}

extension JSONDecoder {
    static let tidepool: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}

// MARK: - Preferences

final class Preferences {
    enum HeightUnit: String, CaseIterable {
        case meters, feet
    }

    static let shared = Preferences()
    private let defaults = UserDefaults.standard

    var heightUnit: HeightUnit {
        get { HeightUnit(rawValue: defaults.string(forKey: "heightUnit") ?? "") ?? .meters }
        set { defaults.set(newValue.rawValue, forKey: "heightUnit"); changed() }
    }

    var swellAlertsEnabled: Bool {
        get { defaults.bool(forKey: "swellAlerts") }
        set { defaults.set(newValue, forKey: "swellAlerts"); changed() }
    }

    var hasSeenOnboarding: Bool {
        get { defaults.bool(forKey: "hasSeenOnboarding") }
        set { defaults.set(newValue, forKey: "hasSeenOnboarding") }
    }

    func format(height meters: Double) -> String {
        switch heightUnit {
        case .meters: return String(format: "%.1f m", meters)
        case .feet: return String(format: "%.0f ft", meters * 3.281)
        }
    }

    func reset() {
        for key in ["heightUnit", "swellAlerts"] { defaults.removeObject(forKey: key) }
        changed()
    }

    private func changed() {
        NotificationCenter.default.post(name: .preferencesDidChange, object: self)
    }
}

// MARK: - Look

enum Palette {
    static let sea = UIColor(red: 0.05, green: 0.36, blue: 0.55, alpha: 1)
    static let foam = UIColor(red: 0.86, green: 0.95, blue: 0.97, alpha: 1)
    static let sand = UIColor(red: 0.96, green: 0.89, blue: 0.74, alpha: 1)
    static let warning = UIColor.systemOrange
    static let background = UIColor.systemBackground
}
