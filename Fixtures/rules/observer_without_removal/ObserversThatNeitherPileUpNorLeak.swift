import UIKit

// Shapes: a dropped block-observer token is harmless when it neither piles up nor leaks:
// - registered once (from `viewDidLoad`) with a block that holds `self` weakly;
// - registered on a `NotificationCenter()` the code creates itself (not the app-wide center).
final class LibraryViewController: UIViewController {
    private let localEvents = NotificationCenter()

    override func viewDidLoad() {
        super.viewDidLoad()
        NotificationCenter.default.addObserver(forName: .libraryDidChange, object: nil, queue: .main) { [weak self] _ in
            self?.reload()
        }
        localEvents.addObserver(forName: .libraryDidChange, object: nil, queue: nil) { _ in
            self.reload()
        }
    }

    private func reload() {}
}

// Still reported: a dropped token whose block keeps `self` for the life of the app, and one
// registered again every time a cell is configured.
final class PlayerViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        NotificationCenter.default.addObserver(forName: .playbackDidEnd, object: nil, queue: .main) { _ in // expect: observer_without_removal
            self.showReplay()
        }
    }

    private func showReplay() {}
}

final class TrackCell: UITableViewCell {
    func configure(with title: String) {
        textLabel?.text = title
        NotificationCenter.default.addObserver(forName: .playbackDidEnd, object: nil, queue: .main) { [weak self] _ in // expect: observer_without_removal
            self?.setNeedsLayout()
        }
    }
}

extension Notification.Name {
    static let libraryDidChange = Notification.Name("libraryDidChange")
    static let playbackDidEnd = Notification.Name("playbackDidEnd")
}
