import Foundation
import XCTest
@testable import LifeguardKit

/// On Linux the tool links FoundationEssentials, not Foundation (half of a small run's start was
/// loading Foundation): what it used Foundation for is done here by small pieces of our own,
/// each held to Foundation's answer, which the tests may still use.
final class WithoutFoundationTests: XCTestCase {
    func testFolderOfAPathIsFoundationsDeletingLastPathComponent() {
        let paths = ["/a/b/c", "/a/b/c/", "/a", "/a/", "/", "a/b", "..", "/a/..", "./a", "/Ünï/cödé.swift", "Ünï/x",
                     "/tmp/lock/", "a/b/c.d/e.swift", "", "a//b", "a/b//"]
        for path in paths {
            XCTAssertEqual(LexicalPath.folder(of: path), (path as NSString).deletingLastPathComponent, "'\(path)'")
        }
        // Where the Linux Foundation (6.3) traps, or answers `//` with "": Darwin's answers.
        for (path, folder) in [("a", ""), ("a/", ""), (".", ""), ("//", "/")] {
            XCTAssertEqual(LexicalPath.folder(of: path), folder, "'\(path)'")
        }
    }

    func testReplacingEveryIsFoundationsReplacingOccurrences() {
        let cases: [(String, String, String)] = [
            ("a\\b\\\\c", "\\", "\\\\"), ("line\nline\n", "\n", "\\n"), ("$(SRCROOT)/$(SRCROOT)x", "$(SRCROOT)", "/root"),
            ("none here", "$(X)", "y"), ("", "a", "b"), ("aaa", "aa", "b"), ("Ünï$(A)cödé", "$(A)", "é"), ("ab", "abc", "x"),
        ]
        for (text, target, replacement) in cases {
            XCTAssertEqual(text.replacingEvery(target, with: replacement),
                           text.replacingOccurrences(of: target, with: replacement), "'\(text)' '\(target)'")
        }
    }

    /// `PlistValue.parseDictionary` reads XML and binary plists into the values Foundation's reader finds.
    func testPlistValuesFromXMLAndBinaryPlists() throws {
        let plist: [String: Any] = [
            "CFBundlePackageType": "APPL", "Count": 3, "Ratio": 0.5, "Flag": false, "Blob": Data([1, 2]),
            "List": ["a", 1, true] as [Any],
            "UIApplicationSceneManifest": ["UIApplicationSupportsMultipleScenes": true,
                                           "UISceneConfigurations": ["UIWindowSceneSessionRoleApplication": [Any]()]] as [String: Any],
        ]
        let expected: [String: PlistValue] = [
            "CFBundlePackageType": .string("APPL"), "Count": .integer(3), "Ratio": .real(0.5), "Flag": .bool(false),
            "Blob": .data(Data([1, 2])), "List": .array([.string("a"), .integer(1), .bool(true)]),
            "UIApplicationSceneManifest": .dictionary([
                "UIApplicationSupportsMultipleScenes": .bool(true),
                "UISceneConfigurations": .dictionary(["UIWindowSceneSessionRoleApplication": .array([])]),
            ]),
        ]
        for format in [PropertyListSerialization.PropertyListFormat.xml, .binary] {
            let data = try PropertyListSerialization.data(fromPropertyList: plist, format: format, options: 0)
            XCTAssertEqual(try PlistValue.parseDictionary(data), expected, "\(format)")
        }
        let array = try PropertyListSerialization.data(fromPropertyList: ["a"], format: .xml, options: 0)
        XCTAssertNil(try PlistValue.parseDictionary(array), "a plist that is not a dictionary")
        XCTAssertThrowsError(try PlistValue.parseDictionary(Data("<?xml version=\"1.0\"?><plist><dict><key>a".utf8)))
        // Nested past the decoder's bound: read, not a crash.
        let deep = String(repeating: "<array>", count: 400) + String(repeating: "</array>", count: 400)
        let document = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><dict><key>k</key>\(deep)</dict></plist>"
        _ = try? PlistValue.parseDictionary(Data(document.utf8))
    }

    /// `AppPlist.read` decodes only the keys it needs: its facts are those the whole plist, as
    /// Foundation reads it, gives by the rules `AppPlist` documents.
    func testAppPlistFactsAgreeWithFoundationsReading() throws {
        let manifests: [Any?] = [
            nil, "not a dictionary", [String: Any](), ["UIApplicationSupportsMultipleScenes": true],
            ["UIApplicationSupportsMultipleScenes": false], ["UIApplicationSupportsMultipleScenes": "YES"],
            ["UISceneConfigurations": ["UIWindowSceneSessionRoleApplication": [Any]()]],
            ["UISceneConfigurations": ["CPTemplateApplicationSceneSessionRoleApplication": [Any]()]],
            ["UIApplicationSupportsMultipleScenes": false, "UISceneConfigurations": ["UIWindowSceneSessionRoleExternalDisplay": [Any]()]],
            ["UISceneConfigurations": ["CPTemplateApplicationSceneSessionRoleApplication"]],
        ]
        let packageTypes: [Any?] = [nil, "APPL", "BNDL", "FMWK", "XPC!", "$(PRODUCT_BUNDLE_PACKAGE_TYPE)", 7]
        let extras: [[String: Any]] = [[:], ["NSExtension": ["a": 1]], ["UILaunchStoryboardName": "Launch"], ["CFBundleName": "x"]]
        var checked = 0
        for manifest in manifests {
            for packageType in packageTypes {
                for extra in extras {
                    var plist = extra
                    if let manifest { plist["UIApplicationSceneManifest"] = manifest }
                    if let packageType { plist["CFBundlePackageType"] = packageType }
                    for format in [PropertyListSerialization.PropertyListFormat.xml, .binary] {
                        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: format, options: 0)
                        for known in [false, true] {
                            let facts = try XCTUnwrap(try AppPlist.read(data, knownApplication: known))
                            let foundation = Self.factsByFoundation(data, knownApplication: known)
                            XCTAssertEqual(facts.isApplication, foundation.isApplication, "\(plist) \(known)")
                            XCTAssertEqual(facts.sceneSupport, foundation.sceneSupport, "\(plist)")
                            checked += 1
                        }
                    }
                }
            }
        }
        XCTAssertEqual(checked, manifests.count * packageTypes.count * extras.count * 4)
        let array = try PropertyListSerialization.data(fromPropertyList: ["a"], format: .binary, options: 0)
        XCTAssertNil(try AppPlist.read(array), "a plist that is not a dictionary has no facts")
        XCTAssertThrowsError(try AppPlist.read(Data("<?xml version=\"1.0\"?><plist><dict><key>a".utf8)))
    }

    /// The rules of `AppPlist`, over the plist as Foundation reads it.
    private static func factsByFoundation(_ data: Data, knownApplication: Bool) -> (isApplication: Bool, sceneSupport: SceneSupport) {
        guard let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] else {
            return (false, .unknown)
        }
        let isExtension = plist["NSExtension"] != nil || plist["EXAppExtensionAttributes"] != nil
        let isApplication: Bool
        switch plist["CFBundlePackageType"] as? String {
        case "APPL"?: isApplication = !isExtension
        case "BNDL"?, "FMWK"?, "XPC!"?: isApplication = false
        default: isApplication = !isExtension && (knownApplication || !AppPlist.applicationKeys.isDisjoint(with: plist.keys))
        }
        guard let manifest = plist["UIApplicationSceneManifest"] as? [String: Any] else { return (isApplication, .single) }
        if manifest["UIApplicationSupportsMultipleScenes"] as? Bool == true { return (isApplication, .multiple) }
        if let configurations = manifest["UISceneConfigurations"] as? [String: Any],
           !AppPlist.extraSceneRoles.isDisjoint(with: configurations.keys) {
            return (isApplication, .multiple)
        }
        return (isApplication, .single)
    }

    func testDamagedBaselinesSayWhatIsWrong() throws {
        let cases = [
            ("not json", "it is not valid JSON"), ("[]", "expected a JSON object"),
            ("{\"version\": 2, \"findings\": []}", "unsupported or missing \"version\""),
            ("{\"version\": \"1\", \"findings\": []}", "unsupported or missing \"version\""),
            ("{\"version\": 1}", "missing \"findings\" list"),
            ("{\"version\": 1, \"findings\": [{\"rule\": \"x\"}]}", "finding 1 is missing a field or has a wrong type"),
            ("{\"version\": 1, \"findings\": [{\"rule\": \"x\", \"path\": \"a\", \"type\": \"\", \"function\": \"\", \"line\": \"h\", \"count\": 0}]}",
             "finding 1 is missing a field or has a wrong type"),
        ]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("baselines-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (index, (text, reason)) in cases.enumerated() {
            let path = folder.appendingPathComponent("\(index).json").path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            XCTAssertThrowsError(try Baseline.load(path: path), text) { error in
                XCTAssertEqual((error as? Baseline.LoadError)?.reason, reason, text)
            }
        }
        let good = folder.appendingPathComponent("good.json").path
        try """
        {"version": 1, "findings": [{"rule": "r", "path": "A.swift", "type": "T", "function": "f()", "line": "h", "count": 2}]}
        """.write(toFile: good, atomically: true, encoding: .utf8)
        XCTAssertEqual(try Baseline.load(path: good).counts.values.reduce(0, +), 2)
    }

    func testAtomicWritesReplaceWholeFilesAndKeepModes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("out.txt").path
        try AtomicFile.write("first", to: path)
        try AtomicFile.write("second, longer", to: path)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "second, longer")
        try AtomicFile.write(Array("third".utf8), to: path, permissions: 0o640)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "third")
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o640)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["out.txt"], "no temporary file is left")
        XCTAssertThrowsError(try AtomicFile.write("x", to: folder.path + "/missing/out.txt")) { error in
            XCTAssertEqual("\(error)", "cannot write \(folder.path)/missing/out.txt: directory \(folder.path)/missing does not exist")
        }
        // A directory where the file should be: the rename fails, the reason is the system's, nothing is left behind.
        let taken = folder.appendingPathComponent("taken").path
        try FileManager.default.createDirectory(atPath: taken + "/inside", withIntermediateDirectories: true)
        XCTAssertThrowsError(try AtomicFile.write("x", to: taken))
        // `..` is taken back by the path's text, as Foundation's file URLs did: the folder need not exist.
        try AtomicFile.write("up", to: folder.path + "/missing/../up.txt")
        XCTAssertEqual(try String(contentsOfFile: folder.path + "/up.txt", encoding: .utf8), "up")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["out.txt", "taken", "up.txt"])
    }

    func testDeferredValuesComeFromAnotherThread() {
        let values = (0..<8).map { number in Deferred { (0...number * 1000).reduce(0, +) } }
        XCTAssertEqual(values.map(\.value), (0..<8).map { number in (0...number * 1000).reduce(0, +) })
        let supplied = Deferred<String>()
        let supplier = Deferred { supplied.fulfill("ready"); return true }
        XCTAssertEqual(supplied.value, "ready")
        XCTAssertTrue(supplier.value)
    }
}
