import UIKit

final class SettingsViewController: UITableViewController {
    private let preferences = Preferences.shared

    init() {
        super.init(style: .insetGrouped)
        title = "Settings"
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    deinit {
        NotificationCenter.default.removeObserver(self)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "unit")
        navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Reset", primaryAction: UIAction { [weak self] _ in
            self?.confirmReset()
        })
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        // Another window can change units while this one is covered.
        NotificationCenter.default.addObserver(self, selector: #selector(preferencesDidChange), // expect: observer_without_removal
                                               name: .preferencesDidChange, object: nil)
    }

    @objc private func preferencesDidChange() {
        tableView.reloadData()
    }

    private func confirmReset() {
        let alert = UIAlertController(title: "Reset settings?", message: nil, preferredStyle: .actionSheet)
        alert.addAction(UIAlertAction(title: "Reset", style: .destructive) { _ in
            self.preferences.reset()
            self.tableView.reloadData()
        })
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        alert.popoverPresentationController?.sourceItem = navigationItem.rightBarButtonItem
        present(alert, animated: true)
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        Preferences.HeightUnit.allCases.count
    }

    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        "Wave height"
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "unit", for: indexPath)
        let unit = Preferences.HeightUnit.allCases[indexPath.row]
        var content = cell.defaultContentConfiguration()
        content.text = unit == .meters ? "Metres" : "Feet"
        cell.contentConfiguration = content
        cell.accessoryType = unit == preferences.heightUnit ? .checkmark : .none
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        preferences.heightUnit = Preferences.HeightUnit.allCases[indexPath.row]
    }
}
