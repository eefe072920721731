import UIKit

/* The only fixture of this folder with block comments. The old layout pass did this:
   view.addSubview(overlay)
   NSLayoutConstraint.activate(constraints)
   layer.addSublayer(pinShadow)
*/
final class MapCalloutView: UIView {
    private let pin = UIImageView(image: UIImage(systemName: "mappin"))
    private let callout = UILabel()
    private let pinShadow = CALayer()

    override func layoutSubviews() {
        super.layoutSubviews()
        /* addSubview(pin) */ pin.center = CGPoint(x: bounds.midX, y: bounds.midY)
        /* outer /* nested addSubview(callout) */ still a comment: layer.addSublayer(pinShadow) */
        addSubview(callout) /* a trailing block comment */ // a stored label is moved
        addSubview(UILabel()) /* a trailing block comment */ // expect: non_idempotent_layout
        /**
         Doc block: setNeedsLayout() and layoutIfNeeded() would loop here.
         */
        let glob = "*.swift /* not a comment opener"; addSubview(pin) // a stored pin is moved
        let mask = "*.png /* not a comment opener"; addSubview(UIImageView()) // expect: non_idempotent_layout
        callout.text = glob + mask
        pinShadow.frame = pin.frame.offsetBy(dx: 0, dy: 2)
        /*
        layer.addSublayer(pinShadow)
        self.setNeedsLayout()
        */
    }

    override func draw(_ rect: CGRect) {
        /* UIColor.red.setFill(); layer.addSublayer(pinShadow) */
        UIColor.systemBackground.setFill()
        UIRectFill(rect)
    }
}

/// The controller hosting the callout.
final class PlaceViewController: UIViewController {
    private let callout = MapCalloutView()
    private var isCalloutVisible = false

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        if /* shown? */ isCalloutVisible {
            view.addSubview(callout)
        }
        view.addSubview(/* the callout, again */ callout) // a stored callout is moved
        view.addSubview(/* a new callout */ MapCalloutView()) // expect: non_idempotent_layout
    }
}

/// Code that looks like layout work but is not in a layout callback of a view or controller:
/// nothing from here to the end of the file is flagged.
final class SettingsViewController: UIViewController {
    private let header = SettingsHeaderView()
    private let toggle = UISwitch()
    private let gradient = CAGradientLayer()
    private var rows: [SettingsRow] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(header)
        view.layer.insertSublayer(gradient, at: 0)
        toggle.addTarget(self, action: #selector(toggled), for: .valueChanged)
        NSLayoutConstraint.activate([
            header.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
            header.leadingAnchor.constraint(equalTo: view.leadingAnchor),
        ])
        header.heightAnchor.constraint(equalToConstant: 120).isActive = true
        NotificationCenter.default.addObserver(self, selector: #selector(reload),
                                               name: UIContentSizeCategory.didChangeNotification, object: nil)
        view.setNeedsLayout()
        view.layoutIfNeeded()
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        gradient.frame = view.bounds
        header.frame.size.width = view.bounds.width
    }

    /// A helper named like a view callback: a controller has no `layoutSubviews()` of its own.
    func layoutSubviews() {
        view.addSubview(toggle)
    }

    /// Same base name, different full name: not the UIKit callback.
    func viewDidLayoutSubviews(animated: Bool) {
        view.addSubview(header)
        header.alpha = animated ? 0 : 1
    }

    @objc private func toggled() {}
    @objc private func reload() {}

    /// A coordinator nested in a controller is not a controller.
    final class Coordinator {
        let container = UIView()
        func viewDidLayoutSubviews() {
            container.addSubview(UILabel())
            URLSession.shared.dataTask(with: URL(string: "https://example.com")!).resume()
        }
    }
}

/// A view whose drawing helper has a different full name from `draw(_:)`.
final class SparklineView: UIView {
    var values: [Double] = []

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        draw(rect, in: context)
    }

    func draw(_ rect: CGRect, in context: CGContext) {
        layer.addSublayer(CAShapeLayer())
        context.strokePath()
    }

    func layoutSubviews(animated: Bool) {
        addSubview(UIView())
    }
}
