#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Transparent huge pages for the heaps of a large run, on Linux with glibc's allocator: opt-in,
/// with `LIFEGUARD_HUGE_PAGES=1`.
///
/// A run over a large app builds its trees, facts and index a 4 KB page at a time: on the
/// tuning set (55 MB of Swift) that is 32,500 page faults. Once `adopt(environment:)` has run,
/// the run's heaps are backed by 2 MB pages where the kernel has them:
/// - glibc's malloc is told, through `mallopt` parameters it documents, to serve blocks under
///   32 MB from its heaps (not from a mapping of their own, made and unmade per file), to keep
///   what is freed rather than hand it back to the kernel, and to map a new heap whole;
/// - where the system's setting is `madvise`, each thread the run starts for its files and its
///   index (`WorkerPool`, `Deferred`) marks the mapping that holds a block it has just allocated
///   (found in `/proc/self/maps`) with `madvise(MADV_HUGEPAGE)`, and a worker looks again after
///   each file, since a full heap is followed by a new one. The threads of `Parallel.map`
///   (Dispatch's) are not marked: they allocate little of the index.
///
/// Why it is not the default: on the VM where it was measured, the faults it saves cost less
/// than the pages it zeroes. That VM hands free memory back to its host (its balloon device
/// reports free pages), and the kernel zeroes a 2 MB page whole on its first touch; apparently
/// each of its 4 KB parts is then first touched on the host too. On the tuning set, on that
/// 2-core VM, a run that follows a few seconds of idle (as a CI job's or a user's command does)
/// took 0.670 s with huge-page heaps against 0.580 s without (medians of 6; system time 0.385 s
/// against 0.205 s; page faults 2,500 against 32,300). Only a run started right after another,
/// which reuses the memory that one freed, gained (0.45 s against 0.49 s, 4 pairs), and the
/// interleaved runs that first measured it were of that kind. Where zeroing memory is cheap (a
/// machine of one's own, batch runs back to back) it may still pay. The glibc settings alone
/// changed nothing measurable (0.545 s against 0.540 s, medians of 10).
///
/// Nothing is changed unless the variable is `1`; nor is anything off Linux, without glibc's
/// `mallopt` (or where it refuses the parameters), where the system's THP setting is `never`,
/// or where `/proc/self/maps` cannot be read while the setting asks for marked regions. Where it
/// is `always`, the heaps get huge pages unmarked, and none is marked. Marked regions are where
/// the kernel compacts memory for a huge page when its `defrag` setting is `madvise` (the
/// default): on a machine whose memory is fragmented a fault may then wait.
public enum HugePageHeaps {
    /// The environment variable that turns huge-page heaps on (`1`).
    public static let environmentVariable = "LIFEGUARD_HUGE_PAGES"

    /// The system's transparent-huge-page setting, as `/sys/kernel/mm/transparent_hugepage/enabled`
    /// shows it (`always [madvise] never`: the bracketed word).
    enum SystemSetting: String, Equatable {
        case always, madvise, never
    }

    /// The bracketed word of a THP setting file's text; `nil` when there is none.
    static func setting(from text: String) -> SystemSetting? {
        guard let open = text.firstIndex(of: "["), let close = text[open...].firstIndex(of: "]") else { return nil }
        return SystemSetting(rawValue: String(text[text.index(after: open)..<close]))
    }

    /// The system's setting; `nil` where the kernel shows none.
    static func systemSetting() -> SystemSetting? {
        guard case .success(let contents) = FileReader.read("/sys/kernel/mm/transparent_hugepage/enabled") else { return nil }
        return setting(from: String(decoding: contents.bytes, as: UTF8.self))
    }

    /// `adopt(environment:)` for a run over `paths` when one of them is a folder: a run given only
    /// files (a pre-commit hook's, an editor's) is small, and gains nothing from 2 MB pages.
    @discardableResult
    public static func adopt(forLinting paths: [String], workingDirectory: String, environment: [String: String]) -> Bool {
        // Asked first: without the opt-in, no path is looked at (a pre-commit run names many files).
        guard environment[environmentVariable] == "1",
              paths.contains(where: { PathStatus(LexicalPath.absolute($0, workingDirectory: workingDirectory)) == .directory })
        else { return false }
        return adopt(environment: environment)
    }

    /// Sets glibc's malloc up for a large run and marks the calling thread's heap; returns whether
    /// it did (see the type's documentation for when it does not). Call it before the run starts
    /// its threads: the threads `ThreadStarter` starts afterwards mark their own heaps.
    @discardableResult
    public static func adopt(environment: [String: String]) -> Bool {
        #if canImport(Glibc)
        guard environment[environmentVariable] == "1" else { return false }
        let state = HeapState.shared
        if state.isAdopted { return true }
        guard let setting = systemSetting(), setting != .never,
              // `RTLD_DEFAULT`: the allocator the process links, not a library of our choosing.
              let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt")
        else { return false }
        let marks = setting == .madvise
        // Heaps are found through `/proc/self/maps`: without it, marking could not follow them.
        if marks {
            guard let probe = malloc(16) else { return false }
            let found = MemoryMaps.anonymousMapping(containing: UInt(bitPattern: probe)) != nil
            free(probe)
            guard found else { return false }
        }
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        // glibc's parameter numbers (`malloc.h`, part of its ABI): M_MMAP_THRESHOLD, M_TRIM_THRESHOLD,
        // M_TOP_PAD. glibc answers 1 to each; another C library's stub answers 0, and then nothing
        // more is done. 32 MB is glibc's largest mapping threshold; a 64 MB pad maps a new heap whole.
        guard mallopt(-3, 32 << 20) == 1, mallopt(-1, Int32.max) == 1, mallopt(-2, 64 << 20) == 1 else { return false }
        state.adopt(marking: marks)
        // The main heap grows by the new pad on the next block it cannot hold (the probe): made
        // to grow now, it is one large mapping to mark.
        if marks {
            var heap = ThreadHeap()
            heap.refresh()
        }
        return true
        #else
        return false
        #endif
    }

    /// Whether `adopt(environment:)` has set this process up to mark its threads' heaps.
    static var marksHeaps: Bool {
        #if canImport(Glibc)
        HeapState.shared.marksHeaps
        #else
        false
        #endif
    }

    /// The heaps one thread allocates from, as it has marked them.
    struct ThreadHeap {
        /// The mappings this thread marked, newest last: a probe inside one needs no second look
        /// (a probe may land in an older heap again, and each look reads the list up to its mapping).
        private var marked: [Range<UInt>] = []
        /// How many marked mappings are remembered; the oldest is forgotten first.
        static let remembered = 8
        /// Looks that found no mapping: after a few, the thread stops looking.
        private var misses = 0
        static let missLimit = 3
        /// The probe's size: more than any block glibc keeps in a thread's cache (which may hold
        /// blocks other threads allocated), and more than freed blocks usually leave behind, so
        /// the probe comes from where the thread's heap grows.
        static let probeSize = 1 << 20

        /// `nil` unless `adopt(environment:)` has set the process up to mark heaps: a thread of a
        /// small run, or of a system whose setting is `always`, does nothing per file.
        static func forCurrentThread() -> ThreadHeap? {
            guard HugePageHeaps.marksHeaps else { return nil }
            var heap = ThreadHeap()
            heap.refresh()
            return heap
        }

        /// Marks the mapping that holds a freshly allocated probe, unless this thread marked it already.
        mutating func refresh() {
            #if canImport(Glibc)
            guard misses < Self.missLimit, let probe = malloc(Self.probeSize) else { return }
            defer { free(probe) }
            let address = UInt(bitPattern: probe)
            if marked.contains(where: { $0.contains(address) }) { return }
            guard let mapping = MemoryMaps.anonymousMapping(containing: address) else {
                misses += 1
                return
            }
            _ = madvise(UnsafeMutableRawPointer(bitPattern: mapping.lowerBound), Int(mapping.count), MADV_HUGEPAGE)
            if marked.count == Self.remembered { marked.removeFirst() }
            marked.append(mapping)
            #endif
        }
    }
}

#if canImport(Glibc)
/// Whether huge-page heaps were adopted, and whether threads mark their heaps: set once, before
/// the run's threads start, by the thread that starts them.
private final class HeapState: @unchecked Sendable {
    static let shared = HeapState()
    private let lock = Lock()
    private var adopted = false
    private var marking = false

    var isAdopted: Bool { lock.withLock { adopted } }
    var marksHeaps: Bool { lock.withLock { marking } }

    func adopt(marking: Bool) {
        lock.withLock {
            adopted = true
            self.marking = marking
        }
    }
}

/// The process's mappings, as `/proc/self/maps` lists them.
enum MemoryMaps {
    /// The private, writable, anonymous mapping (no file; `[heap]` counts) that holds `address`;
    /// `nil` when there is none or the list cannot be read (a failed read leaves no list at all,
    /// rather than a line cut short whose end and name could not be trusted).
    static func anonymousMapping(containing address: UInt) -> Range<UInt>? {
        guard case .success(let contents) = FileReader.read("/proc/self/maps") else { return nil }
        var parser = LineParser()
        for byte in contents.bytes {
            if let line = parser.take(byte), line.range.contains(address) {
                return line.isAnonymousWritable ? line.range : nil
            }
        }
        if let line = parser.finish(), line.range.contains(address) {
            return line.isAnonymousWritable ? line.range : nil
        }
        return nil
    }

    /// One line of the list: `start-end perms offset device inode [name]`.
    struct Line: Equatable {
        var range: Range<UInt>
        var isAnonymousWritable: Bool
    }

    /// Reads lines a byte at a time.
    struct LineParser {
        private enum Field { case start, end, permissions, offset, device, inode, name, broken }
        private var field = Field.start
        private var start: UInt = 0
        private var end: UInt = 0
        private var permissions: [UInt8] = []
        private var name: [UInt8] = []
        /// Bytes of the current field so far (a hexadecimal number may not run past 16 digits).
        private var digits = 0

        /// Feeds one byte; returns the line it ends, if it ends one that parsed.
        mutating func take(_ byte: UInt8) -> Line? {
            if byte == UInt8(ascii: "\n") { return finish() }
            switch field {
            case .start, .end:
                if let value = Self.hexValue(byte), digits < 16 {
                    if field == .start { start = start << 4 | value } else { end = end << 4 | value }
                    digits += 1
                } else if field == .start, byte == UInt8(ascii: "-"), digits > 0 {
                    field = .end
                    digits = 0
                } else if field == .end, byte == UInt8(ascii: " "), digits > 0 {
                    field = .permissions
                } else {
                    field = .broken
                }
            case .permissions:
                if byte == UInt8(ascii: " ") { field = .offset } else if permissions.count < 8 { permissions.append(byte) }
            case .offset, .device:
                if byte == UInt8(ascii: " ") { field = field == .offset ? .device : .inode }
            case .inode:
                if byte == UInt8(ascii: " ") { field = .name }
            case .name:
                // Names are padded with spaces after the inode; a long one is cut (only "[heap]" matters).
                if byte != UInt8(ascii: " ") || !name.isEmpty, name.count < 64 { name.append(byte) }
            case .broken:
                break
            }
            return nil
        }

        /// Ends the current line (at a line break or the end of the list).
        mutating func finish() -> Line? {
            defer { self = LineParser() }
            guard field == .name || field == .inode, start < end else { return nil }
            let writable = permissions.count == 4 && permissions[0] == UInt8(ascii: "r")
                && permissions[1] == UInt8(ascii: "w") && permissions[3] == UInt8(ascii: "p")
            // `[anon:...]`: an anonymous mapping given a name (glibc names its arenas so when asked).
            let anonymous = name.isEmpty || name == Array("[heap]".utf8) || name.starts(with: Array("[anon:".utf8))
            return Line(range: start..<end, isAnonymousWritable: writable && anonymous)
        }

        private static func hexValue(_ byte: UInt8) -> UInt? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt(byte - UInt8(ascii: "a") + 10)
            default: return nil
            }
        }
    }
}
#endif
