import UIKit

// Extensions of types declared in the other files of this folder, and nested types that share
// a simple name with a type elsewhere.

extension ContactsViewController {
    override func viewSafeAreaInsetsDidChange() {
        super.viewSafeAreaInsetsDidChange()
        tableView.verticalScrollIndicatorInsets.bottom = view.safeAreaInsets.bottom
    }

    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) { // expect: missing_super_call
        tableView.reloadData()
    }
}

extension FeedViewController.HeaderView {
    override func prepareForReuse() { // expect: missing_super_call
        dateLabel.text = nil
    }
}

extension Receipt.HeaderView {
    override func prepareForReuse() {
        merchant = ""
    }
}

extension DrawerViewController {
    override func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        super.viewWillTransition(to: size, with: coordinator)
        preferredContentSize.width = min(size.width, 420)
    }

    override func decodeRestorableState(with coder: NSCoder) { // expect: missing_super_call
        preferredContentSize.width = CGFloat(coder.decodeDouble(forKey: "drawerWidth"))
    }
}

/// Search has its own `ResultCell`; so does the export job, which is not a view.
final class SearchViewController: BaseViewController {
    final class ResultCell: CardCell {
        override func updateConstraints() {
            if needsUpdateConstraints() {
                super.updateConstraints()
            }
        }

        override func awakeFromNib() { // expect: missing_super_call
            thumbnailView.contentMode = .scaleAspectFill
        }
    }

    override func viewWillDisappear(_ animated: Bool) {
        view.endEditing(true)
        super.viewWillDisappear(animated)
    }
}

class ExportStep {
    func awakeFromNib() {}
    func updateConstraints() {}
}

enum ExportJob {
    final class ResultCell: ExportStep {
        override func awakeFromNib() {}
        override func updateConstraints() {}
    }
}

/// A generic picker on UITableViewController.
final class PickerTableViewController<Option: CustomStringConvertible>: UITableViewController {
    var options: [Option] = []

    override func viewDidLoad() { // expect: missing_super_call
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "option")
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        tableView.flashScrollIndicators()
    }

    override func setEditing(_ editing: Bool, animated: Bool) {
        super.setEditing(editing, animated: animated)
        tableView.allowsMultipleSelectionDuringEditing = editing
    }
}

/// Presenters mirror the controller callbacks without being controllers.
class ScreenPresenter {
    func viewDidLoad() {}
    func viewWillAppear(_ animated: Bool) {}
}

final class ProfilePresenter: ScreenPresenter {
    override func viewDidLoad() {}
    override func viewWillAppear(_ animated: Bool) {}
}

/// A base controller from a binary framework the run cannot see: not resolvable as a controller.
final class PortfolioChartScreen: ChartKitBaseViewController {
    override func viewDidLoad() {
        configureAxes()
    }
}

/// Previews build a throwaway cell class inside a function; it is still a view type.
enum CellPreviews {
    static func makeEmptyStateCell() -> UITableViewCell {
        final class EmptyStateCell: UITableViewCell {
            override func layoutSubviews() { // expect: missing_super_call
                textLabel?.frame = contentView.bounds.insetBy(dx: 16, dy: 8)
            }
        }
        return EmptyStateCell(style: .default, reuseIdentifier: "empty")
    }
}
