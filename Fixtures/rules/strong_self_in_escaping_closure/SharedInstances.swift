import Combine
import Foundation
import UIKit

// Shape: `self` is a shared instance kept in a `static let` of its own type for the life of the
// app. A closure that keeps it alive leaks nothing that was ever going away, so nothing is
// reported; the same code in a type without a shared instance still is.
final class PlaybackReporter {
    static let shared = PlaybackReporter()

    private var observers: [NSObjectProtocol] = []
    private var ticks: AnyCancellable?
    private var sent = 0

    private init() {
        observers.append(NotificationCenter.default.addObserver(forName: .playbackStarted, object: nil, queue: .main) { _ in
            self.record("start")
        })
        ticks = Timer.publish(every: 60, on: .main, in: .common).autoconnect().sink { _ in
            self.record("tick")
        }
    }

    private func record(_ event: String) { sent += 1 }
}

final class DownloadMonitor {
    static let current = DownloadMonitor()
    private var refresh: Timer?

    func start() {
        refresh = Timer.scheduledTimer(withTimeInterval: 5, repeats: true) { _ in
            self.poll()
        }
    }

    private func poll() {}
}

// Still reported: a type without a shared instance of its own (a shared instance of another type
// does not count).
final class EpisodeListModel {
    static let formatter = DateFormatter()
    private var ticks: AnyCancellable?
    private var now = Date()

    func start() {
        ticks = Timer.publish(every: 1, on: .main, in: .common).autoconnect().sink { date in // expect: strong_self_in_escaping_closure
            self.now = date
        }
    }
}

extension Notification.Name {
    static let playbackStarted = Notification.Name("playbackStarted")
}
