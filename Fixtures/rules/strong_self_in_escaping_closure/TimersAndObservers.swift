import UIKit
import AVFoundation

extension Notification.Name {
    static let workoutDidSync = Notification.Name("WorkoutDidSync")
}

final class WorkoutViewController: UIViewController {
    private let player = AVPlayer()
    private let volumeSlider = UISlider()
    private var ticker: Timer?
    private var autosaveTimer: Timer?
    private var heartbeat: DispatchSourceTimer?
    private var observers: [NSObjectProtocol] = []
    private var keyboardToken: NSObjectProtocol?
    private var statusObservation: NSKeyValueObservation?
    private var observations: [NSKeyValueObservation] = []
    private var elapsed: TimeInterval = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        keyboardToken = NotificationCenter.default.addObserver(forName: UIResponder.keyboardWillShowNotification, object: nil, queue: .main) { note in // expect: strong_self_in_escaping_closure
            self.adjustForKeyboard(note)
        }
        observers.append(NotificationCenter.default.addObserver(
            forName: UIApplication.didEnterBackgroundNotification,
            object: nil,
            queue: .main,
            using: { _ in self.pauseWorkout() } // expect: strong_self_in_escaping_closure
        ))
        observers.append(NotificationCenter.default.addObserver(forName: .workoutDidSync, object: nil, queue: nil) { [weak self] _ in
            self?.refreshBadge()
        })
        NotificationCenter.default.addObserver(self, selector: #selector(handleInterruption(_:)),
                                               name: AVAudioSession.interruptionNotification, object: nil)
        statusObservation = player.observe(\.timeControlStatus, options: [.initial, .new]) { player, _ in // expect: strong_self_in_escaping_closure
            self.updatePlayButton(for: player.timeControlStatus)
        }
        let rateToken = player.observe(\.rate, options: [.new]) { player, _ in // expect: strong_self_in_escaping_closure
            self.updateRateLabel(player.rate)
        }
        observations.append(rateToken)
        observations.append(player.observe(\.volume, options: [.new]) { [unowned self] player, _ in
            self.volumeSlider.value = player.volume
        })
        startHeartbeat()
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        ticker = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in // expect: strong_self_in_escaping_closure
            self.elapsed += 1
        }
        let autosave = Timer(timeInterval: 30, repeats: true) { _ in // expect: strong_self_in_escaping_closure
            self.saveDraft()
        }
        RunLoop.main.add(autosave, forMode: .common)
        autosaveTimer = autosave
        // The run loop keeps a repeating timer even when nobody stores it.
        Timer.scheduledTimer(withTimeInterval: 60, repeats: true) { _ in // expect: strong_self_in_escaping_closure
            self.checkHeartRateZone()
        }
        Timer.scheduledTimer(withTimeInterval: 3, repeats: false) { _ in
            self.hideCoachMark()
        }
        let countdown = Timer(timeInterval: 10, repeats: false) { _ in self.finishCountdown() }
        RunLoop.main.add(countdown, forMode: .default)
        Timer.scheduledTimer(withTimeInterval: 0.5, repeats: true) { [weak self] timer in
            guard let self else {
                timer.invalidate()
                return
            }
            self.pulse()
        }
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        ticker?.invalidate()
        autosaveTimer?.invalidate()
    }

    private func startHeartbeat() {
        let source = DispatchSource.makeTimerSource(queue: .main)
        source.schedule(deadline: .now(), repeating: .seconds(5))
        source.setEventHandler { // expect: strong_self_in_escaping_closure
            self.sendHeartbeat()
        }
        source.resume()
        heartbeat = source
    }

    func slowHeartbeat(_ interval: Int) {
        heartbeat?.schedule(deadline: .now(), repeating: .seconds(interval))
        heartbeat?.setEventHandler { [weak self] in self?.sendHeartbeat() }
    }

    @objc private func handleInterruption(_ note: Notification) {}
    private func adjustForKeyboard(_ note: Notification) {}
    private func pauseWorkout() {}
    private func refreshBadge() {}
    private func updatePlayButton(for status: AVPlayer.TimeControlStatus) {}
    private func updateRateLabel(_ rate: Float) {}
    private func saveDraft() {}
    private func checkHeartRateZone() {}
    private func hideCoachMark() {}
    private func finishCountdown() {}
    private func pulse() {}
    private func sendHeartbeat() {}
}

/// Polls an endpoint; a generic class, so its own timer closure keeps it alive.
final class Poller<Response: Decodable> {
    private let endpoint: URL
    private let interval: TimeInterval
    private var timer: Timer?
    var onResponse: ((Response) -> Void)?

    init(endpoint: URL, interval: TimeInterval) {
        self.endpoint = endpoint
        self.interval = interval
    }

    func start() {
        timer = Timer.scheduledTimer(withTimeInterval: interval, repeats: true, block: { _ in // expect: strong_self_in_escaping_closure
            self.poll()
        })
    }

    func stop() {
        timer?.invalidate()
    }

    private func poll() {
        URLSession.shared.dataTask(with: endpoint) { data, _, _ in
            guard let data, let value = try? JSONDecoder().decode(Response.self, from: data) else { return }
            DispatchQueue.main.async { self.onResponse?(value) }
        }.resume()
    }
}
