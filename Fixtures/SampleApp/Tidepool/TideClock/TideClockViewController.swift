import UIKit

/// A single-constituent tide approximation: good enough for a glanceable clock.
struct TideModel {
    static let period: TimeInterval = 12 * 3600 + 25 * 60

    var highWater = Date()
    var range = 1.8

    /// 0 at high water, 0.5 at low water.
    func phase(at date: Date) -> Double {
        let cycles = date.timeIntervalSince(highWater) / Self.period
        return cycles - cycles.rounded(.down)
    }

    func height(at date: Date) -> Double {
        range / 2 * cos(phase(at: date) * 2 * .pi)
    }

    func nextTurn(after date: Date) -> (isHigh: Bool, date: Date) {
        let phase = phase(at: date)
        return phase < 0.5
            ? (false, date.addingTimeInterval((0.5 - phase) * Self.period))
            : (true, date.addingTimeInterval((1 - phase) * Self.period))
    }
}

final class TideClockViewController: TidepoolViewController {
    private let clockView = TideClockView()
    private let timeFormatter = DateFormatter()
    private var model = TideModel()
    private var tickTimer: Timer?
    private var waveLink: CADisplayLink?

    override func loadView() {
        view = clockView
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Tides"
        timeFormatter.timeStyle = .short
        NotificationCenter.default.addObserver(self, selector: #selector(appWillEnterForeground),
                                               name: UIApplication.willEnterForegroundNotification, object: nil)
        waveLink = CADisplayLink(target: self, selector: #selector(stepWave(_:))) // expect: timer_invalidated_only_in_deinit
        waveLink?.preferredFrameRateRange = CAFrameRateRange(minimum: 15, maximum: 30)
        waveLink?.add(to: .main, forMode: .common)
        reloadPredictions()
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        updateClock()
        // Tide times are local: follow daylight-saving and time-zone changes while on screen.
        NotificationCenter.default.addObserver(forName: UIApplication.significantTimeChangeNotification, // expect: observer_without_removal
                                               object: nil, queue: .main) { [weak self] _ in
            self?.reloadPredictions()
        }
        tickTimer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in
            self?.updateClock()
        }
        tickTimer?.tolerance = 0.2
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        tickTimer?.invalidate()
        tickTimer = nil
    }

    deinit {
        waveLink?.invalidate()
        NotificationCenter.default.removeObserver(self)
    }

    @objc private func appWillEnterForeground() {
        reloadPredictions()
        // Same refresh as coming back to the tab.
        viewWillAppear(false) // expect: manual_lifecycle_call
    }

    @objc private func stepWave(_ link: CADisplayLink) {
        clockView.wavePhase += CGFloat(link.targetTimestamp - link.timestamp) * 2
    }

    private func reloadPredictions() {
        guard let spot = SpotStore.shared.favorites.first ?? SpotStore.shared.spots.first else { return }
        // Shift the reference high water by longitude so neighbouring spots differ.
        let offset = (spot.longitude / 360).truncatingRemainder(dividingBy: 1) * TideModel.period
        model = TideModel(highWater: Date().addingTimeInterval(offset), range: spot.isReef ? 1.2 : 1.8)
        navigationItem.prompt = spot.name
        updateClock()
    }

    private func updateClock() {
        let now = Date()
        let turn = model.nextTurn(after: now)
        let caption = "\(turn.isHigh ? "High" : "Low") tide at \(timeFormatter.string(from: turn.date))"
        clockView.update(height: model.height(at: now), range: model.range, caption: caption)
    }
}

/// The current water level as an animated swell, with the height and next turn above it.
final class TideClockView: UIView {
    var wavePhase: CGFloat = 0 {
        didSet { updateWave() }
    }

    private let waveLayer = CAShapeLayer()
    private let heightLabel = UILabel()
    private let captionLabel = UILabel()
    private var level: CGFloat = 0.5

    override init(frame: CGRect) {
        super.init(frame: frame)
        waveLayer.fillColor = Palette.sea.withAlphaComponent(0.35).cgColor
        layer.addSublayer(waveLayer)
        heightLabel.font = .monospacedDigitSystemFont(ofSize: 44, weight: .semibold)
        captionLabel.font = .preferredFont(forTextStyle: .subheadline)
        let labels = UIStackView(arrangedSubviews: [heightLabel, captionLabel])
        labels.axis = .vertical
        labels.alignment = .center
        addSubview(labels)
        labels.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([
            labels.centerXAnchor.constraint(equalTo: centerXAnchor),
            labels.topAnchor.constraint(equalTo: safeAreaLayoutGuide.topAnchor, constant: 32),
        ])
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    func update(height: Double, range: Double, caption: String) {
        heightLabel.text = Preferences.shared.format(height: height)
        captionLabel.text = caption
        level = CGFloat(0.5 + height / (range * 1.25))
        updateWave()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        updateWave()
    }

    private func updateWave() {
        let waterline = bounds.maxY - bounds.height * 0.6 * level
        let path = UIBezierPath()
        path.move(to: CGPoint(x: bounds.minX, y: bounds.maxY))
        for x in stride(from: bounds.minX, through: bounds.maxX, by: 4) {
            path.addLine(to: CGPoint(x: x, y: waterline + sin(x / 24 + wavePhase) * 6))
        }
        path.addLine(to: CGPoint(x: bounds.maxX, y: bounds.maxY))
        path.close()
        waveLayer.path = path.cgPath
    }
}
