import Foundation
import PackagePlugin

/// `swift package lifeguard [--target NAME ...] [lifeguard options]`: lints the Swift sources of
/// the package's targets (all of them, or the ones named) in one Lifeguard run, so base classes
/// and extensions in other targets are seen too.
@main
struct LifeguardCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let names = extractor.extractOption(named: "target")
        let targets = names.isEmpty ? context.package.targets : try context.package.targets(named: names)
        let directories = targets.compactMap { $0 as? SourceModuleTarget }.map { $0.directoryURL.path }
        guard !directories.isEmpty else {
            Diagnostics.warning("no source targets to lint")
            return
        }
        let tool = try context.tool(named: "lifeguard")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = extractor.remainingArguments + directories
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        switch process.terminationStatus {
        case 0:
            return
        case 1:
            Diagnostics.error("Lifeguard found problems in \(names.isEmpty ? "the package" : names.joined(separator: ", "))")
            throw PluginFailure.findings
        default:
            Diagnostics.error("Lifeguard could not run (exit status \(process.terminationStatus))")
            throw PluginFailure.failed(process.terminationStatus)
        }
    }
}

enum PluginFailure: Error {
    case findings
    case failed(Int32)
}
