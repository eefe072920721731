import UIKit

// Shape: containment split across one property's observers. Inside `willSet` the property still
// holds the old value and `newValue` is the new one; in `didSet` the property is the new value.
// `addChild($0)` on `newValue` and `didMove(toParent:)` on the property in `didSet` are one
// protocol on one object.
final class DetailHostViewController: UIViewController {
    var detail: UIViewController? {
        willSet {
            newValue.map { addChild($0) }
        }
        didSet {
            if let vc = detail {
                view.addSubview(vc.view)
                vc.didMove(toParent: self)
            }
        }
    }

    var sidebar: UIViewController? {
        willSet { newValue.map(addChild) }
        didSet { sidebar?.didMove(toParent: self) }
    }

    // Still reported: the observers never finish it.
    var footer: UIViewController? {
        willSet {
            if let footer = newValue {
                addChild(footer) // expect: add_child_without_did_move
            }
        }
        didSet { footer.map { view.addSubview($0.view) } }
    }
}
