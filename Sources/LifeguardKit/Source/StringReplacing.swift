extension String {
    /// Every occurrence of `target` replaced by `replacement`, left to right, matched on UTF-8
    /// bytes: Foundation's `replacingOccurrences(of:with:)` for the ASCII targets this project
    /// replaces (an ASCII byte never occurs inside another character's UTF-8).
    public func replacingEvery(_ target: String, with replacement: String) -> String {
        let bytes = Array(utf8), needle = Array(target.utf8)
        guard !needle.isEmpty, bytes.count >= needle.count else { return self }
        var output: [UInt8] = []
        var index = 0, copied = 0
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], bytes[index..<index + needle.count].elementsEqual(needle) {
                output.append(contentsOf: bytes[copied..<index])
                output.append(contentsOf: replacement.utf8)
                index += needle.count
                copied = index
            } else {
                index += 1
            }
        }
        guard copied > 0 else { return self }
        output.append(contentsOf: bytes[copied...])
        return String(decoding: output, as: UTF8.self)
    }
}
