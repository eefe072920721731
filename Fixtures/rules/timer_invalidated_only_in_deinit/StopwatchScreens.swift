import UIKit

/// A stopwatch written the way many tutorials do: selector timers that target the controller
/// and an `invalidate()` in `deinit`, which never runs while the timer holds the controller.
final class StopwatchViewController: UIViewController {
    private let elapsedLabel = UILabel()
    private let lapsButton = UIButton(type: .system)
    private var startDate = Date()
    private var tickTimer: Timer?
    private var autosaveTimer: Timer?
    private weak var blinkTimer: Timer?

    override func viewDidLoad() {
        super.viewDidLoad()
        elapsedLabel.font = .monospacedDigitSystemFont(ofSize: 48, weight: .light)
        // expect: timer_invalidated_only_in_deinit
        tickTimer = Timer.scheduledTimer(timeInterval: 0.1, target: self, selector: #selector(tick),
                                         userInfo: nil, repeats: true)
        // Never stopped anywhere at all.
        autosaveTimer = Timer.scheduledTimer(timeInterval: 30, target: self, selector: #selector(autosave), userInfo: nil, repeats: true) // expect: timer_invalidated_only_in_deinit
        // A `weak` property is still a stored property; the run loop keeps the timer alive.
        self.blinkTimer = Timer.scheduledTimer(timeInterval: 0.5, target: self, selector: #selector(blink), userInfo: nil, repeats: true) // expect: timer_invalidated_only_in_deinit
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        // Dropping the reference does not stop a scheduled timer: the run loop still holds it.
        tickTimer = nil
        elapsedLabel.text = nil
    }

    deinit {
        tickTimer?.invalidate()
        blinkTimer?.invalidate()
    }

    @objc private func tick() {
        elapsedLabel.text = String(format: "%.1f", Date().timeIntervalSince(startDate))
    }

    @objc private func autosave() {}
    @objc private func blink() { lapsButton.alpha = lapsButton.alpha == 1 ? 0.4 : 1 }
}

/// A countdown that builds its timers with initializers and adds them to the run loop itself.
final class CountdownViewController: UIViewController {
    var repeatsAlarm = true
    private var countdown: Timer?
    private var alarm: Timer?
    private var reminder: Timer?
    private var remaining = 60

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        // expect: timer_invalidated_only_in_deinit
        let countdown = Timer(timeInterval: 1, target: self, selector: #selector(step), userInfo: nil, repeats: true)
        RunLoop.main.add(countdown, forMode: .common)
        self.countdown = countdown
        // expect: timer_invalidated_only_in_deinit
        alarm = Timer(fireAt: Date().addingTimeInterval(TimeInterval(remaining)), interval: 5,
                      target: self, selector: #selector(ring), userInfo: nil, repeats: true)
        RunLoop.main.add(alarm!, forMode: .common)
        // Only a literal `repeats: false` releases the target after firing.
        reminder = Timer.scheduledTimer(timeInterval: 10, target: self, selector: #selector(remind), userInfo: nil, repeats: repeatsAlarm) // expect: timer_invalidated_only_in_deinit
    }

    deinit {
        countdown?.invalidate()
        alarm?.invalidate()
        reminder?.invalidate()
    }

    @objc private func step() { remaining -= 1 }
    @objc private func ring() {}
    @objc private func remind() {}
}

/// Not a controller, but the timer targets `self`: `deinit` can never run while it is scheduled.
final class SessionKeepAlive: NSObject {
    private let client: APIClient
    private var pingTimer: Timer?

    init(client: APIClient) {
        self.client = client
        super.init()
        // expect: timer_invalidated_only_in_deinit
        pingTimer = Timer.scheduledTimer(timeInterval: 240, target: self, selector: #selector(ping),
                                         userInfo: nil, repeats: true)
    }

    deinit {
        pingTimer?.invalidate()
    }

    @objc private func ping() { client.send(.ping) }
}

/// A weak proxy breaks the cycle: not flagged outside a controller, a warning inside one.
final class WeakTimerTarget: NSObject {
    private weak var owner: AnyObject?
    private let action: Selector
    init(_ owner: AnyObject, action: Selector) { self.owner = owner; self.action = action }
    @objc func fire() { _ = owner?.perform(action) }
}

final class UploadProgressPoller: NSObject {
    private var timer: Timer?

    func start() {
        timer = Timer.scheduledTimer(timeInterval: 2, target: WeakTimerTarget(self, action: #selector(poll)),
                                     selector: #selector(WeakTimerTarget.fire), userInfo: nil, repeats: true)
    }

    deinit { timer?.invalidate() }

    @objc private func poll() {}
}

final class UploadsViewController: UIViewController {
    private var pollTimer: Timer?

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        let proxy = WeakTimerTarget(self, action: #selector(refresh))
        pollTimer = Timer.scheduledTimer(timeInterval: 2, target: proxy, selector: #selector(WeakTimerTarget.fire), userInfo: nil, repeats: true) // expect: timer_invalidated_only_in_deinit
    }

    deinit { pollTimer?.invalidate() }

    @objc private func refresh() {}
}
