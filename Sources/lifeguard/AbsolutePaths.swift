import LifeguardKit

extension LintResult {
    /// The result with every relative path made absolute, for `--absolute-paths`: Xcode links a
    /// `path:line:column:` line to the file only when the path is absolute, and a build-tool
    /// plugin's command runs in a working directory the plugin does not choose.
    func withAbsolutePaths(from workingDirectory: String) -> LintResult {
        let base = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
        func absolute(_ path: String) -> String { path.hasPrefix("/") ? path : base + path }
        var result = self
        result.diagnostics = diagnostics.map { diagnostic in
            var diagnostic = diagnostic
            diagnostic.path = absolute(diagnostic.path)
            return diagnostic
        }
        result.sources = Dictionary(sources.map { (absolute($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
        return result
    }
}
