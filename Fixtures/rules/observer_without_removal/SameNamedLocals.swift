import UIKit

// A block observer's token kept in a local survives only if the function uses that local again.
// What counts as a use is the local itself, by its binding: another local of the same name, a
// member of that name or an argument label spelled like it is not the token.

final class SameNamedLocalsController: UIViewController {
    private let settings = FeedSettings()

    override func viewDidLoad() {
        super.viewDidLoad()
        let observer = NotificationCenter.default.addObserver(forName: .feedDidChange, object: nil, queue: .main) { _ in // expect: observer_without_removal
            self.reload()
        }
        DispatchQueue.main.async {
            let observer = "a different local of the same name"
            print(observer)
        }
    }

    func watchSettings() {
        let token = NotificationCenter.default.addObserver(forName: .settingsDidChange, object: nil, queue: .main) { _ in // expect: observer_without_removal
            self.reload()
        }
        settings.token = nil
        settings.configure(token: 1)
    }

    func watchOnce() {
        let token = NotificationCenter.default.addObserver(forName: .settingsDidChange, object: nil, queue: .main) { _ in
            self.reload()
        }
        DispatchQueue.main.asyncAfter(deadline: .now() + 1) {
            NotificationCenter.default.removeObserver(token)
        }
    }

    func watchAndKeep() {
        let observer = NotificationCenter.default.addObserver(forName: .feedDidChange, object: nil, queue: .main) { _ in
            self.reload()
        }
        settings.keep(observer)
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let token: NSObjectProtocol? = NotificationCenter.default.addObserver(forName: .feedDidChange, object: nil, queue: .main) { _ in }
        if let token { NotificationCenter.default.removeObserver(token) }
    }

    func watchUntilGuarded() {
        let observer: NSObjectProtocol? = NotificationCenter.default.addObserver(forName: .feedDidChange, object: nil, queue: .main) { _ in
            self.reload()
        }
        guard let observer else { return }
        settings.keep(observer)
    }

    func reload() {}
}

final class FeedSettings {
    var token: Int?
    func configure(token: Int) {}
    func keep(_ observer: NSObjectProtocol) {}
}
