import UIKit

/// Base of the panes of the mail client's split view.
class Pane: UIViewController {
    var isPinned = false

    func reload() {
        guard isViewLoaded else { return }
        view.setNeedsLayout()
    }
}

/// A pane that shows one model object.
class DetailPane<Model>: Pane {
    var model: Model? {
        didSet {
            if view != nil { reload() } // expect: view_nil_check
        }
    }
}

enum Inbox {
    /// The reading pane for one message; shares its simple name with `Compose.Preview`.
    final class Preview: Pane {
        var message: Message?
        private let bodyView = MessageBodyView()

        func show(_ message: Message) {
            self.message = message
            guard view != nil else { return } // expect: view_nil_check
            bodyView.render(message)
        }
    }
}

enum Compose {
    /// Renders a draft into a snapshot view for the outbox; not a view controller.
    final class Preview: NSObject {
        private(set) var view: UIView?
        private var renderedDraftID: Draft.ID?

        func render(_ draft: Draft) {
            if view == nil {
                view = DraftPreviewView()
            }
            guard renderedDraftID != draft.id, view != nil else { return }
            renderedDraftID = draft.id
        }
    }
}

/// Moves a screen's content above the keyboard: a controller in the MVC sense only.
final class KeyboardController: NSObject {
    weak var view: UIView?
    private var observers: [NSObjectProtocol] = []

    func startTracking() {
        guard view != nil, observers.isEmpty else { return }
        observers.append(NotificationCenter.default.addObserver(
            forName: UIResponder.keyboardWillChangeFrameNotification, object: nil, queue: .main
        ) { [weak self] note in
            self?.adjust(for: note)
        })
    }

    private func adjust(for note: Notification) {
        guard let view, let frame = note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect else { return }
        view.transform = CGAffineTransform(translationX: 0, y: -frame.height)
    }
}
