import Foundation
import XCTest
import LifeguardTestSupport
@testable import LifeguardKit

/// Xcode projects and paths as app facts read them.
final class AppFactsTests: XCTestCase {
    func parse(_ text: String) throws -> OldStylePlist { try OldStylePlist.parse(Array(text.utf8)) }

    func testOldStylePlistValues() throws {
        let plist = try parse("""
            // !$*UTF8*$!
            {
                plain = some_name-1.0/x:y$z+;  /* a comment */ quoted = "two words";
                escaped = "say \\"hi\\"\\n\\ttab \\\\ \\U00e9\\101";
                single = 'it';
                list = ( a, "b c", (nested), {k = v;}, );
                empty = ();
                data = <0fbd 7A>;
                repeated = first; repeated = second;
            }
            """)
        XCTAssertEqual(plist["plain"], .string("some_name-1.0/x:y$z+"))
        XCTAssertEqual(plist["quoted"]?.string, "two words")
        XCTAssertEqual(plist["escaped"]?.string, "say \"hi\"\n\ttab \\ éA")
        XCTAssertEqual(plist["single"]?.string, "it")
        XCTAssertEqual(plist["list"], .array([.string("a"), .string("b c"), .array([.string("nested")]),
                                              .dictionary(["k": .string("v")])]))
        XCTAssertEqual(plist["list"]?.strings, ["a", "b c"])
        XCTAssertEqual(plist["empty"], .array([]))
        XCTAssertEqual(plist["data"], .data("0fbd 7A"))
        XCTAssertEqual(plist["repeated"]?.string, "second", "a repeated key keeps its last value, as Foundation's does")
        XCTAssertNil(plist["missing"])
    }

    /// The bytes an unquoted string is made of: ASCII letters, digits and `_$+/:.-`, nothing else.
    func testUnquotedCharacters() {
        let spelled = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$+/:.-".utf8)
        for byte in UInt8.min...UInt8.max {
            XCTAssertEqual(OldStylePlist.Parser.isUnquoted(byte), spelled.contains(byte), "byte \(byte)")
        }
        // The eight-byte test: true exactly when every byte is a letter or digit, whichever byte
        // of the word differs.
        let alphanumeric = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)
        for byte in UInt8.min...UInt8.max {
            for place in 0..<8 {
                for filler in [UInt8(ascii: "A"), UInt8(ascii: "z"), UInt8(ascii: "0")] {
                    var bytes = [UInt8](repeating: filler, count: 8)
                    bytes[place] = byte
                    let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
                    XCTAssertEqual(OldStylePlist.Parser.isAlphanumeric(word), alphanumeric.contains(byte), "byte \(byte) at \(place)")
                }
            }
        }
    }

    func testMalformedOldStylePlistsAreErrorsNotCrashes() {
        let cases: [(String, String)] = [
            ("", "unexpected end of file"),
            ("{ a = b }", "expected ';'"),
            ("{ a = \"open; }", "unterminated string"),
            ("{ a = (b c); }", "expected ',' or ')'"),
            ("{ a = b; } extra", "unexpected text after the value"),
            ("/* never closed", "unterminated comment"),
            ("{ a = <zz>; }", "invalid data"),
            ("{ = b; }", "expected a string"),
            (String(repeating: "(", count: 100_000), "nested too deeply"),
        ]
        for (text, reason) in cases {
            XCTAssertThrowsError(try parse(text), text.prefix(20).description) { error in
                XCTAssertEqual((error as? OldStylePlist.SyntaxError)?.reason, reason, text.prefix(20).description)
            }
        }
    }

    /// A project reader's parse keeps the asked keys two dictionaries deep and below, and
    /// everything above; what it skips is still checked, so a broken file is still an error.
    func testOldStylePlistKeepingNestedKeys() throws {
        let text = """
            { archiveVersion = 1; objects = {
                A1 = { isa = PBXFileReference; path = "x.swift"; lastKnownFileType = sourcecode.swift; };
                B2 = { isa = XCBuildConfiguration; buildSettings = { INFOPLIST_FILE = "App/Info.plist";
                       OTHER = ( "-a", "q\\"uoted", { deep = <0f>; } ); }; "name" = Debug; };
            }; rootObject = A1; }
            """
        let kept = ["isa", "path", "name", "buildSettings", "INFOPLIST_FILE"]
        let plist = try OldStylePlist.parse(Array(text.utf8), keepingNestedKeys: kept)
        let full = try parse(text)
        XCTAssertEqual(plist["archiveVersion"], full["archiveVersion"], "the top level keeps every key")
        XCTAssertEqual(plist["rootObject"], full["rootObject"])
        XCTAssertEqual(plist["objects"]?.dictionary?.keys.sorted(), ["A1", "B2"], "so do the objects")
        XCTAssertEqual(plist["objects"]?["A1"], .dictionary(["isa": .string("PBXFileReference"), "path": .string("x.swift")]))
        XCTAssertEqual(plist["objects"]?["B2"]?["buildSettings"], .dictionary(["INFOPLIST_FILE": .string("App/Info.plist")]))
        XCTAssertEqual(plist["objects"]?["B2"]?["name"], .string("Debug"), "a quoted key is kept too")
        for broken in ["{ o = { a = { skipped = \"open; }; }; }", "{ o = { a = { skipped = (x y); }; }; }",
                       "{ o = { a = { skipped = <zz>; }; }; }", "{ o = { a = { skipped = b } ; }; }"] {
            XCTAssertThrowsError(try OldStylePlist.parse(Array(broken.utf8), keepingNestedKeys: ["isa"]), broken)
            XCTAssertThrowsError(try parse(broken), broken)
        }
    }

    func testLexicalPaths() {
        XCTAssertEqual(LexicalPath.normalized("/a/./b//c/../d/"), "/a/b/d")
        XCTAssertEqual(LexicalPath.normalized("/../a"), "/a")
        XCTAssertEqual(LexicalPath.normalized("a/../../b"), "../b")
        XCTAssertEqual(LexicalPath.normalized("./"), ".")
        XCTAssertEqual(LexicalPath.normalized("/"), "/")
        XCTAssertEqual(LexicalPath.normalized("../../a/./.."), "../..")
        XCTAssertEqual(LexicalPath.normalized("/Ünï/./cödé/../x"), "/Ünï/x", "non-ASCII paths take the character path")

        // The byte reading of ASCII paths agrees with the character reading on every path made
        // of these pieces, up to four deep.
        let pieces = ["", ".", "..", "a", "bc", "..."]
        var paths = [""]
        for _ in 0..<4 { paths = paths.flatMap { path in pieces.map { path + "/" + $0 } + pieces.map { path + $0 + "/" } } }
        for path in Set(paths + paths.map { String($0.dropFirst()) }) {
            XCTAssertEqual(LexicalPath.normalized(path), LexicalPath.normalizedByCharacters(path), path)
            // A path said to be normal already is what normalizing it gives.
            if path.utf8.withContiguousStorageIfAvailable({ LexicalPath.isNormalAbsoluteASCII($0) }) == true {
                XCTAssertEqual(LexicalPath.normalizedByCharacters(path), path, path)
            }
        }
        for normal in ["/a", "/a/b.swift", "/...", "/a/.b/..c/c.", "/App/Sources/Screen+Extra.swift"] {
            XCTAssertEqual(Array(normal.utf8).withUnsafeBufferPointer { LexicalPath.isNormalAbsoluteASCII($0) }, true, normal)
        }
        for other in ["", "/", "a/b", "/a/", "/a//b", "/./a", "/a/..", "/a/./b", "/Ünï/x", "//a"] {
            XCTAssertEqual(Array(other.utf8).withUnsafeBufferPointer { LexicalPath.isNormalAbsoluteASCII($0) }, false, other)
        }
    }

    /// The fixture project: target membership, plist paths with build variables, an extension
    /// target that is no application, and a target whose generated plist allows several scenes.
    func testXcodeProjectTargets() throws {
        let folder = FixtureFiles.directory.appendingPathComponent("rules/global_key_window/XcodeProjectApp").path
        let project = try XcodeProject(pbxprojAt: folder + "/Tides.xcodeproj/project.pbxproj")
        XCTAssertEqual(project.targets.map(\.name), ["Tides", "TidesPad"], "application targets only, by name")
        let tides = project.targets[0], pad = project.targets[1]
        XCTAssertEqual(tides.swiftFiles, [folder + "/Tides/TideScreen.swift"])
        XCTAssertEqual(tides.infoPlist, folder + "/Tides/Info.plist")
        XCTAssertEqual(tides.generatedSceneSupport, .unknown)
        XCTAssertEqual(pad.swiftFiles, [folder + "/TidesPad/PadScreen.swift"], "SOURCE_ROOT-relative, normalized")
        XCTAssertNil(pad.infoPlist)
        XCTAssertEqual(pad.generatedSceneSupport, .multiple)

        let facts = AppFacts.locate(forLinting: [folder], workingDirectory: FixtureFiles.directory.path, lookingUpward: false)
        XCTAssertEqual(facts.problems.map(\.description), [])
        XCTAssertEqual(facts.sceneSupport(forFile: "rules/global_key_window/XcodeProjectApp/TidesPad/PadScreen.swift"), .multiple)
        XCTAssertEqual(facts.sceneSupport(forFile: "rules/global_key_window/XcodeProjectApp/Tides/TideScreen.swift"), .single)
    }

    /// The app-facts walk reads the folders discovery recorded instead of the disk, and gives
    /// the same facts: on the fixture apps, and on a folder with an excluded subfolder (which
    /// discovery does not record, so it is read from the disk) and a dangling link named like a
    /// plist (a problem either way). A folder made after discovery is not seen through the
    /// listings, which shows they are what the walk read.
    func testLocateReadsTheFoldersDiscoveryRecorded() throws {
        func located(_ paths: [String], in directory: String, excluding excluded: String? = nil,
                     recorded: Bool) throws -> AppFacts {
            var listings: DirectoryListings?
            if recorded {
                let recording = AppFacts.listingsForLocating()
                let discovery = FileDiscovery(isExcluded: { path, _ in path == excluded }, listings: recording)
                try discovery.discover(paths, workingDirectory: directory) { _ in }
                listings = recording
            }
            return AppFacts.locate(forLinting: paths, workingDirectory: directory, lookingUpward: false, listings: listings)
        }
        func summary(_ facts: AppFacts, files: [String]) -> [String] {
            facts.sources + facts.problems.map(\.description) + files.map { "\($0): \(facts.sceneSupport(forFile: $0).rawValue)" }
        }
        let fixtures = FixtureFiles.directory.path
        let roots = [fixtures + "/rules/global_key_window"]
        let swiftFiles = try FileDiscovery().swiftFiles(in: roots, workingDirectory: fixtures)
        XCTAssertGreaterThan(swiftFiles.count, 5)
        let fromDisk = summary(try located(roots, in: fixtures, recorded: false), files: swiftFiles)
        XCTAssertTrue(fromDisk.contains { $0.contains("app target TidesPad") }, fromDisk.joined(separator: "\n"))
        XCTAssertEqual(summary(try located(roots, in: fixtures, recorded: true), files: swiftFiles), fromDisk)

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifeguard-listings-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = FileManager.default
        let multiScene = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>CFBundlePackageType</key><string>APPL</string>
            <key>UIApplicationSceneManifest</key><dict><key>UIApplicationSupportsMultipleScenes</key><true/></dict>
            </dict></plist>
            """
        for sub in ["App", "Vendor/Kit"] {
            try manager.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
            try Data("let x = 1\n".utf8).write(to: folder.appendingPathComponent(sub + "/Screen.swift"))
        }
        try Data(multiScene.utf8).write(to: folder.appendingPathComponent("Vendor/Kit/Info.plist"))
        try manager.createSymbolicLink(atPath: folder.appendingPathComponent("App/Broken-Info.plist").path,
                                       withDestinationPath: "nowhere/Info.plist")
        let files = ["App/Screen.swift", "Vendor/Kit/Screen.swift"]
        let plain = summary(try located([folder.path], in: folder.path, recorded: false), files: files)
        XCTAssertTrue(plain.contains("Vendor/Kit/Screen.swift: multiple"), plain.joined(separator: "\n"))
        XCTAssertTrue(plain.contains { $0.contains("Broken-Info.plist") }, plain.joined(separator: "\n"))
        XCTAssertEqual(summary(try located([folder.path], in: folder.path, excluding: "Vendor", recorded: true), files: files), plain)

        // Made after discovery: the listings, not the disk, decide what the walk sees.
        let recording = AppFacts.listingsForLocating()
        try FileDiscovery(listings: recording).discover([folder.path], workingDirectory: folder.path) { _ in }
        try manager.createDirectory(at: folder.appendingPathComponent("Late"), withIntermediateDirectories: true)
        let singleScene = multiScene.replacingOccurrences(of: "<true/>", with: "<false/>")
        try Data(singleScene.utf8).write(to: folder.appendingPathComponent("Late/Info.plist"))
        let late = AppFacts.locate(forLinting: [folder.path], workingDirectory: folder.path, lookingUpward: false, listings: recording)
        XCTAssertEqual(late.sceneSupport(forFile: "Late/Screen.swift"), .multiple, "the one plist it knows, Vendor/Kit's")
        let fresh = AppFacts.locate(forLinting: [folder.path], workingDirectory: folder.path, lookingUpward: false)
        XCTAssertEqual(fresh.sceneSupport(forFile: "Late/Screen.swift"), .single)
    }

    /// Paths come out absolute or not at all: an `<absolute>` reference that is not, or a group
    /// cycle in a damaged file, gives no path rather than a wrong one.
    func testProjectPathsAreAbsoluteOrAbsent() throws {
        let text = """
            { objects = {
                T = {isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application";
                     buildPhases = (P); };
                P = {isa = PBXSourcesBuildPhase; files = (B1, B2, B3, B4); };
                B1 = {isa = PBXBuildFile; fileRef = F1; };
                B2 = {isa = PBXBuildFile; fileRef = F2; };
                B3 = {isa = PBXBuildFile; fileRef = F3; };
                B4 = {isa = PBXBuildFile; fileRef = F4; };
                F1 = {isa = PBXFileReference; path = "/abs/One.swift"; sourceTree = "<absolute>"; };
                F2 = {isa = PBXFileReference; path = "rel/Two.swift"; sourceTree = "<absolute>"; };
                F3 = {isa = PBXFileReference; path = Three.swift; sourceTree = "<group>"; };
                F4 = {isa = PBXFileReference; path = Four.swift; sourceTree = BUILT_PRODUCTS_DIR; };
                G1 = {isa = PBXGroup; children = (F3, G2); path = A; };
                G2 = {isa = PBXGroup; children = (G1); path = B; };
            }; }
            """
        let project = try XcodeProject(parsing: Array(text.utf8), projectDirectory: "/work/App")
        XCTAssertEqual(project.targets.map(\.name), ["App"])
        XCTAssertEqual(project.targets.first?.swiftFiles, ["/abs/One.swift"])
        XCTAssertThrowsError(try XcodeProject(parsing: Array("{ a = b; }".utf8), projectDirectory: "/work/App"))
    }

    func testDamagedProjectIsAProblemNotAFailure() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifeguard-facts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let project = folder.appendingPathComponent("App.xcodeproj")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        let damaged = "// !$*UTF8*$!\n{ objects = { T = {isa = PBXNativeTarget; productType = \"com.apple.product-type.application\"; "
        try Data(damaged.utf8).write(to: project.appendingPathComponent("project.pbxproj"))
        try Data().write(to: folder.appendingPathComponent("Screen.swift"))
        let facts = AppFacts.locate(forLinting: [folder.path], workingDirectory: folder.path, lookingUpward: false)
        XCTAssertEqual(facts.problems.count, 1)
        XCTAssertTrue(facts.problems.first?.description.contains("cannot be parsed") == true,
                      facts.problems.first?.description ?? "no problem reported")
        XCTAssertEqual(facts.sceneSupport(forFile: "Screen.swift"), .unknown)
    }

    /// A project that never spells the application product type (a framework's) is not parsed:
    /// it has no app target to read, whole or damaged, and gives no warning. The same file with an
    /// application target is read.
    func testProjectsWithoutAnApplicationTargetAreNotParsed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifeguard-facts-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ name: String, _ text: String) throws -> String {
            let project = folder.appendingPathComponent("\(name).xcodeproj")
            try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
            let file = project.appendingPathComponent("project.pbxproj")
            try Data(text.utf8).write(to: file)
            return file.path
        }
        func framework(_ productType: String) -> String {
            """
            // !$*UTF8*$!
            { objects = {
                T = {isa = PBXNativeTarget; name = Kit; productType = "\(productType)"; buildPhases = (S); };
                S = {isa = PBXSourcesBuildPhase; files = (B); };
                B = {isa = PBXBuildFile; fileRef = F; };
                F = {isa = PBXFileReference; path = Kit.swift; sourceTree = SOURCE_ROOT; };
            }; }
            """
        }
        let kit = try write("Kit", framework("com.apple.product-type.framework"))
        XCTAssertFalse(XcodeProject.mayHaveApplicationTarget(Array(framework("com.apple.product-type.framework").utf8)))
        XCTAssertEqual(try XcodeProject(pbxprojAt: kit).targets.map(\.name), [])
        let app = try write("App", framework("com.apple.product-type.application"))
        XCTAssertEqual(try XcodeProject(pbxprojAt: app).targets.map(\.name), ["Kit"])
        XCTAssertEqual(try XcodeProject(pbxprojAt: app).targets.first?.swiftFiles, [folder.path + "/Kit.swift"])
        let broken = try write("Broken", "// !$*UTF8*$!\n{ objects = { A = {isa = PBXGroup; ")
        XCTAssertEqual(try XcodeProject(pbxprojAt: broken).targets.count, 0)
        let facts = AppFacts.locate(forLinting: [folder.path], workingDirectory: folder.path, lookingUpward: false)
        XCTAssertEqual(facts.problems.map(\.description), [])
    }

    /// The fixture's project file, and with `LIFEGUARD_PBXPROJ_DIRECTORY=/path/to/checkouts` every
    /// `project.pbxproj` under it.
    private func projectFiles() -> [String] {
        var paths = [FixtureFiles.directory.appendingPathComponent(
            "rules/global_key_window/XcodeProjectApp/Tides.xcodeproj/project.pbxproj").path]
        if let directory = ProcessInfo.processInfo.environment["LIFEGUARD_PBXPROJ_DIRECTORY"] {
            let enumerator = FileManager.default.enumerator(atPath: directory)
            while let relative = enumerator?.nextObject() as? String {
                if relative.hasSuffix("project.pbxproj") { paths.append(directory + "/" + relative) }
            }
        }
        return paths
    }

    /// Our reader and Foundation's agree on every project file.
    func testOldStyleReaderAgreesWithFoundation() throws {
        let paths = projectFiles()
        for path in paths {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            var format = PropertyListSerialization.PropertyListFormat.openStep
            let foundation = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
            let ours = try XcodeProject.parse([UInt8](data))
            XCTAssertTrue(Self.same(ours, foundation), path)
        }
        print("old-style plist reader: \(paths.count) project files agree with Foundation")
    }

    /// A project file read straight into its object graph gives the targets that parsing it as a
    /// property list gives: on every project file, and on shapes Xcode does not write (quoted and
    /// hand-written ids, repeated keys, values of the wrong kind, references to nothing) — and
    /// a damaged file is the same error both ways.
    func testDirectProjectReaderAgreesWithThePropertyListReader() throws {
        var inputs = try projectFiles().map { (path: $0, bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: $0)))) }
        let shapes = [
            // Quoted and unquoted spellings of one id, a hand-written id, lowercase hex (another id).
            """
            { archiveVersion = 1; objects = {
                AAAAAAAAAAAAAAAAAAAAAAA1 = {isa = PBXNativeTarget; name = "My App"; productType = "com.apple.product-type.application";
                    buildPhases = ("AAAAAAAAAAAAAAAAAAAAAAA2", phase-3); buildConfigurationList = L; };
                "AAAAAAAAAAAAAAAAAAAAAAA2" = {isa = PBXSourcesBuildPhase; files = (B1, aaaaaaaaaaaaaaaaaaaaaaa3); };
                phase-3 = {isa = PBXSourcesBuildPhase; files = (B2); };
                B1 = {isa = PBXBuildFile; fileRef = F1; }; B2 = {isa = PBXBuildFile; fileRef = "F2"; };
                aaaaaaaaaaaaaaaaaaaaaaa3 = {isa = PBXBuildFile; fileRef = F3; };
                F1 = {isa = PBXFileReference; path = "One.swift"; sourceTree = "<group>"; };
                F2 = {isa = PBXFileReference; path = Two.swift; sourceTree = SOURCE_ROOT; };
                F3 = {isa = PBXFileReference; path = "Thr\\ee.swift"; sourceTree = "<group>"; };
                G = {isa = PBXGroup; children = (F1, F3, MISSING, (F2), {a = b;}); path = Sources; sourceTree = "<group>"; };
                L = {isa = XCConfigurationList; buildConfigurations = (C1, C2, C3); };
                C1 = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = "$(SRCROOT)/App/Info.plist"; OTHER = (x); }; };
                C2 = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_KEY_UIApplicationSupportsMultipleScenes = YES; }; };
                C3 = {isa = XCBuildConfiguration; buildSettings = (not, a, dictionary); };
            }; rootObject = AAAAAAAAAAAAAAAAAAAAAAA1; }
            """,
            // Repeated keys keep their last value; an object that is no dictionary; an isa that is no string.
            """
            { objects = {
                T = {isa = PBXNativeTarget; name = First; name = Second; productType = "com.apple.product-type.application";
                     buildPhases = (P); buildPhases = (P2); };
                P = {isa = PBXSourcesBuildPhase; files = (B); };
                P2 = {isa = (PBXSourcesBuildPhase); files = (B); };
                B = {isa = PBXBuildFile; fileRef = F; };
                F = {isa = PBXFileReference; path = A.swift; };
                F = {isa = PBXFileReference; path = B.swift; };
                S = "not an object";
                U = {isa = PBXNativeTarget; name = Other; productType = "com.apple.product-type.application"; buildPhases = P; };
            }; }
            """,
            // 24-byte ids that are not hexadecimal: ASCII ones are equal when their bytes are;
            // non-ASCII ones when they are equal strings (`éé` composed one way and the other).
            """
            { objects = {
                ABCDEFGHIJKLMNOPQRSTUVWX = {isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application";
                    buildPhases = ("\u{E9}e\u{301}0123456789012345678", abcdefghijklmnopqrstuvwx); };
                "e\u{301}\u{E9}0123456789012345678" = {isa = PBXSourcesBuildPhase; files = ("ABCDEFGHIJKLMNOPQRSTUVW1"); };
                "abcdefghijklmnopqrstuvwx" = {isa = PBXSourcesBuildPhase; files = (ABCDEFGHIJKLMNOPQRSTUVW2); };
                ABCDEFGHIJKLMNOPQRSTUVW1 = {isa = PBXBuildFile; fileRef = "000000000000000000000001"; };
                ABCDEFGHIJKLMNOPQRSTUVW2 = {isa = PBXBuildFile; fileRef = 000000000000000000000002; };
                000000000000000000000001 = {isa = PBXFileReference; path = One.swift; sourceTree = SOURCE_ROOT; };
                "000000000000000000000002" = {isa = PBXFileReference; path = Two.swift; sourceTree = SOURCE_ROOT; };
            }; }
            """,
            // Kinds and product types spelled with escapes, quoted, or as the wrong kind of value.
            """
            { objects = {
                T = {isa = "PBXNative\\U0054arget"; name = Escaped; productType = "com.apple.product-type.appl\\151cation";
                     buildPhases = (P, Q); };
                V = {isa = PBXNativeTarget; name = Listed; productType = ("com.apple.product-type.application"); buildPhases = (P); };
                W = {isa = "PBXNativeTarget"; name = Quoted; productType = "com.apple.product-type.application"; buildPhases = (Q); };
                X = {isa = PBXNativeTargets; name = Longer; productType = com.apple.product-type.application; buildPhases = (P); };
                P = {isa = "PBXSourcesBuildPhase"; files = (B); };
                Q = {isa = PBXSourcesBuildPhas; files = (B); };
                B = {isa = PBXBuildFile; fileRef = F; };
                F = {isa = PBXFileReference; path = A.swift; sourceTree = SOURCE_ROOT; };
            }; }
            """,
            // Not the plain shape: no objects, two of them, objects that are no dictionary, damage.
            "{ archiveVersion = 1; }",
            "{ objects = {}; objects = { T = {isa = PBXNativeTarget;}; }; }",
            "{ objects = (a, b); }",
            "// !$*UTF8*$!\n{ objects = { A = {isa = PBXGroup; ",
            "{ objects = { A = {isa = PBXGroup;}; }; } trailing",
            "( objects )",
        ]
        inputs += shapes.enumerated().map { (path: "shape \($0.offset)", bytes: Array($0.element.utf8)) }
        for (path, bytes) in inputs {
            let direct = Result { try XcodeProject(parsing: bytes, projectDirectory: "/work/App", readsDirectly: true) }
            let general = Result { try XcodeProject(parsing: bytes, projectDirectory: "/work/App", readsDirectly: false) }
            switch (direct, general) {
            case (.success(let direct), .success(let general)):
                XCTAssertEqual(Self.described(direct), Self.described(general), path)
            case (.failure(let direct), .failure(let general)):
                XCTAssertEqual(String(describing: direct), String(describing: general), path)
            default:
                XCTFail("\(path): read directly \(direct), as a property list \(general)")
            }
        }
        // The shapes hold what they are meant to: targets found, and files in them.
        let first = try XcodeProject(parsing: Array(shapes[0].utf8), projectDirectory: "/work/App")
        XCTAssertEqual(Self.described(first), ["My App: /work/App/Sources/One.swift /work/App/Sources/Three.swift "
                                               + "/work/App/Two.swift | folders [] | plist /work/App/App/Info.plist | multiple"])
        let words = try XcodeProject(parsing: Array(shapes[2].utf8), projectDirectory: "/work/App")
        XCTAssertEqual(Self.described(words), ["App: /work/App/One.swift /work/App/Two.swift | folders [] | plist none | unknown"])
        let kinds = try XcodeProject(parsing: Array(shapes[3].utf8), projectDirectory: "/work/App")
        XCTAssertEqual(Self.described(kinds), ["Escaped: /work/App/A.swift | folders [] | plist none | unknown",
                                               "Quoted:  | folders [] | plist none | unknown"])
    }

    private static func described(_ project: XcodeProject) -> [String] {
        project.targets.map { target in
            "\(target.name): \(target.swiftFiles.sorted().joined(separator: " ")) | folders \(target.synchronizedFolders) "
                + "| plist \(target.infoPlist ?? "none") | \(target.generatedSceneSupport.rawValue)"
        }.sorted()
    }

    static func same(_ ours: OldStylePlist, _ theirs: Any) -> Bool {
        switch ours {
        case .string(let value): return (theirs as? String) == value
        case .data: return theirs is Data
        case .array(let values):
            guard let other = theirs as? [Any], other.count == values.count else { return false }
            return zip(values, other).allSatisfy { same($0, $1) }
        case .dictionary(let values):
            guard let other = theirs as? [String: Any], other.count == values.count else { return false }
            return values.allSatisfy { key, value in other[key].map { same(value, $0) } ?? false }
        }
    }
}
