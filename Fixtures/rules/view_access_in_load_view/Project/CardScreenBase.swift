import UIKit

/// Screens presented as a card: a rounded root view with a grabber on top.
class CardScreen: UIViewController {
    let grabber = GrabberView()
    var cornerRadius: CGFloat = 16

    func makeCardView() -> CardContainerView {
        let card = CardContainerView()
        card.layer.cornerRadius = cornerRadius
        card.layer.cornerCurve = .continuous
        card.addSubview(grabber)
        return card
    }
}

/// A card that lists rows of any kind.
class ListCard<Row: Hashable>: CardScreen, UITableViewDataSource {
    var rows: [Row] = []
    let tableView = UITableView(frame: .zero, style: .plain)

    override func loadView() {
        let card = makeCardView()
        tableView.dataSource = self
        card.embed(tableView)
        view = card
        view.layoutMargins = .zero
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        rows.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = String(describing: rows[indexPath.row])
        cell.contentConfiguration = content
        return cell
    }
}

/// Cards whose `loadView()` is in CardScreenVariants.swift.
final class LibraryCard: CardScreen {
    var albums: [Album] = []
}

enum Player {
    /// Controls shown over the video; shares its simple name with `Editor.Controls`.
    final class Controls: CardScreen {
        let scrubber = UISlider()
        let playPause = UIButton(configuration: .plain())
    }
}

enum Editor {
    /// Timeline controls of the video editor: a page component, not a view controller.
    final class Controls: PageComponent {
        let timeline = TimelineStripView()

        override func loadView() {
            view?.removeFromSuperview()
            view = TimelineControlsView(timeline: timeline)
            view.tintColor = .systemYellow
        }
    }
}
