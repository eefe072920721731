import UIKit

final class SpotCell: UITableViewCell {
    static let reuseIdentifier = "SpotCell"

    var onFavoriteTapped: (() -> Void)?

    private let nameLabel = UILabel()
    private let detailLabel = UILabel()
    private let ratingView = SwellRatingView()
    private let favoriteButton = UIButton(type: .system)

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        nameLabel.font = .preferredFont(forTextStyle: .headline)
        detailLabel.font = .preferredFont(forTextStyle: .subheadline)
        detailLabel.textColor = .secondaryLabel
        favoriteButton.addTarget(self, action: #selector(favoriteTapped), for: .touchUpInside)

        let labels = UIStackView(arrangedSubviews: [nameLabel, detailLabel, ratingView])
        labels.axis = .vertical
        labels.alignment = .leading
        let row = UIStackView(arrangedSubviews: [labels, favoriteButton])
        row.alignment = .center
        row.spacing = 12
        contentView.addSubview(row)
        row.pin(to: contentView, insets: UIEdgeInsets(top: 8, left: 16, bottom: 8, right: 12))
        NSLayoutConstraint.activate([
            ratingView.widthAnchor.constraint(equalToConstant: 70),
            ratingView.heightAnchor.constraint(equalToConstant: 12),
            favoriteButton.widthAnchor.constraint(equalToConstant: 44),
        ])
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    func configure(with spot: Spot, forecast: Forecast?, isFavorite: Bool) {
        nameLabel.text = spot.name
        if let now = forecast?.points.first {
            detailLabel.text = "\(spot.region) · \(Preferences.shared.format(height: now.waveHeight)) @ \(Int(now.period))s"
        } else {
            detailLabel.text = spot.region
        }
        ratingView.rating = forecast?.rating ?? 0
        favoriteButton.setImage(UIImage(systemName: isFavorite ? "star.fill" : "star"), for: .normal)
    }

    override func prepareForReuse() { // expect: missing_super_call
        nameLabel.text = nil
        detailLabel.text = nil
        ratingView.rating = 0
        onFavoriteTapped = nil
    }

    @objc private func favoriteTapped() {
        onFavoriteTapped?()
    }
}

/// Five dots, filled up to the forecast's rating.
final class SwellRatingView: UIView {
    var rating = 0 {
        didSet {
            if rating != oldValue { setNeedsDisplay() }
        }
    }

    override init(frame: CGRect) {
        super.init(frame: frame)
        isOpaque = false
        contentMode = .redraw
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func draw(_ rect: CGRect) {
        let diameter = min(bounds.height, bounds.width / 6)
        let gap = (bounds.width - diameter * 5) / 4
        for index in 0..<5 {
            let dot = CGRect(x: CGFloat(index) * (diameter + gap), y: (bounds.height - diameter) / 2,
                             width: diameter, height: diameter)
            (index < rating ? Palette.sea : UIColor.systemFill).setFill()
            UIBezierPath(ovalIn: dot).fill()
        }
    }

    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if traitCollection.hasDifferentColorAppearance(comparedTo: previousTraitCollection) {
            setNeedsDisplay()
        }
    }
}
