import UIKit

struct LineItem: Hashable {
    let name: String
    let cents: Int
    let isGift: Bool
}

final class ReceiptViewController: UIViewController {
    var onDone: (() -> Void)?
}

final class CheckoutViewController: UIViewController {
    private let payButton = UIButton(configuration: .filled())
    private let moreButton = UIButton(type: .system)
    private let retryButton = UIButton(type: .system)
    private let optionsStack = UIStackView()
    @IBOutlet private weak var promoButton: UIButton!
    @IBOutlet private weak var summaryLabel: UILabel!
    private var lineItems: [LineItem] = []
    private var receiptData = Data()
    private let currencyCode = "EUR"
    private lazy var closeItem = UIBarButtonItem(systemItem: .close, primaryAction: UIAction { _ in // expect: strong_self_in_escaping_closure
        self.dismiss(animated: true)
    })
    private lazy var showReceiptHandler: () -> Void = { // expect: strong_self_in_escaping_closure
        self.showReceipt()
    }
    private lazy var formatter: NumberFormatter = {
        let formatter = NumberFormatter()
        formatter.numberStyle = .currency
        formatter.currencyCode = self.currencyCode
        return formatter
    }()
    private lazy var refreshControl: UIRefreshControl = {
        let control = UIRefreshControl()
        control.addAction(UIAction { _ in self.reloadTotals() }, for: .valueChanged) // expect: strong_self_in_escaping_closure
        return control
    }()

    override func viewDidLoad() {
        super.viewDidLoad()
        navigationItem.leftBarButtonItem = closeItem
        payButton.addAction(UIAction { _ in // expect: strong_self_in_escaping_closure
            self.pay()
        }, for: .touchUpInside)
        promoButton.addAction(UIAction(handler: { _ in self.applyPromo() }), for: .touchUpInside) // expect: strong_self_in_escaping_closure
        let retry = UIAction(title: "Retry") { _ in // expect: strong_self_in_escaping_closure
            self.submitPayment()
        }
        retryButton.addAction(retry, for: .touchUpInside)
        moreButton.menu = UIMenu(children: [
            UIAction(title: "Rename", image: UIImage(systemName: "pencil")) { _ in self.renameOrder() }, // expect: strong_self_in_escaping_closure
            UIAction(title: "Delete", attributes: .destructive) { [weak self] _ in self?.confirmDelete() },
        ])
        moreButton.showsMenuAsPrimaryAction = true
        navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Help", primaryAction: UIAction { _ in // expect: strong_self_in_escaping_closure
            self.showHelp()
        })
        payButton.addAction(UIAction { [weak self] _ in self?.summaryLabel.alpha = 0.5 }, for: .touchDown)
        for option in ["Gift wrap", "Express"] {
            let toggle = UIButton(configuration: .tinted())
            toggle.configuration?.title = option
            toggle.addAction(UIAction { _ in self.toggleOption(option) }, for: .touchUpInside) // expect: strong_self_in_escaping_closure
            optionsStack.addArrangedSubview(toggle)
        }
        view.addSubview(optionsStack)
    }

    // One-shot closures: released once they have run.
    private func pay() {
        payButton.isEnabled = false
        UIView.animate(withDuration: 0.25) {
            self.payButton.alpha = 0.5
        } completion: { _ in
            self.submitPayment()
        }
        DispatchQueue.main.asyncAfter(deadline: .now() + 10) {
            self.payButton.isEnabled = true
        }
    }

    private func submitPayment() {
        URLSession.shared.dataTask(with: URLRequest(url: checkoutURL)) { data, _, error in
            DispatchQueue.main.async {
                self.handlePaymentResponse(data, error: error)
            }
        }.resume()
        let receiptTask = URLSession.shared.dataTask(with: receiptURL) { data, _, _ in
            DispatchQueue.main.async { self.receiptData = data ?? Data() }
        }
        receiptTask.resume()
    }

    private func confirmDelete() {
        let alert = UIAlertController(title: "Delete order?", message: nil, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Delete", style: .destructive) { _ in
            self.deleteOrder()
        })
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        present(alert, animated: true) {
            self.summaryLabel.alpha = 0.6
        }
    }

    private func finishCheckout() {
        dismiss(animated: true) {
            self.lineItems.removeAll()
        }
    }

    private func showReceipt() {
        let receipt = ReceiptViewController()
        receipt.onDone = { self.dismiss(animated: true) { self.reloadTotals() } }
        present(receipt, animated: true)
    }

    // Non-escaping closures run before the call returns.
    private func reloadTotals() {
        let total = lineItems.reduce(0) { $0 + self.adjusted($1.cents) }
        let names = lineItems.filter { self.isVisible($0) }.map { self.label(for: $0) }
        let ordered = lineItems.sorted { self.adjusted($0.cents) < self.adjusted($1.cents) }
        let hasGift = lineItems.contains { $0.isGift && self.isVisible($0) }
        let highlighted = lineItems.first(where: { self.adjusted($0.cents) > 10_000 })
        ordered.forEach { self.log($0) }
        let checksum = receiptData.withUnsafeBytes { buffer in self.digest(buffer) }
        summaryLabel.text = "\(names.count) items, \(formatter.string(from: NSNumber(value: total)) ?? "")"
        summaryLabel.textColor = hasGift || highlighted != nil || checksum == 0 ? .systemPink : .label
    }

    private var checkoutURL: URL { URL(string: "https://shop.example.com/checkout")! }
    private var receiptURL: URL { URL(string: "https://shop.example.com/receipt")! }
    private func applyPromo() {}
    private func renameOrder() {}
    private func showHelp() {}
    private func toggleOption(_ option: String) {}
    private func handlePaymentResponse(_ data: Data?, error: Error?) {}
    private func deleteOrder() {}
    private func adjusted(_ cents: Int) -> Int { cents }
    private func isVisible(_ item: LineItem) -> Bool { true }
    private func label(for item: LineItem) -> String { item.name }
    private func log(_ item: LineItem) {}
    private func digest(_ buffer: UnsafeRawBufferPointer) -> Int { buffer.count }
}
