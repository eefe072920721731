import UIKit
import AVKit

// `loadView()` bodies that read the root view before they have assigned one. Each read calls
// the `view` getter, which calls `loadView()` again.

final class VideoPlayerViewController: UIViewController {
    private let playerLayerView = PlayerLayerView()
    private let controls = PlaybackControlsView()

    override func loadView() {
        view.backgroundColor = .black // expect: view_access_in_load_view
        playerLayerView.frame = self.view.bounds // expect: view_access_in_load_view
        self.view.addSubview(controls) // expect: view_access_in_load_view
        view = playerLayerView
        view.addSubview(controls)
        view.accessibilityIgnoresInvertColors = true
    }
}

/// Someone moved this from `viewDidLoad()` and renamed the method.
final class LyricsViewController: UIViewController {
    private let textView = UITextView()

    override func loadView() {
        view.backgroundColor = .systemBackground // expect: view_access_in_load_view
        textView.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(textView) // expect: view_access_in_load_view
        NSLayoutConstraint.activate([
            textView.leadingAnchor.constraint(equalTo: view.readableContentGuide.leadingAnchor), // expect: view_access_in_load_view
            textView.trailingAnchor.constraint(equalTo: view.readableContentGuide.trailingAnchor), // expect: view_access_in_load_view
            textView.topAnchor.constraint(equalTo: view.topAnchor), // expect: view_access_in_load_view
            textView.bottomAnchor.constraint(equalTo: view.bottomAnchor), // expect: view_access_in_load_view
        ])
    }
}

final class QueueViewController: UIViewController {
    private let tableView = UITableView(frame: .zero, style: .plain)
    private let emptyState = EmptyStateView(message: "Nothing queued")

    override func loadView() {
        let banner = NowPlayingBanner()
        banner.frame = CGRect(x: 0, y: 0, width: view.bounds.width, height: view.safeAreaInsets.top) // expect: view_access_in_load_view, view_access_in_load_view
        layoutEmptyState(in: view) // expect: view_access_in_load_view
        let widthConstraint = NSLayoutConstraint(item: tableView, attribute: .width, relatedBy: .equal,
                                                 toItem: view, attribute: .width, multiplier: 1, constant: 0) // expect: view_access_in_load_view
        widthConstraint.isActive = true
        self.view = tableView
        tableView.backgroundView = emptyState
    }

    private func layoutEmptyState(in container: UIView) {
        emptyState.frame = container.bounds
    }
}

/// The backdrop takes the size of a view that does not exist yet: the read on the right of
/// `=` happens before the assignment does.
final class AlbumArtViewController: UIViewController {
    override func loadView() {
        self.view = BlurredBackdropView(frame: view.bounds) // expect: view_access_in_load_view
        view.clipsToBounds = true
    }
}

/// Tags the view for UI tests, then loads the nib: the tag is read before `super` has run.
final class MiniPlayerViewController: UIViewController {
    @IBOutlet private var artworkView: UIImageView!

    override func loadView() {
        view?.accessibilityIdentifier = "mini-player" // expect: view_access_in_load_view
        super.loadView()
        view.accessibilityIdentifier = "mini-player"
        artworkView.layer.cornerRadius = 6
    }
}

// Near misses: `super.loadView()` first, and reads after the first assignment.

final class EqualizerViewController: UIViewController {
    private let bands = EqualizerBandsView()

    override func loadView() {
        super.loadView()
        view.backgroundColor = .secondarySystemBackground
        bands.frame = view.bounds
        view.addSubview(bands)
    }
}

final class PodcastEpisodeViewController: UIViewController {
    private let notesView = ShowNotesView()

    override func loadView() {
        if let nibName, Bundle.main.path(forResource: nibName, ofType: "nib") != nil {
            super.loadView()
        } else {
            view = UIView()
        }
        view.backgroundColor = .systemBackground
        notesView.frame = view.bounds.insetBy(dx: 16, dy: 16)
        view.addSubview(notesView)
    }
}
