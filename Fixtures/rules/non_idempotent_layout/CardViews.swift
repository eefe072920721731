import UIKit

/// A product card that builds its chrome in `layoutSubviews()`, draws a badge that adds a
/// layer on every draw, and creates constraints in `updateConstraints()` without a flag.
final class ProductCardView: UIView {
    private let imageView = UIImageView()
    private let priceLabel = UILabel()
    private let addToCartButton = UIButton(type: .custom)
    private let shadowLayer = CALayer()
    private var blinkTimer: Timer?

    override init(frame: CGRect) {
        super.init(frame: frame)
        // Building once in the initializer is the fix, and is never flagged.
        addSubview(imageView)
        layer.addSublayer(shadowLayer)
        addToCartButton.addTarget(self, action: #selector(addToCart), for: .touchUpInside)
        NSLayoutConstraint.activate([imageView.topAnchor.constraint(equalTo: topAnchor)])
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        addSubview(priceLabel) // a stored label is moved, not duplicated
        self.insertSubview(addToCartButton, aboveSubview: imageView) // a stored button is moved, not duplicated
        addSubview(UILabel()) // expect: non_idempotent_layout
        self.insertSubview(UIButton(type: .custom), aboveSubview: imageView) // expect: non_idempotent_layout
        shadowLayer.frame = bounds
        if bounds.width > 320 {
            // expect: non_idempotent_layout
            addGestureRecognizer(UILongPressGestureRecognizer(target: self, action: #selector(showQuickLook)))
        }
        // expect: non_idempotent_layout
        blinkTimer = Timer.scheduledTimer(withTimeInterval: 0.6, repeats: true) { [weak self] _ in
            self?.priceLabel.isHidden.toggle()
        }
        let shimmer = Timer(timeInterval: 1, target: self, selector: #selector(shimmer), userInfo: nil, repeats: true) // expect: non_idempotent_layout
        RunLoop.main.add(shimmer, forMode: .common)
    }

    override func draw(_ rect: CGRect) {
        super.draw(rect)
        let badge = CATextLayer()
        badge.string = "SALE"
        layer.addSublayer(badge) // expect: non_idempotent_layout
        UIColor.systemRed.setFill()
        UIBezierPath(roundedRect: rect.insetBy(dx: 2, dy: 2), cornerRadius: 8).fill()
    }

    override func updateConstraints() {
        priceLabel.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([ // expect: non_idempotent_layout
            priceLabel.leadingAnchor.constraint(equalTo: leadingAnchor, constant: 12),
            priceLabel.bottomAnchor.constraint(equalTo: bottomAnchor, constant: -12),
        ])
        addToCartButton.centerYAnchor.constraint(equalTo: priceLabel.centerYAnchor).isActive = true // expect: non_idempotent_layout
        super.updateConstraints()
    }

    @objc private func addToCart() {}
    @objc private func showQuickLook() {}
    @objc private func shimmer() {}
}

/// Apple's recommended shape: `updateConstraints()` creates constraints once, behind a flag,
/// and `layoutSubviews()` only positions what already exists.
final class ReviewCell: UITableViewCell {
    private let starsView = StarRatingView()
    private let bodyLabel = UILabel()
    private var didSetupConstraints = false
    private var accentLayer: CAShapeLayer?
    private var cachedWidth: CGFloat = 0

    override func updateConstraints() {
        if !didSetupConstraints {
            starsView.translatesAutoresizingMaskIntoConstraints = false
            NSLayoutConstraint.activate([
                starsView.topAnchor.constraint(equalTo: contentView.topAnchor, constant: 8),
                starsView.leadingAnchor.constraint(equalTo: contentView.layoutMarginsGuide.leadingAnchor),
            ])
            bodyLabel.topAnchor.constraint(equalTo: starsView.bottomAnchor, constant: 4).isActive = true
            contentView.addSubview(bodyLabel)
            didSetupConstraints = true
        }
        super.updateConstraints()
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        if accentLayer == nil {
            let accent = CAShapeLayer()
            contentView.layer.addSublayer(accent)
            accentLayer = accent
        }
        accentLayer?.frame = CGRect(x: 0, y: 0, width: 4, height: contentView.bounds.height)
        // Conditional invalidation is how a cell settles on a width: not a loop.
        if contentView.bounds.width != cachedWidth {
            cachedWidth = contentView.bounds.width
            bodyLabel.preferredMaxLayoutWidth = cachedWidth - 32
            setNeedsLayout()
        }
    }

    override func draw(_ rect: CGRect) {
        // `guard <condition> else { return }` at the top guards the rest of the body.
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.setStrokeColor(UIColor.separator.cgColor)
        context.stroke(rect.insetBy(dx: 0.5, dy: 0.5))
        layer.addSublayer(accentLayer ?? CALayer())
    }
}
