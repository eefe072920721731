import UIKit

@MainActor
enum ShareFlow {
    static func share(_ spot: Spot, forecast: Forecast?, from presenter: UIViewController,
                      sourceItem: (any UIPopoverPresentationControllerSourceItem)?) {
        let card = ShareCardViewController(spot: spot, forecast: forecast)
        let image = card.renderImage(size: CGSize(width: 600, height: 340))
        let activity = UIActivityViewController(activityItems: [image, spot.shareText, spot.webURL],
                                                applicationActivities: nil)
        activity.popoverPresentationController?.sourceItem = sourceItem
        presenter.present(activity, animated: true)
    }

    /// The widget's "Share" button opens the app with no screen to present from.
    static func shareFromWidget(_ spot: Spot) {
        guard var top = UIApplication.shared.windows.first(where: { $0.isKeyWindow })?.rootViewController else { // expect: global_key_window
            return
        }
        while let presented = top.presentedViewController {
            top = presented
        }
        share(spot, forecast: SpotStore.shared.forecasts[spot.id], from: top, sourceItem: nil)
    }
}

/// Renders the card that goes into the share sheet; never shown on screen itself.
final class ShareCardViewController: UIViewController {
    private let spot: Spot
    private let forecast: Forecast?

    init(spot: Spot, forecast: Forecast?) {
        self.spot = spot
        self.forecast = forecast
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func loadView() {
        let card = ShareCardView(frame: view.bounds) // expect: view_access_in_load_view
        card.configure(spot: spot, forecast: forecast)
        view = card
    }

    func renderImage(size: CGSize) -> UIImage {
        loadViewIfNeeded()
        view.frame = CGRect(origin: .zero, size: size)
        view.layoutIfNeeded()
        return UIGraphicsImageRenderer(size: size).image { _ in
            view.drawHierarchy(in: view.bounds, afterScreenUpdates: true)
        }
    }
}

final class ShareCardView: UIView {
    private let nameLabel = UILabel()
    private let conditionsLabel = UILabel()
    private let ratingView = SwellRatingView()

    override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = Palette.sea
        nameLabel.font = .systemFont(ofSize: 40, weight: .bold)
        nameLabel.textColor = .white
        conditionsLabel.font = .systemFont(ofSize: 24, weight: .medium)
        conditionsLabel.textColor = Palette.foam
        let stack = UIStackView(arrangedSubviews: [nameLabel, conditionsLabel, ratingView])
        stack.axis = .vertical
        stack.alignment = .leading
        stack.spacing = 12
        addSubview(stack)
        stack.pin(to: self, insets: UIEdgeInsets(top: 32, left: 32, bottom: 32, right: 32))
        ratingView.widthAnchor.constraint(equalToConstant: 160).isActive = true
        ratingView.heightAnchor.constraint(equalToConstant: 24).isActive = true
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    func configure(spot: Spot, forecast: Forecast?) {
        nameLabel.text = spot.name
        ratingView.rating = forecast?.rating ?? 0
        if let now = forecast?.points.first {
            conditionsLabel.text = "\(Preferences.shared.format(height: now.waveHeight)) at \(Int(now.period))s"
        } else {
            conditionsLabel.text = spot.region
        }
    }
}
