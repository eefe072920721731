#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Turns a crash into a message that names the file being analyzed and, for a lint that can be
/// run again (`resumeAfterCrash`), into a run of every other file: one bad file costs the user
/// that file's findings, not the run.
///
/// Each thread that analyzes files owns a slot holding the current file's path as a C string and
/// the pass it is in. When the process receives a fatal signal, a handler running on an alternate
/// stack (so a stack overflow can still be reported) writes the crashing thread's slot to stderr
/// with `write(2)`. A trap cannot be recovered from inside the process (the crashing thread's
/// state is lost), so the handler then starts the run again with `execve(2)`: the same
/// executable, arguments and environment, plus `crashedFilesVariable` naming the files that
/// crashed so far and in which pass. The new run leaves a file that crashed while its facts were
/// read out of the project index, and only skips the rules of one that crashed while it was
/// linted (its facts still count for the others). Without a plan to resume (or once
/// `maxResumes` files have crashed), it exits with `exitStatus`.
///
/// The handler allocates nothing and calls only async-signal-safe functions: everything `execve`
/// needs is built beforehand. Of threads crashing at once, the first to take the one byte of a
/// pipe handles the crash; the others block on the empty pipe until `execve` or `_exit` ends
/// them. This is the one piece of process-wide mutable state in Lifeguard: a signal handler
/// receives no context, so the slots and the plan must be reachable from a global.
public enum CrashGuard {
    /// The exit status after a crash: distinct from findings (1) and usage or I/O errors (2).
    public static let exitStatus: Int32 = 3

    /// The signals that end a run: memory faults, Swift traps (`SIGILL` on Linux, `SIGTRAP` on
    /// macOS), arithmetic faults and aborts.
    static let signals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP]

    /// What a thread is doing with its file when it crashes.
    public enum Phase: UInt8, Sendable {
        /// Pass 1: reading the file's facts for the project index.
        case indexing = 49 // "1"
        /// Pass 2: building the file's model and running the rules.
        case linting = 50 // "2"
    }

    /// A file an earlier attempt of this run crashed on.
    public struct CrashedFile: Sendable, Equatable {
        public var path: String
        public var phase: Phase
    }

    /// The environment variable through which a run started again after a crash learns the files
    /// that crashed: the process id (which `execve` keeps, so a value set by anyone else is
    /// ignored), then `;`, then per file its phase digit and its display path, with `\` and line
    /// breaks escaped, one per line. Internal to Lifeguard.
    public static let crashedFilesVariable = "LIFEGUARD_CRASHED_FILES"

    /// How many crashed files one run starts again for. Each start is a whole run again; a bug
    /// that trips on many files is a bug to report, not a reason to run many times over.
    public static let maxResumes = 3

    /// The files an earlier attempt of this process crashed on, read from `environment`.
    public static func crashedFiles(environment: [String: String]) -> [CrashedFile] {
        guard let value = environment[crashedFilesVariable], let separator = value.firstIndex(of: ";"),
              Int32(value[..<separator]) == getpid()
        else { return [] }
        return value[value.index(after: separator)...].split(separator: "\n").compactMap { line in
            guard let phase = line.utf8.first.flatMap(Phase.init(rawValue:)) else { return nil }
            return CrashedFile(path: unescaped(line.dropFirst()), phase: phase)
        }
    }

    /// `\n` and `\\` back to a line break and a backslash.
    static func unescaped(_ text: Substring) -> String {
        var result = ""
        var escaping = false
        for character in text {
            if escaping {
                result.append(character == "n" ? "\n" : character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// From now on, a crash while analyzing a file starts the run again without that file:
    /// `arguments` are the process's whole command line (the executable first) and
    /// `environment` its environment. Call it only for a run whose inputs can be read again
    /// (not standard input) and that writes nothing a partial run would spoil (no fixes, no
    /// baseline); before the threads that analyze files start. Does nothing unless `install()`
    /// was called, or once `maxResumes` files have crashed.
    public static func resumeAfterCrash(arguments: [String], environment: [String: String]) {
        let state = GuardState.shared
        guard state.isInstalled, state.resumePlan == nil else { return }
        let crashed = crashedFiles(environment: environment)
        guard crashed.count < maxResumes, let executable = ResumePlan.executablePath(),
              let plan = ResumePlan(executable: executable, arguments: arguments, environment: environment,
                                    crashed: crashed, signalMask: state.startingSignalMask)
        else { return }
        state.resumePlan = plan
    }

    /// Installs the handler for the whole process and prepares the calling thread. Call once,
    /// early, from the executable (a library must not take over a host's signals).
    public static func install() {
        let state = GuardState.shared
        state.isInstalled = true
        pthread_sigmask(SIG_SETMASK, nil, &state.startingSignalMask)
        prepareThread()
        var action = sigaction()
        #if canImport(Darwin)
        action.__sigaction_u.__sa_sigaction = crashHandler
        #else
        action.__sigaction_handler.sa_sigaction = crashHandler
        #endif
        // Every signal is blocked while the handler runs: a fault inside it then ends the
        // process instead of entering it again (and waiting forever for the claimed byte).
        action.sa_flags = SA_SIGINFO | SA_ONSTACK
        sigfillset(&action.sa_mask)
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

    /// Records that the calling thread is now analyzing `path` (a display path) in `phase`.
    public static func enter(_ path: String, phase: Phase = .indexing) {
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
            // A path cut short names no file the next run could skip: it is reported, not resumed.
            slot.pointee.state[0] = bytes.count < ThreadSlot.pathCapacity ? phase.rawValue : 0
        }
    }

    /// Records that the calling thread is between files.
    public static func leave() {
        guard let raw = pthread_getspecific(GuardState.shared.key) else { return }
        raw.assumingMemoryBound(to: ThreadSlot.self).pointee.path[0] = 0
    }

}

/// One thread's slot: the current path, its phase (`state[0]`, 0 when the path cannot be resumed
/// from) and the memory of its alternate signal stack. Allocated when the thread first analyzes a
/// file and never freed (threads are few and live for the run).
struct ThreadSlot {
    static let pathCapacity = 4096
    static let alternateStackSize = 256 * 1024
    let path: UnsafeMutablePointer<CChar>
    let state: UnsafeMutablePointer<UInt8>
    let alternateStack: UnsafeMutableRawPointer

    init() {
        path = .allocate(capacity: Self.pathCapacity)
        path[0] = 0
        state = .allocate(capacity: 1)
        state[0] = 0
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
    let resumeNote = strdup("\nlifeguard: note: linting the other files again, without this one\n")!
    let names: [(Int32, UnsafeMutablePointer<CChar>)] = [
        (SIGSEGV, strdup("SIGSEGV, a memory fault or stack overflow")!), (SIGBUS, strdup("SIGBUS")!),
        (SIGILL, strdup("SIGILL, a Swift runtime trap")!), (SIGFPE, strdup("SIGFPE")!),
        (SIGABRT, strdup("SIGABRT")!), (SIGTRAP, strdup("SIGTRAP, a Swift runtime trap")!),
    ]
    let unknownName = strdup("a fatal signal")!
    /// A pipe holding one byte: the first crashing thread to read it handles the crash, any other
    /// blocks on the empty pipe. Both ends close on `execve`.
    let claim: (read: Int32, write: Int32)
    /// Set by `install()`, before any thread that analyzes files starts.
    var isInstalled = false
    /// The signal mask the process started with, restored for the run started again.
    var startingSignalMask = sigset_t()
    /// Set by `resumeAfterCrash`, before any thread that analyzes files starts; read only by the
    /// handler afterwards.
    var resumePlan: ResumePlan?

    private init() {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        self.key = key
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            var byte: UInt8 = 1
            _ = write(ends[1], &byte, 1)
        }
        claim = (ends[0], ends[1])
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
    // One thread handles the crash; a second one waits here for the process to end.
    if state.claim.read >= 0 {
        var byte: UInt8 = 0
        // Every signal is blocked here, so the read is not interrupted; it fails only if the
        // pipe is gone, and then the crash is handled without the claim.
        _ = read(state.claim.read, &byte, 1)
    }
    writeError(state.prefix)
    var name = UnsafePointer(state.unknownName)
    for entry in state.names where entry.0 == signal { name = UnsafePointer(entry.1) }
    writeError(name)
    if let raw = pthread_getspecific(state.key) {
        let slot = raw.assumingMemoryBound(to: ThreadSlot.self).pointee
        if slot.path[0] != 0 {
            writeError(state.fileMiddle)
            writeError(slot.path)
            if let plan = state.resumePlan, let phase = CrashGuard.Phase(rawValue: slot.state[0]) {
                writeError(state.resumeNote)
                plan.execute(adding: slot.path, phase: phase)
                // `execve` returned: it failed, and the run ends here after all.
            }
            writeError(state.fileAdvice)
            _exit(CrashGuard.exitStatus)
        }
    }
    writeError(state.noFile)
    _exit(CrashGuard.exitStatus)
}

/// Everything `execve` needs to start the run again, built before any crash: the handler only
/// copies the crashed path into `entry` and calls `execve`.
final class ResumePlan: @unchecked Sendable {
    let executable: UnsafeMutablePointer<CChar>
    /// `nil`-terminated.
    let arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    /// The environment without `crashedFilesVariable`, then a slot for `entry`, then `nil`.
    let environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    /// `LIFEGUARD_CRASHED_FILES=<pid>;` and the files that crashed before, each ending in a line
    /// break, with room after them for one more: a phase digit and a path escaped (at most twice
    /// its length).
    let entry: UnsafeMutablePointer<CChar>
    let entryPrefixLength: Int
    var signalMask: sigset_t

    init?(executable: String, arguments: [String], environment: [String: String], crashed: [CrashGuard.CrashedFile],
          signalMask: sigset_t) {
        guard !arguments.isEmpty else { return nil }
        self.executable = strdup(executable)!
        self.arguments = .allocate(capacity: arguments.count + 1)
        for (index, argument) in arguments.enumerated() { self.arguments[index] = strdup(argument) }
        self.arguments[arguments.count] = nil
        let kept = environment.filter { $0.key != CrashGuard.crashedFilesVariable }.sorted { $0.key < $1.key }
        self.environment = .allocate(capacity: kept.count + 2)
        for (index, variable) in kept.enumerated() { self.environment[index] = strdup("\(variable.key)=\(variable.value)") }
        let earlier = crashed.map { file in
            Character(UnicodeScalar(file.phase.rawValue)).description
                + file.path.replacingEvery("\\", with: "\\\\").replacingEvery("\n", with: "\\n") + "\n"
        }
        let prefix = Array((CrashGuard.crashedFilesVariable + "=\(getpid());" + earlier.joined()).utf8)
        entry = .allocate(capacity: prefix.count + 1 + 2 * ThreadSlot.pathCapacity + 1)
        for (index, byte) in prefix.enumerated() { entry[index] = CChar(bitPattern: byte) }
        entry[prefix.count] = 0
        entryPrefixLength = prefix.count
        self.environment[kept.count] = entry
        self.environment[kept.count + 1] = nil
        self.signalMask = signalMask
    }

    /// The path of the running executable, as `execve` takes it.
    static func executablePath() -> String? {
        #if os(Linux)
        // The running file itself, even if a build has since replaced the one at its path.
        return "/proc/self/exe"
        #elseif canImport(Darwin)
        var size: UInt32 = 0
        _ = _NSGetExecutablePath(nil, &size)
        var buffer = [CChar](repeating: 0, count: Int(size) + 1)
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
        return String(cString: buffer)
        #else
        return nil
        #endif
    }

    /// Appends the crashed file to the list and starts the run again; returns only if `execve`
    /// fails. Async-signal-safe.
    func execute(adding path: UnsafePointer<CChar>, phase: CrashGuard.Phase) {
        var length = entryPrefixLength
        entry[length] = CChar(bitPattern: phase.rawValue)
        length += 1
        var index = 0
        // `path` fits: it comes from a slot of `ThreadSlot.pathCapacity` bytes, each escaped into at most two.
        while path[index] != 0, index < ThreadSlot.pathCapacity - 1 {
            let byte = path[index]
            if byte == 0x5C || byte == 0x0A {
                entry[length] = 0x5C
                length += 1
            }
            entry[length] = byte == 0x0A ? 0x6E : byte
            length += 1
            index += 1
        }
        entry[length] = 0
        // The handler runs with every signal blocked, and a mask outlives `execve`: the new run
        // starts with the mask this process started with, to catch a crash of its own.
        sigprocmask(SIG_SETMASK, &signalMask, nil)
        _ = execve(executable, arguments, environment)
    }
}
