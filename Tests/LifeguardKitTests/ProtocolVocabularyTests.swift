import XCTest
@testable import LifeguardKit

/// The byte test of call names (`ASCIIWords`) and the `String` test of the same vocabulary agree.
final class ProtocolVocabularyTests: XCTestCase {
    func testByteAndSpellingTestsOfCallNamesAgree() {
        let words = ProtocolVocabulary.exactNames.sorted() + ProtocolVocabulary.namePrefixes + ProtocolVocabulary.nameSuffixes
            + ProtocolVocabulary.layoutLibraryPrefixes + ProtocolVocabulary.layoutLibrarySuffixes
        var names = ["", "a", "reloadData", "viewDidLoad", "setNeedsLayout", "x"]
        for word in words {
            names += [word, word + "s", "my" + word, "My" + word.prefix(1).uppercased() + word.dropFirst(), String(word.dropLast()),
                      String(word.dropFirst()), word.uppercased(), word + "é", "é" + word]
        }
        var fired = 0
        for name in names {
            let bySpelling = ProtocolVocabulary.mayHaveDirectEffectsBySpelling(name)
            XCTAssertEqual(ProtocolVocabulary.mayHaveDirectEffects(name), bySpelling, name)
            let ascii = name.utf8.allSatisfy { $0 < 0x80 }
            let byBytes = Array(name.utf8).withUnsafeBufferPointer { ASCIIWords.mayHaveDirectEffects($0) }
            XCTAssertEqual(byBytes, ascii ? bySpelling : nil, name)
            if bySpelling { fired += 1 }
        }
        XCTAssertGreaterThan(fired, words.count, "every word, and names built on them, count")
        XCTAssertLessThan(fired, names.count, "names that are none of them do not")
    }
}
