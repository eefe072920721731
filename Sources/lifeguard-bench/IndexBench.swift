import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LifeguardKit
import LifeguardRules

// `lifeguard-bench index [--runs N] PATH ...`
//
// The project index alone, built again and again from one set of per-file facts: the phase's
// CPU and wall time without the noise of reading and parsing around it, so a change inside the
// index shows in a few runs. The facts are those of the CLI's default rules.

func indexBench(_ arguments: [String]) {
    var paths: [String] = []
    var runs = 7
    var iterator = arguments.makeIterator()
    while let argument = iterator.next() {
        switch argument {
        case "--runs": runs = max(1, iterator.next().flatMap(Int.init) ?? runs)
        default: paths.append(argument)
        }
    }
    if paths.isEmpty { paths = ["."] }
    var files: [DiscoveredFile] = []
    do {
        try FileDiscovery().discover(paths, workingDirectory: FileManager.default.currentDirectoryPath) { files.append($0) }
    } catch {
        print("lifeguard-bench: \(error)")
        return
    }
    files.sort { $0.displayPath < $1.displayPath }
    let requests = IndexRequests(RuleRegistry.rules.filter { !$0.description.isOptIn }.map { $0.description })
    let facts = FactSlots(count: files.count)
    let candidates = files
    DispatchQueue.concurrentPerform(iterations: candidates.count) { position in
        guard case .success(let contents) = FileReader.read(candidates[position].path) else { return }
        let tree = SyntaxTree(significantTokensOf: SourceFile(path: candidates[position].displayPath, bytes: contents.bytes))
        facts.store(ProjectIndexFacts(tree: tree, requests: requests), at: position)
    }
    let all = facts.slots.compactMap { $0 }
    print("== index of \(all.count) files, \(runs) builds")
    var walls: [Double] = []
    var cpus: [Double] = []
    for run in 1...runs {
        let cpuBefore = processUsage()
        let start = DispatchTime.now().uptimeNanoseconds
        let index = ProjectIndex(facts: all)
        let wall = seconds(since: start)
        let cpuAfter = processUsage()
        let cpu = cpuAfter.user + cpuAfter.system - cpuBefore.user - cpuBefore.system
        walls.append(wall)
        cpus.append(cpu)
        print(format("  build %2d: %.3f s wall, %.3f s cpu, %d functions summarized", run, wall, cpu,
                     index.summaries.functions.count))
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    print(format("  median: %.3f s wall, %.3f s cpu; fastest: %.3f s wall, %.3f s cpu",
                 median(walls), median(cpus), walls.min()!, cpus.min()!))
}

/// One slot per file, each written by one worker.
private final class FactSlots: @unchecked Sendable {
    var slots: [ProjectIndexFacts?]
    private let lock = Lock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func store(_ facts: ProjectIndexFacts, at position: Int) {
        lock.lock()
        slots[position] = facts
        lock.unlock()
    }
}
