import UIKit

/// The profile screen's root view. The controller wires its callbacks up.
final class ProfileContentView: UIView {
    let header = ProfileHeaderView()
    let retryButton = UIButton(type: .system)
    var onRetry: (() -> Void)?
    var onEditTap: (() -> Void)?
    var onShare: ((URL) -> Void)?
}

final class ProfileHeaderView: UIView {
    let avatarView = AvatarView()
    var onFollow: ((Bool) -> Void)?
}

final class AvatarView: UIImageView {
    var onTap: (() -> Void)?
}

final class ProfileViewModel {
    var onError: ((Error) -> Void)?
    var onProfileChange: ((Profile) -> Void)?
    func reload() {}
}

struct Profile {
    let name: String
    let avatarURL: URL?
}

final class ProfileViewController: UIViewController {
    let contentView = ProfileContentView()
    let viewModel: ProfileViewModel
    var handlers: [(Profile) -> Void] = []
    var onClose: (() -> Void)?
    var onFinish: ((Profile?) -> Void)?
    var activeEditor: EditProfileViewController?
    weak var coordinator: AppCoordinator?
    private(set) var profile: Profile?

    init(viewModel: ProfileViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func loadView() {
        view = contentView
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        self.onClose = { // expect: strong_self_in_escaping_closure
            self.dismiss(animated: true)
        }
        // expect: strong_self_in_escaping_closure
        onFinish = { profile in
            self.coordinator?.profileDidFinish(profile)
        }
        self.handlers.append({ profile in // expect: strong_self_in_escaping_closure
            self.title = profile.name
        })
        handlers.append { [self] profile in // expect: strong_self_in_escaping_closure
            navigationItem.prompt = profile.name
        }
        contentView.onRetry = { // expect: strong_self_in_escaping_closure
            self.viewModel.reload()
        }
        viewModel.onError = { error in // expect: strong_self_in_escaping_closure
            ErrorBanner.show(error, in: self)
        }
        contentView.header.avatarView.onTap = { // expect: strong_self_in_escaping_closure
            self.showAvatarFullScreen()
        }
        self.contentView.header.onFollow = { [self] isFollowing in // expect: strong_self_in_escaping_closure
            updateFollowState(isFollowing)
        }
        bindWithoutCycles()
    }

    private func bindWithoutCycles() {
        contentView.onEditTap = { [weak self] in
            self?.startEditing()
        }
        contentView.onShare = { [unowned self] url in
            self.share(url)
        }
        viewModel.onProfileChange = { [unowned(safe) self] profile in
            self.profile = profile
        }
        onClose = { [weak self] in
            guard let self else { return }
            self.dismiss(animated: true)
        }
        onFinish = { [weak self] profile in
            guard let self = self else { return }
            self.coordinator?.profileDidFinish(profile)
        }
        handlers.append { [weak self, viewModel] profile in
            viewModel.reload()
            self?.title = profile.name
        }
        // Captures the view model, not `self`.
        contentView.onRetry = { [viewModel] in viewModel.reload() }
        // `self` does not keep a weak coordinator, nor the shared session.
        coordinator?.onLogout = { self.resetState() }
        SessionManager.shared.onExpire = { self.showLogin() }
    }

    private func rebindAfterLogin() {
        viewModel.onProfileChange = { [weak self] profile in
            guard let self else { return }
            self.profile = profile
            // The rebound strong `self` is captured by a closure the header keeps.
            self.contentView.header.onFollow = { following in // expect: strong_self_in_escaping_closure
                self.updateFollowState(following)
            }
        }
        // The inner closure needs `self` from the outer one, which the view keeps.
        contentView.onRetry = { // expect: strong_self_in_escaping_closure
            DispatchQueue.main.async { [weak self] in
                self?.viewModel.reload()
            }
        }
        // The capture list copies a value; the closure itself never holds `self`.
        contentView.onEditTap = { [name = self.profile?.name] in
            EditorLauncher.open(prefilledName: name)
        }
    }

    private func showAvatarFullScreen() {}
    private func updateFollowState(_ isFollowing: Bool) {}
    private func startEditing() {}
    private func share(_ url: URL) {}
    private func resetState() {}
    private func showLogin() {}
}
