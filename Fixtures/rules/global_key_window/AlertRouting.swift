import UIKit

/// Error presentation used by several screens. Some paths still reach for a global window.
final class AlertRouter {
    lazy var overlayWindow: UIWindow? = UIApplication.shared.windows.last // expect: global_key_window

    func present(_ alert: UIAlertController,
                 on window: UIWindow? = UIApplication.shared.keyWindow) { // expect: global_key_window
        window?.rootViewController?.present(alert, animated: true)
    }

    func presentLater(_ alert: UIAlertController) {
        DispatchQueue.main.async {
            UIApplication.shared.keyWindow!.rootViewController?.present(alert, animated: true) // expect: global_key_window
        }
    }

    func logWindows() {
        print("\(UIApplication.shared.windows.count) windows") // expect: global_key_window
    }

    func dismissKeyboard() {
        UIApplication.shared.sendAction(#selector(UIResponder.resignFirstResponder), to: nil, from: nil, for: nil)
    }

    func finishUpload(_ work: @escaping @Sendable () -> Void) {
        let task = UIApplication.shared.beginBackgroundTask(withName: "upload")
        work()
        UIApplication.shared.endBackgroundTask(task)
    }
}

/// A generic screen base and screens that report errors through the router or their own view.
class ContentViewController<Content>: UIViewController {
    var content: Content?
    let router = AlertRouter()

    func showError(_ error: Error) {
        let alert = UIAlertController(title: "Error", message: error.localizedDescription, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        present(alert, animated: true)
    }
}

final class OrderHistoryViewController: ContentViewController<[String]> {
    override func viewDidLoad() {
        super.viewDidLoad()
        let insets = UIApplication.shared.windows.first?.safeAreaInsets ?? .zero // expect: global_key_window
        additionalSafeAreaInsets.bottom = max(0, 16 - insets.bottom)
    }

    override func viewSafeAreaInsetsDidChange() {
        super.viewSafeAreaInsetsDidChange()
        let insets = view.window?.safeAreaInsets ?? view.safeAreaInsets
        additionalSafeAreaInsets.bottom = max(0, 16 - insets.bottom)
    }
}

extension OrderHistoryViewController {
    func reorder() {
        guard let scene = view.window?.windowScene else { return }
        let sameScene = UIApplication.shared.connectedScenes.first(where: { $0 === scene }) != nil
        if !sameScene {
            UIApplication.shared.delegate?.window??.rootViewController?.dismiss(animated: true) // expect: global_key_window
        }
    }
}

/// Two `Banner` types: one reads the key window, the other is handed its scene.
enum Checkout {
    struct Banner {
        func show() {
            UIApplication.shared.keyWindow?.addSubview(UILabel()) // expect: global_key_window
        }
    }
}

enum Profile {
    struct Banner {
        let scene: UIWindowScene

        func show() {
            scene.keyWindow?.addSubview(UILabel())
        }
    }
}
