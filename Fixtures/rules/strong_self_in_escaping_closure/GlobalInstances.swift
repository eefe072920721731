import Foundation

// Shape: the app's one instance of a type lives in a file-scope constant rather than in a
// `static let` of its own type. It lives as long as the app, so a closure that keeps it alive
// leaks nothing that was ever going away, and nothing is reported.
private let connectivity = ConnectivityWatcher()

func startWatchingConnectivity() {
    connectivity.start()
}

final class ConnectivityWatcher {
    private var onChange: ((Bool) -> Void)?
    private var poll: Timer?
    private var online = true

    func start() {
        onChange = { reachable in
            self.online = reachable
        }
        poll = Timer.scheduledTimer(withTimeInterval: 10, repeats: true) { _ in
            self.check()
        }
    }

    private func check() {}
}

// Still reported: a file-scope constant of another type does not make this one shared.
private let sharedFormatter = DateFormatter()

final class StatusTicker {
    private var poll: Timer?
    private var count = 0

    func start() {
        poll = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in // expect: strong_self_in_escaping_closure
            self.count += 1
        }
    }
}
