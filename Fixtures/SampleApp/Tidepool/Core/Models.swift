import UIKit

struct Spot: Hashable, Codable {
    let id: String
    let name: String
    let region: String
    let latitude: Double
    let longitude: Double
    let isReef: Bool
    var hazardNote: String?

    var webURL: URL { URL(string: "https://tidepool.example.com/spots/\(id)")! }
    var shareText: String { "\(name) in \(region), via Tidepool" }
}

struct ForecastPoint: Hashable, Codable {
    let date: Date
    let waveHeight: Double
    let period: Double
}

struct Forecast: Codable {
    let spotID: String
    let points: [ForecastPoint]

    /// 0...5 dots, from the best wave height of the next day.
    var rating: Int {
        guard let best = points.prefix(8).map(\.waveHeight).max() else { return 0 }
        return min(5, Int(best / 0.5) + 1)
    }
}

extension Notification.Name {
    static let spotsDidChange = Notification.Name("TidepoolSpotsDidChange")
    static let preferencesDidChange = Notification.Name("TidepoolPreferencesDidChange")
}

final class SpotStore {
    static let shared = SpotStore()

    private(set) var spots: [Spot] = []
    private(set) var forecasts: [String: Forecast] = [:]
    private var favoriteIDs = Set(UserDefaults.standard.stringArray(forKey: "favorites") ?? [])
    private var refreshTask: URLSessionDataTask?
    private let endpoint = URL(string: "https://api.tidepool.example.com/v2/spots")!

    var favorites: [Spot] { spots.filter { favoriteIDs.contains($0.id) } }

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

    func refresh(completion: ((Error?) -> Void)? = nil) {
        refreshTask?.cancel()
        refreshTask = URLSession.shared.dataTask(with: endpoint) { [weak self] data, _, error in
            DispatchQueue.main.async {
                if let data { self?.apply(data) }
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
        guard let payload = try? JSONDecoder().decode(Payload.self, from: data) else { return }
        spots = payload.spots.sorted { $0.name < $1.name }
        forecasts = Dictionary(uniqueKeysWithValues: payload.forecasts.map { ($0.spotID, $0) })
        NotificationCenter.default.post(name: .spotsDidChange, object: self)
    }
}

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

    var hasSeenOnboarding: Bool {
        get { defaults.bool(forKey: "hasSeenOnboarding") }
        set { defaults.set(newValue, forKey: "hasSeenOnboarding") }
    }

    func format(height meters: Double) -> String {
        heightUnit == .meters ? String(format: "%.1f m", meters) : String(format: "%.0f ft", meters * 3.281)
    }

    func reset() {
        defaults.removeObject(forKey: "heightUnit")
        changed()
    }

    private func changed() {
        NotificationCenter.default.post(name: .preferencesDidChange, object: self)
    }
}

enum Palette {
    static let sea = UIColor(red: 0.05, green: 0.36, blue: 0.55, alpha: 1)
    static let foam = UIColor(red: 0.86, green: 0.95, blue: 0.97, alpha: 1)
    static let warning = UIColor.systemOrange
    static let background = UIColor.systemBackground
}
