/// Identifiers that mean something in some positions: modifiers, accessor names, contextual
/// declaration words. The outline decides from the position whether they are words or names.
enum ContextualWord: UInt8, CaseIterable {
    case none
    case override, final, required, convenience, mutating, nonmutating, lazy, weak, unowned,
         dynamic, optional, indirect, nonisolated, open, package, prefix, postfix, infix,
         distributed, consuming, borrowing
    case actor, macro
    case get, set, willSet, didSet, read, modify, unsafeAddress, unsafeMutableAddress
    case async, await, reasync, some, any, each
    case selfWord, superWord, safe, unsafe

    var spelling: String {
        switch self {
        case .read: return "_read"
        case .modify: return "_modify"
        case .selfWord: return "self"
        case .superWord: return "super"
        default: return String(describing: self)
        }
    }

    var modifier: Modifiers? {
        switch self {
        case .override: return .override
        case .final: return .final
        case .required: return .required
        case .convenience: return .convenience
        case .mutating: return .mutating
        case .nonmutating: return .nonmutating
        case .lazy: return .lazy
        case .weak: return .weak
        case .unowned: return .unowned
        case .dynamic: return .dynamic
        case .optional: return .optional
        case .indirect: return .indirect
        case .nonisolated: return .nonisolated
        case .open: return .open
        case .package: return .package
        case .prefix: return .prefix
        case .postfix: return .postfix
        case .infix: return .infix
        case .distributed: return .distributed
        case .consuming: return .consuming
        case .borrowing: return .borrowing
        default: return nil
        }
    }

    var accessor: AccessorKind? {
        switch self {
        case .get: return .get
        case .set: return .set
        case .willSet: return .willSet
        case .didSet: return .didSet
        case .read: return .read
        case .modify: return .modify
        case .unsafeAddress: return .unsafeAddress
        case .unsafeMutableAddress: return .unsafeMutableAddress
        default: return nil
        }
    }

    private static let byLength: [[(bytes: [UInt8], word: ContextualWord)]] = {
        var table = [[(bytes: [UInt8], word: ContextualWord)]](repeating: [], count: 24)
        for word in ContextualWord.allCases where word != .none {
            let bytes = Array(word.spelling.utf8)
            table[bytes.count].append((bytes, word))
        }
        return table
    }()

    static func lookup(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> ContextualWord {
        let length = range.count
        guard length > 0, length < byLength.count else { return .none }
        let first = buffer[range.lowerBound]
        candidates: for candidate in byLength[length] where candidate.bytes[0] == first {
            var offset = 1
            while offset < length {
                if buffer[range.lowerBound + offset] != candidate.bytes[offset] { continue candidates }
                offset += 1
            }
            return candidate.word
        }
        return .none
    }
}
