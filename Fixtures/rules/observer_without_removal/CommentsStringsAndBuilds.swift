import UIKit

/*
 How the chat screen used to register, on every appearance and without removing:

     NotificationCenter.default.addObserver(self, selector: #selector(reload), name: .x, object: nil)
 /* nested: NotificationCenter.default.removeObserver(self) */
 still a comment: NotificationCenter.default.addObserver(forName: .x, object: nil, queue: nil) { _ in }
 */

/// Chat. A `removeObserver` that only appears in a comment or a string removes nothing.
final class ChatViewController: UIViewController {
    private let statusLabel = UILabel()

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        // NotificationCenter.default.addObserver(self, selector: #selector(reload), name: .x, object: nil)
        statusLabel.text = "NotificationCenter.default.addObserver(self, selector: #selector(reload), name: .x, object: nil)"
        NotificationCenter.default.addObserver(self, selector: #selector(reload), // expect: observer_without_removal
                                               name: UIApplication.didBecomeActiveNotification, object: nil)
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        // NotificationCenter.default.removeObserver(self)
        /* NotificationCenter.default.removeObserver(self) */
        statusLabel.text = #"removeObserver(self) "skipped" \(on purpose)"#
        let note = """
            NotificationCenter.default.removeObserver(self)
            \(animated ? "removeObserver(self)" : #"removeObserver(self, name: nil, object: nil)"#)
            """
        print(note, "*/ is just text here")
    }

    @objc private func reload() {}
}

/// Debug builds add a log observer; both `#if` branches are analysed.
final class InboxViewController: UIViewController {
    private var logToken: NSObjectProtocol?

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        #if DEBUG
        NotificationCenter.default.addObserver(self, selector: #selector(logAppearance), // expect: observer_without_removal
                                               name: UIApplication.didReceiveMemoryWarningNotification, object: nil)
        #else
        logToken = NotificationCenter.default.addObserver(forName: UIApplication.didReceiveMemoryWarningNotification, // expect: observer_without_removal
                                                          object: nil, queue: .main) { _ in }
        #endif
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        #if targetEnvironment(simulator)
        NotificationCenter.default.addObserver(forName: .init("SimulatedPush"), object: nil, queue: .main) { _ in }
        #endif
        let banner = "_ = NotificationCenter.default.addObserver(forName: .x, object: nil, queue: nil) { _ in }"
        print("\(banner.isEmpty ? "addObserver(" : "registered")")
    }

    @objc private func logAppearance() {}
}

/// A block comment between the receiver and the call does not hide the call.
final class DraftsViewController: UIViewController {
    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        NotificationCenter.default /* the shared center */ .addObserver(self, selector: #selector(save), // expect: observer_without_removal
                                                                         name: UIApplication.willResignActiveNotification, object: nil)
    }

    @objc private func save() {}
}
