#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// A file a run lints: the path to show and where its bytes come from.
public struct PipelineFile: Sendable {
    /// Where the bytes are: already in memory, or on disk to be read (and read again).
    public enum Origin: Sendable {
        case memory([UInt8])
        case disk(RawPath)
    }

    public var displayPath: String
    public var origin: Origin
    /// Reached through a symbolic link: another path to the same file is preferred.
    public var throughLink: Bool

    public init(displayPath: String, origin: Origin, throughLink: Bool = false) {
        self.displayPath = displayPath
        self.origin = origin
        self.throughLink = throughLink
    }
}

/// How a run uses the machine; defaults suit the CLI.
public struct PipelineOptions: Sendable {
    /// Worker threads (the number of online cores unless set).
    public var workers: Int
    /// Pass 1 parses every file without trivia (`SyntaxTree(significantTokensOf:)`: a third fewer
    /// tokens, and no second copy of them) and keeps the trees of the files pass 2 will lint while
    /// their sources add up to at most this many bytes; pass 2 reads and parses the others again,
    /// also without trivia (the rules, their fixes and suppression comments read the same from
    /// either kind of tree). A kept tree costs about ten times its source's size in peak memory,
    /// and every page of it is a page fault. On 55 MB of Swift, pass 2 lints 365 files (~4 MB):
    /// keeping them all saved 3.7% of the instructions and keeping 2 MB of them 2.2%, but the
    /// page faults (+10k and +5k) and memory (+40 MB and +20 MB) cost as much time as the parsing
    /// they spared (20 interleaved runs: 0.698 s with none kept, 0.713 s with 2 MB). The default
    /// keeps every file of a small run (a pre-commit hook, an editor's file) and next to nothing
    /// of a large one.
    public var retainedSourceBytes: Int
    /// Files are indexed in display-path order (the CLI's), rather than in the order given.
    public var ordersByPath: Bool
    /// Compute GitHub line hashes for flagged lines (SARIF output needs them).
    public var lineHashes: Bool
    /// A deliberate crash on one file, for the test of crash reporting; see `CrashTrigger`.
    public var crashTrigger: CrashTrigger?
    /// Keep every file's bytes in the result's excerpts. Meant for files given in memory, whose
    /// buffers are shared rather than copied; the CLI keeps only flagged lines.
    public var keepsSources = false
    /// Never free the project index or the per-file facts it was built from: a process that exits
    /// after the run (the CLI) skips tearing down their hundreds of thousands of entries one by one.
    public var keepsIndexUntilExit: Bool
    /// Count every file's lines in `PipelineStatistics.lines` (the benchmark's lines per second).
    /// Off in the CLI: nothing else reads the count, and counting a file that pass 1 does not keep
    /// is a search per line.
    public var countsLines = false
    /// Display paths of files an earlier attempt of this run crashed on in pass 2: pass 1 reads
    /// their facts for the index as usual (the other files' findings depend on them), pass 2
    /// reports them (`FileProblem.Kind.crashed`) instead of linting them.
    public var crashedWhileLinting: Set<String> = []
    /// Run pass 2 on every file, even one that spells none of the enabled rules' anchor words
    /// (`AnchorWords`); for the test that the words lose no finding.
    public var lintsEveryFile = false

    public init(workers: Int? = nil, retainedSourceBytes: Int = 256 << 10, ordersByPath: Bool = true,
                lineHashes: Bool = true, crashTrigger: CrashTrigger? = nil, keepsIndexUntilExit: Bool = false) {
        self.workers = max(1, workers ?? Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        self.retainedSourceBytes = retainedSourceBytes
        self.ordersByPath = ordersByPath
        self.lineHashes = lineHashes
        self.crashTrigger = crashTrigger
        self.keepsIndexUntilExit = keepsIndexUntilExit
    }
}

/// A file the run could not lint, in the order of paths.
public struct FileProblem: Sendable, Equatable {
    public init(path: String, kind: Kind) {
        self.path = path
        self.kind = kind
    }

    /// Why the file was not linted.
    public enum Kind: Sendable, Equatable {
        /// Opening or reading failed: the run fails (exit 2) after reporting the rest.
        case unreadable(reason: String)
        /// The file holds NUL bytes: skipped with a warning.
        case binary
        /// An earlier attempt of this run crashed while analyzing the file (see `CrashGuard`),
        /// reading its facts for the index (`whileIndexing`) or linting it: not linted, and the
        /// run ends with `CrashGuard.exitStatus` after reporting the rest.
        case crashed(whileIndexing: Bool)
    }

    public var path: String
    public var kind: Kind
}

/// Where the time of a run went. Phase times are summed over worker threads (so on several
/// cores they can exceed the wall time); stage times are wall-clock.
public struct PipelineStatistics: Sendable {
    public var files = 0
    public var bytes = 0
    public var lines = 0
    /// Pass 1 (discovery overlapping reading, parsing and fact extraction), the index build,
    /// and pass 2 (models, rules, suppressions), wall-clock seconds.
    public var passOneWall = 0.0
    public var indexWall = 0.0
    /// CPU seconds of the whole process during the index build (how well it uses the cores).
    public var indexCPU = 0.0
    public var passTwoWall = 0.0
    /// Seconds summed over workers.
    public var read = 0.0
    public var parse = 0.0
    public var facts = 0.0
    public var reparse = 0.0
    public var rules = 0.0
    public var excerpts = 0.0
    /// Files whose tree pass 1 kept for pass 2.
    public var retainedTrees = 0
    /// Files pass 2 did not parse again: they spell no anchor word of an enabled rule.
    public var filesWithoutAnchors = 0
}

/// Per-worker phase clocks, in nanoseconds.
struct PhaseClock: Sendable {
    var read: UInt64 = 0
    var parse: UInt64 = 0
    var facts: UInt64 = 0
    var reparse: UInt64 = 0
    var rules: UInt64 = 0
    var excerpts: UInt64 = 0
    var bytes = 0
    var lines = 0
    var retained = 0
    /// Bytes of the files whose trees are kept, against `PipelineOptions.retainedSourceBytes`.
    var keptBytes = 0

    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// CPU time of the whole process, every thread, in nanoseconds.
    static func processCPU() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}

/// A test-only way to crash while analyzing one file, so the crash report can be tested for
/// real. The CLI builds one only in debug builds, from `LIFEGUARD_TEST_CRASH_ON`.
public struct CrashTrigger: Sendable {
    /// How to crash.
    public enum Kind: String, Sendable {
        /// A Swift runtime trap (`fatalError`).
        case trap
        /// Unbounded recursion, which ends in a stack overflow.
        case overflow
    }

    /// The file names (last path components) to crash on.
    public var fileNames: Set<String>
    public var kind: Kind
    /// The pass to crash in: pass 2 (`linting`) unless told.
    public var phase: CrashGuard.Phase

    /// Parses `Name.swift`, `Name.swift:overflow`, several names (`One.swift,Two.swift:trap`), and
    /// a pass (`Name.swift:trap:indexing` crashes in pass 1).
    public init?(_ specification: String) {
        var parts = specification.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        var phase = CrashGuard.Phase.linting
        if parts.count > 2 {
            switch parts.removeLast() {
            case "indexing": phase = .indexing
            case "linting": phase = .linting
            default: return nil
            }
        }
        let kind = parts.count > 1 ? Kind(rawValue: parts.removeLast()) : .trap
        guard let kind, let names = parts.first else { return nil }
        fileNames = Set(names.split(separator: ",").map(String.init))
        guard !fileNames.isEmpty else { return nil }
        self.kind = kind
        self.phase = phase
    }

    func fire(on path: String, in phase: CrashGuard.Phase) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard phase == self.phase, fileNames.contains(name) else { return }
        switch kind {
        case .trap: fatalError("crash requested by LIFEGUARD_TEST_CRASH_ON for \(name)")
        case .overflow: _ = Self.recurse(1)
        }
    }

    @inline(never)
    private static func recurse(_ depth: Int) -> Int {
        // A frame with a buffer the optimizer cannot drop, and work after the call, so the
        // recursion is neither removed nor turned into a loop.
        var frame = [UInt8](repeating: UInt8(truncatingIfNeeded: depth), count: 64)
        return withUnsafeMutableBytes(of: &frame) { _ in recurse(depth + 1) } &+ Int(frame[depth % 64])
    }
}

/// The two-pass lint of a set of files, with memory that grows with the project index rather
/// than with the code: pass 1 reads and parses each file as it is found and keeps only the
/// facts the index needs; the index is built; pass 2 parses each file it lints again (or uses the
/// tree pass 1 kept within `PipelineOptions.retainedSourceBytes`), without trivia as pass 1 did,
/// runs the rules, and keeps only the findings and the lines they point at.
public final class LintPipeline: Sendable {
    public let configuration: LintConfiguration
    public let options: PipelineOptions
    private let requests: IndexRequests
    /// `nil` when every file is linted in pass 2.
    private let anchors: AnchorWords?
    /// From this many files to lint in pass 2, app facts are read beside the index build rather
    /// than when a rule first asks.
    static let eagerAppFactsFiles = 64

    public init(configuration: LintConfiguration, options: PipelineOptions = PipelineOptions()) {
        self.configuration = configuration
        self.options = options
        anchors = options.lintsEveryFile ? nil : AnchorWords(configuration)
        requests = IndexRequests(configuration.rules.map { $0.rule.description })
    }

    /// What a run produced.
    public struct Output: Sendable {
        public var result: LintResult
        /// Files that were not linted, sorted by path.
        public var problems: [FileProblem]
        public var statistics: PipelineStatistics
    }

    /// What pass 1 learned about one file.
    private struct Record: Sendable {
        var sequence: Int
        var file: PipelineFile
        var identity: FileIdentity?
        var facts: FactsHolder?
        var problem: FileProblem.Kind?
        var bytes = 0
        /// Some enabled rule may find something in the file: pass 2 lints it.
        var mayFire = true

        /// What a record is swapped out for when it is moved: it holds no counted reference (an
        /// empty string and an empty array are static), so swapping costs no retain or release.
        static var placeholder: Record { Record(sequence: -1, file: PipelineFile(displayPath: "", origin: .memory([]))) }

        /// Moves the record out of `slot`, leaving a placeholder: the records of a run are
        /// reordered on one thread, and a copy would count a reference for each of their fields.
        static func move(from slot: inout Record) -> Record {
            var record = placeholder
            swap(&record, &slot)
            return record
        }
    }

    /// Lints the files `produce` submits. `produce` runs on the calling thread (discovery walks
    /// there) while workers read and parse what it has submitted so far. If it throws, the
    /// workers stop after their current file and the error is rethrown.
    public func run(_ produce: (_ submit: (PipelineFile) -> Void) throws -> Void) rethrows -> Output {
        let passOneStart = PhaseClock.now()
        let clocks = Slots(count: options.workers, initial: PhaseClock())
        let records = Slots(count: options.workers, initial: [Record]())
        let kept = Slots(count: options.workers, initial: [Int: SyntaxTree]())
        let budget = options.retainedSourceBytes / options.workers
        let requests = self.requests
        let anchors = self.anchors
        let countsLines = options.countsLines
        let crashTrigger = options.crashTrigger
        let work: @Sendable ((Int, PipelineFile), Int) -> Void = { item, worker in
            let (sequence, file) = item
            CrashGuard.enter(file.displayPath, phase: .indexing)
            crashTrigger?.fire(on: file.displayPath, in: .indexing)
            let (record, tree) = clocks.modify(worker) { clock in
                Self.firstPass(sequence: sequence, file: file, requests: requests, anchors: anchors,
                               countsLines: countsLines, clock: &clock,
                               budget: budget)
            }
            if let tree {
                clocks.modify(worker) { $0.retained += 1 }
                kept.modify(worker) { $0[sequence] = tree }
            }
            records.modify(worker) { $0.append(record) }
            CrashGuard.leave()
        }
        // One worker works inline: no thread to start, which matters to callers linting one small
        // file at a time (editors, tests).
        let pool = options.workers > 1 ? WorkerPool<(Int, PipelineFile)>(count: options.workers, work: work) : nil
        var sequence = 0
        var submittedPaths: [String] = []
        do {
            try produce { file in
                if options.ordersByPath { submittedPaths.append(file.displayPath) }
                if let pool { pool.submit((sequence, file)) } else { work((sequence, file), 0) }
                sequence += 1
            }
        } catch {
            pool?.finish()
            throw error
        }
        // The order of the index is worked out while the workers finish the files: this thread
        // has nothing else to do then, and sorting ten thousand paths afterwards kept a core idle.
        var sequenceOrder = Array(0..<sequence)
        if options.ordersByPath {
            let paths = submittedPaths
            submittedPaths = []
            sequenceOrder.sort { paths[$0] == paths[$1] ? $0 < $1 : paths[$0] < paths[$1] }
        }
        pool?.finish()
        var statistics = PipelineStatistics()
        statistics.passOneWall = Self.seconds(PhaseClock.now() - passOneStart)

        // Order, drop second paths to the same file, set problems aside. Records stay in the
        // workers' slots, found by their sequence numbers, and each is moved out once, in path
        // order, so each file's facts have one owner and are freed once. This runs on one thread
        // while the other cores wait: copying every record into a run-wide array first, and
        // hashing every file's identity twice, kept them waiting some 5 ms on the tuning set.
        var parts = records.take(leaving: [])
        // Every submitted file has a record; the test keeps a missing one from becoming a trap.
        var placeOfSequence = [Int64](filledWith: -1, count: sequence)
        for part in parts.indices {
            parts[part].withUnsafeBufferPointer { records in
                for index in records.indices where records[index].sequence >= 0 && records[index].sequence < sequence {
                    placeOfSequence[records[index].sequence] = Int64(part) << 32 | Int64(index)
                }
            }
        }
        let order = sequenceOrder.compactMap { placeOfSequence[$0] >= 0 ? placeOfSequence[$0] : nil }
        let keeps = Self.pathsKept(order.map { place in
            let record = (part: Int(place >> 32), index: Int(place & 0xFFFF_FFFF))
            return (parts[record.part][record.index].identity, parts[record.part][record.index].file.throughLink)
        })
        var problems: [FileProblem] = []
        var linted: [Record] = []
        linted.reserveCapacity(order.count)
        var facts: [ProjectIndexFacts] = []
        facts.reserveCapacity(order.count)
        for rank in order.indices where keeps[rank] {
            let record = Record.move(from: &parts[Int(order[rank] >> 32)][Int(order[rank] & 0xFFFF_FFFF)])
            if let problem = record.problem {
                problems.append(FileProblem(path: record.file.displayPath, kind: problem))
            } else {
                facts.append(record.facts!.facts.take()!)
                linted.append(record)
            }
        }
        parts = []
        // Held app facts (Info.plists and Xcode projects) are read beside the index build when pass
        // 2 lints many files, one of which is likely to ask; otherwise only when a rule asks. A
        // pre-commit run on one file of a large app read a few megabytes of project files it
        // never needed: 45 ms instead of 10.
        if linted.count(where: \.mayFire) >= Self.eagerAppFactsFiles { configuration.appFactsSource.start() }
        var trees: [Int: SyntaxTree] = [:]
        for part in kept.all { trees.merge(part) { first, _ in first } }

        // This thread builds part of the index: with huge-page heaps asked for (`HugePageHeaps`),
        // its heap, grown by pass 1's records (and by pass 1 itself when it ran inline), is marked again.
        _ = HugePageHeaps.ThreadHeap.forCurrentThread()
        let indexStart = PhaseClock.now()
        let indexCPUStart = PhaseClock.processCPU()
        let index = ProjectIndex(facts: facts, extraControllerBases: configuration.extraControllerBases,
                                 extraViewBases: configuration.extraViewBases,
                                 keepsMergeTablesUntilExit: options.keepsIndexUntilExit)
        if options.keepsIndexUntilExit {
            KeptUntilExit.keep(index)
            // The facts too: freeing every file's tables one by one costs a tenth of a second at the end.
            KeptUntilExit.keep(facts)
        }
        statistics.indexWall = Self.seconds(PhaseClock.now() - indexStart)
        statistics.indexCPU = Self.seconds(PhaseClock.processCPU() - indexCPUStart)

        statistics.filesWithoutAnchors = linted.count { !$0.mayFire }
        let passTwoStart = PhaseClock.now()
        let outcomes = secondPass(linted, trees: trees, index: index, clocks: clocks)
        statistics.passTwoWall = Self.seconds(PhaseClock.now() - passTwoStart)

        var diagnostics: [Diagnostic] = []
        var sources: [String: SourceExcerpt] = [:]
        var lintedCount = 0
        for (position, outcome) in outcomes.enumerated() {
            switch outcome {
            case .linted(let found, let excerpt):
                lintedCount += 1
                diagnostics.append(contentsOf: found)
                if let excerpt { sources[excerpt.path] = excerpt }
            case .unreadable(let reason):
                problems.append(FileProblem(path: linted[position].file.displayPath, kind: .unreadable(reason: reason)))
            case .crashedBefore:
                problems.append(FileProblem(path: linted[position].file.displayPath, kind: .crashed(whileIndexing: false)))
            }
        }
        diagnostics.sort(by: Diagnostic.reportOrder)
        problems.sort { $0.path < $1.path }
        // Every file's record too: freeing their paths and holders one by one is work at the end.
        if options.keepsIndexUntilExit { KeptUntilExit.keep(linted) }

        for clock in clocks.all {
            statistics.read += Self.seconds(clock.read)
            statistics.parse += Self.seconds(clock.parse)
            statistics.facts += Self.seconds(clock.facts)
            statistics.reparse += Self.seconds(clock.reparse)
            statistics.rules += Self.seconds(clock.rules)
            statistics.excerpts += Self.seconds(clock.excerpts)
            statistics.bytes += clock.bytes
            statistics.lines += clock.lines
            statistics.retainedTrees += clock.retained
        }
        statistics.files = lintedCount
        return Output(result: LintResult(diagnostics: diagnostics, sources: sources, fileCount: lintedCount),
                      problems: problems, statistics: statistics)
    }

    private static func seconds(_ nanoseconds: UInt64) -> Double { Double(nanoseconds) / 1e9 }

    /// Which of the paths (in path order, each with its file's identity and whether it was
    /// reached through a link) are linted: of several paths to one file, the first not reached
    /// through a link, else the first. Files are told apart by inode number first, in a table
    /// that hashes an integer with a multiply, and by their whole identity only when two
    /// devices give one inode number.
    static func pathsKept(_ paths: [(identity: FileIdentity?, throughLink: Bool)]) -> [Bool] {
        var keeps = [Bool](filledWith: true, count: paths.count)
        // For each file, the rank of its first path, by inode number; that rank's entry in
        // `chosen` is the rank of the path kept so far.
        var firstByInode = IntegerTable(capacity: paths.count)
        var firstByIdentity: [FileIdentity: Int] = [:]
        var chosen = [Int](filledWith: -1, count: paths.count)
        for rank in paths.indices {
            guard let identity = paths[rank].identity else { continue }
            let key = Int64(bitPattern: identity.inode & UInt64(Int64.max))
            var first = Int(firstByInode.valueInsertingIfAbsent(key, Int64(rank)).value)
            if paths[first].identity != identity {
                // Another device's file with the same inode number.
                first = firstByIdentity[identity] ?? rank
                if first == rank { firstByIdentity[identity] = rank }
            }
            guard first != rank else {
                chosen[rank] = rank
                continue
            }
            let earlier = chosen[first]
            if paths[earlier].throughLink && !paths[rank].throughLink {
                keeps[earlier] = false
                chosen[first] = rank
            } else {
                keeps[rank] = false
            }
        }
        return keeps
    }

    /// Pass 1's facts of one file, held by reference: sorting the records by path and choosing
    /// among paths to one file then copy a pointer per record, not a dozen tables.
    private final class FactsHolder: @unchecked Sendable {
        /// Taken (moved out) once, by the thread that builds the index.
        var facts: ProjectIndexFacts?
        init(_ facts: ProjectIndexFacts) { self.facts = facts }
    }

    /// Reads, parses and extracts the index facts of one file; the tree is returned when pass 2
    /// will lint the file and the worker's budget of kept sources has room.
    private static func firstPass(sequence: Int, file: PipelineFile, requests: IndexRequests, anchors: AnchorWords?,
                                  countsLines: Bool, clock: inout PhaseClock, budget: Int) -> (Record, SyntaxTree?) {
        var record = Record(sequence: sequence, file: file)
        let start = PhaseClock.now()
        let bytes: [UInt8]
        switch file.origin {
        case .memory(let contents):
            bytes = contents
        case .disk(let path):
            switch FileReader.read(path) {
            case .success(let contents):
                bytes = contents.bytes
                record.identity = contents.identity
            case .failure(let failure):
                record.problem = .unreadable(reason: failure.description)
                return (record, nil)
            }
        }
        let read = PhaseClock.now()
        clock.read += read - start
        if case .disk = file.origin, Self.containsNUL(bytes) {
            record.problem = .binary
            return (record, nil)
        }
        // No line of the file is read unless pass 2 reports something in it.
        let source = SourceFile(path: file.displayPath, bytesWithoutLineTable: bytes)
        record.bytes = bytes.count
        clock.bytes += bytes.count
        if countsLines { clock.lines += source.lineCount }
        let tree = SyntaxTree(significantTokensOf: source)
        let parsed = PhaseClock.now()
        clock.parse += parsed - read
        record.facts = FactsHolder(ProjectIndexFacts(tree: tree, requests: requests))
        record.mayFire = anchors?.mayFire(in: tree) ?? true
        clock.facts += PhaseClock.now() - parsed
        guard record.mayFire, clock.keptBytes < budget else { return (record, nil) }
        clock.keptBytes += bytes.count
        return (record, tree.keptForLinting())
    }

    private static func containsNUL(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            return memchr(base, 0, buffer.count) != nil
        }
    }

    private enum Outcome: Sendable {
        case linted([Diagnostic], SourceExcerpt?)
        case unreadable(String)
        /// An earlier attempt crashed linting it (`PipelineOptions.crashedWhileLinting`).
        case crashedBefore
    }

    /// Runs the rules on every file, largest first so no worker is left with a big file at the end.
    private func secondPass(_ records: [Record], trees: [Int: SyntaxTree], index: ProjectIndex,
                            clocks: Slots<PhaseClock>) -> [Outcome] {
        let outcomes = Slots(count: records.count, initial: Outcome?.none)
        let retained = Slots(count: records.count, initial: SyntaxTree?.none)
        // Pass 1 keeps only the trees of files pass 2 lints: the few hundred of those are looked
        // up, not every record of the run.
        if !trees.isEmpty {
            for position in records.indices where records[position].mayFire {
                retained.modify(position) { $0 = trees[records[position].sequence] }
            }
        }
        let configuration = self.configuration
        let options = self.options
        let work: @Sendable (Int, Int) -> Void = { position, worker in
            // The record's fields are read in place: a copy would count a reference per field.
            let file = records[position].file
            if !options.crashedWhileLinting.isEmpty, options.crashedWhileLinting.contains(file.displayPath) {
                outcomes.modify(position) { $0 = .crashedBefore }
                return
            }
            CrashGuard.enter(file.displayPath, phase: .linting)
            defer { CrashGuard.leave() }
            options.crashTrigger?.fire(on: file.displayPath, in: .linting)
            let tree = retained.modify(position) { slot -> SyntaxTree? in
                defer { slot = nil }
                return slot
            }
            let outcome = clocks.modify(worker) { clock in
                records[position].mayFire
                    ? Self.lint(file, tree: tree, index: index, configuration: configuration, options: options,
                                clock: &clock)
                    : Self.skip(file, options: options)
            }
            outcomes.modify(position) { $0 = outcome }
        }
        // A file no rule can find anything in, when its source is not kept and no crash is asked
        // for in it, is done here: most files of a run, which no worker need touch.
        var pending: [Int] = []
        pending.reserveCapacity(records.count)
        for position in records.indices {
            if records[position].mayFire || options.keepsSources || options.crashTrigger != nil
                || (!options.crashedWhileLinting.isEmpty && options.crashedWhileLinting.contains(records[position].file.displayPath)) {
                pending.append(position)
            } else {
                outcomes.modify(position) { $0 = .linted([], nil) }
            }
        }
        // Sorted by a copy of the sizes: reading a record in the comparison would copy it whole.
        let sizes = pending.map { records[$0].bytes }
        let order = pending.indices.sorted { sizes[$0] > sizes[$1] }.map { pending[$0] }
        if order.count <= 1 || options.workers == 1 {
            for position in order { work(position, 0) }
        } else {
            let pool = WorkerPool<Int>(count: options.workers, work: work)
            pool.submit(contentsOf: order)
            pool.finish()
        }
        return outcomes.all.map { $0! }
    }

    /// The outcome of a file no rule can find anything in: nothing, without parsing it again.
    private static func skip(_ file: PipelineFile, options: PipelineOptions) -> Outcome {
        guard options.keepsSources else { return .linted([], nil) }
        switch read(file) {
        case .success(let bytes):
            let source = SourceFile(path: file.displayPath, bytes: bytes)
            return .linted([], SourceExcerpt(source, for: [], lineHashes: options.lineHashes, keepingBytes: true))
        case .failure(let failure):
            return .unreadable(failure.description)
        }
    }

    private static func read(_ file: PipelineFile) -> Result<[UInt8], FileReader.Failure> {
        switch file.origin {
        case .memory(let contents): return .success(contents)
        case .disk(let path): return FileReader.read(path).map(\.bytes)
        }
    }

    private static func lint(_ file: PipelineFile, tree retained: SyntaxTree?, index: ProjectIndex,
                             configuration: LintConfiguration, options: PipelineOptions,
                             clock: inout PhaseClock) -> Outcome {
        let start = PhaseClock.now()
        let tree: SyntaxTree
        if let retained {
            tree = retained
        } else {
            // Without trivia, as pass 1 parsed it: the rules, their fixes and the suppression
            // comments read the same from either kind of tree.
            switch read(file) {
            case .success(let bytes): tree = SyntaxTree(significantTokensOf: SourceFile(path: file.displayPath, bytes: bytes))
            case .failure(let failure): return .unreadable(failure.description)
            }
        }
        let parsed = PhaseClock.now()
        clock.reparse += parsed - start
        let diagnostics = Linter.lintFile(tree, index: index, configuration: configuration)
        let linted = PhaseClock.now()
        clock.rules += linted - parsed
        guard !diagnostics.isEmpty || options.keepsSources else { return .linted([], nil) }
        let excerpt = SourceExcerpt(tree.source, for: diagnostics, lineHashes: options.lineHashes,
                                    keepingBytes: options.keepsSources)
        clock.excerpts += PhaseClock.now() - linted
        return .linted(diagnostics, excerpt)
    }
}
