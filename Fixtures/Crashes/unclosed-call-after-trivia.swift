import UIKit

// A call left open at the end of the file, after more trivia tokens than the file has
// significant ones: the outline closed its parentheses at the significant-token count,
// a raw index before the call itself, and the fix for `layoutSubviews()` built a range
// from its chain start to that close.
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
//
final class Badge: UIView {
    let icon = UIView()
    func refresh() {
        icon.layoutSubviews(
