import UIKit

protocol ForecastChartDataSource: AnyObject {
    func numberOfPoints(in chart: ForecastChartView) -> Int
    func chart(_ chart: ForecastChartView, waveHeightAt index: Int) -> Double
}

/// The 48-hour swell chart embedded in the spot detail screen.
final class ForecastChartViewController: UIViewController {
    var forecast: Forecast? {
        didSet {
            // Nothing to draw into until the chart exists.
            guard view != nil else { return } // expect: view_nil_check
            reloadChart()
        }
    }

    private let chartView = ForecastChartView()
    private let summaryLabel = UILabel()
    private let hourFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.setLocalizedDateFormatFromTemplate("ha")
        return formatter
    }()

    override func loadView() {
        let root = UIView()
        root.backgroundColor = .secondarySystemBackground
        root.layer.cornerRadius = 12
        summaryLabel.font = .preferredFont(forTextStyle: .footnote)
        let stack = UIStackView(arrangedSubviews: [summaryLabel, chartView])
        stack.axis = .vertical
        root.addSubview(stack)
        stack.pin(to: root, insets: UIEdgeInsets(top: 12, left: 12, bottom: 8, right: 12))
        view = root
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        chartView.dataSource = self
        reloadChart()
    }

    private func reloadChart() {
        if let forecast, let peak = forecast.points.max(by: { $0.waveHeight < $1.waveHeight }) {
            let height = Preferences.shared.format(height: peak.waveHeight)
            summaryLabel.text = "Peaks at \(height) around \(hourFormatter.string(from: peak.date))"
        } else {
            summaryLabel.text = "No forecast yet"
        }
        chartView.reloadData()
    }
}

extension ForecastChartViewController: ForecastChartDataSource {
    func numberOfPoints(in chart: ForecastChartView) -> Int {
        min(forecast?.points.count ?? 0, 48)
    }

    func chart(_ chart: ForecastChartView, waveHeightAt index: Int) -> Double {
        forecast?.points[index].waveHeight ?? 0
    }
}

final class ForecastChartView: UIView {
    var dataSource: ForecastChartDataSource? // expect: strong_delegate

    private let lineLayer = CAShapeLayer()
    private let fillLayer = CAShapeLayer()
    private var heights: [Double] = []

    override init(frame: CGRect) {
        super.init(frame: frame)
        lineLayer.fillColor = nil
        lineLayer.lineWidth = 2
        lineLayer.strokeColor = Palette.sea.cgColor
        fillLayer.fillColor = Palette.sea.withAlphaComponent(0.18).cgColor
        layer.addSublayer(fillLayer)
        layer.addSublayer(lineLayer)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    func reloadData() {
        let count = dataSource?.numberOfPoints(in: self) ?? 0
        heights = (0..<count).map { dataSource?.chart(self, waveHeightAt: $0) ?? 0 }
        layoutSubviews() // expect: manual_lifecycle_call
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let plot = bounds.inset(by: UIEdgeInsets(top: 8, left: 0, bottom: 8, right: 0))
        let maxHeight = max(heights.max() ?? 1, 1)
        let step = plot.width / CGFloat(max(heights.count - 1, 1))
        let line = UIBezierPath()
        for (index, height) in heights.enumerated() {
            let point = CGPoint(x: plot.minX + CGFloat(index) * step,
                                y: plot.maxY - plot.height * CGFloat(height / maxHeight))
            index == 0 ? line.move(to: point) : line.addLine(to: point)
        }
        lineLayer.path = line.cgPath
        let fill = line.copy() as! UIBezierPath
        fill.addLine(to: CGPoint(x: plot.maxX, y: plot.maxY))
        fill.addLine(to: CGPoint(x: plot.minX, y: plot.maxY))
        fill.close()
        fillLayer.path = fill.cgPath

        // Faint guide line for every metre of swell.
        for metre in stride(from: 1.0, to: maxHeight, by: 1.0) {
            let guide = CAShapeLayer()
            let y = plot.maxY - plot.height * CGFloat(metre / maxHeight)
            guide.path = UIBezierPath(rect: CGRect(x: plot.minX, y: y, width: plot.width, height: 0.5)).cgPath
            guide.fillColor = UIColor.separator.cgColor
            layer.insertSublayer(guide, at: 0) // expect: non_idempotent_layout
        }
    }
}
