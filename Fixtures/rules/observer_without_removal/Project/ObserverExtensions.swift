import UIKit

// Extensions of controllers declared in KeyboardScreens.swift, generic controllers, and nested
// controllers that share a simple name.

extension AddressViewController {
    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        NotificationCenter.default.removeObserver(self)
    }
}

/// A stream of items that refreshes when the app comes back to the foreground.
class StreamViewController<Item: Decodable>: UIViewController {
    var items: [Item] = []

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        NotificationCenter.default.addObserver(self, selector: #selector(refresh),
                                               name: UIApplication.willEnterForegroundNotification, object: nil)
    }

    @objc func refresh() {}
}

extension StreamViewController {
    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        NotificationCenter.default.removeObserver(self, name: UIApplication.willEnterForegroundNotification, object: nil)
    }
}

/// A specialization of the generic stream: its superclass's `viewWillDisappear(_:)` (declared in the
/// run) runs for it and removes an observer, which counts (v2: superclass methods of the run).
final class NewsViewController: StreamViewController<Headline> {
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        NotificationCenter.default.addObserver(self, selector: #selector(refresh),
                                               name: UIContentSizeCategory.didChangeNotification, object: nil)
    }
}

struct Headline: Decodable {
    let title: String
}

/// Two `CardViewController`s: only the loyalty one removes its observer.
enum Wallet {
    final class CardViewController: UIViewController {
        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            NotificationCenter.default.addObserver(self, selector: #selector(brightnessChanged), // expect: observer_without_removal
                                                   name: UIScreen.brightnessDidChangeNotification, object: nil)
        }

        @objc func brightnessChanged() {}
    }
}

enum Loyalty {
    final class CardViewController: UIViewController {
        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            NotificationCenter.default.addObserver(self, selector: #selector(brightnessChanged),
                                                   name: UIScreen.brightnessDidChangeNotification, object: nil)
        }

        @objc func brightnessChanged() {}
    }
}

extension Loyalty.CardViewController {
    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        NotificationCenter.default.removeObserver(self, name: UIScreen.brightnessDidChangeNotification, object: nil)
    }
}

/// Presenters and views have appearance-like methods but are not controllers.
final class ProfilePresenter: NSObject {
    func viewWillAppear(_ animated: Bool) {
        NotificationCenter.default.addObserver(self, selector: #selector(dayChanged),
                                               name: .NSCalendarDayChanged, object: nil)
    }

    @objc private func dayChanged() {}
}

final class ClockView: UIView {
    override func didMoveToWindow() {
        super.didMoveToWindow()
        NotificationCenter.default.addObserver(forName: .NSSystemClockDidChange, object: nil, queue: .main) { _ in }
    }
}
