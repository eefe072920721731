import UIKit
import os

/* Layout review notes, not code:
   override func viewDidLoad() { banner.frame = view.bounds }  // size not final yet
   /* nested: let w = UIScreen.main.bounds.width */
   Read view.safeAreaInsets in viewSafeAreaInsetsDidChange() instead.
*/

private let layoutLog = Logger(subsystem: "com.example.store", category: "layout")

final class LayoutInspectorViewController: UIViewController {
    private let overlay = GridOverlayView()
    private let isCompact = true

    override func viewDidLoad() {
        super.viewDidLoad()
        // overlay.frame = view.bounds  -- moved to viewDidLayoutSubviews()
        let tip = "never read view.bounds or UIScreen.main.bounds in viewDidLoad()"
        let raw = #"view.frame \(view.safeAreaInsets) is just text"#
        let help = """
            self.view.bounds.width and view.safeAreaLayoutGuide.layoutFrame are not final here.
            \(isCompact ? "view.frame" : #"UIScreen.main.bounds"#)
            """
        overlay.accessibilityHint = [tip, raw, help].joined(separator: "\n") /* view.bounds */
        let ratio = 4 /* view.frame.width */ / 3
        overlay.lineSpacing = CGFloat(8 * ratio)
        view.addSubview(overlay)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        overlay.frame = view.bounds
        layoutLog.debug("laid out in \(NSCoder.string(for: self.view.bounds))")
    }
}

final class DeviceInfoViewController: UIViewController {
    private let infoLabel = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        layoutLog.debug("loaded at \(NSCoder.string(for: view.bounds))") // expect: geometry_in_view_did_load
#if DEBUG
        infoLabel.frame = self.view.bounds // expect: geometry_in_view_did_load
        infoLabel.text = "\("UIScreen.main.bounds") debug build"
#elseif targetEnvironment(simulator)
        infoLabel.text = "simulator"
#else
        let screen = UIScreen.main.bounds // expect: geometry_in_view_did_load
        infoLabel.text = "\(Int(screen.width)) × \(Int(screen.height)) pt"
#endif
        view.addSubview(infoLabel)
    }
}

final class ReceiptPreviewViewController: UIViewController {
    private let paper = ReceiptPaperView()

    override func viewDidLoad() {
        super.viewDidLoad()
        paper.frame.size.width = self
            .view.bounds.width - 32 // expect: geometry_in_view_did_load
        let heightNote = ##"view.frame.height "# still raw"##
        paper.accessibilityLabel = heightNote
        view.addSubview(paper)
    }
}
