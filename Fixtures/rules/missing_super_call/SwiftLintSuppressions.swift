import UIKit

// Shape (v2): SwiftLint's `overridden_super_call` suppression counts for this rule.
final class KioskViewController: UIViewController {
    // swiftlint:disable:next overridden_super_call
    override func viewWillAppear(_ animated: Bool) {
        startKiosk()
    }

    override func viewDidAppear(_ animated: Bool) { // expect: missing_super_call
        startKiosk()
    }

    private func startKiosk() {}
}
