import QuartzCore
import UIKit

// Shape: a timer or display link owned by a shared instance (`static let shared = Self()`): the
// owner lives as long as the app, so a timer that keeps it alive and stops only in `deinit`
// leaks nothing. A type without a shared instance is still reported.
final class FrameClock {
    static let shared = FrameClock()
    private var link: CADisplayLink?

    private init() {
        link = CADisplayLink(target: self, selector: #selector(step))
        link?.add(to: .main, forMode: .common)
    }

    deinit {
        link?.invalidate()
    }

    @objc private func step() {}
}

final class LocalClock {
    private var link: CADisplayLink?

    func start() {
        link = CADisplayLink(target: self, selector: #selector(step)) // expect: timer_invalidated_only_in_deinit
        link?.add(to: .main, forMode: .common)
    }

    deinit {
        link?.invalidate()
    }

    @objc private func step() {}
}
