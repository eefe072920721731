import Foundation
import PackagePlugin

/// Lints a target's Swift sources with Lifeguard during the build, so findings appear inline as
/// compiler-style `path:line:column: warning: message` lines. Error-severity findings fail the
/// build (Lifeguard exits 1); warnings and notes do not.
@main
struct LifeguardBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        return try LintCommandFactory(
            tool: context.tool(named: "lifeguard").url, root: context.package.directoryURL, targetName: target.name,
            files: module.sourceFiles(withSuffix: "swift").map(\.url), workDirectory: context.pluginWorkDirectoryURL
        ).commands()
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension LifeguardBuildToolPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        try LintCommandFactory(
            tool: context.tool(named: "lifeguard").url, root: context.xcodeProject.directoryURL,
            targetName: target.displayName, files: target.inputFiles.map(\.url).filter { $0.pathExtension == "swift" },
            workDirectory: context.pluginWorkDirectoryURL
        ).commands()
    }
}
#endif

/// The one build command both entry points create.
struct LintCommandFactory {
    var tool: URL
    /// The package or Xcode project directory, where `.lifeguard.yml` is looked for.
    var root: URL
    var targetName: String
    var files: [URL]
    /// The plugin's own directory, where the command's declared output goes.
    var workDirectory: URL

    func commands() -> [Command] {
        guard !files.isEmpty else { return [] }
        // Absolute paths: IDEs link a diagnostic to its file only by one, and the command's
        // working directory is the build system's choice.
        var arguments = ["lint", "--quiet", "--format", "xcode", "--color", "never", "--absolute-paths"]
        var inputs = files
        let configuration = root.appendingPathComponent(".lifeguard.yml")
        if FileManager.default.fileExists(atPath: configuration.path) {
            arguments += ["--config", configuration.path]
            inputs.append(configuration)
        } else {
            // Not whatever a search from the build's working directory would find.
            arguments.append("--no-config")
        }
        // The build system runs a command when its declared outputs are missing or older than
        // its inputs, so the command declares one: a summary of the target's findings, which
        // Lifeguard writes on every run. Without outputs SwiftPM runs the command once and then
        // never again; a prebuild command, which runs every time, cannot use a tool built from
        // source. So the target is linted whenever one of its files or the configuration changes.
        // The summary is Swift comments: any other kind of output would be copied into the
        // target's resources.
        let summary = workDirectory.appendingPathComponent("\(targetName).lifeguard-summary.swift")
        arguments += ["--report", "swift-summary:" + summary.path, "--"]
        arguments += files.map(\.path)
        return [.buildCommand(displayName: "Lifeguard: linting \(targetName)", executable: tool, arguments: arguments,
                              inputFiles: inputs, outputFiles: [summary])]
    }
}
