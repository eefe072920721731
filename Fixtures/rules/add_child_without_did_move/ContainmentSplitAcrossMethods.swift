import UIKit

// Shape: containment split across a type's methods. `addChild` in `init`, the view and
// `didMove(toParent:)` in `viewDidLoad`; or one data-source callback adds the child and returns
// its view while a sibling callback sends `didMove` to the child it finds in `children`.
final class ShellViewController: UIViewController {
    private let toolbar = ToolbarViewController()

    init() {
        super.init(nibName: nil, bundle: nil)
        addChild(toolbar)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(toolbar.view)
        toolbar.didMove(toParent: self)
    }
}

final class CarouselViewController: UIViewController {
    func carousel(_ carousel: CarouselView, viewForItemAt index: Int) -> UIView {
        let page = PageViewController(index: index)
        addChild(page)
        return page.view
    }

    func carousel(_ carousel: CarouselView, didAdd view: UIView) {
        children.last?.didMove(toParent: self)
    }
}

// Still reported: a method that adds a property's child and another that runs a whole protocol
// of its own (adding and finishing) for the same child: the second does not vouch for the first.
final class PlayerShellViewController: UIViewController {
    private let controls = ControlsViewController()

    func showControls() {
        addChild(controls)
        view.addSubview(controls.view)
        controls.didMove(toParent: self)
    }

    func peekControls() {
        addChild(controls) // expect: add_child_without_did_move
        view.addSubview(controls.view)
    }
}
