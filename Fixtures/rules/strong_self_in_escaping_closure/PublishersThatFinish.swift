import Combine
import UIKit

protocol ProfileService: AnyObject {
    func update(name: String) -> AnyPublisher<Profile, Error>
}

struct Profile {}

// Shape: a stored `sink` on a publisher that finishes does not keep `self` for the object's
// life: one returned by a protocol requirement whose implementation the run cannot see
// (typically a one-shot request), `Just`, `Future`, `URLSession`'s `dataTaskPublisher`, or
// anything after `.first()`.
final class ProfileEditorViewController: UIViewController {
    private let service: ProfileService
    private var cancellables = Set<AnyCancellable>()
    @Published private var draft = ""
    private let saves = PassthroughSubject<Void, Never>()

    init(service: ProfileService) {
        self.service = service
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    func save() {
        service.update(name: draft)
            .sink(receiveCompletion: { _ in }, receiveValue: { profile in self.show(profile) })
            .store(in: &cancellables)
        Just(1).sink { _ in self.refresh() }.store(in: &cancellables)
        URLSession.shared.dataTaskPublisher(for: URL(string: "https://example.com")!)
            .sink(receiveCompletion: { _ in }, receiveValue: { _ in self.refresh() })
            .store(in: &cancellables)
        $draft.first().sink { _ in self.refresh() }.store(in: &cancellables)
    }

    // Still reported: subjects and `@Published` properties never finish.
    func bind() {
        $draft.sink { _ in self.refresh() }.store(in: &cancellables) // expect: strong_self_in_escaping_closure
        saves.sink { self.save() }.store(in: &cancellables) // expect: strong_self_in_escaping_closure
        NotificationCenter.default.publisher(for: UIApplication.didBecomeActiveNotification)
            .sink { _ in self.refresh() } // expect: strong_self_in_escaping_closure
            .store(in: &cancellables)
    }

    private func show(_ profile: Profile) {}
    private func refresh() {}
}
