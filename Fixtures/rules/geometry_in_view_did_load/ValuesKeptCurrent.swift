import UIKit

// Shapes: a value read from the view's geometry in `viewDidLoad()` that the code keeps current
// anyway is a placeholder, not a stale frame:
// - a view made with `X(frame: view.bounds)` then pinned with constraints through a helper;
// - `x.frame = view.bounds` with a flexible `autoresizingMask`;
// - the same value computed again later (`viewDidLayoutSubviews`, `viewSafeAreaInsetsDidChange`,
//   a helper `viewDidAppear` calls), including a sublayer's frame, which cannot use constraints;
// - bounds used only as the upper limit of a size request (`preferredContentSize`).
final class MapScreenViewController: UIViewController {
    private let gradient = CAGradientLayer()
    private let overlay = UIView()
    private let legend = UILabel()
    private var columns = 1

    override func viewDidLoad() {
        super.viewDidLoad()
        let map = MapCanvasView(frame: view.bounds)
        view.addSubview(map)
        pinToEdges(map)

        overlay.frame = view.bounds
        overlay.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(overlay)

        gradient.frame = view.bounds
        view.layer.addSublayer(gradient)

        legend.frame = CGRect(x: 0, y: view.safeAreaInsets.top, width: 200, height: 20)
        columns = Int(view.bounds.width / 320)

        preferredContentSize = CGSize(width: view.bounds.width, height: 400)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        gradient.frame = view.bounds
    }

    override func viewSafeAreaInsetsDidChange() {
        super.viewSafeAreaInsetsDidChange()
        legend.frame = CGRect(x: 0, y: view.safeAreaInsets.top, width: 200, height: 20)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        updateColumns()
    }

    private func updateColumns() {
        columns = Int(view.bounds.width / 320)
    }

    private func pinToEdges(_ subview: UIView) {
        subview.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([
            subview.topAnchor.constraint(equalTo: view.topAnchor),
            subview.bottomAnchor.constraint(equalTo: view.bottomAnchor),
        ])
    }
}

// Still reported: a stale value turned into a constraint's constant, and a frame nothing updates.
final class BannerScreenViewController: UIViewController {
    private let banner = UIView()
    private let badge = UIView()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(banner)
        banner.translatesAutoresizingMaskIntoConstraints = false
        banner.widthAnchor.constraint(equalToConstant: view.bounds.width).isActive = true // expect: geometry_in_view_did_load
        badge.frame = CGRect(x: view.bounds.maxX - 40, y: 8, width: 32, height: 32) // expect: geometry_in_view_did_load
        view.addSubview(badge)
    }
}
