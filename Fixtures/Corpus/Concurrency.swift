// Exercises concurrency: actors, global actors, async/await, async let, Task/Task.detached, task groups, @Sendable closures, typed throws, isolation keywords and noncopyable types.

import Foundation

enum NetworkError: Error, Equatable {
    case offline
    case timeout(seconds: Int)
    case badStatus(code: Int, body: String?)
}

enum ParseError: Error {
    case malformed(line: Int)
}

@globalActor
actor DatabaseActor {
    static let shared = DatabaseActor()
    private init() {}
}

actor Counter {
    private(set) var value = 0
    nonisolated let label: String
    nonisolated(unsafe) var unsafeMirror = 0

    init(label: String) {
        self.label = label
    }

    func increment(by amount: Int = 1) -> Int {
        value += amount
        return value
    }

    nonisolated func describe() -> String {
        "Counter(\(label))"
    }

    nonisolated var debugName: String {
        "counter-\(label)"
    }

    func transfer(to other: isolated Counter, amount: Int) async {
        other.value += amount
    }

    subscript(offset: Int) -> Int {
        value + offset
    }

    deinit {
        print("counter \(label) released")
    }
}

final class ImageLoader: @unchecked Sendable {
    private let session: URLSession
    private var inFlight: [URL: Task<Data, any Error>] = [:]
    private let lock = NSLock()

    init(session: URLSession = .shared) {
        self.session = session
    }

    func load(_ url: URL) async throws -> Data {
        if let existing = lock.withLock({ inFlight[url] }) {
            return try await existing.value
        }
        let task = Task<Data, any Error> { [session] in
            let (data, response) = try await session.data(from: url)
            guard (response as? HTTPURLResponse)?.statusCode == 200 else {
                throw NetworkError.badStatus(code: -1, body: nil)
            }
            return data
        }
        lock.withLock { inFlight[url] = task }
        defer { lock.withLock { inFlight[url] = nil } }
        return try await task.value
    }

    func loadAll(_ urls: [URL]) async -> [URL: Data] {
        await withTaskGroup(of: (URL, Data?).self) { group in
            for url in urls {
                group.addTask { [self] in
                    (url, try? await load(url))
                }
            }
            var results: [URL: Data] = [:]
            for await (url, data) in group {
                if let data { results[url] = data }
            }
            return results
        }
    }

    func loadFirst(_ urls: [URL]) async throws -> Data? {
        try await withThrowingTaskGroup(of: Data.self) { group in
            urls.forEach { url in
                group.addTask { try await self.load(url) }
            }
            defer { group.cancelAll() }
            return try await group.next()
        }
    }
}

func fetchStatus(code: Int) throws(NetworkError) -> String {
    guard code != 0 else { throw .offline }
    if code >= 400 {
        throw NetworkError.badStatus(code: code, body: "failed")
    }
    return "ok \(code)"
}

func parseAll(_ lines: [String]) throws(ParseError) -> [Int] {
    var out: [Int] = []
    for (index, line) in lines.enumerated() {
        guard let value = Int(line) else { throw ParseError.malformed(line: index) }
        out.append(value)
    }
    return out
}

func typedThrowingClosure() {
    let work: () throws(NetworkError) -> Int = {
        throw NetworkError.timeout(seconds: 5)
    }
    do throws(NetworkError) {
        _ = try work()
    } catch .timeout(let seconds) {
        print("timed out after \(seconds)")
    } catch {
        print("other network error \(error)")
    }
}

func parallelWork() async throws -> (Int, String, [Int]) {
    async let first = compute(10)
    async let second: String = describe(20)
    async let third = try parseLater(["1", "2"])
    let (a, b, c) = await (first, second, try third)
    return (a, b, c)
}

func compute(_ value: Int) async -> Int {
    try? await Task.sleep(for: .milliseconds(10))
    return value * 2
}

func describe(_ value: Int) async -> String {
    "value \(await compute(value))"
}

func parseLater(_ lines: [String]) async throws -> [Int] {
    try parseAll(lines)
}

@MainActor
final class ViewModel {
    var items: [String] = []
    var isLoading = false
    private var refreshTask: Task<Void, Never>?
    private let counter = Counter(label: "vm")

    nonisolated init() {}

    func refresh() {
        refreshTask?.cancel()
        refreshTask = Task { [weak self] in
            guard let self else { return }
            isLoading = true
            defer { isLoading = false }
            let fetched = await Task.detached(priority: .background) {
                (0..<5).map { "item \($0)" }
            }.value
            guard !Task.isCancelled else { return }
            items = fetched
            _ = await counter.increment()
        }
    }

    nonisolated func backgroundWork() {
        Task.detached { @Sendable in
            let total = await self.counter.increment(by: 10)
            await MainActor.run {
                self.items.append("total \(total)")
            }
        }
        Task { @MainActor [weak self] in
            self?.items.removeAll()
        }
    }

    @DatabaseActor
    func persist() async {
        print("saving on database actor")
    }
}

struct Ticker: AsyncSequence {
    typealias Element = Int
    let limit: Int

    struct AsyncIterator: AsyncIteratorProtocol {
        var current = 0
        let limit: Int

        mutating func next() async -> Int? {
            guard current < limit else { return nil }
            defer { current += 1 }
            return current
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(limit: limit)
    }
}

func streams() async throws {
    for await tick in Ticker(limit: 3) where tick % 2 == 0 {
        print("tick \(tick)")
    }

    let stream = AsyncStream<Int> { continuation in
        continuation.onTermination = { @Sendable termination in
            print("terminated \(termination)")
        }
        for i in 0..<3 { continuation.yield(i) }
        continuation.finish()
    }
    for await value in stream {
        print(value)
    }

    let throwing = AsyncThrowingStream<String, any Error> { continuation in
        Task {
            continuation.yield("a")
            continuation.finish(throwing: NetworkError.offline)
        }
    }
    for try await text in throwing {
        print(text)
    }

    let value: Int = try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async {
            continuation.resume(returning: 42)
        }
    }
    print(value)
}

struct Settings {
    @TaskLocal static var requestID: String = "none"

    static func withRequest<T>(_ id: String, operation: () async throws -> T) async rethrows -> T {
        try await $requestID.withValue(id, operation: operation)
    }
}

struct Remote {
    var cached: [Int] = []

    var latest: Int {
        get async throws {
            try await Task.sleep(nanoseconds: 1_000)
            return cached.last ?? 0
        }
    }

    subscript(index: Int) -> Int {
        get async {
            await compute(cached[index])
        }
    }
}

struct FileHandleBox: ~Copyable {
    let descriptor: Int32

    consuming func close() -> Int32 {
        descriptor
    }

    borrowing func peek() -> Int32 {
        descriptor
    }

    deinit {
        print("closing \(descriptor)")
    }
}

func sendValue(_ value: sending NSObject, to handler: @escaping @Sendable (NSObject) async -> Void) async {
    await handler(value)
}

func acceptSendable(_ work: @escaping @Sendable () async throws -> Void) {
    Task(priority: .userInitiated, operation: work)
}

let globalWork: @Sendable (Int) async -> Int = { value in
    await compute(value)
}

/// Actors with modifiers before the keyword and a superclass-like first inheritance entry.
public final actor CrashReporter: NSObject, Reporting {
    func report(_ error: Error) {}
}

final actor RequestInterceptor: Interceptor {
    nonisolated func intercept() {}
}
