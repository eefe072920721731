final class A: UIViewController {
    let searchResults = UIViewController()
    func f() {
    .    searchResults.view.removeFromSuperview()
        view.addSubview(.searchResults.view)
    }
}
