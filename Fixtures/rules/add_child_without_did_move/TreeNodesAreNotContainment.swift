import Foundation
import UIKit
import MarkupKit

// Shape: `addChild(_:)` on a tree node of a library the run cannot see (an XML or markup element,
// a scene-graph node). Its type is written — a declaration, a cast, a return type — and its name
// says neither controller nor view: nothing visible makes it a view controller, so nothing is
// reported. A receiver whose type cannot be named at all still counts as a possible controller.
enum FeedWriter {
    static func entry(title: String, link: URL) -> MarkupElement {
        let entry = MarkupElement(name: "entry")
        let heading = MarkupElement(name: "title", text: title)
        entry.addChild(heading)
        let anchor = MarkupNode.element(name: "link") as! MarkupElement
        anchor.addAttribute(name: "href", value: link.absoluteString)
        entry.addChild(anchor)
        return entry
    }

    static func document(_ entries: [MarkupElement]) -> MarkupDocument {
        let root: MarkupElement = MarkupElement(name: "feed")
        for entry in entries {
            root.addChild(entry)
        }
        return MarkupDocument(rootElement: root)
    }
}

final class ExportViewController: UIViewController {
    private var tree = MarkupElement(name: "export")

    func append(_ node: MarkupElement) {
        tree.addChild(node)
    }

    func attach(_ summary: SummaryViewController) {
        addChild(summary) // expect: add_child_without_did_move
        view.addSubview(summary.view)
    }
}

final class SummaryViewController: UIViewController {}
