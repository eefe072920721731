import UIKit
import Combine

struct SearchResult: Hashable {
    let title: String
}

final class SearchViewModel {
    @Published var query = ""
    @Published private(set) var results: [SearchResult] = []
    @Published private(set) var isLoading = false
    func refresh() async {}
    func exportResults() async throws -> URL { URL(fileURLWithPath: NSTemporaryDirectory()) }
}

final class SearchViewController: UIViewController {
    private let viewModel = SearchViewModel()
    private let statusLabel = UILabel()
    private var cancellables = Set<AnyCancellable>()
    private var loadingSubscription: AnyCancellable?
    private var searchTask: Task<Void, Never>?
    private var prefetchTask: Task<Void, Never>?
    private var exportTask: Task<URL, Error>?
    private var warmups: [Task<Void, Never>] = []
    private var queryWatcher: Task<Void, Never>?
    private var exportWatcher: Task<Void, Error>?
    private var pendingQuery = ""
    @Published private(set) var headline = ""

    override func viewDidLoad() {
        super.viewDidLoad()
        viewModel.$results
            .receive(on: DispatchQueue.main)
            .sink { results in // expect: strong_self_in_escaping_closure
                self.render(results)
            }
            .store(in: &cancellables)
        loadingSubscription = viewModel.$isLoading.sink { isLoading in // expect: strong_self_in_escaping_closure
            self.statusLabel.isHidden = !isLoading
        }
        viewModel.$query
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .assign(to: \.headline, on: self) // expect: strong_self_in_escaping_closure
            .store(in: &cancellables)
        NotificationCenter.default.publisher(for: UIApplication.didBecomeActiveNotification)
            .sink(receiveValue: { _ in self.reloadVisible() }) // expect: strong_self_in_escaping_closure
            .store(in: &cancellables)
        viewModel.$results
            .sink(
                receiveCompletion: { _ in self.statusLabel.text = nil }, // expect: strong_self_in_escaping_closure
                receiveValue: { self.render($0) } // expect: strong_self_in_escaping_closure
            )
            .store(in: &cancellables)
        bindWithoutCycles()
    }

    private func bindWithoutCycles() {
        viewModel.$isLoading
            .map { $0 ? "Searching…" : nil }
            .assign(to: \.text, on: statusLabel)
            .store(in: &cancellables)
        viewModel.$query.assign(to: &$headline)
        viewModel.$results
            .sink { [weak self] in self?.statusLabel.text = "\($0.count) results" }
            .store(in: &cancellables)
        // A map closure outside the listed storing APIs.
        viewModel.$query
            .map { self.normalized($0) }
            .sink { [unowned self] query in self.pendingQuery = query }
            .store(in: &cancellables)
    }

    func searchFieldDidChange(_ text: String) {
        searchTask?.cancel()
        // A debounce that runs to completion: it holds `self` only until it ends.
        searchTask = Task {
            try? await Task.sleep(for: .milliseconds(250))
            guard !Task.isCancelled else { return }
            await search(text)
        }
    }

    func watchQuery() {
        // This one never ends: it keeps `self` for as long as `self` keeps it.
        queryWatcher = Task { // expect: strong_self_in_escaping_closure
            for await query in viewModel.$query.values {
                await search(query)
            }
        }
    }

    func exportResults() {
        // A one-off export ends on its own and lets go of `self`.
        exportTask = Task.detached(priority: .utility) {
            try await self.viewModel.exportResults()
        }
    }

    func exportContinuously(_ changes: AsyncThrowingStream<Void, Error>) {
        exportWatcher = Task.detached(priority: .utility) { // expect: strong_self_in_escaping_closure
            for try await _ in changes {
                _ = try await self.viewModel.exportResults()
            }
        }
    }

    func warm(_ urls: [URL]) {
        warmups.append(Task { await warmCache(urls) }) // a one-shot warm-up that ends
        warmups.append(Task { // expect: strong_self_in_escaping_closure
            while !Task.isCancelled {
                await warmCache(urls)
                try? await Task.sleep(for: .seconds(300))
            }
        })
        warmups.append(Task { [weak self] in await self?.warmCache(urls) })
        // These capture values, never `self`.
        prefetchTask = Task { [pendingQuery] in await SearchIndex.shared.warm(pendingQuery) }
        prefetchTask = Task { [query = pendingQuery] in await SearchIndex.shared.warm(query) }
        prefetchTask = Task { await SearchIndex.shared.warm(urls.map(\.path).joined()) }
    }

    func refresh() async {
        Task { await self.viewModel.refresh() }
        Task { @MainActor in render(viewModel.results) }
        let status = Task { await self.viewModel.refresh() }
        await status.value
        let names = viewModel.results.map { self.normalized($0.title) }
        statusLabel.text = names.first(where: { !$0.isEmpty })
    }

    private func render(_ results: [SearchResult]) {}
    private func reloadVisible() {}
    private func search(_ text: String) async {}
    private func warmCache(_ urls: [URL]) async {}
    private func normalized(_ text: String) -> String { text.lowercased() }
}

/// An actor is a reference type: a task it stores that names its members keeps it alive.
actor ThumbnailCache {
    private var inFlight: [URL: Task<UIImage, Error>] = [:]
    private var cleanup: Task<Void, Never>?

    func image(for url: URL) async throws -> UIImage {
        if let existing = inFlight[url] { return try await existing.value }
        // A render that finishes holds the actor only until it ends.
        let task = Task {
            try await render(url)
        }
        inFlight[url] = task
        defer { inFlight[url] = nil }
        return try await task.value
    }

    func startCleanup() {
        cleanup = Task { [weak self] in
            while !Task.isCancelled {
                await self?.purge()
                try? await Task.sleep(for: .seconds(60))
            }
        }
    }

    func startPurging() {
        let purger = Task { // expect: strong_self_in_escaping_closure
            repeat {
                purge()
                try? await Task.sleep(for: .seconds(60))
            } while !Task.isCancelled
        }
        cleanup = purger
    }

    private func render(_ url: URL) async throws -> UIImage { UIImage() }
    private func purge() {}
}
