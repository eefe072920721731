import UIKit

extension Notification.Name {
    static let settingsDidReset = Notification.Name("SettingsDidReset")
    static let settingsDidSync = Notification.Name("SettingsDidSync")
    static let themeDidChange = Notification.Name("ThemeDidChange")
}

/// Settings registers once, in `viewDidLoad`, with block-based observers. A token must be kept
/// somewhere, or the observer can never be removed.
final class SettingsViewController: UIViewController {
    private var localeToken: NSObjectProtocol?
    private var observers: [any NSObjectProtocol] = []
    private var tokensByName: [Notification.Name: NSObjectProtocol] = [:]

    override func viewDidLoad() {
        super.viewDidLoad()
        localeToken = NotificationCenter.default.addObserver(forName: NSLocale.currentLocaleDidChangeNotification,
                                                             object: nil, queue: .main) { [weak self] _ in
            self?.reload()
        }
        observers.append(NotificationCenter.default.addObserver(forName: .settingsDidReset, object: nil, queue: .main) { [weak self] _ in
            self?.reload()
        })
        tokensByName[.settingsDidSync] = NotificationCenter.default.addObserver(forName: .settingsDidSync, object: nil, queue: nil) { _ in }
        let themeToken = NotificationCenter.default.addObserver(forName: .themeDidChange, object: nil, queue: .main) { [weak self] _ in
            self?.applyTheme()
        }
        observers.append(themeToken)
        observers += [observeTextSize(), observeBoldText()]

        // v2: dropped tokens registered once, whose blocks hold `self` weakly (or not at all), are left alone.
        NotificationCenter.default.addObserver(forName: UIAccessibility.reduceMotionStatusDidChangeNotification,
                                               object: nil, queue: .main) { [weak self] _ in
            self?.applyTheme()
        }
        _ = NotificationCenter.default.addObserver(forName: .settingsDidReset, object: nil, queue: nil) { _ in }
        let darkerColorsToken = NotificationCenter.default.addObserver(
            forName: UIAccessibility.darkerSystemColorsStatusDidChangeNotification, object: nil, queue: .main,
            using: { [weak self] _ in self?.applyTheme() })
        print("observing accessibility changes")
    }

    func waitForFirstSync() {
        var token: NSObjectProtocol?
        token = NotificationCenter.default.addObserver(forName: .settingsDidSync, object: nil, queue: .main) { [weak self] _ in
            if let token { NotificationCenter.default.removeObserver(token) }
            self?.reload()
        }
    }

    private func observeTextSize() -> NSObjectProtocol {
        return NotificationCenter.default.addObserver(forName: UIContentSizeCategory.didChangeNotification,
                                                      object: nil, queue: .main) { [weak self] _ in self?.reload() }
    }

    private func observeBoldText() -> any NSObjectProtocol {
        NotificationCenter.default.addObserver(forName: UIAccessibility.boldTextStatusDidChangeNotification,
                                               object: nil, queue: .main) { [weak self] _ in self?.reload() }
    }

    private func reload() {}
    private func applyTheme() {}

    deinit {
        observers.forEach(NotificationCenter.default.removeObserver)
    }
}

/// Appearance registrations with block tokens: stored and removed, dropped, or removed too late.
final class NowPlayingViewController: UIViewController {
    private var routeToken: NSObjectProtocol?

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        routeToken = NotificationCenter.default.addObserver(forName: .init("AudioRouteChanged"), object: nil, queue: .main) { _ in }
        NotificationCenter.default.addObserver(forName: .init("VolumeChanged"), object: nil, queue: .main) { _ in } // expect: observer_without_removal
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        if let routeToken {
            NotificationCenter.default.removeObserver(routeToken)
        }
    }
}

final class LyricsViewController: UIViewController {
    private var lyricsToken: NSObjectProtocol?

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        lyricsToken = NotificationCenter.default.addObserver(forName: .init("TrackChanged"), object: nil, queue: .main) { _ in } // expect: observer_without_removal
        DispatchQueue.main.async {
            NotificationCenter.default.addObserver(self, selector: #selector(self.scrollToLine), // expect: observer_without_removal
                                                   name: .init("LyricsLineChanged"), object: nil)
        }
    }

    @objc private func scrollToLine() {}

    deinit {
        if let lyricsToken { NotificationCenter.default.removeObserver(lyricsToken) }
    }
}

/// A service is not a controller: its dropped token is outside this rule.
final class SyncService {
    init() {
        NotificationCenter.default.addObserver(forName: .settingsDidSync, object: nil, queue: nil) { _ in }
    }
}
