import UIKit

// Screens built on `GalleryScreen` and `Grid` (GalleryBase.swift), some of them finishing
// their setup in extensions.

final class PhotoCell: UICollectionViewCell {
    let imageView = UIImageView()
}

final class PhotoGrid: Grid<PhotoCell> {
    private let emptyLabel = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        emptyLabel.frame = view.bounds.insetBy(dx: 20, dy: 20) // expect: geometry_in_view_did_load
        collectionView.backgroundView = emptyLabel
    }
}

final class AlbumScreen: GalleryScreen {
    let album: Album
    private let coverView = UIImageView()

    init(album: Album) {
        self.album = album
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }
}

extension AlbumScreen {
    override func viewDidLoad() {
        super.viewDidLoad()
        title = album.title
        let coverHeight = view.frame.height * 0.4 // expect: geometry_in_view_did_load
        coverView.frame = CGRect(x: 0, y: 0, width: thumbnailSize.width, height: coverHeight)
        view.addSubview(coverView)
    }

    override func viewSafeAreaInsetsDidChange() {
        super.viewSafeAreaInsetsDidChange()
        coverView.frame.origin.y = view.safeAreaInsets.top
    }
}

extension Onboarding.Welcome {
    override func viewDidLoad() {
        super.viewDidLoad()
        headline.font = .preferredFont(forTextStyle: .largeTitle)
        headline.preferredMaxLayoutWidth = self.view.safeAreaLayoutGuide.layoutFrame.width - 40 // expect: geometry_in_view_did_load
        view.addSubview(headline)
    }
}

extension Widgets.Welcome {
    func refresh() {
        viewDidLoad()
    }
}

/// Full-screen photo viewer: all its geometry waits for layout.
final class PhotoViewerScreen: GalleryScreen {
    private let scrollView = UIScrollView()
    private let imageView = UIImageView()

    override func viewDidLoad() {
        super.viewDidLoad()
        scrollView.delegate = zoomTransition
        scrollView.addSubview(imageView)
        view.addSubview(scrollView)
        imageView.frame.size = imageView.image?.size ?? .zero
        scrollView.contentSize = imageView.frame.size
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        scrollView.frame = view.bounds
        let widthScale = view.bounds.width / max(imageView.frame.width, 1)
        scrollView.minimumZoomScale = min(widthScale, 1)
    }

    func zoomRect(for scale: CGFloat, center: CGPoint) -> CGRect {
        let size = CGSize(width: view.bounds.width / scale, height: view.frame.height / scale)
        return CGRect(origin: CGPoint(x: center.x - size.width / 2, y: center.y - size.height / 2), size: size)
    }
}
