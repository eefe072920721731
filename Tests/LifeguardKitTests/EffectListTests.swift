import XCTest
@testable import LifeguardKit

/// The effect lists of the summary propagation behave as sets on both sides of the length at
/// which they start keeping a set beside the list.
final class EffectListTests: XCTestCase {
    func testInsertsEachEffectOnceAcrossTheSearchedInPlaceLength() {
        let limit = CallSummaries.EffectList.searchedInPlace
        for initialCount in [0, 3, limit, limit + 1, 3 * limit] {
            let initial = (0..<initialCount).map { UInt64($0) * 7 }
            var list = CallSummaries.EffectList(distinct: initial)
            var reference = Set(initial)
            // Values that repeat, some already present, well past the limit.
            for step in 0..<(4 * limit) {
                let effect = UInt64(step % (2 * limit + 5)) * 7
                XCTAssertEqual(list.insert(effect), reference.insert(effect).inserted, "from \(initialCount), step \(step)")
            }
            XCTAssertEqual(list.items.count, reference.count)
            XCTAssertEqual(Set(list.items), reference)
            XCTAssertEqual(list.isEmpty, reference.isEmpty)
        }
    }
}
