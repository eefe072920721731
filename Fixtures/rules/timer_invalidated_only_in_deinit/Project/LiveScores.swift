import UIKit

/// Base classes for this folder's other file: the rule must resolve its subclasses across files.
class PollingViewController: UIViewController {
    let client = ScoresClient()
    var pollInterval: TimeInterval = 15
}

/// A generic base controller; `MarketViewController` specializes it elsewhere.
class TickingViewController<Model>: UIViewController {
    var model: Model?
}

/// Not a controller, whatever its subclasses are called.
class BackgroundWorker: NSObject {
    let queue = OperationQueue()
}

/// Live scores. `scoreTimer` is stopped in an extension in LiveScoresLifecycle.swift;
/// `oddsTimer` is stopped only here, in `deinit`.
final class LiveScoresViewController: UIViewController {
    private let tableView = UITableView()
    private var matches: [Match] = []
    var scoreTimer: Timer?
    var oddsTimer: Timer?

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        scoreTimer = Timer.scheduledTimer(timeInterval: 10, target: self, selector: #selector(reloadScores),
                                          userInfo: nil, repeats: true)
        // expect: timer_invalidated_only_in_deinit
        oddsTimer = Timer.scheduledTimer(timeInterval: 30, target: self, selector: #selector(reloadOdds),
                                         userInfo: nil, repeats: true)
    }

    deinit {
        oddsTimer?.invalidate()
    }
}

/// A generic controller declared directly on UIKit.
final class PollingListViewController<Item: Decodable>: UIViewController {
    private var items: [Item] = []
    private var listTimer: Timer?

    override func viewDidLoad() {
        super.viewDidLoad()
        listTimer = Timer.scheduledTimer(timeInterval: 20, target: self, selector: #selector(reload), userInfo: nil, repeats: true) // expect: timer_invalidated_only_in_deinit
    }

    deinit { listTimer?.invalidate() }

    @objc private func reload() {}
}

/// Nested types are checked on their own: the outer controller stops its `timer`, the nested
/// clock does not stop its own.
final class RaceViewController: UIViewController {
    final class LapClock {
        private(set) var elapsed: TimeInterval = 0
        var timer: Timer?

        func start() {
            // expect: timer_invalidated_only_in_deinit
            timer = Timer.scheduledTimer(withTimeInterval: 0.01, repeats: true) { _ in
                self.elapsed += 0.01
            }
        }

        deinit { timer?.invalidate() }
    }

    struct SplitTicker {
        var timer: Timer?
        mutating func start(_ onTick: @escaping () -> Void) {
            timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in onTick() }
        }
    }

    private let clock = LapClock()
    private var timer: Timer?

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        clock.start()
        timer = Timer.scheduledTimer(timeInterval: 0.1, target: self, selector: #selector(render), userInfo: nil, repeats: true)
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        timer?.invalidate()
    }

    @objc private func render() {}
}

/// Two nested types share the simple name `Poller`; this one stops its timer, the one nested
/// in `NewsViewController` (other file) does not.
final class MarketsViewController: UIViewController {
    final class Poller: NSObject {
        var timer: Timer?

        func start() {
            timer = Timer.scheduledTimer(timeInterval: 5, target: self, selector: #selector(poll), userInfo: nil, repeats: true)
        }

        func stop() { timer?.invalidate() }

        @objc private func poll() {}
    }

    private let poller = Poller()

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        poller.start()
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        poller.stop()
    }
}
