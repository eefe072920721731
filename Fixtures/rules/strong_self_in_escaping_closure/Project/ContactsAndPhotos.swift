import UIKit

struct Contact: Hashable {
    let id: UUID
    let name: String
    let phone: String?
}

final class ContactImporter {
    var onProgress: ((Float) -> Void)?
    func start() {}
}

// The base class and its stored properties live in ListViewController.swift.
final class ContactsViewController: ListViewController<Contact> {
    private let importer = ContactImporter()

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Contacts"
        emptyView.onAction = { // expect: strong_self_in_escaping_closure
            self.importer.start()
        }
        onSelect = { contact in // expect: strong_self_in_escaping_closure
            self.show(ContactDetailViewController(contact: contact), sender: self)
        }
        rowActions.append { contact in self.call(contact) } // expect: strong_self_in_escaping_closure
        importer.onProgress = { [weak self] fraction in
            self?.emptyView.progress = fraction
        }
    }

    override func title(for item: Contact) -> String { item.name }

    private func call(_ contact: Contact) {
        guard let phone = contact.phone, let url = URL(string: "tel://\(phone)") else { return }
        UIApplication.shared.open(url)
    }
}

final class ContactDetailViewController: UIViewController {
    let contact: Contact
    init(contact: Contact) {
        self.contact = contact
        super.init(nibName: nil, bundle: nil)
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

struct Photo: Hashable {
    let id: UUID
    var isFavorite: Bool
}

final class PhotoCell: UICollectionViewCell {
    static let reuseIdentifier = "PhotoCell"
    var onFavorite: (() -> Void)?
}

final class SectionHeaderView: UICollectionReusableView {
    var onToggle: (() -> Void)?
}

final class PhotoGridViewController: UICollectionViewController {
    private var photos: [Photo] = []
    private var collapsedSections: Set<Int> = []

    override func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        guard let cell = collectionView.dequeueReusableCell(withReuseIdentifier: PhotoCell.reuseIdentifier, for: indexPath) as? PhotoCell else {
            return UICollectionViewCell()
        }
        let photo = photos[indexPath.item]
        cell.onFavorite = { // expect: strong_self_in_escaping_closure
            self.toggleFavorite(photo)
        }
        return cell
    }

    override func collectionView(_ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath) -> UICollectionReusableView {
        let header = collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "header", for: indexPath) as! SectionHeaderView
        header.onToggle = { self.toggleSection(indexPath.section) } // expect: strong_self_in_escaping_closure
        return header
    }

    private func toggleFavorite(_ photo: Photo) {}
    private func toggleSection(_ section: Int) {}
}

struct Comment: Hashable {
    let id: Int
    let text: String
}

final class CommentCell: UITableViewCell {
    var onReply: (() -> Void)?
}

/// Kept by its controller. The table view holds it weakly, and it never holds the table view,
/// so the cells it configures are not `self`'s.
final class CommentsDataSource: NSObject, UITableViewDataSource {
    var comments: [Comment] = []
    var onReply: ((Comment) -> Void)?

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { comments.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "comment", for: indexPath) as! CommentCell
        let comment = comments[indexPath.row]
        cell.textLabel?.text = comment.text
        cell.onReply = { self.onReply?(comment) }
        return cell
    }
}

final class InboxViewController: UIViewController {
    private let tableView = UITableView()
    // The data source keeps its cell provider; that initializer is not one of the listed storing APIs.
    private lazy var dataSource = UITableViewDiffableDataSource<Int, Comment>(tableView: tableView) { tableView, indexPath, comment in
        let cell = tableView.dequeueReusableCell(withIdentifier: "comment", for: indexPath) as! CommentCell
        cell.onReply = { // expect: strong_self_in_escaping_closure
            self.reply(to: comment)
        }
        return cell
    }

    private func reply(to comment: Comment) {}
}
