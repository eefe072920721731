import UIKit

// Shapes: the child's view leaves one place for another in the same method, and the child stays.
final class SplitViewController: UIViewController {
    private let detail = UIViewController()
    private let stack = UIStackView()

    func moveDetailIntoStack() {
        detail.view.removeFromSuperview()
        stack.addArrangedSubview(detail.view)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        addChild(detail)
        view.addSubview(detail.view)
        detail.didMove(toParent: self)
    }
}

// Still reported: the view is placed again only before it is taken out.
final class DrawerViewController: UIViewController {
    private let menu = UIViewController()
    private let stack = UIStackView()

    func closeMenu() {
        stack.addArrangedSubview(menu.view)
        menu.view.removeFromSuperview() // expect: incomplete_child_removal
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        addChild(menu)
        view.addSubview(menu.view)
        menu.didMove(toParent: self)
    }
}
