import UIKit

final class LeakyScreen: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        loadView() // expect: direct_load_view_call
    }
}
