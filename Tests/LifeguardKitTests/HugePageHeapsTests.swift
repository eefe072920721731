import Foundation
import XCTest
import LifeguardTestSupport
@testable import LifeguardKit
#if canImport(Glibc)
import Glibc
#endif

/// Huge-page heaps (opt-in): the system setting, the reading of `/proc/self/maps`, and that a
/// thread the run starts after `adopt` allocates from a mapping the kernel will back with huge pages.
final class HugePageHeapsTests: XCTestCase {
    func testTheSystemSettingIsTheBracketedWord() {
        XCTAssertEqual(HugePageHeaps.setting(from: "always [madvise] never\n"), .madvise)
        XCTAssertEqual(HugePageHeaps.setting(from: "[always] madvise never\n"), .always)
        XCTAssertEqual(HugePageHeaps.setting(from: "always madvise [never]\n"), .never)
        XCTAssertNil(HugePageHeaps.setting(from: "always madvise never\n"))
        XCTAssertNil(HugePageHeaps.setting(from: "[sometimes] never\n"))
        XCTAssertNil(HugePageHeaps.setting(from: ""))
    }

    /// Opt-in: without `LIFEGUARD_HUGE_PAGES=1` nothing is set or marked. (No test in this
    /// process adopts them: the one that does runs in a child process, so `marksHeaps` is false
    /// here whatever the order of the tests.)
    func testNothingChangesUnlessAskedFor() {
        XCTAssertFalse(HugePageHeaps.adopt(environment: [:]))
        XCTAssertFalse(HugePageHeaps.adopt(environment: [HugePageHeaps.environmentVariable: "0"]))
        XCTAssertFalse(HugePageHeaps.adopt(environment: [HugePageHeaps.environmentVariable: "yes"]))
        XCTAssertFalse(HugePageHeaps.marksHeaps)
    }

    func testFilesAloneAreNoLargeRun() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifeguard-heaps-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("One.swift")
        try Data("let one = 1\n".utf8).write(to: file)
        XCTAssertFalse(HugePageHeaps.adopt(forLinting: ["One.swift", "Missing.swift"], workingDirectory: folder.path,
                                           environment: [HugePageHeaps.environmentVariable: "1"]))
    }

    #if canImport(Glibc)
    func testMapsLinesAreReadAsTheKernelWritesThem() {
        func lines(_ text: String) -> [MemoryMaps.Line] {
            var parser = MemoryMaps.LineParser()
            var found: [MemoryMaps.Line] = []
            for byte in text.utf8 { if let line = parser.take(byte) { found.append(line) } }
            if let line = parser.finish() { found.append(line) }
            return found
        }
        let text = """
            55f6f2b88000-55f6f6b89000 rw-p 00000000 00:00 0                          [heap]
            7f6334000000-7f6338000000 rw-p 00000000 00:00 0 
            7f6338000000-7f633c000000 rw-p 00000000 00:00 0                          [anon: glibc: malloc arena]
            7f6340000000-7f6340200000 r-xp 00000000 08:01 1234                       /usr/lib/libc.so.6
            7f6340200000-7f6340400000 rw-p 00002000 08:01 1234                       /usr/lib/libc.so.6
            7ffd10000000-7ffd10021000 rw-p 00000000 00:00 0                          [stack]
            7f6350000000-7f6354000000 ---p 00000000 00:00 0 
            not a mapping at all
            7f6360000000-7f6360001000 rw-p 00000000 00:00 0
            """
        XCTAssertEqual(lines(text), [
            MemoryMaps.Line(range: 0x55f6_f2b8_8000..<0x55f6_f6b8_9000, isAnonymousWritable: true),
            MemoryMaps.Line(range: 0x7f63_3400_0000..<0x7f63_3800_0000, isAnonymousWritable: true),
            MemoryMaps.Line(range: 0x7f63_3800_0000..<0x7f63_3c00_0000, isAnonymousWritable: true),
            MemoryMaps.Line(range: 0x7f63_4000_0000..<0x7f63_4020_0000, isAnonymousWritable: false),
            MemoryMaps.Line(range: 0x7f63_4020_0000..<0x7f63_4040_0000, isAnonymousWritable: false),
            MemoryMaps.Line(range: 0x7ffd_1000_0000..<0x7ffd_1002_1000, isAnonymousWritable: false),
            MemoryMaps.Line(range: 0x7f63_5000_0000..<0x7f63_5400_0000, isAnonymousWritable: false),
            // The last line, without a line break.
            MemoryMaps.Line(range: 0x7f63_6000_0000..<0x7f63_6000_1000, isAnonymousWritable: true),
        ])
    }

    func testAFreshBlockLiesInAnAnonymousMapping() throws {
        let block = try XCTUnwrap(malloc(64))
        defer { free(block) }
        let address = UInt(bitPattern: block)
        let mapping = try XCTUnwrap(MemoryMaps.anonymousMapping(containing: address))
        XCTAssertTrue(mapping.contains(address))
        XCTAssertNil(MemoryMaps.anonymousMapping(containing: 0))
    }

    /// After `adopt` (asked for), a worker's heap is marked for huge pages (`hg` among the mapping's flags in
    /// `/proc/self/smaps`), and so is the heap that follows a full one; where the system's setting
    /// is `never`, nothing is adopted. Checked in a process of its own, as the CLI adopts before it
    /// starts any thread: in this one, earlier tests' threads left heaps mapped before `adopt`,
    /// which a new thread may take over.
    func testWorkersStartedAfterAdoptingMarkTheHeapsTheyAllocateFrom() throws {
        let setting = HugePageHeaps.systemSetting()
        guard let setting, setting != .never else {
            XCTAssertFalse(HugePageHeaps.adopt(environment: [HugePageHeaps.environmentVariable: "1"]))
            throw XCTSkip("transparent huge pages are off on this machine")
        }
        guard setting == .madvise else { throw XCTSkip("THP is `always` here: heaps get huge pages unmarked") }
        // A process may have THP turned off for itself (`prctl`), which its children inherit.
        if case .success(let status) = FileReader.read("/proc/self/status"),
           String(decoding: status.bytes, as: UTF8.self).contains("THP_enabled:\t0") {
            throw XCTSkip("THP is turned off for this process")
        }
        let childVariable = "LIFEGUARD_HEAPS_TEST_CHILD"
        guard ProcessInfo.processInfo.environment[childVariable] != nil else {
            let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            var environment = ProcessInfo.processInfo.environment
            environment[childVariable] = "1"
            // The child asks for huge pages itself; a user's setting is not what is tested.
            environment[HugePageHeaps.environmentVariable] = nil
            let output = try ProcessRunner.run(executable, ["LifeguardKitTests.HugePageHeapsTests/\(#function.prefix { $0 != "(" })"],
                                               environment: environment)
            let printed = output.stdout + output.stderr
            XCTAssertEqual(output.status, 0, printed)
            XCTAssertTrue(printed.contains("Executed 1 test, with 0 failures"), printed)
            return
        }
        XCTAssertTrue(HugePageHeaps.adopt(environment: [HugePageHeaps.environmentVariable: "1"]))
        // Item 1 fills more than one 64 MB heap (the blocks are kept, never written); item 2
        // looks at the first block's mapping and the last's, which lies in the heap that followed
        // (two marked heaps side by side are one mapping to the kernel, two unmarked ones too: the
        // flag is what tells).
        let blocks = Slots(count: 1, initial: [UInt]())
        let marks = Slots(count: 1, initial: [Bool]())
        let pool = WorkerPool<Int>(count: 1) { item, worker in
            if item == 1 {
                var kept: [UInt] = []
                for _ in 0..<80 { if let block = malloc(1 << 20) { kept.append(UInt(bitPattern: block)) } }
                blocks.modify(worker) { $0 = kept }
            } else {
                let kept = blocks.modify(worker) { $0 }
                marks.modify(worker) { $0 = [kept.first, kept.last].map { $0.map(Self.isMarkedForHugePages) ?? false } }
                for block in kept { free(UnsafeMutableRawPointer(bitPattern: block)) }
            }
        }
        pool.submit(contentsOf: [1, 2])
        pool.finish()
        let kept = blocks.all[0]
        XCTAssertEqual(kept.count, 80)
        XCTAssertEqual(marks.all, [[true, true]])
    }

    /// Whether `/proc/self/smaps` lists `hg` (marked with `MADV_HUGEPAGE`) among the flags of the
    /// mapping holding `address`.
    static func isMarkedForHugePages(_ address: UInt) -> Bool {
        // Read to its end: a `/proc` file tells no size, and a reader that trusts one stops short.
        guard let data = FileHandle(forReadingAtPath: "/proc/self/smaps")?.readDataToEndOfFile() else { return false }
        var inside = false
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            if let dash = line.firstIndex(of: "-"), let space = line.firstIndex(of: " "), dash < space,
               let start = UInt(line[..<dash], radix: 16),
               let end = UInt(line[line.index(after: dash)..<space], radix: 16) {
                inside = (start..<end).contains(address)
            } else if inside, line.hasPrefix("VmFlags:") {
                return line.split(separator: " ").contains("hg")
            }
        }
        return false
    }
    #endif
}
