import UIKit

// Shape: `Progress.addChild(_:withPendingUnitCount:)` is not view-controller containment. The
// method is matched by its full signature (one unlabeled argument) on a receiver that may be a
// controller, not by its base name.
final class ImportViewController: UIViewController {
    private let overall = Progress(totalUnitCount: 10)

    func start(_ files: [URL]) {
        for file in files {
            let child = Progress(totalUnitCount: 1)
            overall.addChild(child, withPendingUnitCount: 1)
            upload(file, reporting: child)
        }
    }

    func track(_ step: Progress) {
        let total = Progress(totalUnitCount: 2)
        total.addChild(step, withPendingUnitCount: 2)
    }

    private func upload(_ file: URL, reporting progress: Progress) {}
}

// Still reported: real containment next to it.
final class UploadsViewController: UIViewController {
    private let progress = Progress(totalUnitCount: 1)

    func showDetails(_ details: UploadDetailsViewController) {
        addChild(details) // expect: add_child_without_did_move
        view.addSubview(details.view)
        progress.addChild(Progress(totalUnitCount: 1), withPendingUnitCount: 1)
    }
}
