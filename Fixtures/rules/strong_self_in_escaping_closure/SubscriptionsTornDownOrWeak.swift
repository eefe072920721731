import Combine
import UIKit

// Shapes: closures whose holder does not outlive the screen's visit, or does not hold `self`:
// - subscriptions made on appearance and cleared in a disappearance callback;
// - CombineExt's `assign(to:on:ownership: .weak)`, which holds the object weakly;
// - a block observer on a `NotificationCenter()` the test creates itself.
final class TickerViewController: UIViewController {
    @Published private var price = 0.0
    private var subscriptions = Set<AnyCancellable>()
    private var title2 = ""
    private let prices = PassthroughSubject<String, Never>()

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        $price.sink { value in self.render(value) }.store(in: &subscriptions)
        prices.assign(to: \.title2, on: self, ownership: .weak).store(in: &subscriptions)
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        subscriptions.removeAll()
    }

    private func render(_ value: Double) {}
}

final class DownloadsTests {
    private let center = NotificationCenter()
    private var received = 0

    func testObserves() {
        center.addObserver(forName: .downloadDidFinish, object: nil, queue: nil) { _ in
            self.received += 1
        }
    }
}

// Still reported: torn down only in `deinit`, which the cycle keeps from running.
final class QuotesViewController: UIViewController {
    @Published private var quote = ""
    private var subscriptions = Set<AnyCancellable>()
    private var latest = ""
    private let quotes = PassthroughSubject<String, Never>()

    override func viewDidLoad() {
        super.viewDidLoad()
        $quote.sink { value in self.show(value) }.store(in: &subscriptions) // expect: strong_self_in_escaping_closure
        quotes.assign(to: \.latest, on: self).store(in: &subscriptions) // expect: strong_self_in_escaping_closure
    }

    deinit { subscriptions.removeAll() }

    private func show(_ value: String) {}
}

extension Notification.Name {
    static let downloadDidFinish = Notification.Name("downloadDidFinish")
}
