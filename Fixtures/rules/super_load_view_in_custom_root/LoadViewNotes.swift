import UIKit

/* Review checklist for custom root views (see the team wiki):
   - a screen that writes `view = MyRootView()` never calls super.loadView()
   - a nib-backed screen calls super.loadView() and leaves `self.view = ...` alone
   /* nested: override func loadView() { super.loadView(); view = UIView() } */
*/

final class DiagnosticsViewController: UIViewController {
    private let console = ConsoleTextView()

    override func loadView() {
#if DEBUG
        super.loadView() // expect: super_load_view_in_custom_root
        view.addSubview(console)
#elseif targetEnvironment(simulator)
        view = UIView()
#else
        view = console
#endif
    }
}

final class ReleaseNotesViewController: UIViewController {
    private let version: String = Bundle.main.shortVersion
    @IBOutlet private var notesLabel: UILabel!

    override func loadView() {
        super.loadView()
        // view = ReleaseNotesView()  -- replaced by ReleaseNotesViewController.xib in 4.2
        /* self.view = LegacyNotesView() */
        let hint = "call super.loadView() only if you never write view = ..."
        let raw = #"self.view = UIView(); super.loadView() \(not interpolated)"#
        let template = """
            override func loadView() {
                view = NotesView(version: "\(version)")
            }
            """
        notesLabel.text = [hint, raw, template].joined(separator: "\n")
    }
}

final class BarcodeScannerViewController: UIViewController {
    private let preview = CameraPreviewView()
    private let usesLegacyNib = false

    override func loadView() {
        // super.loadView() would load BarcodeScanner.xib, which was deleted in 5.0.
        let message = "skipping super.loadView()"
        print("\(message) (\(usesLegacyNib ? "super.loadView()" : #"view = preview"#))")
        let flow = ##"""
            1. super.loadView() """# still raw
            2. self.view = preview
            """##
        print(flow)
        preview.videoGravity = .resizeAspectFill
        view = preview
    }
}

final class StoreLocatorViewController: UIViewController {
    private let list = StoreListView()

    override func loadView() {
        let ratio = 16 / 9 /* super.loadView() */ * 2
        list.columns = ratio
        self.view = list // super.loadView() is deliberately not called
    }
}

final class PromoBannerViewController: UIViewController {
    override func loadView() {
        // expect: super_load_view_in_custom_root
        super
            .loadView()
        let banner = PromoBannerView()
        banner.accessibilityLabel = "Promotion, \("view = banner")"
        view = banner
    }
}
