import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
import LifeguardKit
import LifeguardRules

// `lifeguard-bench run [--no-rules | --all-rules | --rules ID,ID] [--runs N] [--retain MB] [--huge-pages] PATH ...`
//
// A CLI-shaped run (discovery pipelined with reading and parsing, the index, rules, a JSON
// report) over the given paths, with the time of each phase, the process's CPU and page faults,
// and its peak memory, so a regression in any one phase shows in one command. Run it in a fresh
// process for each configuration: peak memory is the process's high-water mark.

/// The process's peak resident memory, in bytes.
func peakResidentBytes() -> Int {
    #if os(Linux)
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
       let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
       let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) {
        return kilobytes * 1024
    }
    #endif
    var usage = rusage()
    #if os(Linux)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss * 1024
    #else
    getrusage(RUSAGE_SELF, &usage)
    return usage.ru_maxrss
    #endif
}

/// The process's CPU seconds in user and kernel mode, and its minor page faults, so far. In a
/// VM whose first touch of a page is slow, the faults are a tenth of a run's CPU: they follow
/// peak memory, and a change that saves memory shows here before it shows in seconds.
func processUsage() -> (user: Double, system: Double, minorFaults: Int) {
    var usage = rusage()
    #if os(Linux)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return (seconds(usage.ru_utime), seconds(usage.ru_stime), Int(usage.ru_minflt))
}

func seconds(since start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func runBench(_ arguments: [String]) {
    var paths: [String] = []
    var rulesEnabled = true
    var allRules = false
    var onlyRules: Set<String>?
    var runs = 1
    var retained = PipelineOptions().retainedSourceBytes
    var hugePages = false
    var iterator = arguments.makeIterator()
    while let argument = iterator.next() {
        switch argument {
        case "--no-rules": rulesEnabled = false
        case "--all-rules": allRules = true
        case "--rules": onlyRules = Set((iterator.next() ?? "").split(separator: ",").map(String.init))
        case "--runs": runs = iterator.next().flatMap(Int.init) ?? 1
        case "--retain": retained = (iterator.next().flatMap(Int.init) ?? 0) << 20
        case "--huge-pages": hugePages = true
        default: paths.append(argument)
        }
    }
    if paths.isEmpty { paths = ["."] }
    // The CLI's default set (opt-in rules off) unless `--all-rules`.
    let enabled = RuleRegistry.rules.filter { rule in
        onlyRules.map { $0.contains(rule.description.id) } ?? (allRules || !rule.description.isOptIn)
    }
    let rules = rulesEnabled ? enabled.map { RuleSetup(rule: $0) } : []
    let workingDirectory = FileManager.default.currentDirectoryPath
    // As the CLI does for a run that walks folders: huge-page heaps when `LIFEGUARD_HUGE_PAGES=1`
    // asks for them, or `--huge-pages`.
    var environment = ProcessInfo.processInfo.environment
    if hugePages { environment[HugePageHeaps.environmentVariable] = "1" }
    let adopted = HugePageHeaps.adopt(forLinting: paths, workingDirectory: workingDirectory, environment: environment)

    for run in 1...max(1, runs) {
        let usageBefore = processUsage()
        // Discovery alone first: in the real run it overlaps pass 1, so it is timed apart.
        let discoveryStart = DispatchTime.now().uptimeNanoseconds
        var discovered = 0
        do {
            try FileDiscovery().discover(paths, workingDirectory: workingDirectory) { _ in discovered += 1 }
        } catch {
            print("lifeguard-bench: \(error)")
            return
        }
        let discovery = seconds(since: discoveryStart)

        let start = DispatchTime.now().uptimeNanoseconds
        // As the CLI does: the apps' plists and projects are read once pass 1 is over.
        let searched = paths
        let appFacts = Deferred<AppFacts>.held { AppFacts.locate(forLinting: searched, workingDirectory: workingDirectory) }
        let configuration = LintConfiguration(rules: rules, knownRuleIDs: Set(RuleRegistry.allDescriptions.map(\.id)),
                                              deferredAppFacts: appFacts)
        var options = PipelineOptions(retainedSourceBytes: retained, lineHashes: false, keepsIndexUntilExit: runs == 1)
        options.countsLines = true
        let pipeline = LintPipeline(configuration: configuration, options: options)
        let output: LintPipeline.Output
        do {
            output = try pipeline.run { submit in
                try FileDiscovery().discover(paths, workingDirectory: workingDirectory) { file in
                    submit(PipelineFile(displayPath: file.displayPath, origin: .disk(file.path), throughLink: file.throughLink))
                }
            }
        } catch {
            print("lifeguard-bench: \(error)")
            return
        }
        let reportStart = DispatchTime.now().uptimeNanoseconds
        let report = JSONReporter().report(output.result, context: ReportContext(rules: rules.map { $0.rule.description }))
        let reportTime = seconds(since: reportStart)
        let total = seconds(since: start)
        let statistics = output.statistics
        func row(_ name: String, _ value: Double, _ note: String = "") -> String {
            "  " + padded(name, to: 34) + format("%7.3f s", value) + note
        }
        print("== run \(run): \(statistics.files) files, \(statistics.lines) lines, "
            + format("%.1f MB", Double(statistics.bytes) / 1e6) + ", \(rules.count) rules, "
            + "\(output.result.diagnostics.count) findings, \(PipelineOptions().workers) workers")
        print(row("discovery alone (wall)", discovery, "  (\(discovered) files)"))
        print(row("pass 1: walk+read+parse+facts (wall)", statistics.passOneWall))
        print(row("  read (cpu, all workers)", statistics.read))
        print(row("  tokenize+outline (cpu)", statistics.parse))
        print(row("  index facts (cpu)", statistics.facts))
        print(row("index build (wall)", statistics.indexWall, "  (\(format("%.3f", statistics.indexCPU)) s cpu)"))
        print(row("pass 2: models+rules (wall)", statistics.passTwoWall))
        print(row("  re-read+re-parse (cpu)", statistics.reparse,
                  "  (\(statistics.retainedTrees) trees kept from pass 1, \(statistics.filesWithoutAnchors) files skipped)"))
        print(row("  model+rules+suppressions (cpu)", statistics.rules))
        print(row("  excerpts of flagged lines (cpu)", statistics.excerpts))
        print(row("report: JSON (wall)", reportTime, "  (\(report.utf8.count) bytes)"))
        print(row("total (wall)", total, format("  %.2f M lines/s", Double(statistics.lines) / total / 1e6)))
        let usage = processUsage()
        print("  process: " + format("%.3f s user, %.3f s system, ", usage.user - usageBefore.user,
                                     usage.system - usageBefore.system)
              + "\(usage.minorFaults - usageBefore.minorFaults) minor page faults"
              + (adopted ? " (huge-page heaps)" : " (huge-page heaps not adopted: not asked for, or unavailable)"))
        // The process's peak so far: after run 1 it is what a CLI run costs; later runs add what
        // the allocator kept from earlier ones, so compare run 1 with `/usr/bin/time -v lifeguard`.
        let peak = peakResidentBytes()
        print((run == 1 ? "  peak RSS: " : "  peak RSS of the process so far (compare run 1's): ")
              + format("%.0f MB, %.2f bytes per source byte", Double(peak) / 1e6,
                       Double(peak) / Double(max(1, statistics.bytes))))
    }
}
