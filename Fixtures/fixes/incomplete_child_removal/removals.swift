import UIKit

final class LibraryViewController: UIViewController {
    private var current: UIViewController?

    func closeDownloads(_ downloads: DownloadsViewController) {
        downloads.view.removeFromSuperview()
        downloads.removeFromParent()
    }

    func reset() {
        current?.view.removeFromSuperview()
        current?.removeFromParent()
        current = nil
    }

    func detach(_ panel: UIViewController) {
        panel.removeFromParent()
        panel.view.removeFromSuperview()
    }
}

final class ToastViewController: UIViewController {
    func close() {
        view.removeFromSuperview()
        removeFromParent()
    }
}
