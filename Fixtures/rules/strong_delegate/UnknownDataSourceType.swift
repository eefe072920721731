import UIKit

// Shape: a type the run cannot see, named `...DataSource`/`...Delegate` — an Objective-C or
// binary-framework class (a model object), not a delegate protocol. Only protocols known to be
// class-bound (declared in the run, or Apple's delegate protocols) count.
final class ChartCardView: UIView {
    var chartDataSource: VendorChartDataSource?
    var analyticsDelegate: AnalyticsSDKDelegate?

    // Still reported: a delegate protocol Lifeguard's catalog knows.
    var scrollDelegate: UIScrollViewDelegate? // expect: strong_delegate
}
