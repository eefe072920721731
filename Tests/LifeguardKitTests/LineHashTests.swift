import XCTest
@testable import LifeguardKit

/// GitHub's published test vectors for `primaryLocationLineHash` (codeql-action's
/// fingerprints.test.ts).
final class LineHashTests: XCTestCase {
    func testEmptyFile() {
        XCTAssertEqual(LineHash.hashes(of: ""), [1: "c129715d7a2bc9a3:1"])
    }

    func testWhitespaceIsIgnored() {
        XCTAssertEqual(LineHash.hashes(of: " a\nb\n  \t\tc\n d"), [
            1: "271789c17abda88f:1", 2: "54703d4cd895b18:1", 3: "180aee12dab6264:1", 4: "a23a3dc5e078b07b:1",
        ])
    }

    func testRepeatedLinesAreNumberedByOccurrence() {
        let text = String(repeating: "Lorem ipsum dolor sit amet.\n", count: 10)
        XCTAssertEqual(LineHash.hashes(of: text), [
            1: "a7f2ff13bc495cf2:1", 2: "a7f2ff13bc495cf2:2", 3: "a7f2ff13bc495cf2:3", 4: "a7f2ff13bc495cf2:4",
            5: "a7f2ff13bc495cf2:5", 6: "a7f2ff13bc495cf2:6", 7: "a7f2ff1481e87703:1", 8: "a9cf91f7bbf1862b:1",
            9: "55ec222b86bcae53:1", 10: "cc97dc7b1d7d8f7b:1", 11: "c129715d7a2bc9a3:1",
        ])
    }

    func testLineEndingsAgree() {
        let lf = LineHash.hashes(of: "a\nb\nc\n")
        XCTAssertEqual(LineHash.hashes(of: "a\r\nb\r\nc\r\n"), lf)
        XCTAssertEqual(LineHash.hashes(of: "a\rb\rc\r"), lf)
    }
}
