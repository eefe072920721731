import UIKit

/* Notes for reviewers, kept in a block comment on purpose:
   refreshTimer = Timer.scheduledTimer(timeInterval: 1, target: self, selector: #selector(tick), userInfo: nil, repeats: true)
   /* nested: displayLink = CADisplayLink(target: self, selector: #selector(step)) */
   still inside the outer comment: deinit { refreshTimer?.invalidate() }
*/
final class TimerDebugViewController: UIViewController {
    private let logView = UITextView()
    private var ticker: Timer?
    private var sampler: Timer?
    private var beacon: Timer?
    private var debugLink: CADisplayLink?
    private var examples: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        examples.append("ticker = Timer.scheduledTimer(timeInterval: 1, target: self, selector: #selector(tick), userInfo: nil, repeats: true)")
        examples.append(#"link = CADisplayLink(target: self, selector: #selector(step)) // "quoted""#)
        examples.append("escaped \"Timer(timeInterval: 1, target: self, selector: s, userInfo: nil, repeats: true)\"")
        let doc = """
            source = DispatchSource.makeTimerSource(queue: .main)
            timer = Timer(timeInterval: 1, repeats: true) { _ in self.tick() }
            """
        logView.text = "\(examples.count) examples, \(doc.count) chars; Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in }"
        logView.accessibilityLabel = "\(examples.isEmpty ? "CADisplayLink(target: self)" : "none")"
        // ticker = Timer.scheduledTimer(timeInterval: 1, target: self, selector: #selector(tick), userInfo: nil, repeats: true)
        /* sampler = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in self.sample() } */
        #if DEBUG
        ticker = Timer.scheduledTimer(timeInterval: 1, target: self, selector: #selector(tick), userInfo: nil, repeats: true) // expect: timer_invalidated_only_in_deinit
        #else
        ticker = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] _ in self?.tick() } // expect: timer_invalidated_only_in_deinit
        #endif
        // Its only stop outside `deinit` is in a comment and in strings (see viewWillDisappear).
        sampler = Timer.scheduledTimer(timeInterval: 0.2, target: self, selector: #selector(sample), userInfo: nil, repeats: true) // expect: timer_invalidated_only_in_deinit
        let endpoint = "https://beacon.example.com//ping 🚒"; beacon = Timer.scheduledTimer(timeInterval: 5, target: self, selector: #selector(ping), userInfo: endpoint, repeats: true) // expect: timer_invalidated_only_in_deinit
        #if targetEnvironment(simulator)
        debugLink = CADisplayLink(target: self, selector: #selector(step))
        debugLink?.add(to: .main, forMode: .common)
        #endif
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        // sampler?.invalidate() moved to deinit
        /* beacon?.invalidate() */
        logView.text = "sampler?.invalidate() skipped"
        logView.text = #"beacon?.invalidate() "also" skipped"#
        logView.text = """
            ticker?.invalidate()
            """
        #if DEBUG
        debugLink?.invalidate()
        #endif
    }

    deinit {
        ticker?.invalidate()
        sampler?.invalidate()
        beacon?.invalidate()
    }

    @objc private func tick() {}
    @objc private func sample() {}
    @objc private func step() {}
    @objc private func ping() {}
}

/// A view that draws a clock; the debug build stops its display link when it leaves the window,
/// the release build only in `deinit`. Both branches are analysed, so the stop counts.
final class AnalogClockView: UIView {
    private var link: CADisplayLink?

    override func didMoveToWindow() {
        super.didMoveToWindow()
        if window != nil {
            link = CADisplayLink(target: self, selector: #selector(redraw))
            link?.add(to: .main, forMode: .common)
        } else {
            #if DEBUG
            link?.invalidate()
            #else
            link?.isPaused = true
            #endif
        }
    }

    deinit { link?.invalidate() }

    @objc private func redraw() { setNeedsDisplay() }
}
