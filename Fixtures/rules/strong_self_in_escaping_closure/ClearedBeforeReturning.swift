import Combine
import UIKit
import XCTest

// Shapes: the storage lets go of the closure later in the same function (the test-and-wait
// pattern), so nothing outlives the call.
final class PriceFeedTests: XCTestCase {
    private var cancellables = Set<AnyCancellable>()
    private var onDone: (() -> Void)?
    private let feed = PassthroughSubject<Double, Never>()
    private var seen: [Double] = []

    func testPricesArrive() {
        feed.sink { price in self.seen.append(price) }.store(in: &cancellables)
        feed.send(1)
        cancellables.removeAll()
    }

    func testFinishes() {
        onDone = { self.seen.removeAll() }
        onDone?()
        onDone = nil
    }
}

// Still reported: the holder is emptied only before the closure is stored (another one is emptied after).
final class QuoteFeedTests: XCTestCase {
    private var cancellables = Set<AnyCancellable>()
    private var others = Set<AnyCancellable>()
    private let feed = PassthroughSubject<String, Never>()
    private var quotes: [String] = []

    func testQuotesArrive() {
        others.removeAll()
        feed.sink { quote in self.quotes.append(quote) }.store(in: &cancellables)
        feed.sink { quote in self.quotes.append(quote) }.store(in: &others) // expect: strong_self_in_escaping_closure
        feed.send("a")
        cancellables.removeAll()
    }
}
