#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Turns a crash into a message that names the file being analyzed, so one bad file costs the
/// user a line in their configuration rather than the whole run.
///
/// Each thread that analyzes files owns a slot holding the current file's path as a C string.
/// When the process receives a fatal signal, a handler running on an alternate stack (so a stack
/// overflow can still be reported) writes the crashing thread's slot to stderr with `write(2)`
/// and exits with `exitStatus`. The handler allocates nothing and calls only async-signal-safe
/// functions. This is the one piece of process-wide mutable state in Lifeguard: a signal
/// handler receives no context, so the slots must be reachable from a global.
public enum CrashGuard {
    /// The exit status after a crash: distinct from findings (1) and usage or I/O errors (2).
    public static let exitStatus: Int32 = 3

    /// The signals that end a run: memory faults, Swift traps (`SIGILL` on Linux, `SIGTRAP` on
    /// macOS), arithmetic faults and aborts.
    static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

    /// Installs the handler for the whole process and prepares the calling thread. Call once,
    /// early, from the executable (a library must not take over a host's signals).
    public static func install() {
        prepareThread()
        var action = sigaction()
        #if canImport(Darwin)
        action.__sigaction_u.__sa_sigaction = crashHandler
        #else
        action.__sigaction_handler.sa_sigaction = crashHandler
        #endif
        action.sa_flags = SA_SIGINFO | SA_ONSTACK | Int32(bitPattern: UInt32(SA_RESETHAND))
        sigemptyset(&action.sa_mask)
        for signal in signals { sigaction(signal, &action, nil) }
    }

    /// Gives the calling thread its slot and alternate signal stack, once.
    static func prepareThread() {
        let state = GuardState.shared
        guard pthread_getspecific(state.key) == nil else { return }
        let slot = UnsafeMutablePointer<ThreadSlot>.allocate(capacity: 1)
        slot.initialize(to: ThreadSlot())
        // An alternate stack for the handler, so a stack overflow can still be reported.
        var stack = stack_t()
        stack.ss_sp = slot.pointee.alternateStack
        stack.ss_size = ThreadSlot.alternateStackSize
        stack.ss_flags = 0
        sigaltstack(&stack, nil)
        pthread_setspecific(state.key, slot)
    }

    /// Records that the calling thread is now analyzing `path` (a display path).
    public static func enter(_ path: String) {
        let state = GuardState.shared
        guard let raw = pthread_getspecific(state.key) else { return }
        let slot = raw.assumingMemoryBound(to: ThreadSlot.self)
        let buffer = slot.pointee.path
        // One copy of the string's bytes (a byte loop through `utf8` costs thousands of
        // instructions a file).
        var path = path
        path.withUTF8 { bytes in
            let count = min(bytes.count, ThreadSlot.pathCapacity - 1)
            if count > 0, let base = bytes.baseAddress { UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: count) }
            buffer[count] = 0
        }
    }

    /// Records that the calling thread is between files.
    public static func leave() {
        guard let raw = pthread_getspecific(GuardState.shared.key) else { return }
        raw.assumingMemoryBound(to: ThreadSlot.self).pointee.path[0] = 0
    }

    /// Runs `body` as the analysis of `path`.
    static func analyzing<Result>(_ path: String, _ body: () -> Result) -> Result {
        enter(path)
        defer { leave() }
        return body()
    }
}

/// One thread's slot: the current path and the memory of its alternate signal stack. Allocated
/// when the thread first analyzes a file and never freed (threads are few and live for the run).
struct ThreadSlot {
    static let pathCapacity = 4096
    static let alternateStackSize = 256 * 1024
    let path: UnsafeMutablePointer<CChar>
    let alternateStack: UnsafeMutableRawPointer

    init() {
        path = .allocate(capacity: Self.pathCapacity)
        path[0] = 0
        alternateStack = .allocate(byteCount: Self.alternateStackSize, alignment: 16)
    }
}

/// The handler's constants, built before any signal can arrive.
final class GuardState: @unchecked Sendable {
    static let shared = GuardState()

    let key: pthread_key_t
    let prefix = strdup("\nlifeguard: error: crashed (")!
    let fileMiddle = strdup(") while analyzing ")!
    let fileAdvice = strdup("\nlifeguard: note: the rest of the run was lost; exclude this file to lint the others (add it under `excluded:` in .lifeguard.yml, or leave it out of the paths given), and please report the crash with the file if you can\n")!
    let noFile = strdup(") outside the analysis of any one file\n")!
    let names: [(Int32, UnsafeMutablePointer<CChar>)] = [
        (SIGSEGV, strdup("SIGSEGV, a memory fault or stack overflow")!), (SIGBUS, strdup("SIGBUS")!),
        (SIGILL, strdup("SIGILL, a Swift runtime trap")!), (SIGFPE, strdup("SIGFPE")!),
        (SIGABRT, strdup("SIGABRT")!), (SIGTRAP, strdup("SIGTRAP, a Swift runtime trap")!),
    ]
    let unknownName = strdup("a fatal signal")!

    private init() {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        self.key = key
    }
}

/// Writes a C string to stderr; async-signal-safe.
private func writeError(_ text: UnsafePointer<CChar>) {
    var offset = 0
    let length = strlen(text)
    while offset < length {
        let written = write(STDERR_FILENO, text + offset, length - offset)
        if written <= 0 { return }
        offset += written
    }
}

private func crashHandler(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
    let state = GuardState.shared
    writeError(state.prefix)
    var name = UnsafePointer(state.unknownName)
    for entry in state.names where entry.0 == signal { name = UnsafePointer(entry.1) }
    writeError(name)
    if let raw = pthread_getspecific(state.key) {
        let path = raw.assumingMemoryBound(to: ThreadSlot.self).pointee.path
        if path[0] != 0 {
            writeError(state.fileMiddle)
            writeError(path)
            writeError(state.fileAdvice)
            _exit(CrashGuard.exitStatus)
        }
    }
    writeError(state.noFile)
    _exit(CrashGuard.exitStatus)
}
