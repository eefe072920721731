// Exercises UIKit view controllers: lifecycle overrides, lazy views from immediately-invoked closures, timers, NotificationCenter observers, stored closures, alerts and UIAction handlers.

import UIKit
import Combine

protocol LoginViewControllerDelegate: AnyObject {
    func loginViewController(_ controller: LoginViewController, didLogInAs user: String)
    func loginViewControllerDidCancel(_ controller: LoginViewController)
}

final class LoginViewController: UIViewController, UITextFieldDelegate {
    weak var delegate: LoginViewControllerDelegate?
    var onLogin: ((String) -> Void)?
    var validator: (String, String) -> Bool = { user, password in
        !user.isEmpty && password.count >= 8
    }
    var analytics: (_ event: String, _ properties: [String: Any]) -> Void = { _, _ in }

    @IBOutlet private weak var usernameField: UITextField!
    @IBOutlet private weak var passwordField: UITextField!
    @IBOutlet private var loginButtonBottom: NSLayoutConstraint?

    private var keyboardObservers: [NSObjectProtocol] = []
    private var lockoutTimer: Timer?
    private var remainingAttempts = 3
    private var cancellables = Set<AnyCancellable>()

    private lazy var loginButton: UIButton = {
        var configuration = UIButton.Configuration.filled()
        configuration.title = NSLocalizedString("Log In", comment: "login button title")
        configuration.cornerStyle = .large
        let button = UIButton(configuration: configuration, primaryAction: UIAction { [weak self] _ in
            self?.attemptLogin()
        })
        button.configurationUpdateHandler = { button in
            var updated = button.configuration
            updated?.showsActivityIndicator = !button.isEnabled
            button.configuration = updated
        }
        button.translatesAutoresizingMaskIntoConstraints = false
        return button
    }()

    private lazy var spinner = UIActivityIndicatorView(style: .medium)

    private let statusLabel: UILabel = {
        let label = UILabel()
        label.font = .preferredFont(forTextStyle: .footnote)
        label.textColor = .secondaryLabel
        label.numberOfLines = 0
        return label
    }()

    init(delegate: LoginViewControllerDelegate?) {
        self.delegate = delegate
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    convenience init() {
        self.init(delegate: nil)
        title = "Sign In"
    }

    override func loadView() {
        super.loadView()
        view.backgroundColor = .systemBackground
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(loginButton)
        view.addSubview(statusLabel)
        NSLayoutConstraint.activate([
            loginButton.centerXAnchor.constraint(equalTo: view.centerXAnchor),
            loginButton.bottomAnchor.constraint(equalTo: view.keyboardLayoutGuide.topAnchor, constant: -16),
        ])
        navigationItem.leftBarButtonItem = UIBarButtonItem(
            systemItem: .cancel,
            primaryAction: UIAction { [unowned self] _ in
                delegate?.loginViewControllerDidCancel(self)
            }
        )
        usernameField?.delegate = self
        NotificationCenter.default
            .publisher(for: UITextField.textDidChangeNotification, object: usernameField)
            .compactMap { ($0.object as? UITextField)?.text }
            .debounce(for: .milliseconds(300), scheduler: RunLoop.main)
            .sink { [weak self] text in
                self?.statusLabel.text = text.isEmpty ? "Enter a username" : nil
            }
            .store(in: &cancellables)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        let center = NotificationCenter.default
        keyboardObservers = [
            center.addObserver(forName: UIResponder.keyboardWillShowNotification, object: nil, queue: .main) { [weak self] note in
                guard let self,
                      let frame = note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect else { return }
                self.loginButtonBottom?.constant = frame.height + 8
                UIView.animate(withDuration: 0.25) {
                    self.view.layoutIfNeeded()
                }
            },
            center.addObserver(forName: UIResponder.keyboardWillHideNotification, object: nil, queue: .main) { [weak self] _ in
                self?.loginButtonBottom?.constant = 16
            },
        ]
        center.addObserver(self, selector: #selector(appDidEnterBackground(_:)), name: UIApplication.didEnterBackgroundNotification, object: nil)
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        usernameField?.becomeFirstResponder()
        analytics("login_shown", ["animated": animated])
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        keyboardObservers.forEach(NotificationCenter.default.removeObserver(_:))
        keyboardObservers.removeAll()
        view.endEditing(true)
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        lockoutTimer?.invalidate()
        lockoutTimer = nil
    }

    override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        statusLabel.frame = CGRect(x: 16, y: view.safeAreaInsets.top + 8, width: view.bounds.width - 32, height: 44)
    }

    override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
        super.traitCollectionDidChange(previousTraitCollection)
        if traitCollection.preferredContentSizeCategory != previousTraitCollection?.preferredContentSizeCategory {
            statusLabel.font = .preferredFont(forTextStyle: .footnote)
        }
    }

    override func didReceiveMemoryWarning() {
        super.didReceiveMemoryWarning()
        cancellables.removeAll()
    }

    @objc private func appDidEnterBackground(_ note: Notification) {
        passwordField?.text = nil
    }

    @IBAction private func loginTapped(_ sender: UIButton) {
        attemptLogin()
    }

    @IBAction func unwindToLogin(_ segue: UIStoryboardSegue) {}

    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        if textField === usernameField {
            passwordField?.becomeFirstResponder()
        } else {
            attemptLogin()
        }
        return true
    }

    private func attemptLogin() {
        let user = usernameField?.text ?? ""
        let password = passwordField?.text ?? ""
        guard validator(user, password) else {
            remainingAttempts -= 1
            if remainingAttempts <= 0 { startLockout(seconds: 30) }
            showError("Invalid credentials. \(remainingAttempts) attempt\(remainingAttempts == 1 ? "" : "s") left.")
            return
        }
        spinner.startAnimating()
        Task { @MainActor [weak self] in
            try? await Task.sleep(nanoseconds: 500_000_000)
            guard let self else { return }
            self.spinner.stopAnimating()
            self.onLogin?(user)
            self.delegate?.loginViewController(self, didLogInAs: user)
        }
    }

    private func startLockout(seconds: Int) {
        var remaining = seconds
        loginButton.isEnabled = false
        lockoutTimer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { [weak self] timer in
            remaining -= 1
            guard let self, remaining > 0 else {
                timer.invalidate()
                self?.loginButton.isEnabled = true
                self?.remainingAttempts = 3
                return
            }
            self.statusLabel.text = "Try again in \(remaining)s"
        }
    }

    private func showError(_ message: String) {
        let alert = UIAlertController(title: "Oops", message: message, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        alert.addAction(UIAlertAction(title: "Reset Password", style: .destructive) { [weak self] action in
            self?.analytics("reset_tapped", ["title": action.title ?? ""])
        })
        alert.addTextField { field in
            field.placeholder = "Email"
            field.keyboardType = .emailAddress
        }
        present(alert, animated: true) {
            UIAccessibility.post(notification: .announcement, argument: message)
        }
    }

    deinit {
        lockoutTimer?.invalidate()
        NotificationCenter.default.removeObserver(self)
    }
}

final class FeedViewController: UITableViewController {
    struct Post: Hashable {
        let id: UUID
        var author: String
        var body: String
        var likes: Int
    }

    enum Section: Int, CaseIterable {
        case pinned, recent
    }

    private var posts: [Section: [Post]] = [:]
    private var refreshTimer: Timer?
    private var displayLink: CADisplayLink?
    private let loader: (Int, @escaping (Result<[Post], any Error>) -> Void) -> Void
    var didSelectPost: ((Post) -> Void)?

    init(loader: @escaping (Int, @escaping (Result<[Post], any Error>) -> Void) -> Void) {
        self.loader = loader
        super.init(style: .insetGrouped)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "post")
        refreshControl = UIRefreshControl(frame: .zero, primaryAction: UIAction { [weak self] _ in
            self?.reload(page: 0)
        })
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            image: UIImage(systemName: "ellipsis.circle"),
            menu: UIMenu(children: [
                UIAction(title: "Sort by Likes", image: UIImage(systemName: "heart")) { [weak self] _ in
                    self?.sort(by: \.likes)
                },
                UIAction(title: "Sort by Author") { [weak self] _ in
                    self?.sort(by: \.author)
                },
                UIMenu(title: "More", options: .displayInline, children: [
                    UIAction(title: "Clear", attributes: .destructive) { _ in // expect: strong_self_in_escaping_closure
                        self.posts.removeAll()
                        self.tableView.reloadData()
                    },
                ]),
            ])
        )
        reload(page: 0)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        refreshTimer = Timer.scheduledTimer(timeInterval: 60, target: self, selector: #selector(timerFired(_:)), userInfo: nil, repeats: true)
        displayLink = CADisplayLink(target: self, selector: #selector(step(_:)))
        displayLink?.add(to: .main, forMode: .common)
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        refreshTimer?.invalidate()
        displayLink?.invalidate()
    }

    @objc private func timerFired(_ timer: Timer) {
        reload(page: 0)
    }

    @objc private func step(_ link: CADisplayLink) {
        _ = link.targetTimestamp - link.timestamp
    }

    private func sort<Value: Comparable>(by keyPath: KeyPath<Post, Value>) {
        for section in Section.allCases {
            posts[section]?.sort { $0[keyPath: keyPath] > $1[keyPath: keyPath] }
        }
        tableView.reloadSections(IndexSet(integersIn: 0..<Section.allCases.count), with: .automatic)
    }

    private func reload(page: Int) {
        loader(page) { [weak self] result in
            DispatchQueue.main.async {
                guard let self = self else { return }
                self.refreshControl?.endRefreshing()
                switch result {
                case .success(let fetched):
                    let grouped = Dictionary(grouping: fetched) { post in
                        post.likes > 100 ? Section.pinned : Section.recent
                    }
                    self.posts = grouped
                    self.tableView.reloadData()
                case .failure(let error as URLError) where error.code == .notConnectedToInternet:
                    self.title = "Offline"
                case .failure:
                    DispatchQueue.main.asyncAfter(deadline: .now() + 5) { [weak self] in
                        self?.reload(page: page)
                    }
                }
            }
        }
    }

    override func numberOfSections(in tableView: UITableView) -> Int {
        Section.allCases.count
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        Section(rawValue: section).flatMap { posts[$0]?.count } ?? 0
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "post", for: indexPath)
        guard let section = Section(rawValue: indexPath.section), let post = posts[section]?[indexPath.row] else {
            return cell
        }
        var content = cell.defaultContentConfiguration()
        content.text = post.author
        content.secondaryText = "\(post.body.prefix(80))\(post.body.count > 80 ? "…" : "") — ♥︎ \(post.likes)"
        cell.contentConfiguration = content
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        if let section = Section(rawValue: indexPath.section), let post = posts[section]?[indexPath.row] {
            didSelectPost?(post)
        }
    }

    override func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath) -> UISwipeActionsConfiguration? {
        let like = UIContextualAction(style: .normal, title: "Like") { [weak self] _, _, completion in
            guard let self, let section = Section(rawValue: indexPath.section) else { return completion(false) }
            self.posts[section]?[indexPath.row].likes += 1
            completion(true)
        }
        like.backgroundColor = .systemPink
        return UISwipeActionsConfiguration(actions: [like])
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        super.prepare(for: segue, sender: sender)
        if let detail = segue.destination as? LoginViewController {
            detail.onLogin = { [weak self] user in
                self?.title = "Hi \(user)"
            }
        }
    }

    deinit {
        refreshTimer?.invalidate()
    }
}

/// Declarations after an `else if` chain that has no final `else` belong to the enclosing block.
final class ClampingController: UIViewController {
    var offset: CGFloat = 0

    func clamp(_ limit: CGFloat) {
        if offset < 0 {
            offset = 0
        } else if offset > limit {
            offset = limit
        }

        func scaled(by factor: CGFloat) -> CGFloat? {
            offset == 0 ? nil : offset * factor
        }
        let doubled = scaled(by: 2)
        print(doubled ?? 0, { [weak self] in self?.offset ?? 0 }())
    }
}
