import UIKit

/* Notes from the view-loading audit. Only the lines marked `expect` are real calls; each
   sits right after a trap, so a lexer that loses its place shows up there.
   controller.loadView()
   /* nested: self.loadView() */
   still inside the outer comment: super.loadView()
*/

/// Explains the rule in the in-app developer menu.
/// Example: `controller.loadView()`; use `controller.loadViewIfNeeded()` instead.
final class ViewLoadingTipsViewController: UIViewController {
    private let tipLabel = UILabel()
    private let target = ReaderViewController()

    private let wrong = "controller.loadView()"
    private let escaped = "\"self.loadView()\" \\"
    private let raw = #"target.loadView() // "never" \(not interpolated)"#
    private let deeperRaw = ##"loadView() "# still raw "##
    private let pattern = #/\.loadView\(\)/#

    override func viewDidLoad() {
        super.viewDidLoad()
        // target.loadView()
        tipLabel.text = wrong // self.loadView()
        target.loadView() // expect: direct_load_view_call
        /* inline: target.loadView() */ target.loadViewIfNeeded()
        target // a trailing comment between receiver and member: loadViewIfNeeded()
            .loadView() // expect: direct_load_view_call
    }

    func tip(for name: String) -> String {
        let text = """
            Don't write \(name).loadView(); UIKit calls it.
            Write \(name).loadViewIfNeeded() to force the view to load.
            super.loadView() belongs only in override func loadView().
            """
        target.loadView() // expect: direct_load_view_call
        let nested = "\(name.isEmpty ? "loadView()" : #"\#(name).loadView()"#)"
        loadView() // expect: direct_load_view_call
        let rawBlock = #"""
            target.loadView() """ is not the end
            self.loadView()
            """#
        self.loadView() // expect: direct_load_view_call
        let matched = wrong.contains(pattern) ? "matches loadView()" : ""
        return text + nested + rawBlock + matched + escaped + raw + deeperRaw
    }

    func logLoading() {
        print("loading \("target") via target.loadView()")
        print("*/ is not a comment end inside a string: loadView()")
        let ratio = 10 / 2 /* target.loadView() */ * 3
        tipLabel.text = "\(ratio)"
        target.`loadView`() // expect: direct_load_view_call
    }
}
