import UIKit

// No certain place for `didMove`: the view is added in a completion closure, twice, or nowhere.
final class GalleryViewController: UIViewController {
    func showLater(_ photo: PhotoViewController) {
        addChild(photo)
        UIView.animate(withDuration: 0.3) {
            self.view.addSubview(photo.view)
        }
    }

    func showTwice(_ photo: PhotoViewController, flag: Bool) {
        addChild(photo)
        view.addSubview(photo.view)
        view.addSubview(photo.view)
    }

    func adopt(_ photo: PhotoViewController) {
        addChild(photo)
    }
}
