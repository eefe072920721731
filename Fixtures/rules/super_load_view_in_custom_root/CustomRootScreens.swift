import UIKit
import MapKit

// Screens that install their own root view in `loadView()`. The ones that also call
// `super.loadView()` make UIKit build a plain view (or load a nib) only to throw it away.

final class TrailMapViewController: UIViewController {
    private let mapView = MKMapView()

    override func loadView() {
        super.loadView() // expect: super_load_view_in_custom_root
        mapView.showsUserLocation = true
        mapView.pointOfInterestFilter = .excludingAll
        view = mapView
    }
}

final class ReceiptViewController: UIViewController {
    private let receipt: Receipt

    init(receipt: Receipt) {
        self.receipt = receipt
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func loadView() {
        let root = ReceiptView(receipt: receipt)
        root.backgroundColor = .systemBackground
        self.view = root
        // Added during the iOS 13 migration "to be safe"; it replaces `root` again.
        super.loadView() // expect: super_load_view_in_custom_root
    }
}

/// Loads `ProfileEditorViewController.xib`, then puts the nib's view in a scroll view so
/// the form can scroll above the keyboard.
final class ProfileEditorViewController: UIViewController {
    private let scrollView = UIScrollView()

    override func loadView() {
        super.loadView() // expect: super_load_view_in_custom_root
        let form: UIView = view
        form.translatesAutoresizingMaskIntoConstraints = false
        scrollView.addSubview(form)
        scrollView.keyboardDismissMode = .interactive
        view = scrollView
    }
}

/// Prefers a designer-provided nib when the bundle ships one, else builds the text view.
final class ArticleReaderViewController: UIViewController {
    override func loadView() {
        if let nibName, nibBundle?.path(forResource: nibName, ofType: "nib") != nil {
            super.loadView() // expect: super_load_view_in_custom_root
        } else {
            view = ArticleTextView()
        }
    }
}

// Near misses: the nib path, custom roots without `super`, and writes that are not `view = ...`.

final class OnboardingPageViewController: UIViewController {
    @IBOutlet private var titleLabel: UILabel!

    override func loadView() {
        super.loadView()
        view.backgroundColor = .systemIndigo
        view.layoutMargins = UIEdgeInsets(top: 24, left: 20, bottom: 24, right: 20)
        titleLabel.font = .preferredFont(forTextStyle: .largeTitle)
    }
}

final class SketchPadViewController: UIViewController {
    private var canvasView: CanvasView!

    override func loadView() {
        canvasView = CanvasView()
        canvasView.strokeColor = .label
        view = canvasView
    }
}

final class ChatThreadViewController: UIViewController {
    private let inputBar = MessageInputBar()
    private var rootView: UIView?

    override func loadView() {
        super.loadView()
        rootView = view
        view.frame = UIScreen.main.bounds
        inputBar.frame.size.height = 52
        view.addSubview(inputBar)
    }
}

final class ThemePreviewViewController: UIViewController {
    private var theme: Theme = .standard

    override func loadView() {
        super.loadView()
        view.tintColor = theme.accentColor
    }

    func apply(_ newTheme: Theme) {
        theme = newTheme
        view = ThemePreviewView(theme: newTheme)
    }
}
