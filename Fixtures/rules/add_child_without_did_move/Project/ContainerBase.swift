import UIKit

// Base classes shared by the screens in the other files of this folder. The helpers below
// finish (or deliberately do not finish) containment for their callers.

/// Every screen inherits theming and the containment helpers from here.
class ThemedViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        view.tintColor = .systemIndigo
    }

    /// The whole protocol in one call: add, place, finish.
    func embed(_ child: UIViewController, in container: UIView) {
        addChild(child)
        container.addSubview(child.view)
        child.view.frame = container.bounds
        child.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        child.didMove(toParent: self)
    }

    /// Second half of containment, for callers that add and place the child themselves.
    func finishEmbedding(_ child: UIViewController) {
        child.didMove(toParent: self)
    }

    /// Pins a view to the edges of a container; knows nothing about controllers.
    func pin(_ subview: UIView, to container: UIView) {
        subview.translatesAutoresizingMaskIntoConstraints = false
        container.addSubview(subview)
        NSLayoutConstraint.activate([
            subview.leadingAnchor.constraint(equalTo: container.leadingAnchor),
            subview.trailingAnchor.constraint(equalTo: container.trailingAnchor),
            subview.topAnchor.constraint(equalTo: container.topAnchor),
            subview.bottomAnchor.constraint(equalTo: container.bottomAnchor),
        ])
    }

    /// Applies the screen's tint and fonts to a controller before it is shown.
    func configureAppearance(of controller: UIViewController) {
        controller.view.tintColor = view.tintColor
        controller.overrideUserInterfaceStyle = overrideUserInterfaceStyle
    }
}

/// Keeps a log of the children it adopts, for crash breadcrumbs and the debug overlay.
class InstrumentedContainerViewController: ThemedViewController {
    private(set) var childLog: [String] = []

    override func addChild(_ childController: UIViewController) {
        super.addChild(childController)
        childLog.append(String(describing: type(of: childController)))
    }
}

/// Hosts one content controller inside a rounded card; generic so callers keep the concrete type.
final class CardContainerViewController<Content: UIViewController>: ThemedViewController {
    let content: Content
    let cardView = UIView()

    init(content: Content) {
        self.content = content
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        cardView.layer.cornerRadius = 16
        cardView.clipsToBounds = true
        pin(cardView, to: view)
        addChild(content) // expect: add_child_without_did_move
        pin(content.view, to: cardView)
    }
}

/// Declared for the screens that let a coordinator insert children; a requirement, not a call.
protocol ChildHosting: AnyObject {
    func addChild(_ childController: UIViewController)
    func embed(_ child: UIViewController, in container: UIView)
}
