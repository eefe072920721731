import Combine
import Foundation
import UIKit

// Shape: the owner lets go of what keeps the closure in another of its methods — it empties the
// subscription set (`= []`, `removeAll()`) or cancels the subscription when playback stops or
// pauses. The cycle is broken by design; nothing is reported. A reset
// in the same function before storing again (`bind()` clearing first) breaks nothing, and a
// teardown only in `deinit` never runs while the cycle holds: both are still reported.
final class NowPlayingObserver {
    private var cancellables: Set<AnyCancellable> = []
    private var title = ""

    func start() {
        NotificationCenter.default.publisher(for: .nowPlayingChanged).sink { note in
            self.title = note.name.rawValue
        }
        .store(in: &cancellables)
    }

    func stop() {
        cancellables = []
    }
}

final class StoryPlayer {
    private var progress: AnyCancellable?
    private var elapsed = 0

    func play() {
        progress = Timer.publish(every: 0.1, on: .main, in: .common).autoconnect().sink { _ in
            self.elapsed += 1
        }
    }

    func pause() {
        progress?.cancel()
    }
}

// Cancelling the previous task before starting the next, in two setup methods, is a reset: the
// last task stored is never let go.
final class ThemeObserver {
    private var accentTask: Task<Void, Never>?
    private var accent = 0

    func observeAccount() {
        accentTask?.cancel()
        accentTask = Task { // expect: strong_self_in_escaping_closure
            for await value in AccentStream.values() {
                self.accent = value
            }
        }
    }

    func observeDefaults() {
        accentTask?.cancel()
        accentTask = Task { // expect: strong_self_in_escaping_closure
            for await value in AccentStream.values() {
                self.accent = value + 1
            }
        }
    }
}

enum AccentStream {
    static func values() -> AsyncStream<Int> { AsyncStream { $0.finish() } }
}

final class FeedCellModel {
    private var cancellables = Set<AnyCancellable>()
    private var text = ""

    func bind() {
        cancellables = []
        Timer.publish(every: 1, on: .main, in: .common).autoconnect().sink { date in // expect: strong_self_in_escaping_closure
            self.text = "\(date)"
        }
        .store(in: &cancellables)
    }

    deinit {
        cancellables.removeAll()
    }
}

extension Notification.Name {
    static let nowPlayingChanged = Notification.Name("nowPlayingChanged")
}
