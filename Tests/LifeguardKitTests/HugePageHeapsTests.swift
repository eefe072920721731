import Foundation
import XCTest
import LifeguardTestSupport
@testable import LifeguardKit
#if canImport(Glibc)
import Glibc
#endif

/// Huge-page heaps: the system setting, the reading of `/proc/self/maps`, and that a thread the
/// run starts after `adopt` allocates from a mapping the kernel will back with huge pages.
final class HugePageHeapsTests: XCTestCase {
    func testTheSystemSettingIsTheBracketedWord() {
        XCTAssertEqual(HugePageHeaps.setting(from: "always [madvise] never\n"), .madvise)
        XCTAssertEqual(HugePageHeaps.setting(from: "[always] madvise never\n"), .always)
        XCTAssertEqual(HugePageHeaps.setting(from: "always madvise [never]\n"), .never)
        XCTAssertNil(HugePageHeaps.setting(from: "always madvise never\n"))
        XCTAssertNil(HugePageHeaps.setting(from: "[sometimes] never\n"))
        XCTAssertNil(HugePageHeaps.setting(from: ""))
    }

    func testAnOptOutChangesNothing() {
        XCTAssertFalse(HugePageHeaps.adopt(environment: [HugePageHeaps.environmentVariable: "0"]))
    }

    func testFilesAloneAreNoLargeRun() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lifeguard-heaps-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("One.swift")
        try Data("let one = 1\n".utf8).write(to: file)
        XCTAssertFalse(HugePageHeaps.adopt(forLinting: ["One.swift", "Missing.swift"], workingDirectory: folder.path,
                                           environment: [:]))
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

    /// After `adopt`, a worker's heap is a mapping the kernel may back with huge pages
    /// (`THPeligible: 1` in `/proc/self/smaps`); where the system's setting is `never`, nothing is adopted.
    /// Checked in a process of its own, as the CLI adopts before it starts any thread: in this one,
    /// earlier tests' threads left heaps mapped before `adopt`, which a new thread may take over.
    func testAWorkerStartedAfterAdoptingAllocatesFromAMarkedMapping() throws {
        let setting = FileText.contents(of: "/sys/kernel/mm/transparent_hugepage/enabled").flatMap(HugePageHeaps.setting)
        guard let setting, setting != .never else {
            XCTAssertFalse(HugePageHeaps.adopt(environment: [:]))
            throw XCTSkip("transparent huge pages are off on this machine")
        }
        let childVariable = "LIFEGUARD_HEAPS_TEST_CHILD"
        guard ProcessInfo.processInfo.environment[childVariable] != nil else {
            let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            var environment = ProcessInfo.processInfo.environment
            environment[childVariable] = "1"
            let output = try ProcessRunner.run(executable, ["LifeguardKitTests.HugePageHeapsTests/\(#function.prefix { $0 != "(" })"],
                                               environment: environment)
            let printed = output.stdout + output.stderr
            XCTAssertEqual(output.status, 0, printed)
            XCTAssertTrue(printed.contains("Executed 1 test, with 0 failures"), printed)
            return
        }
        XCTAssertTrue(HugePageHeaps.adopt(environment: [:]))
        let eligible = Slots(count: 1, initial: [Bool]())
        let pool = WorkerPool<Int>(count: 1) { _, worker in
            // A block of the probe's size: the one the thread marked by, reused.
            guard let block = malloc(16) else { return }
            defer { free(block) }
            let found = Self.isHugePageEligible(UInt(bitPattern: block))
            eligible.modify(worker) { $0.append(found) }
        }
        pool.submit(contentsOf: [1, 2])
        pool.finish()
        XCTAssertEqual(eligible.all, [[true, true]])
    }

    /// Whether `/proc/self/smaps` says the mapping holding `address` may get huge pages.
    static func isHugePageEligible(_ address: UInt) -> Bool {
        // Read to its end: a `/proc` file tells no size, and a reader that trusts one stops short.
        guard let data = FileHandle(forReadingAtPath: "/proc/self/smaps")?.readDataToEndOfFile() else { return false }
        let smaps = String(decoding: data, as: UTF8.self)
        var inside = false
        for line in smaps.split(separator: "\n") {
            if let dash = line.firstIndex(of: "-"), let space = line.firstIndex(of: " "), dash < space,
               let start = UInt(line[..<dash], radix: 16),
               let end = UInt(line[line.index(after: dash)..<space], radix: 16) {
                inside = (start..<end).contains(address)
            } else if inside, line.hasPrefix("THPeligible:") {
                return line.split(separator: " ").last == "1"
            }
        }
        return false
    }
    #endif
}
