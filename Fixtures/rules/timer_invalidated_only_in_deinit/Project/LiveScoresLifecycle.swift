import UIKit

/// The live-scores controller's appearance handling lives here, away from its declaration.
extension LiveScoresViewController {
    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        scoreTimer?.invalidate()
        scoreTimer = nil
        // The odds keep refreshing: someone forgot `oddsTimer`.
    }

    @objc func reloadScores() {}
    @objc func reloadOdds() {}
}

/// A controller only through its base class in LiveScores.swift.
final class StocksViewController: PollingViewController {
    private let chart = QuoteChartView()
    private var quoteTimer: Timer?

    override func viewDidLoad() {
        super.viewDidLoad()
        // expect: timer_invalidated_only_in_deinit
        quoteTimer = Timer.scheduledTimer(withTimeInterval: pollInterval, repeats: true) { [weak self] _ in
            self?.refreshQuotes()
        }
    }

    deinit {
        quoteTimer?.invalidate()
    }

    private func refreshQuotes() {}
}

struct Quote {
    var symbol: String
    var price: Decimal
}

/// A controller through a generic base class in the other file; its `[weak self]` timer is
/// never stopped at all.
final class MarketViewController: TickingViewController<Quote> {
    private var tickerTimer: Timer?

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        // expect: timer_invalidated_only_in_deinit
        tickerTimer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
            self?.model = Quote(symbol: "AAPL", price: 0)
        }
    }
}

/// `BackgroundWorker` is an `NSObject` (other file): a `[weak self]` timer is not reported here.
final class FeedPrefetcher: BackgroundWorker {
    private var prefetchTimer: Timer?

    func start() {
        prefetchTimer = Timer.scheduledTimer(withTimeInterval: 120, repeats: true) { [weak self] _ in
            self?.prefetch()
        }
    }

    deinit { prefetchTimer?.invalidate() }

    private func prefetch() {}
}

final class NewsViewController: UIViewController {
    /// Same simple name as `MarketsViewController.Poller`, whose `stop()` is not this type's.
    final class Poller: NSObject {
        var timer: Timer?

        func start() {
            timer = Timer.scheduledTimer(timeInterval: 60, target: self, selector: #selector(poll), userInfo: nil, repeats: true) // expect: timer_invalidated_only_in_deinit
        }

        deinit { timer?.invalidate() }

        @objc private func poll() {}
    }

    private let poller = Poller()

    override func viewDidLoad() {
        super.viewDidLoad()
        poller.start()
    }
}
