#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// A fixed set of threads that take work items from a queue until it is closed. Lifeguard runs
/// its per-file work here rather than on Dispatch's pool for three reasons: work starts while
/// discovery is still producing files; each thread gets a large stack, so deeply nested input
/// meets a bound in the code rather than the end of a 512 KB stack; and each thread registers a
/// `CrashGuard` slot once, so a fatal signal can name the file that thread was analyzing.
final class WorkerPool<Item: Sendable>: @unchecked Sendable {
    // The queue is guarded by `lock`; `ready` is signalled when an item arrives or the queue closes.
    private let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let ready = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var queue: [Item] = []
    private var head = 0
    private var closed = false
    private var threads: [pthread_t] = []

    /// Stack size of each worker: address space, only touched pages cost memory.
    static var stackSize: Int { 128 << 20 }

    /// Starts `count` threads, each running `work(item, workerIndex)` on items as they arrive.
    init(count: Int, work: @escaping @Sendable (Item, Int) -> Void) {
        pthread_mutex_init(lock, nil)
        pthread_cond_init(ready, nil)
        for index in 0..<max(1, count) {
            let body = ThreadStarter.Body { [self] in
                CrashGuard.prepareThread()
                // A worker fills its heap file by file, and a full heap is followed by a new one.
                var heap = HugePageHeaps.ThreadHeap.forCurrentThread()
                while let item = self.next() {
                    work(item, index)
                    heap?.refresh()
                }
            }
            threads.append(ThreadStarter.spawn(body, stackSize: Self.stackSize))
        }
    }

    deinit {
        pthread_cond_destroy(ready)
        pthread_mutex_destroy(lock)
        ready.deallocate()
        lock.deallocate()
    }

    func submit(_ item: Item) {
        pthread_mutex_lock(lock)
        queue.append(item)
        pthread_cond_signal(ready)
        pthread_mutex_unlock(lock)
    }

    func submit(contentsOf items: [Item]) {
        pthread_mutex_lock(lock)
        queue.append(contentsOf: items)
        pthread_cond_broadcast(ready)
        pthread_mutex_unlock(lock)
    }

    /// Closes the queue and waits until every item has been worked on.
    func finish() {
        pthread_mutex_lock(lock)
        closed = true
        pthread_cond_broadcast(ready)
        pthread_mutex_unlock(lock)
        for thread in threads { pthread_join(thread, nil) }
        threads = []
    }

    private func next() -> Item? {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        while head == queue.count, !closed { pthread_cond_wait(ready, lock) }
        guard head < queue.count else { return nil }
        let item = queue[head]
        head += 1
        // Drop taken items now and then, so a long walk does not keep every path queued.
        if head >= 4096, head * 2 >= queue.count {
            queue.removeFirst(head)
            head = 0
        }
        return item
    }
}

/// Starts POSIX threads with a chosen stack size.
enum ThreadStarter {
    /// The closure a thread runs, passed through `pthread_create`'s context pointer.
    final class Body: @unchecked Sendable {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    static func spawn(_ body: Body, stackSize: Int) -> pthread_t {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        let context = Unmanaged.passRetained(body).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        let result = pthread_create(&thread, &attributes, threadMain, context)
        precondition(result == 0 && thread != nil, "cannot start a worker thread: \(String(cString: strerror(result)))")
        return thread!
        #else
        var thread = pthread_t()
        let result = pthread_create(&thread, &attributes, threadMain, context)
        precondition(result == 0, "cannot start a worker thread: \(String(cString: strerror(result)))")
        return thread
        #endif
    }
}

#if canImport(Darwin)
private func threadMain(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    Unmanaged<ThreadStarter.Body>.fromOpaque(context).takeRetainedValue().run()
    return nil
}
#else
private func threadMain(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    Unmanaged<ThreadStarter.Body>.fromOpaque(context!).takeRetainedValue().run()
    return nil
}
#endif

/// Storage shared by workers in which each element is only ever touched by one thread at a time
/// (worker `i`'s own element, or the slot of the item a worker holds); the owner reads them all
/// after `WorkerPool.finish()` has joined the threads, which orders every write before the reads.
final class Slots<Value>: @unchecked Sendable {
    /// Exactly `count` elements: `all` of a run with no file to lint is empty (room for one
    /// element, as the allocation had, read as a nil outcome and trapped).
    private let buffer: UnsafeMutableBufferPointer<Value>
    private let storage: UnsafeMutablePointer<Value>

    init(count: Int, initial: Value) {
        storage = .allocate(capacity: max(1, count))
        buffer = UnsafeMutableBufferPointer(start: storage, count: max(0, count))
        buffer.initialize(repeating: initial)
    }

    deinit {
        _ = buffer.deinitialize()
        storage.deallocate()
    }

    func modify<Result>(_ worker: Int, _ body: (inout Value) -> Result) -> Result {
        body(&buffer[worker])
    }

    var all: [Value] { Array(buffer) }

    /// Every element, moved out and replaced by `empty`: the caller then holds the only copy.
    func take(leaving empty: Value) -> [Value] {
        buffer.indices.map { index in
            var value = empty
            swap(&value, &buffer[index])
            return value
        }
    }
}
