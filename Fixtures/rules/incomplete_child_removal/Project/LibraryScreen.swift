import UIKit

/// The music library: a now-playing bar, switchable content, and transient panels.
final class LibraryViewController: ContainerViewController {
    let nowPlaying = NowPlayingBarViewController()
    let downloads = DownloadsViewController()
    let searchResults = SearchResultsViewController()
    let artwork = ArtworkPreviewViewController()
    let contentArea = UIView()
    private var current: UIViewController?

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(contentArea)
        addChild(nowPlaying)
        view.addSubview(nowPlaying.view)
        nowPlaying.didMove(toParent: self)
        add(downloads, to: contentArea)
        view.addSubview(artwork.view)
    }

    func hideNowPlaying() {
        nowPlaying.view.removeFromSuperview() // expect: incomplete_child_removal
    }

    func closeDownloads() {
        downloads.view.removeFromSuperview()
        downloads.removeFromParent() // expect: incomplete_child_removal
    }

    func showSearch() {
        addChild(searchResults)
        contentArea.addSubview(searchResults.view)
        searchResults.didMove(toParent: self)
    }

    func hideSearch() {
        searchResults.view.removeFromSuperview()
        searchResults.removeFromParent() // expect: incomplete_child_removal
        searchResults.willMove(toParent: nil)
    }

    func cancelSearch() {
        searchResults.willMove(toParent: self)
        searchResults.view.removeFromSuperview()
        searchResults.removeFromParent() // expect: incomplete_child_removal
    }

    func hideArtwork() {
        // Never a child: only its view was borrowed.
        artwork.view.removeFromSuperview()
    }

    func swap(to next: UIViewController) {
        current?.willMove(toParent: nil)
        current?.view.removeFromSuperview()
        current?.removeFromParent()
        add(next, to: contentArea)
        current = next
    }

    func reset() {
        current?.view.removeFromSuperview()
        current?.removeFromParent() // expect: incomplete_child_removal
        current = nil
    }

    func fadeOutNowPlaying() {
        let bar = nowPlaying
        bar.willMove(toParent: nil)
        UIView.animate(withDuration: 0.25) {
            bar.view.alpha = 0
        } completion: { _ in
            bar.view.removeFromSuperview()
            bar.removeFromParent()
        }
    }

    func slideAwayDownloads() {
        let panel = downloads
        UIView.animate(withDuration: 0.3) {
            panel.view.transform = CGAffineTransform(translationX: 0, y: 400)
        } completion: { _ in
            panel.view.removeFromSuperview()
            panel.removeFromParent() // expect: incomplete_child_removal
        }
    }

    func clearOverlays() {
        for overlay in children where overlay !== nowPlaying {
            overlay.view.removeFromSuperview()
            overlay.removeFromParent() // expect: incomplete_child_removal
        }
    }

    func crossfade(from old: UIViewController, to new: UIViewController) {
        old.willMove(toParent: nil)
        addChild(new)
        transition(from: old, to: new, duration: 0.3, options: .transitionCrossDissolve, animations: nil) { _ in
            old.removeFromParent()
            new.didMove(toParent: self)
        }
    }

    func prepareForNextSearch() {
        searchResults.willMove(toParent: nil)
        // Split on purpose: `finishClosingSearch()` runs after the keyboard hides.
    }

    // Contract v2: the removal of a property's child may be split across the type's methods.
    func finishClosingSearch() {
        searchResults.view.removeFromSuperview()
        searchResults.removeFromParent()
    }
}
