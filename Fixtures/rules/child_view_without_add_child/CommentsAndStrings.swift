import UIKit

/* Containment snippets that live in text, not code. Only the lines marked `expect` are real
   calls; they sit right after each trap, so a lexer that loses its place shows up there.
   view.addSubview(child.view)
   /* nested: stackView.addArrangedSubview(detail.view) */
   still inside the outer comment: view.insertSubview(detail.view, at: 0)
*/

/// Shown in the debug menu when a screen forgets containment.
/// Example: `view.addSubview(child.view)` without `addChild(child)`.
final class ContainmentLintHintsViewController: UIViewController {
    private let child = ReaderViewController()
    private let detail = ReaderViewController()
    private let stackView = UIStackView()
    private let hintLabel = UILabel()

    private let quickFix = "addChild(child); view.addSubview(child.view); child.didMove(toParent: self)"
    private let badExample = "view.addSubview(child.view) // expect: child_view_without_add_child"
    private let escaped = "\"view.insertSubview(child.view, at: 0)\" \\"
    private let rawSnippet = #"stackView.addArrangedSubview(detail.view) // "quoted" \(not interpolated)"#
    private let deeperRaw = ##"view.addSubview(child.view) "# still raw "##
    private let pattern = #/addSubview\((\w+)\.view\)/#

    override func viewDidLoad() {
        super.viewDidLoad()
        // view.addSubview(child.view)
        hintLabel.text = quickFix // view.insertSubview(detail.view, at: 0)
        view.addSubview(child.view) // expect: child_view_without_add_child
        /* inline: view.addSubview(detail.view) */ view.addSubview(hintLabel)
        view.addSubview(/* the reader */ detail.view) // expect: child_view_without_add_child
    }

    func explain(for name: String) -> String {
        let template = """
            Containment checklist for \(name):
              1. addChild(\(name))
              2. view.addSubview(\(name).view)
              3. \(name).didMove(toParent: self)
            Never just: stackView.addArrangedSubview(\(name).view)
            """
        stackView.addArrangedSubview(detail.view) // expect: child_view_without_add_child
        let nested = "\(name.isEmpty ? "view.addSubview(child.view)" : #"view.insertSubview(child.view, at: 0)"#)"
        view.insertSubview(child.view, at: 0) // expect: child_view_without_add_child
        let rawBlock = #"""
            view.addSubview(child.view) """ is not the end
            stackView.insertArrangedSubview(detail.view, at: 0)
            """#
        stackView.insertArrangedSubview(detail.view, at: 0) // expect: child_view_without_add_child
        let matched = badExample.contains(pattern) ? "matches addSubview(x.view)" : ""
        return template + nested + rawBlock + matched + escaped + rawSnippet + deeperRaw
    }

    func logEmbedding() {
        print("embedding \("detail") via view.addSubview(detail.view)")
        print("*/ is not a comment end inside a string: view.addSubview(child.view)")
        let divide = 10 / 2 /* view.addSubview(child.view) */ * 3
        hintLabel.text = "\(divide)"
    }
}
