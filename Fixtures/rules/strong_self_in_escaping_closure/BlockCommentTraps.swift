import UIKit

/*
 Retained closures, as they looked before the cleanup:

     contentView.onRetry = { self.reload() }
     timer = Timer.scheduledTimer(withTimeInterval: 1, repeats: true) { _ in self.tick() }
 /* A nested comment keeps the outer one open: { { { */
     viewModel.onError = { error in self.show(error) }
 */

/**
 A form screen whose rows are objects, unlike `SettingsViewController.Row`.

     row.onChange = { self.validate() }
 */
final class FormViewController: UIViewController {
    /// Rows are classes here: another type named `Row` in the run is a struct.
    final class Row {
        var title: String
        var onChange: ((String) -> Void)?

        init(title: String) {
            self.title = title
        }

        func bindTitle() {
            onChange = { text in self.title = text } // expect: strong_self_in_escaping_closure
        }
    }

    private let rows = [Row(title: "Name"), Row(title: "Email")]
    private let submitButton = UIButton(configuration: .filled())
    var onSubmit: (([String]) -> Void)?
    var onCancel: (() -> Void)?

    override func viewDidLoad() {
        super.viewDidLoad()
        onSubmit = /* values in row order */ { values in // expect: strong_self_in_escaping_closure
            self.submit(values)
        }
        onCancel = { [/* not strong: */ weak self] in self?.dismiss(animated: true) }
        /* onCancel = { self.dismiss(animated: true) } */
        let glob = "Forms/*.json"
        rows[0].onChange = { text in // expect: strong_self_in_escaping_closure
            self.validate(text, glob: glob) /* } */
        }
        /* submitButton.addAction(UIAction { _ in self.submit([]) }, for: .touchUpInside) */ submitButton.addAction(UIAction { _ in self.submitAll() }, for: .touchUpInside) // expect: strong_self_in_escaping_closure
        submitButton.addAction(UIAction { [weak self] _ in
            /* self.submitAll() would keep the screen: { */
            self?.submitAll()
        }, for: .touchUpInside)
        rows.forEach { row in
            /*
             row.onChange = { self.validate($0, glob: "") }
             */
            row.onChange = { [weak self] text in self?.validate(text, glob: "*/") }
        }
    }

    private func submit(_ values: [String]) {}
    private func submitAll() {}
    private func validate(_ text: String, glob: String) {}
}

/* The struct declared in SettingsAndSnippets.swift: a copy holds its closure, no cycle. */
extension SettingsViewController.Row {
    mutating func logToggles() {
        onToggle = { isOn in print(self.title, isOn) }
    }

    /** `onToggle = { self.persist($0) }` inside a block doc comment. */
    func persistenceHandler() -> (Bool) -> Void {
        { isOn in print("\(self.title) = \(isOn) /* not a comment */") }
    }
}
