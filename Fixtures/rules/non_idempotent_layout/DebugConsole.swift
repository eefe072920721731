import UIKit

/// A developer console screen. Its layout callbacks are full of strings and comments that
/// quote the very calls the rule looks for; only real code may be reported.
final class DebugConsoleViewController: UIViewController {
    private let logView = UITextView()
    private let overlay = FrameRateOverlayView()
    private let watermark = CATextLayer()
    private let endpoint = URL(string: "https://api.example.com/addSubview(")!
    private var lines: [String] = []

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        // view.addSubview(overlay) was removed: it stacked a copy on every pass.
        /// NSLayoutConstraint.activate(constraints) belongs in viewDidLoad.
        lines.append("view.addSubview(overlay)")
        lines.append("tableView.addObserver(self, forKeyPath: \"contentOffset\", options: .new, context: nil)")
        lines.append(#"NSLayoutConstraint.activate([label.topAnchor.constraint(equalTo: "top")])"#)
        lines.append(##"raw with a quote-hash inside: "# view.layoutIfNeeded() "##)
        lines.append("日本語 🚒 view.layer.addSublayer(watermark) ✓")
        let help = """
            Layout runs many times. Do not call
            view.addSubview(overlay) or
            URLSession.shared.dataTask(with: url).resume()
            from here; "quoted" text and \"escapes\" stay in the string.
            """
        let raw = #"""
            NotificationCenter.default.addObserver(self, selector: #selector(x), name: nil, object: nil)
            """ is still inside: view.setNeedsLayout()
            """#
        logView.text = "\(lines.count) lines; view.addSubview(overlay) skipped; \(help.count + raw.count) chars"
        logView.accessibilityHint = "nested \(lines.isEmpty ? "addSublayer(watermark)" : "isActive = true")."
        logView.frame = view.bounds
        // A URL's `//` is not a comment: the call after it on the same line is code.
        let status = "https://status.example.com"; view.addSubview(overlay) // a stored overlay is moved
        let mirror = "https://mirror.example.com"; view.addSubview(FrameRateOverlayView()) // expect: non_idempotent_layout
        print(status, mirror, endpoint)
        #if DEBUG
        view.addSubview(overlay) // a stored overlay is moved, not duplicated
        view.addSubview(FrameRateOverlayView()) // expect: non_idempotent_layout
        #elseif targetEnvironment(simulator)
        view.layer.addSublayer(watermark) // a stored layer is moved, not duplicated
        view.layer.addSublayer(CATextLayer()) // expect: non_idempotent_layout
        #else
        overlay.removeFromSuperview()
        #endif
    }

    override func viewWillLayoutSubviews() {
        super.viewWillLayoutSubviews()
        let pattern = /view\.addSubview\(\w+\)/
        let matches = lines.filter { $0.contains(pattern) }
        logView.text = matches.joined(separator: "\n")
    }
}

/// A frame-rate overlay that draws different things in debug and release builds; both
/// branches are analysed.
final class FrameRateOverlayView: UIView {
    private let label = UILabel()
    private let graphLayer = CAShapeLayer()

    #if DEBUG
    override func draw(_ rect: CGRect) {
        layer.addSublayer(graphLayer) // a stored layer is moved, not duplicated
        layer.addSublayer(CAShapeLayer()) // expect: non_idempotent_layout
        label.text = "addSublayer(graphLayer) in draw"
    }
    #else
    override func draw(_ rect: CGRect) {
        super.draw(rect)
        label.text = #"layer.addSublayer(graphLayer)"#
    }
    #endif

    override func layoutSubviews() {
        super.layoutSubviews()
        #if os(iOS)
        if label.superview == nil {
            addSubview(label)
        }
        #else
        // expect: non_idempotent_layout
        label.leadingAnchor.constraint(equalTo: leadingAnchor).isActive = true
        #endif
        label.frame = bounds
    }
}
