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
        NotificationCenter.default.addObserver(self, selector: #selector(keyboardWillChangeFrame(_:)),
                                               name: UIResponder.keyboardWillChangeFrameNotification, object: nil)
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        NotificationCenter.default.removeObserver(self, name: UIResponder.keyboardWillChangeFrameNotification,
                                                  object: nil)
    }

    /// Called inside the keyboard's animation block.
    func keyboardInsetDidChange() {}

    @objc private func keyboardWillChangeFrame(_ note: Notification) {
        guard let endFrame = note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect else { return }
        let local = view.convert(endFrame, from: nil)
        let overlap = view.bounds.maxY - local.minY - view.safeAreaInsets.bottom
        let duration = note.userInfo?[UIResponder.keyboardAnimationDurationUserInfoKey] as? Double ?? 0.25
        UIView.animate(withDuration: duration) {
            self.keyboardInset = max(0, overlap)
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
    func pin(to other: UIView, insets: UIEdgeInsets = .zero) {
        translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([
            leadingAnchor.constraint(equalTo: other.leadingAnchor, constant: insets.left),
            trailingAnchor.constraint(equalTo: other.trailingAnchor, constant: -insets.right),
            topAnchor.constraint(equalTo: other.topAnchor, constant: insets.top),
            bottomAnchor.constraint(equalTo: other.bottomAnchor, constant: -insets.bottom),
        ])
    }
}
