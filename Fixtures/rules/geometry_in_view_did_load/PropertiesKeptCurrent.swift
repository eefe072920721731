import UIKit

// Shapes: a property given a view built from the view's bounds (`prop = X(frame: view.bounds)`)
// that is then kept current — by a flexible autoresizing mask, by constraints, or by
// `prop.frame = view.bounds` in `viewDidLayoutSubviews()`; and bounds that only reach
// `preferredContentSize` through a local (a size request's upper limit).
final class BoardViewController: UIViewController {
    private var board: UIView?
    private var overlay: UIView!
    private var palette: UIView?

    override func viewDidLoad() {
        super.viewDidLoad()
        board = UIView(frame: view.bounds)
        board?.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        self.overlay = UIView(frame: view.bounds)
        palette = UIView(frame: view!.frame)
        let width = min(320, view.bounds.width)
        preferredContentSize = CGSize(width: width, height: 480)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        overlay.frame = view.bounds
        palette?.frame = view.bounds
    }
}
