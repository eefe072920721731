import UIKit

/// Timers that are stopped where they should be, or that cannot outlive their work.
/// Nothing in this file is flagged.
final class AuctionViewController: UIViewController {
    private var bidTimer: Timer?
    private var countdownLink: CADisplayLink?
    private var toastTimer: Timer?
    private var retryTimer: Timer?
    private var backgroundObserver: NSObjectProtocol?

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        bidTimer = Timer.scheduledTimer(timeInterval: 3, target: self, selector: #selector(refreshBids),
                                        userInfo: nil, repeats: true)
        countdownLink = CADisplayLink(target: self, selector: #selector(renderCountdown))
        countdownLink?.add(to: .main, forMode: .common)
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        bidTimer?.invalidate()
        bidTimer = nil
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        countdownLink?.invalidate()
    }

    func showOutbidToast() {
        // A non-repeating timer releases its target once it fires.
        toastTimer = Timer.scheduledTimer(timeInterval: 4, target: self, selector: #selector(hideToast),
                                          userInfo: nil, repeats: false)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        retryTimer = Timer.scheduledTimer(withTimeInterval: 10, repeats: true) { _ in self.retry() }
        // Stopped from a closure inside a non-deinit method: that counts as stopped.
        backgroundObserver = NotificationCenter.default.addObserver(
            forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: .main
        ) { [weak self] _ in
            self?.retryTimer?.invalidate()
        }
    }

    deinit {
        toastTimer?.invalidate()
    }

    @objc private func refreshBids() {}
    @objc private func renderCountdown() {}
    @objc private func hideToast() {}
    private func retry() {}
}

/// A typing caret: started when the view enters a window, stopped when it leaves.
final class BlinkingCaretView: UIView {
    private var blinkTimer: Timer?

    override func didMoveToWindow() {
        super.didMoveToWindow()
        if window == nil {
            blinkTimer?.invalidate()
        } else {
            blinkTimer = Timer.scheduledTimer(timeInterval: 0.5, target: self, selector: #selector(toggle),
                                              userInfo: nil, repeats: true)
        }
    }

    @objc private func toggle() { isHidden.toggle() }
}

/// `deinit` delegates to a helper; the stopping call is in a non-`deinit` method of the type.
final class PlaybackClock: NSObject {
    private var clock: Timer?

    func start() {
        clock = Timer.scheduledTimer(timeInterval: 1, target: self, selector: #selector(advance), userInfo: nil, repeats: true)
    }

    func stop() {
        clock?.invalidate()
        clock = nil
    }

    deinit { stop() }

    @objc private func advance() {}
}

/// Value types never own a retain cycle with their timer.
struct RefreshSchedule {
    var timer: Timer?
    var source: DispatchSourceTimer?

    mutating func start(_ action: @escaping () -> Void) {
        timer = Timer.scheduledTimer(withTimeInterval: 5, repeats: true) { _ in action() }
        source = DispatchSource.makeTimerSource(queue: .main)
    }
}

/// Timers that live only in locals are not tracked by this rule.
final class SplashViewController: UIViewController {
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        let pulseTimer = Timer(timeInterval: 0.8, target: self, selector: #selector(pulse), userInfo: nil, repeats: true)
        RunLoop.main.add(pulseTimer, forMode: .common)
        _ = Timer.scheduledTimer(withTimeInterval: 2, repeats: false) { _ in self.finish() }
    }

    @objc private func pulse() {}
    private func finish() {}
}

/// Combine's timer publisher is not one of the timers this rule tracks.
final class ClockFaceViewController: UIViewController {
    private var ticks: AnyCancellable?

    override func viewDidLoad() {
        super.viewDidLoad()
        ticks = Timer.publish(every: 1, on: .main, in: .common).autoconnect().sink { _ in self.redraw() }
    }

    private func redraw() {}
}
