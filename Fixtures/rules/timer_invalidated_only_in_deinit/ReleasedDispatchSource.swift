import UIKit

// Shape: a `DispatchSourceTimer` whose handler sets `self?.timer = nil`: releasing the last
// reference to a dispatch source cancels it, so it is stopped outside `deinit`.
final class CountdownViewController: UIViewController {
    private var countdown: DispatchSourceTimer?
    private var remaining = 10

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        countdown = DispatchSource.makeTimerSource(queue: .main)
        countdown?.schedule(deadline: .now(), repeating: 1)
        countdown?.setEventHandler { [weak self] in
            guard let self else { return }
            self.remaining -= 1
            if self.remaining == 0 { self.countdown = nil }
        }
        countdown?.resume()
    }

    deinit { countdown?.cancel() }
}

// Shape (v2): a private helper called only from `deinit` stops the timer only in `deinit`.
final class StopwatchViewController: UIViewController {
    private var ticker: Timer?

    override func viewDidLoad() {
        super.viewDidLoad()
        ticker = Timer.scheduledTimer(timeInterval: 1, target: self, selector: #selector(tick), userInfo: nil, repeats: true) // expect: timer_invalidated_only_in_deinit
    }

    deinit { stopTicking() }

    private func stopTicking() {
        ticker?.invalidate()
    }

    @objc private func tick() {}
}
