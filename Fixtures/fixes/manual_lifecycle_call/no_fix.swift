import UIKit

final class GaugeView: UIView {
    override func layoutSubviews() {
        super.layoutSubviews()
        // A view's own call inside layoutSubviews() would re-enter it.
        if bounds.isEmpty { layoutSubviews() }
    }
}
