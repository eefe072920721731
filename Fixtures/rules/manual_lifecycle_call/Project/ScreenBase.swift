import UIKit

// Base classes and the non-UIKit types whose method names mirror UIKit's callbacks. The
// screens in the other files of this folder build on these.

/// Every screen reports its appearances to analytics.
class TrackedViewController: UIViewController {
    let analytics = AnalyticsTracker.shared
    var screenName: String { String(describing: type(of: self)) }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        analytics.viewDidAppear(screenName)
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        analytics.viewDidDisappear(screenName)
    }
}

/// Counts screen views; its method names follow the callbacks it is called from.
final class AnalyticsTracker {
    static let shared = AnalyticsTracker()
    private var visible: [String] = []

    func viewDidAppear(_ screen: String) { visible.append(screen) }
    func viewDidDisappear(_ screen: String) { visible.removeAll { $0 == screen } }
}

/// Presentation logic behind a screen, driven by the screen's own callbacks.
@MainActor
protocol ScreenPresenting: AnyObject {
    func viewDidLoad()
    func viewWillAppear()
}

/// Told when a screen goes away, so a coordinator can pop its flow.
@MainActor
protocol ScreenVisibilityDelegate: AnyObject {
    func viewWillDisappear(_ screen: UIViewController, animated: Bool)
}

/// Not a controller despite its name: drives the onboarding flow and its step counter.
final class OnboardingFlowController {
    private(set) var step = 0

    func viewDidLoad() { step = 0 }
    func viewDidAppear(_ animated: Bool) { step += animated ? 1 : 0 }
}

/// A card whose shadow path follows its bounds.
class ShadowCardView: UIView {
    override func layoutSubviews() {
        super.layoutSubviews()
        layer.shadowPath = UIBezierPath(roundedRect: bounds, cornerRadius: 12).cgPath
    }
}

/// A sparkline drawn with Core Graphics.
class SparklineView: UIView {
    var values: [CGFloat] = [] {
        didSet { setNeedsDisplay() }
    }

    override func draw(_ rect: CGRect) {
        super.draw(rect)
        guard values.count > 1, let maximum = values.max(), maximum > 0 else { return }
        let path = UIBezierPath()
        let step = rect.width / CGFloat(values.count - 1)
        for (index, value) in values.enumerated() {
            let point = CGPoint(x: CGFloat(index) * step, y: rect.height * (1 - value / maximum))
            if index == 0 { path.move(to: point) } else { path.addLine(to: point) }
        }
        tintColor.setStroke()
        path.stroke()
    }

    /// Redraws at once for the share-sheet snapshot.
    func redrawForSnapshot() {
        draw(bounds) // expect: manual_lifecycle_call
        self.layoutSubviews() // expect: manual_lifecycle_call
    }
}

/// A list screen generic over its rows; subclasses supply the cells.
class PagedList<Item: Hashable>: TrackedViewController {
    var items: [Item] = []
}
