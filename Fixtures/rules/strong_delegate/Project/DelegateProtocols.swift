import UIKit

// Delegate protocols used by the other files of this folder. Whether a property is flagged
// depends on whether its protocol is class-bound, so both kinds are declared here.

/// Class-bound directly.
protocol PlayerViewDelegate: AnyObject {
    func playerViewDidFinish(_ playerView: PlayerView)
}

protocol ScrubberDataSource: class {
    func numberOfChapters(in scrubber: ScrubberView) -> Int
}

@objc protocol CartViewDelegate {
    @objc optional func cartViewDidTapCheckout(_ cartView: CartView)
}

protocol UploadQueueDelegate: NSObjectProtocol {
    func uploadQueue(_ queue: UploadQueue, didFinish item: URL)
}

protocol ComposerDelegate where Self: UIViewController {
    func composerDidSend(_ text: String)
}

protocol StepHosting: UIViewController {
    func showStep(_ index: Int)
}

/// Class-bound through a parent protocol.
protocol VideoPlayerViewDelegate: PlayerViewDelegate {
    func playerView(_ playerView: PlayerView, didChangeRate rate: Float)
}

protocol FeedTableDelegate: UITableViewDelegate {
    func feedTableDidRequestMore()
}

/// Not class-bound: value types may conform, so a strong reference is not a cycle.
protocol PriceFormattingDelegate {
    func formattedPrice(_ cents: Int) -> String
}

protocol ReceiptDataSource: Sendable {
    var lines: [String] { get }
}

protocol InvoiceDataSource: ReceiptDataSource, CustomStringConvertible {
    var total: Int { get }
}

protocol AnalyticsDelegate {
    func track(_ event: String)
}

/// Protocols may declare delegate requirements; those are not stored properties.
protocol DelegatingView: AnyObject {
    var delegate: PlayerViewDelegate? { get set }
    var dataSource: ScrubberDataSource? { get }
}

/// Value types that conform to the non-class-bound protocols above.
struct EuroPriceFormatter: PriceFormattingDelegate {
    func formattedPrice(_ cents: Int) -> String { "€\(cents / 100),\(cents % 100)" }
}

struct MenuDataSource: Hashable {
    var sections: [String] = []
}

enum SortDataSource: String {
    case recent, popular
}

/// The app delegate is declared in this run, so it is a known concrete class.
final class AppDelegate: UIResponder, UIApplicationDelegate {
    var window: UIWindow?
}
