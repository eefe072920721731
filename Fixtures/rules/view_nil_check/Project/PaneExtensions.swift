import UIKit

// Extensions of the panes declared in PaneTypes.swift.

extension Pane {
    /// Meant to ask whether the pane has loaded its view; it loads it and always says yes.
    var hasLoadedView: Bool { view != nil } // expect: view_nil_check

    func reloadIfVisible() {
        guard isViewLoaded, view.window != nil else { return }
        reload()
    }
}

extension DetailPane {
    func replace(with newModel: Model) {
        model = newModel
        if nil != view { // expect: view_nil_check
            reload()
        }
    }
}

extension Inbox.Preview {
    func clear() {
        message = nil
        if self.view.superview != nil, self.view != nil { // expect: view_nil_check
            view.isHidden = true
        }
    }
}

extension Compose.Preview {
    func discard() {
        if view != nil {
            view?.removeFromSuperview()
        }
    }
}

/// Pins panes to the sidebar; holds panes, but is not one.
final class PinnedPaneStore {
    private var panes: [Pane] = []
    private let preview: Compose.Preview
    private let reader: Inbox.Preview

    init(preview: Compose.Preview, reader: Inbox.Preview) {
        self.preview = preview
        self.reader = reader
    }

    func pin(_ pane: Pane) {
        pane.isPinned = true
        panes.append(pane)
        if pane.view == nil { // expect: view_nil_check
            pane.loadViewIfNeeded()
        }
    }

    func snapshotViews() -> [UIView] {
        var views: [UIView] = []
        if preview.view != nil, let snapshot = preview.view {
            views.append(snapshot)
        }
        if reader.view != nil { // expect: view_nil_check
            views.append(reader.view)
        }
        return views + panes.compactMap(\.viewIfLoaded)
    }
}
