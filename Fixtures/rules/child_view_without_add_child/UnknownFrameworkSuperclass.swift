import UIKit

// Shape: a class whose ancestry leaves the run through a framework controller Lifeguard does not
// know (`SDKCredentialViewController`): judged by that class's name, it is a controller, so its
// own bare `addChild(_:)` counts as containment.
final class PasswordPickerViewController: SDKCredentialViewController {
    private let list = PasswordListViewController()

    override func viewDidLoad() {
        super.viewDidLoad()
        addChild(list)
        view.addSubview(list.view)
        list.didMove(toParent: self)
    }
}

// Shape: a view added only to be measured, then taken out again in the same function: never shown.
final class SheetSizer {
    func preferredHeight(for content: UIViewController, in container: UIView) -> CGFloat {
        let host = SizingHostController(rootView: content)
        container.addSubview(host.view)
        let height = host.view.systemLayoutSizeFitting(container.bounds.size).height
        host.view.removeFromSuperview()
        return height
    }
}

// Shape: a library's `add(_:)` on controllers (not declared in the run for this class — the run's
// only `add(_:)` belongs to another type) does the containment; the view is then moved.
final class CheckoutViewController: UIViewController {
    private let stack = UIStackView()

    func showReader(_ reader: ReaderStatusViewController) {
        add(reader)
        stack.addArrangedSubview(reader.view)
    }
}

final class Basket {
    var items: [String] = []
    func add(_ item: String) { items.append(item) }
}
