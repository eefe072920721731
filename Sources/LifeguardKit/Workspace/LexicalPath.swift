/// Paths normalized by their text alone: no file-system calls, so normalizing every path of a
/// large Xcode project costs nothing.
enum LexicalPath {
    /// `path` without empty and `.` components and with each `..` taking back the component
    /// before it (at the root, `..` stays the root); no trailing slash. Links are not resolved:
    /// both sides of a comparison are normalized the same way.
    static func normalized(_ path: String) -> String {
        let isAbsolute = path.hasPrefix("/")
        var components: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            if component == "." { continue }
            if component == ".." {
                if let last = components.last, last != ".." {
                    components.removeLast()
                } else if !isAbsolute {
                    components.append(component)
                }
                continue
            }
            components.append(component)
        }
        let joined = components.joined(separator: "/")
        if isAbsolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }
}
