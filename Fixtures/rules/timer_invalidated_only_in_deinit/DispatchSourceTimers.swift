import UIKit

/// Batches analytics events and flushes them on a GCD timer source.
final class MetricsUploader {
    private let queue = DispatchQueue(label: "metrics.upload", qos: .utility)
    private let flushSource = DispatchSource.makeTimerSource(queue: .global(qos: .utility)) // expect: timer_invalidated_only_in_deinit
    private var heartbeat: DispatchSourceTimer?
    private var pending: [MetricEvent] = []

    init() {
        flushSource.schedule(deadline: .now() + 30, repeating: 30)
        flushSource.setEventHandler {
            self.flush()
        }
        flushSource.resume()
    }

    func startHeartbeat() {
        // Built in a local, then stored: still a timer kept in a property.
        // expect: timer_invalidated_only_in_deinit
        let source = DispatchSource.makeTimerSource(queue: queue)
        source.schedule(deadline: .now(), repeating: .seconds(60))
        source.setEventHandler { self.sendHeartbeat() }
        source.resume()
        heartbeat = source
    }

    deinit {
        flushSource.cancel()
        heartbeat?.cancel()
    }

    private func flush() {}
    private func sendHeartbeat() {}
}

/// A sampler whose handler holds `self` weakly: outside a controller this is left alone.
final class LocationSampler {
    private var sampler: DispatchSourceTimer?

    func start() {
        sampler = DispatchSource.makeTimerSource(queue: .main)
        sampler?.schedule(deadline: .now(), repeating: 10)
        sampler?.setEventHandler { [weak self] in self?.sample() }
        sampler?.resume()
    }

    deinit { sampler?.cancel() }

    private func sample() {}
}

/// A live map that refreshes vehicle positions on a dispatch timer.
final class LiveMapViewController: UIViewController {
    private var refreshSource: DispatchSourceTimer?
    private var trafficSource: DispatchSourceTimer?
    private var weatherSource: DispatchSourceTimer?

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        refreshSource = DispatchSource.makeTimerSource(queue: .main) // expect: timer_invalidated_only_in_deinit
        refreshSource?.schedule(deadline: .now(), repeating: 5)
        refreshSource?.setEventHandler { [weak self] in
            self?.refreshVehicles()
        }
        refreshSource?.resume()

        trafficSource = DispatchSource.makeTimerSource(queue: .main) // expect: timer_invalidated_only_in_deinit
        trafficSource?.schedule(deadline: .now(), repeating: 20)
        trafficSource?.setEventHandler(handler: { self.refreshTraffic() })
        trafficSource?.resume()

        weatherSource = DispatchSource.makeTimerSource(queue: .main)
        weatherSource?.schedule(deadline: .now(), repeating: 300)
        weatherSource?.setEventHandler { [weak self] in self?.refreshWeather() }
        weatherSource?.resume()
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        // Suspending is not stopping; only `cancel()` is.
        trafficSource?.suspend()
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        weatherSource?.cancel()
        weatherSource = nil
    }

    deinit {
        refreshSource?.cancel()
        trafficSource?.cancel()
    }

    private func refreshVehicles() {}
    private func refreshTraffic() {}
    private func refreshWeather() {}
}

/// A one-off source made and kept in a local is not a stored timer.
final class CacheJanitor {
    func scheduleSweep() {
        let sweep = DispatchSource.makeTimerSource(queue: .global())
        sweep.schedule(deadline: .now() + 60)
        sweep.setEventHandler { self.sweep() }
        sweep.resume()
    }

    private func sweep() {}
}
