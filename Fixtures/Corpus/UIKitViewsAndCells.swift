// Exercises UIKit views and cells: UIView/UITableViewCell/UICollectionViewCell subclasses, drawing, gestures, KVO, diffable data sources, compositional layouts and emoji identifiers.

import UIKit

@IBDesignable
final class RingView: UIView {
    @IBInspectable var progress: CGFloat = 0 {
        didSet {
            progress = min(max(progress, 0), 1)
            setNeedsDisplay()
        }
    }
    @IBInspectable var lineWidth: CGFloat = 6
    var tint: UIColor = .systemBlue {
        didSet { setNeedsDisplay() }
    }
    var onTap: ((RingView) -> Void)?
    var valueFormatter: (CGFloat) -> String = { String(format: "%.0f%%", $0 * 100) }

    private let label = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        commonInit()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        commonInit()
    }

    convenience init(progress: CGFloat, tint: UIColor = .systemBlue) {
        self.init(frame: CGRect(x: 0, y: 0, width: 64, height: 64))
        self.progress = progress
        self.tint = tint
    }

    private func commonInit() {
        isOpaque = false
        addSubview(label)
        let tap = UITapGestureRecognizer(target: self, action: #selector(handleTap(_:)))
        addGestureRecognizer(tap)
        let longPress = UILongPressGestureRecognizer(target: self, action: #selector(handleLongPress))
        longPress.minimumPressDuration = 0.4
        addGestureRecognizer(longPress)
    }

    override var intrinsicContentSize: CGSize {
        CGSize(width: 64, height: 64)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        label.frame = bounds.insetBy(dx: lineWidth, dy: lineWidth)
        label.text = valueFormatter(progress)
    }

    override func draw(_ rect: CGRect) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        let center = CGPoint(x: rect.midX, y: rect.midY)
        let radius = min(rect.width, rect.height) / 2 - lineWidth / 2
        context.setLineWidth(lineWidth)
        context.setStrokeColor(tint.withAlphaComponent(0.2).cgColor)
        context.addArc(center: center, radius: radius, startAngle: 0, endAngle: .pi * 2, clockwise: false)
        context.strokePath()
        context.setStrokeColor(tint.cgColor)
        context.addArc(center: center, radius: radius, startAngle: -.pi / 2, endAngle: -.pi / 2 + .pi * 2 * progress, clockwise: false)
        context.strokePath()
    }

    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        bounds.insetBy(dx: -10, dy: -10).contains(point)
    }

    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let hit = super.hitTest(point, with: event)
        return hit === label ? self : hit
    }

    override func didMoveToWindow() {
        super.didMoveToWindow()
        if window != nil { setNeedsLayout() }
    }

    @objc private func handleTap(_ recognizer: UITapGestureRecognizer) {
        guard recognizer.state == .ended else { return }
        onTap?(self)
    }

    @objc private func handleLongPress() {
        UIView.animateKeyframes(withDuration: 0.6, delay: 0, options: [.calculationModeCubic]) {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) {
                self.transform = CGAffineTransform(scaleX: 1.2, y: 1.2)
            }
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) {
                self.transform = .identity
            }
        } completion: { [weak self] _ in
            self?.progress = 0
        }
    }
}

final class ProfileCell: UITableViewCell {
    static let reuseIdentifier = String(describing: ProfileCell.self)

    private let avatar = UIImageView()
    private let nameLabel = UILabel()
    private let ring = RingView(progress: 0.5)
    private var imageTask: Task<Void, Never>?
    private var observation: NSKeyValueObservation?
    var onAvatarTap: (() -> Void)?

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
        contentView.addSubview(avatar)
        contentView.addSubview(nameLabel)
        accessoryView = ring
        ring.onTap = { [weak self] ring in
            ring.progress += 0.1
            self?.onAvatarTap?()
        }
        observation = avatar.observe(\.image, options: [.old, .new]) { [weak self] imageView, change in
            guard change.newValue != change.oldValue else { return }
            self?.setNeedsLayout()
            _ = imageView
        }
    }

    required init?(coder: NSCoder) {
        fatalError("ProfileCell does not support storyboards")
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        imageTask?.cancel()
        imageTask = nil
        avatar.image = nil
        onAvatarTap = nil
    }

    override func setSelected(_ selected: Bool, animated: Bool) {
        super.setSelected(selected, animated: animated)
        let changes = { self.nameLabel.textColor = selected ? .white : .label }
        animated ? UIView.animate(withDuration: 0.2, animations: changes) : changes()
    }

    override func setHighlighted(_ highlighted: Bool, animated: Bool) {
        super.setHighlighted(highlighted, animated: animated)
        ring.alpha = highlighted ? 0.5 : 1
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        avatar.frame = CGRect(x: 12, y: 8, width: 40, height: 40)
        avatar.layer.cornerRadius = 20
        nameLabel.frame = CGRect(x: 60, y: 8, width: contentView.bounds.width - 72, height: 40)
    }

    func configure(name: String, avatarURL: URL?, progress: CGFloat) {
        nameLabel.text = name
        ring.progress = progress
        guard let avatarURL else { return }
        imageTask = Task { [weak self] in
            guard let (data, _) = try? await URLSession.shared.data(from: avatarURL),
                  !Task.isCancelled else { return }
            await MainActor.run { [weak self] in
                self?.avatar.image = UIImage(data: data)
            }
        }
    }

    deinit {
        observation?.invalidate()
        imageTask?.cancel()
    }
}

final class EmojiCell: UICollectionViewCell {
    let 🏷 = UILabel()
    var 表情 = "🙂" {
        didSet { 🏷.text = 表情 }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.addSubview(🏷)
        🏷.font = .systemFont(ofSize: 40)
        🏷.textAlignment = .center
    }

    required init?(coder: NSCoder) { nil }

    override func apply(_ layoutAttributes: UICollectionViewLayoutAttributes) {
        super.apply(layoutAttributes)
        🏷.frame = contentView.bounds
    }

    override var isSelected: Bool {
        didSet {
            contentView.backgroundColor = isSelected ? .systemGray5 : .clear
        }
    }
}

@available(iOS 15.0, *)
final class EmojiPickerViewController: UIViewController, UICollectionViewDelegate {
    enum Section: Hashable {
        case recent
        case category(String)
    }

    struct Item: Hashable {
        let 😀: String
        let name: String
    }

    private var collectionView: UICollectionView!
    private var dataSource: UICollectionViewDiffableDataSource<Section, Item>!
    private let 🗂: [String: [Item]] = [
        "Smileys": [Item(😀: "😀", name: "grinning"), Item(😀: "🥲", name: "smiling with tear")],
        "Animals": [Item(😀: "🐙", name: "octopus"), Item(😀: "🦔", name: "hedgehog")],
    ]
    var onPick: (@MainActor (Item) -> Void)?

    override func viewDidLoad() {
        super.viewDidLoad()
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: makeLayout()) // expect: geometry_in_view_did_load
        collectionView.delegate = self
        view.addSubview(collectionView)

        let registration = UICollectionView.CellRegistration<EmojiCell, Item> { cell, indexPath, item in
            cell.表情 = item.😀
            cell.accessibilityLabel = "\(item.name), item \(indexPath.item + 1)"
        }
        let header = UICollectionView.SupplementaryRegistration<UICollectionViewListCell>(
            elementKind: UICollectionView.elementKindSectionHeader
        ) { [unowned self] supplementary, _, indexPath in
            var content = supplementary.defaultContentConfiguration()
            switch self.dataSource.sectionIdentifier(for: indexPath.section) {
            case .recent?:
                content.text = "Recently Used"
            case .category(let name)?:
                content.text = name
            case nil:
                content.text = nil
            }
            supplementary.contentConfiguration = content
        }
        dataSource = UICollectionViewDiffableDataSource(collectionView: collectionView) { collectionView, indexPath, item in
            collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: item)
        }
        dataSource.supplementaryViewProvider = { collectionView, _, indexPath in
            collectionView.dequeueConfiguredReusableSupplementary(using: header, for: indexPath)
        }
        applySnapshot(animated: false)
    }

    private func makeLayout() -> UICollectionViewLayout {
        UICollectionViewCompositionalLayout { sectionIndex, environment -> NSCollectionLayoutSection? in
            let columns = environment.container.effectiveContentSize.width > 500 ? 8 : 5
            let item = NSCollectionLayoutItem(layoutSize: .init(widthDimension: .fractionalWidth(1 / CGFloat(columns)), heightDimension: .fractionalHeight(1)))
            let group = NSCollectionLayoutGroup.horizontal(
                layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .absolute(56)),
                repeatingSubitem: item,
                count: columns
            )
            let section = NSCollectionLayoutSection(group: group)
            section.orthogonalScrollingBehavior = sectionIndex == 0 ? .continuous : .none
            section.boundarySupplementaryItems = [
                .init(layoutSize: .init(widthDimension: .fractionalWidth(1), heightDimension: .estimated(32)),
                      elementKind: UICollectionView.elementKindSectionHeader,
                      alignment: .top),
            ]
            return section
        }
    }

    private func applySnapshot(animated: Bool) {
        var snapshot = NSDiffableDataSourceSnapshot<Section, Item>()
        snapshot.appendSections([.recent])
        snapshot.appendItems(Array(🗂.values.joined().prefix(3)), toSection: .recent)
        for (name, items) in 🗂.sorted(by: { $0.key < $1.key }) {
            snapshot.appendSections([.category(name)])
            snapshot.appendItems(items, toSection: .category(name))
        }
        dataSource.apply(snapshot, animatingDifferences: animated) { [weak self] in
            self?.collectionView.flashScrollIndicators()
        }
    }

    func collectionView(_ collectionView: UICollectionView, didSelectItemAt indexPath: IndexPath) {
        guard let item = dataSource.itemIdentifier(for: indexPath) else { return }
        onPick?(item)
    }

    func collectionView(_ collectionView: UICollectionView, contextMenuConfigurationForItemsAt indexPaths: [IndexPath], point: CGPoint) -> UIContextMenuConfiguration? {
        guard let first = indexPaths.first, let item = dataSource.itemIdentifier(for: first) else { return nil }
        return UIContextMenuConfiguration(identifier: nil, previewProvider: nil) { suggested in
            UIMenu(children: suggested + [
                UIAction(title: "Copy \(item.😀)", image: UIImage(systemName: "doc.on.doc")) { _ in
                    UIPasteboard.general.string = item.😀
                },
            ])
        }
    }
}

final class GradientView: UIView {
    override class var layerClass: AnyClass { CAGradientLayer.self }

    private var gradientLayer: CAGradientLayer {
        // swiftlint:disable:next force_cast
        layer as! CAGradientLayer
    }

    var colors: [UIColor] = [.systemTeal, .systemPurple] {
        didSet { updateColors() }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        updateColors()
        registerForTraitChanges([UITraitUserInterfaceStyle.self]) { (self: Self, previous: UITraitCollection) in
            self.updateColors()
        }
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
        updateColors()
    }

    private func updateColors() {
        gradientLayer.colors = colors.map { $0.resolvedColor(with: traitCollection).cgColor }
    }

    #if os(iOS)
    override func motionEnded(_ motion: UIEvent.EventSubtype, with event: UIEvent?) {
        if motion == .motionShake { colors.reverse() }
    }
    #endif
}

extension ProfileCell {
    static func register(in tableView: UITableView) {
        tableView.register(ProfileCell.self, forCellReuseIdentifier: reuseIdentifier)
    }
}

extension UITableView {
    func dequeue<Cell: UITableViewCell>(_ type: Cell.Type = Cell.self, for indexPath: IndexPath) -> Cell {
        guard let cell = dequeueReusableCell(withIdentifier: String(describing: type), for: indexPath) as? Cell else {
            preconditionFailure("Unregistered cell \(type)")
        }
        return cell
    }
}

final class BadgeButton: UIButton {
    var badgeCount = 0 {
        didSet {
            badge.isHidden = badgeCount == 0
            badge.text = badgeCount > 99 ? "99+" : "\(badgeCount)"
        }
    }

    private lazy var badge: UILabel = { [unowned self] in
        let label = UILabel()
        label.backgroundColor = .systemRed
        label.textColor = .white
        label.font = .boldSystemFont(ofSize: 11)
        label.textAlignment = .center
        label.layer.masksToBounds = true
        self.addSubview(label)
        return label
    }()

    override var isHighlighted: Bool {
        get { super.isHighlighted }
        set {
            super.isHighlighted = newValue
            alpha = newValue ? 0.6 : 1
        }
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let size = badge.intrinsicContentSize
        let width = max(size.width + 8, 18)
        badge.frame = CGRect(x: bounds.maxX - width / 2, y: -9, width: width, height: 18)
        badge.layer.cornerRadius = 9
    }

    @available(iOS, introduced: 13.0, deprecated: 17.0, message: "Use configuration updates instead")
    override func tintColorDidChange() {
        super.tintColorDidChange()
        badge.backgroundColor = tintAdjustmentMode == .dimmed ? .systemGray : .systemRed
    }
}
