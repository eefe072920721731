import UIKit

// Shape: `override var delegate: X? { didSet { ... } }` observes the superclass's storage, which
// UIKit keeps weakly; the override declares no storage of its own.
final class ForwardingTextView: UITextView {
    override var delegate: UITextViewDelegate? {
        didSet { forwarder.target = delegate }
    }

    private let forwarder = DelegateForwarder()
}

final class DelegateForwarder: NSObject {
    weak var target: UITextViewDelegate?
}
