import SwiftUI
import UIKit

// Objects that have a `view` without being view controllers, views that are not a controller's
// root view, and cells that embed a hosting controller on behalf of the screen that owns them.

/// Draws a shimmering skeleton; owns its view like a controller would, but is not one.
final class ShimmerPlaceholder {
    let view = UIView()
    func start() { view.alpha = 0.6 }
}

/// Wraps a map snapshot; the view is created lazily.
struct MapPreview {
    var view: UIImageView
    var region: String
}

/// Drives playback chrome. Its name reads like a controller's, but it is a plain object.
final class PlaybackController: NSObject {
    let view = UIView()
    weak var player: AVPlayer?
}

protocol OverlayPresentable {
    var view: UIView { get }
}

final class ArticleViewController: UIViewController {
    private let shimmer = ShimmerPlaceholder()
    private let playback = PlaybackController()
    private var preview: MapPreview?
    private let resultsController = UITableViewController(style: .plain)
    private let toolbar = FormattingToolbarViewController()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(shimmer.view)
        view.addSubview(playback.view)
        let spinner: ShimmerPlaceholder = makeSpinner()
        view.insertSubview(spinner.view, at: 0)
        if let preview {
            view.addSubview(preview.view)
        }
        view.addSubview(resultsController.tableView)
        view.addSubview(toolbar.toolbarView)
    }

    func showOverlay(_ overlay: OverlayPresentable) {
        view.addSubview(overlay.view)
    }

    func showMap(_ snapshot: MapPreview) {
        let card = UIStackView()
        card.addArrangedSubview(snapshot.view)
        view.addSubview(card)
    }

    func installInWindow(_ window: UIWindow) {
        window.addSubview(self.view)
        window.insertSubview(view, at: 0)
    }

    func measuredHeight(of prototype: UITableViewCell) -> CGFloat {
        let sizingHost = UIView(frame: CGRect(x: 0, y: 0, width: view.bounds.width, height: 0))
        sizingHost.addSubview(prototype.contentView)
        return prototype.contentView.systemLayoutSizeFitting(UIView.layoutFittingCompressedSize).height
    }

    private func makeSpinner() -> ShimmerPlaceholder { ShimmerPlaceholder() }
}

/// A container whose content area is an outlet named `containerView`: that is not a transition's
/// container, so a child's view added to it still needs `addChild`.
final class CheckoutViewController: UIViewController {
    @IBOutlet private weak var containerView: UIView!
    private let summary = OrderSummaryViewController()
    private let payment = PaymentMethodsViewController()

    override func viewDidLoad() {
        super.viewDidLoad()
        containerView.addSubview(summary.view) // expect: child_view_without_add_child
        addChild(payment)
        containerView.addSubview(payment.view)
        payment.didMove(toParent: self)
    }
}

final class ChartCell: UICollectionViewCell {
    static let reuseIdentifier = "ChartCell"
    private var host: UIHostingController<ChartView>?
    private let sparkline = UIHostingController(rootView: SparklineView(points: []))
    func embed(_ chart: ChartView, in parent: UIViewController) {
        let host = UIHostingController(rootView: chart)
        parent.addChild(host)
        contentView.addSubview(host.view)
        host.view.frame = contentView.bounds
        host.didMove(toParent: parent)
        self.host = host
    }

    func showSparkline(_ points: [Double]) {
        sparkline.rootView = SparklineView(points: points)
        contentView.addSubview(sparkline.view) // expect: child_view_without_add_child
    }

    func showBadge(_ text: String) {
        let badge = UIHostingController(rootView: Text(text))
        contentView.insertSubview(badge.view, at: 0) // expect: child_view_without_add_child
    }
}

struct ChartView: View {
    var body: some View { Text("Chart") }
}

struct SparklineView: View {
    var points: [Double]
    var body: some View { Text("\(points.count) points") }
}
