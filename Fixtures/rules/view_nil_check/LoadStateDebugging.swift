import UIKit

/* Why `view == nil` is always false on a view controller:
   the getter calls loadView() first, so `detail.view != nil` is always true.
   /* nested, still a comment: if self.view == nil { return } */
   Ask `isViewLoaded` or `viewIfLoaded == nil` instead.
*/

/// Lists the load state of every screen in the debug menu.
final class LoadStateDebugViewController: UITableViewController {
    private var screens: [UIViewController] = []
    private let inspectedController = UIViewController()

    override func viewDidLoad() {
        super.viewDidLoad()
        // if inspectedController.view == nil { inspectedController.loadViewIfNeeded() }
        let tip = "use isViewLoaded, not inspectedController.view == nil"
        let raw = #"self.view != nil is "always" true \(not interpolated)"#
        let body = """
            nil == controller.view loads the view.
            \(inspectedController.isViewLoaded ? "view != nil" : #"view == nil"#)
            """
        title = [tip, raw, body].joined(separator: "\n") /* view == nil */
        let ratio = 3 /* inspectedController.view != nil */ / 2
        tableView.rowHeight = CGFloat(44 * ratio)
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "state", for: indexPath)
        let screen = screens[indexPath.row]
        var content = cell.defaultContentConfiguration()
        content.text = "\(type(of: screen))"
        content.secondaryText = screen.viewIfLoaded == nil ? "view == nil" : "loaded"
        cell.contentConfiguration = content
        return cell
    }

    func audit() {
#if DEBUG
        assert(inspectedController.view != nil) // expect: view_nil_check
#else
        if nil == inspectedController.view { return } // expect: view_nil_check
#endif
        if tableView == nil || tableView.backgroundView == nil {
            tableView.backgroundView = UIView()
        }
    }

    func describe(_ controller: UIViewController) -> String {
        let loaded = controller.view != nil // expect: view_nil_check
        return "\(type(of: controller)): \(loaded ? "loaded" : "\("view == nil")")"
    }

    func refreshIfLoaded() {
        if view == nil { return } // expect: view_nil_check
        if self.view.window == nil, self.viewIfLoaded != nil {
            tableView.reloadData()
        }
        let isShowing = self
            .view != nil // expect: view_nil_check
        if isShowing { tableView.flashScrollIndicators() }
    }
}
