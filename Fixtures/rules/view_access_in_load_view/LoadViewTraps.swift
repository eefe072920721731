import UIKit
import os

/* Reading notes for reviewers. None of this is code:
   override func loadView() {
       view.backgroundColor = .red   // re-enters loadView()
       self.view.addSubview(spinner) /* nested: view.bounds */
   }
*/

private let logger = Logger(subsystem: "com.example.player", category: "loading")

final class CaptionsViewController: UIViewController {
    private let captions = CaptionsView()
    private let isCompact = true

    override func loadView() {
        // view.backgroundColor = .black  (the captions view draws its own background)
        let note = "don't touch view.bounds before self.view = captions"
        let raw = #"view.addSubview(captions) \(view.bounds)"#
        let pattern = #/view\.frame/#
        let help = """
            In loadView(), view.backgroundColor and self.view.frame both load the view;
            assign view = root first. "\(isCompact ? "view.frame" : "none")" is only text.
            """
        logger.debug("\(note) \(raw) \(help) \(isCompact ? "view.bounds" : #"self.view"#)")
        captions.isHidden = help.contains(pattern) /* self.view.isHidden */
        view = captions
    }
}

final class SubtitleOverlayViewController: UIViewController {
    private let overlay = SubtitleOverlayView()

    override func loadView() {
        logger.debug("loading overlay in \(view.bounds.debugDescription)") // expect: view_access_in_load_view
        let hint = ##"self.view "# is still raw: view.bounds"##
        overlay.accessibilityHint = hint
        view = overlay
    }
}

final class DebugHUDViewController: UIViewController {
    private let hud = FrameRateHUDView()

    override func loadView() {
#if DEBUG
        view.accessibilityIdentifier = "debug-hud" // expect: view_access_in_load_view
        hud.showsMemoryGraph = true
#else
        hud.showsMemoryGraph = false
        hud.frame = self.view.bounds // expect: view_access_in_load_view
#endif
        view = hud
#if DEBUG
        view.layer.borderWidth = 1
#endif
    }
}

final class ChapterListViewController: UIViewController {
    private let list = ChapterListView()

    override func loadView() {
        let title = "Chapters" /* view.tintColor = .label */
        list.title = title
        self // a comment between the receiver and the member
            .view = list
        view.tintColor = .label
    }
}

final class ThumbnailStripViewController: UIViewController {
    private let strip = ThumbnailStripView()

    override func loadView() {
        strip.tintColor = self
            .view.tintColor // expect: view_access_in_load_view
        view = strip
    }
}
