import UIKit

final class EditProfileViewController: UIViewController {
    var onSave: ((Profile) -> Void)?
    var onCancel: (() -> Void)?
}

final class ProfileStatsViewController: UIViewController {
    var onSelectFollowers: (() -> Void)?
}

final class BannerView: UIView {
    var onClose: (() -> Void)?
    var onTap: (() -> Void)?
}

// The stored properties used here are declared with the class, in ProfileViewController.swift.
extension ProfileViewController {
    func editProfile() {
        let editor = EditProfileViewController()
        editor.onSave = { profile in // expect: strong_self_in_escaping_closure
            self.viewModel.onProfileChange?(profile)
        }
        editor.onCancel = { [weak self] in self?.activeEditor = nil }
        self.activeEditor = editor
        present(UINavigationController(rootViewController: editor), animated: true)
    }

    func embedStats() {
        let stats = ProfileStatsViewController()
        stats.onSelectFollowers = { // expect: strong_self_in_escaping_closure
            self.showFollowers()
        }
        addChild(stats)
        contentView.addSubview(stats.view)
        stats.didMove(toParent: self)
    }

    func showWelcomeBanner() {
        let banner = BannerView()
        banner.onClose = { banner.removeFromSuperview() }
        banner.onTap = { // expect: strong_self_in_escaping_closure
            self.editProfile()
        }
        view.addSubview(banner)
    }

    func showBadges(_ badges: [String]) {
        let row = UIStackView()
        for badge in badges {
            let chip = BannerView()
            chip.onTap = { self.showBadge(named: badge) } // expect: strong_self_in_escaping_closure
            row.addArrangedSubview(chip)
        }
        contentView.addSubview(row)
    }

    // Objects that are only presented, pushed or handed on hold the closure on their own.
    func shareProfile(_ url: URL) {
        let activity = UIActivityViewController(activityItems: [url], applicationActivities: nil)
        activity.completionWithItemsHandler = { _, completed, _, _ in
            self.didShareProfile(completed)
        }
        activity.popoverPresentationController?.sourceView = contentView.header
        present(activity, animated: true)
    }

    func pushEditor() {
        let editor = EditProfileViewController()
        editor.onSave = { profile in
            self.viewModel.onProfileChange?(profile)
            self.navigationController?.popViewController(animated: true)
        }
        navigationController?.pushViewController(editor, animated: true)
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        super.prepare(for: segue, sender: sender)
        if let stats = segue.destination as? ProfileStatsViewController {
            stats.onSelectFollowers = { self.showFollowers() }
        }
    }

    func configure(_ editor: EditProfileViewController) {
        editor.onCancel = { self.title = nil }
    }

    // Every branch of a conditional block is real code.
    func installDebugHooks() {
        #if DEBUG
        contentView.onEditTap = { // expect: strong_self_in_escaping_closure
            self.presentDiagnostics()
        }
        #elseif BETA
        handlers.append { _ in self.collectFeedback() } // expect: strong_self_in_escaping_closure
        #else
        contentView.onEditTap = { [weak self] in self?.startEditingFromRelease() }
        viewModel.onError = { _ in self.logSilently() } // expect: strong_self_in_escaping_closure
        #endif
    }

    private func showFollowers() {}
    private func showBadge(named name: String) {}
    private func didShareProfile(_ completed: Bool) {}
    private func presentDiagnostics() {}
    private func collectFeedback() {}
    private func startEditingFromRelease() {}
    private func logSilently() {}
}
