import UIKit

// Shapes: `didMove(toParent:)` after the view is placed, whichever branch placed it.
final class PlayerViewController: UIViewController {
    private let controls = UIViewController()

    func showControls(inline: Bool) {
        addChild(controls)
        if inline {
            view.addSubview(controls.view)
        } else {
            view.insertSubview(controls.view, at: 0)
        }
        controls.didMove(toParent: self)
    }
}

// Still reported: the only `didMove` is on the branch that did not add the child.
final class QueueViewController: UIViewController {
    private let upNext = UIViewController()

    func update(showing: Bool) {
        if showing {
            addChild(upNext) // expect: add_child_without_did_move
            view.addSubview(upNext.view)
        } else {
            upNext.didMove(toParent: self)
        }
    }
}
