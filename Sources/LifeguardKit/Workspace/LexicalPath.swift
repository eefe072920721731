/// Paths normalized by their text alone: no file-system calls, so normalizing every path of a
/// large Xcode project costs nothing.
enum LexicalPath {
    /// `path` against `workingDirectory` unless it is absolute, normalized.
    static func absolute(_ path: String, workingDirectory: String) -> String {
        normalized(path.hasPrefix("/") ? path : workingDirectory + "/" + path)
    }

    /// The folder holding `path`, as `NSString.deletingLastPathComponent` answers: trailing
    /// slashes are ignored, the root's folder is the root, and a bare name's is `""`.
    static func folder(of path: String) -> String {
        let bytes = Array(path.utf8)
        let slash = UInt8(ascii: "/")
        var end = bytes.count
        while end > 1, bytes[end - 1] == slash { end -= 1 }
        guard let last = bytes[..<end].lastIndex(of: slash) else { return "" }
        var folderEnd = last
        while folderEnd > 0, bytes[folderEnd - 1] == slash { folderEnd -= 1 }
        if folderEnd == 0 { return bytes.first == slash ? "/" : "" }
        // Slashes split UTF-8 only between characters: the prefix is whole text.
        return String(decoding: bytes[..<folderEnd], as: UTF8.self)
    }

    /// `path` without empty and `.` components and with each `..` taking back the component
    /// before it (at the root, `..` stays the root); no trailing slash. Links are not resolved:
    /// both sides of a comparison are normalized the same way.
    static func normalized(_ path: String) -> String {
        // Most paths asked (a project's files, each its group's path and its own) are normal
        // already: one scan says so, and the path is its own answer, with nothing built.
        if path.utf8.withContiguousStorageIfAvailable({ isNormalAbsoluteASCII($0) }) == true { return path }
        // Paths are nearly always ASCII, where bytes are characters: read them as bytes. (With
        // other text a `/` may begin a longer character, so those go the slow way.)
        if let result = path.utf8.withContiguousStorageIfAvailable({ normalizedASCII($0) }), let result { return result }
        return normalizedByCharacters(path)
    }

    /// Whether ASCII `bytes` are an absolute path `normalized` gives back unchanged: a slash,
    /// then components that are neither empty nor `.` nor `..`, with no trailing slash.
    static func isNormalAbsoluteASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        guard bytes.count > 1, bytes[0] == slash else { return false }
        var start = 1
        for index in 1...bytes.count {
            guard index == bytes.count || bytes[index] == slash else {
                if bytes[index] >= 0x80 { return false }
                continue
            }
            let length = index - start
            if length == 0 { return false }
            if length <= 2, bytes[start] == dot, length == 1 || bytes[start + 1] == dot { return false }
            start = index + 1
        }
        return true
    }

    /// `normalized` over the bytes of an ASCII path; `nil` when a byte is not ASCII.
    private static func normalizedASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        for byte in bytes where byte >= 0x80 { return nil }
        let isAbsolute = bytes.first == slash
        func isParent(_ range: Range<Int>) -> Bool { range.count == 2 && bytes[range.lowerBound] == dot && bytes[range.lowerBound + 1] == dot }
        var components: [Range<Int>] = []
        var start = 0
        for index in 0...bytes.count where index == bytes.count || bytes[index] == slash {
            defer { start = index + 1 }
            let component = start..<index
            if component.isEmpty || (component.count == 1 && bytes[start] == dot) { continue }
            if isParent(component) {
                if let last = components.last, !isParent(last) {
                    components.removeLast()
                } else if !isAbsolute {
                    components.append(component)
                }
                continue
            }
            components.append(component)
        }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 1)
        for (offset, component) in components.enumerated() {
            if offset > 0 || isAbsolute { result.append(slash) }
            result.append(contentsOf: bytes[component])
        }
        if result.isEmpty { return isAbsolute ? "/" : "." }
        return String(decoding: result, as: UTF8.self)
    }

    static func normalizedByCharacters(_ path: String) -> String {
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
