import UIKit

/// Shared behavior for Tidepool's screens: background, keyboard avoidance, child embedding.
class TidepoolViewController: UIViewController {
    /// Screens with text input opt in to keyboard tracking.
    var adjustsForKeyboard: Bool { false }
    private(set) var keyboardInset: CGFloat = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = Palette.background
        view.tintColor = Palette.sea
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        guard adjustsForKeyboard else { return }
        let center = NotificationCenter.default
        center.addObserver(self, selector: #selector(keyboardWillChangeFrame(_:)),
                           name: UIResponder.keyboardWillChangeFrameNotification, object: nil)
        center.addObserver(self, selector: #selector(keyboardWillHide(_:)),
                           name: UIResponder.keyboardWillHideNotification, object: nil)
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        let center = NotificationCenter.default
        center.removeObserver(self, name: UIResponder.keyboardWillChangeFrameNotification, object: nil)
        center.removeObserver(self, name: UIResponder.keyboardWillHideNotification, object: nil)
    }

    /// Called inside the keyboard's animation block.
    func keyboardInsetDidChange() {}

    @objc private func keyboardWillChangeFrame(_ note: Notification) {
        guard let endFrame = note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect else { return }
        let local = view.convert(endFrame, from: nil)
        let overlap = view.bounds.maxY - local.minY - view.safeAreaInsets.bottom
        animateAlongKeyboard(note) { self.keyboardInset = max(0, overlap) }
    }

    @objc private func keyboardWillHide(_ note: Notification) {
        animateAlongKeyboard(note) { self.keyboardInset = 0 }
    }

    private func animateAlongKeyboard(_ note: Notification, changes: @escaping () -> Void) {
        let duration = note.userInfo?[UIResponder.keyboardAnimationDurationUserInfoKey] as? Double ?? 0.25
        UIView.animate(withDuration: duration) {
            changes()
            self.keyboardInsetDidChange()
            self.view.layoutIfNeeded()
        }
    }

    // MARK: Containment

    /// Adds `child` as a child controller whose view fills `container` (the root view by default).
    func embed(_ child: UIViewController, in container: UIView? = nil) {
        addChild(child)
        let host: UIView = container ?? view
        child.view.translatesAutoresizingMaskIntoConstraints = false
        host.addSubview(child.view)
        child.view.pin(to: host)
        child.didMove(toParent: self)
    }

    func unembed(_ child: UIViewController) {
        guard child.parent === self else { return }
        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        child.removeFromParent()
    }

    func presentError(_ error: Error, title: String = "Something went wrong") {
        let alert = UIAlertController(title: title, message: error.localizedDescription, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        present(alert, animated: true)
    }
}

extension UIView {
    /// Pins all four edges to `other` (or to its safe area).
    func pin(to other: UIView, safeArea: Bool = false, insets: UIEdgeInsets = .zero) {
        translatesAutoresizingMaskIntoConstraints = false
        let leading = safeArea ? other.safeAreaLayoutGuide.leadingAnchor : other.leadingAnchor
        let trailing = safeArea ? other.safeAreaLayoutGuide.trailingAnchor : other.trailingAnchor
        let top = safeArea ? other.safeAreaLayoutGuide.topAnchor : other.topAnchor
        let bottom = safeArea ? other.safeAreaLayoutGuide.bottomAnchor : other.bottomAnchor
        NSLayoutConstraint.activate([
            leadingAnchor.constraint(equalTo: leading, constant: insets.left),
            trailingAnchor.constraint(equalTo: trailing, constant: -insets.right),
            topAnchor.constraint(equalTo: top, constant: insets.top),
            bottomAnchor.constraint(equalTo: bottom, constant: -insets.bottom),
        ])
    }
}
