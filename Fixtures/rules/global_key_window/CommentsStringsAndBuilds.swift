import UIKit

/*
 The old way, kept for the migration notes:

     UIApplication.shared.keyWindow?.rootViewController
 /* nested: UIApplication.shared.windows.first */
 still inside the outer comment: UIApplication.shared.delegate?.window
 */

/// Migration tips shown in the developer menu. Mentioning the old API is not using it:
/// `UIApplication.shared.keyWindow` becomes `view.window`.
final class MigrationTipsViewController: UIViewController {
    // UIApplication.shared.windows.first { $0.isKeyWindow }
    private let tip = "Replace UIApplication.shared.keyWindow with view.window"
    private let rawTip = #"UIApplication.shared.windows "all scenes" \(not interpolated)"#
    private let closing = "*/ UIApplication.shared.connectedScenes.first"
    private let details = """
        UIApplication.shared.delegate?.window was the app's only window before iOS 13.
        \("UIApplication.shared.connectedScenes.first") picks an arbitrary scene.
        """

    override func viewDidLoad() {
        super.viewDidLoad()
        let label = UILabel()
        label.text = "\(tip.isEmpty ? "UIApplication.shared.windows" : #"UIApplication.shared.keyWindow"#)"
        label.accessibilityHint = details + rawTip + closing
        view.addSubview(label)
    }

    func debugWindowDescription() -> String {
        #if DEBUG
        let windows = UIApplication.shared.windows // expect: global_key_window
        return windows.map { "\($0)" }.joined(separator: "\n")
        #else
        let window = UIApplication.shared.keyWindow /* release builds show one */ // expect: global_key_window
        return String(describing: window)
        #endif
    }

    func simulatorOverlay() -> UIWindow? {
        #if targetEnvironment(simulator)
        return UIApplication.shared.connectedScenes.first.flatMap { ($0 as? UIWindowScene)?.windows.first } // expect: global_key_window
        #elseif DEBUG
        return view.window
        #else
        return nil
        #endif
    }

    func overlayWindow() -> UIWindow? {
        let escaped = "\"UIApplication.shared.keyWindow\" \\"
        print(escaped)
        return /* not UIApplication.shared.keyWindow but: */ view.window
    }
}
