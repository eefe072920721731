import UIKit
import QuartzCore

/// A workout screen with block-based timers. A block that captures `self` strongly keeps the
/// controller alive (error); a `[weak self]` block stopped only in `deinit` keeps firing while
/// the screen is covered (warning, controllers only).
final class WorkoutViewController: UIViewController {
    private let heartRateLabel = UILabel()
    private let paceLabel = UILabel()
    private var elapsedTimer: Timer?
    private var paceTimer: Timer?
    private var splitsTimer: Timer?
    private var syncTimer: Timer?
    private var hapticsTimer: Timer?
    private var cadenceTimer: Timer?
    private var elapsed: TimeInterval = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        // expect: timer_invalidated_only_in_deinit
        elapsedTimer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in
            self.elapsed += 1
            self.heartRateLabel.text = "\(Int(self.elapsed)) s"
        }
        // expect: timer_invalidated_only_in_deinit
        paceTimer = Timer.scheduledTimer(withTimeInterval: 5, repeats: true) { [self] _ in
            paceLabel.text = formattedPace()
        }
        // expect: timer_invalidated_only_in_deinit
        splitsTimer = Timer(timeInterval: 60, repeats: true, block: { timer in
            self.recordSplit(at: timer.fireDate)
        })
        RunLoop.main.add(splitsTimer!, forMode: .common)
        // expect: timer_invalidated_only_in_deinit
        syncTimer = Timer.scheduledTimer(withTimeInterval: 15, repeats: true) { [weak self] _ in
            self?.syncToWatch()
        }
        // expect: timer_invalidated_only_in_deinit
        hapticsTimer = Timer(fire: Date(), interval: 0.5, repeats: true) { [unowned self] _ in
            pulseHaptic()
        }
        // The block never mentions `self` at all: it does not keep the controller alive.
        // expect: timer_invalidated_only_in_deinit
        cadenceTimer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in
            NotificationCenter.default.post(name: .cadenceTick, object: nil)
        }
    }

    deinit {
        elapsedTimer?.invalidate()
        paceTimer?.invalidate()
        splitsTimer?.invalidate()
        syncTimer?.invalidate()
        hapticsTimer?.invalidate()
    }

    private func formattedPace() -> String { "5:12 /km" }
    private func recordSplit(at date: Date) {}
    private func syncToWatch() {}
    private func pulseHaptic() {}
}

/// Outside controllers only timers that keep `self` alive are reported.
final class HeartbeatMonitor {
    private var sampleTimer: Timer?
    private var weakSampleTimer: Timer?
    private var unownedSampleTimer: Timer?
    private var statusTimer: Timer?
    private var methodTimer: Timer?
    private(set) var lastBeat = Date()

    func start() {
        // expect: timer_invalidated_only_in_deinit
        sampleTimer = Timer.scheduledTimer(withTimeInterval: 0.25, repeats: true) { _ in
            self.lastBeat = Date()
        }
        weakSampleTimer = Timer.scheduledTimer(withTimeInterval: 0.25, repeats: true) { [weak self] _ in
            self?.lastBeat = Date()
        }
        unownedSampleTimer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [unowned self] _ in
            lastBeat = Date()
        }
        statusTimer = Timer.scheduledTimer(withTimeInterval: 30, repeats: true) { _ in
            print("heartbeat monitor alive")
        }
        // A method reference is a closure that captures `self` strongly.
        methodTimer = Timer.scheduledTimer(withTimeInterval: 2, repeats: true, block: self.handleTick) // expect: timer_invalidated_only_in_deinit
    }

    deinit {
        sampleTimer?.invalidate()
        weakSampleTimer?.invalidate()
        unownedSampleTimer?.invalidate()
        statusTimer?.invalidate()
        methodTimer?.invalidate()
    }

    private func handleTick(_ timer: Timer) {}
}

/// A pulsing dot driven by a display link that targets the view.
final class PulsingDotView: UIView {
    private var displayLink: CADisplayLink?
    private lazy var shimmerLink = CADisplayLink(target: self, selector: #selector(shimmer)) // expect: timer_invalidated_only_in_deinit
    private var phase: CGFloat = 0

    override func didMoveToWindow() {
        super.didMoveToWindow()
        guard window != nil, displayLink == nil else { return }
        displayLink = CADisplayLink(target: self, selector: #selector(step)) // expect: timer_invalidated_only_in_deinit
        displayLink?.add(to: .main, forMode: .common)
        shimmerLink.add(to: .main, forMode: .common)
    }

    deinit {
        displayLink?.invalidate()
    }

    @objc private func step(_ link: CADisplayLink) {
        phase += CGFloat(link.targetTimestamp - link.timestamp)
        alpha = 0.5 + 0.5 * sin(phase * 4)
    }

    @objc private func shimmer() {}
}
