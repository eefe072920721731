import UIKit

// Base classes shared by the screens in the other files of this folder.

/// Every container screen inherits the add/remove helpers from here.
class ContainerViewController: UIViewController {
    func add(_ child: UIViewController, to container: UIView) {
        addChild(child)
        container.addSubview(child.view)
        child.view.frame = container.bounds
        child.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        child.didMove(toParent: self)
    }

    func remove(_ child: UIViewController) {
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
    }

    /// Drops every child, e.g. when the signed-in account changes.
    func removeAllChildren() {
        for child in children {
            child.willMove(toParent: nil)
            child.view.removeFromSuperview()
            child.removeFromParent()
        }
    }

    /// Some screens detach the controller first and let the view fade out afterwards.
    func detachThenFade(_ child: UIViewController) {
        child.willMove(toParent: nil)
        child.removeFromParent()
        UIView.animate(withDuration: 0.2) {
            child.view.alpha = 0
        } completion: { _ in
            child.view.removeFromSuperview()
        }
    }
}

/// A bottom sheet around any content controller; generic so callers keep the concrete type.
final class SheetContainerViewController<Sheet: UIViewController>: ContainerViewController {
    let sheet: Sheet
    let grabber = UIView()

    init(sheet: Sheet) {
        self.sheet = sheet
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        grabber.backgroundColor = .tertiaryLabel
        view.addSubview(grabber)
        addChild(sheet)
        view.addSubview(sheet.view)
        sheet.didMove(toParent: self)
    }

    func dismissSheet() {
        sheet.willMove(toParent: nil)
        sheet.view.removeFromSuperview()
        sheet.removeFromParent()
    }
}

/// Inline video: stops its captions child however it leaves its own parent.
final class InlineVideoViewController: UIViewController {
    private let captions = CaptionsViewController()
    var onRemoved: (() -> Void)?

    override func viewDidLoad() {
        super.viewDidLoad()
        addChild(captions)
        view.addSubview(captions.view)
        captions.didMove(toParent: self)
    }

    override func removeFromParent() {
        captions.view.removeFromSuperview()
        captions.removeFromParent()
        super.removeFromParent()
        onRemoved?()
    }
}
