import UIKit

// Shape (v2): SwiftLint's `prohibited_super_call` suppression counts for this rule.
final class CanvasViewController: UIViewController {
    override func loadView() {
        super.loadView() // swiftlint:disable:this prohibited_super_call
        view = CanvasView()
    }
}

final class SketchViewController: UIViewController {
    override func loadView() {
        super.loadView() // expect: super_load_view_in_custom_root
        view = CanvasView()
    }
}
