import UIKit

// Screens built on `ThemedScreen` and `FormScreen` (declared in ScreenBase.swift), and
// `loadView()` overrides that live in extensions.

enum AddressField: String, Hashable, CaseIterable {
    case name, street, city, postcode
}

final class CheckoutAddressScreen: FormScreen<AddressField> {
    override func loadView() {
        super.loadView() // expect: super_load_view_in_custom_root
        self.view = AddressFormView(fields: AddressField.allCases)
    }
}

final class LoyaltyCardScreen: ThemedScreen {
    private let card: LoyaltyCard

    init(card: LoyaltyCard) {
        self.card = card
        super.init()
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func loadView() {
        view = LoyaltyCardView(card: card)
    }
}

final class PlaylistScreen: ThemedScreen {
    var tracks: [Track] = []
    let header = PlaylistHeaderView()
}

extension PlaylistScreen {
    override func loadView() {
        super.loadView() // expect: super_load_view_in_custom_root
        let table = UITableView(frame: .zero, style: .insetGrouped)
        table.tableHeaderView = header
        view = table
    }
}

extension Settings.Panel {
    override func loadView() {
        let list = SettingsListView(sections: sections)
        list.backgroundColor = .systemGroupedBackground
        super.loadView() // expect: super_load_view_in_custom_root
        view = list
    }
}

extension Dashboard.Panel {
    func reload() {
        loadView()
        view?.setNeedsLayout()
    }
}

/// Edits a note with the nib's layout: the nib path, so `super` is the whole job.
final class NoteEditorScreen: ThemedScreen {
    @IBOutlet private var bodyTextView: UITextView!

    override func loadView() {
        super.loadView()
        bodyTextView.font = .preferredFont(forTextStyle: .body)
        bodyTextView.adjustsFontForContentSizeCategory = true
    }
}

extension LoyaltyCardScreen {
    /// Rebuilds the card after the wallet pass changes.
    func reloadCard(_ card: LoyaltyCard) {
        view = LoyaltyCardView(card: card)
        view.setNeedsLayout()
    }
}
