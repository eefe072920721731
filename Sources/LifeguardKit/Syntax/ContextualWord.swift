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

    /// A hand-unrolled match on length and first byte: this runs for most identifiers.
    static func lookup(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> ContextualWord {
        let length = range.count
        guard length >= 3, length <= 20 else { return .none }
        let start = range.lowerBound
        @inline(__always) func equals(_ word: StaticString) -> Bool {
            guard word.utf8CodeUnitCount == length else { return false }
            let expected = word.utf8Start
            var offset = 1
            while offset < length {
                if buffer[start + offset] != expected[offset] { return false }
                offset += 1
            }
            return true
        }
        switch buffer[start] {
        case UInt8(ascii: "_"):
            if equals("_read") { return .read }
            if equals("_modify") { return .modify }
        case UInt8(ascii: "a"):
            if equals("actor") { return .actor }
            if equals("async") { return .async }
            if equals("await") { return .await }
            if equals("any") { return .any }
        case UInt8(ascii: "b"):
            if equals("borrowing") { return .borrowing }
        case UInt8(ascii: "c"):
            if equals("convenience") { return .convenience }
            if equals("consuming") { return .consuming }
        case UInt8(ascii: "d"):
            if equals("didSet") { return .didSet }
            if equals("dynamic") { return .dynamic }
            if equals("distributed") { return .distributed }
        case UInt8(ascii: "e"):
            if equals("each") { return .each }
        case UInt8(ascii: "f"):
            if equals("final") { return .final }
        case UInt8(ascii: "g"):
            if equals("get") { return .get }
        case UInt8(ascii: "i"):
            if equals("indirect") { return .indirect }
            if equals("infix") { return .infix }
        case UInt8(ascii: "l"):
            if equals("lazy") { return .lazy }
        case UInt8(ascii: "m"):
            if equals("mutating") { return .mutating }
            if equals("macro") { return .macro }
        case UInt8(ascii: "n"):
            if equals("nonmutating") { return .nonmutating }
            if equals("nonisolated") { return .nonisolated }
        case UInt8(ascii: "o"):
            if equals("override") { return .override }
            if equals("optional") { return .optional }
            if equals("open") { return .open }
        case UInt8(ascii: "p"):
            if equals("private") { return .none }
            if equals("package") { return .package }
            if equals("prefix") { return .prefix }
            if equals("postfix") { return .postfix }
        case UInt8(ascii: "r"):
            if equals("required") { return .required }
            if equals("reasync") { return .reasync }
        case UInt8(ascii: "s"):
            if equals("set") { return .set }
            if equals("self") { return .selfWord }
            if equals("super") { return .superWord }
            if equals("some") { return .some }
            if equals("safe") { return .safe }
        case UInt8(ascii: "u"):
            if equals("unowned") { return .unowned }
            if equals("unsafe") { return .unsafe }
            if equals("unsafeAddress") { return .unsafeAddress }
            if equals("unsafeMutableAddress") { return .unsafeMutableAddress }
        case UInt8(ascii: "w"):
            if equals("weak") { return .weak }
            if equals("willSet") { return .willSet }
        default:
            break
        }
        return .none
    }
}
