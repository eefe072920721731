#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LifeguardKit
import LifeguardRules

extension Tool {
    /// The configuration a run uses: `--config PATH`, else `.lifeguard.yml` found from the working
    /// directory up to the repository root, else the defaults. `--no-config` skips the search.
    func loadConfiguration(_ arguments: LintArguments) throws -> Configuration {
        if arguments.noConfig { return Configuration(baseDirectory: workingDirectory) }
        let path: String
        if let explicit = arguments.configPath {
            guard FileManager.default.fileExists(atPath: explicit) else {
                throw UsageError("\(explicit): no such configuration file")
            }
            path = explicit
        } else if let found = Configuration.find(from: workingDirectory) {
            path = found
        } else {
            return Configuration(baseDirectory: workingDirectory)
        }
        return try Configuration.load(path: path, rules: RuleRegistry.allDescriptions)
    }
}
