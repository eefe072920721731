/// UIKit (and framework) class names Lifeguard knows as bases of view controllers and views.
public enum UIKitCatalog {
    /// Controller classes: a class whose superclass chain reaches one of these is a controller type.
    public static let controllerClasses: Set<String> = [
        "UIViewController", "UITableViewController", "UICollectionViewController", "UINavigationController",
        "UITabBarController", "UIPageViewController", "UISplitViewController", "UISearchController",
        "UIAlertController", "UIHostingController", "UIDocumentBrowserViewController", "UIInputViewController",
        "UIReferenceLibraryViewController", "UIActivityViewController", "UIImagePickerController",
        "UIVideoEditorController", "UIFontPickerViewController", "UIColorPickerViewController",
        "UICloudSharingController", "PHPickerViewController", "SFSafariViewController", "AVPlayerViewController",
        "QLPreviewController", "MFMailComposeViewController", "MFMessageComposeViewController",
        "CNContactViewController", "CNContactPickerViewController", "EKEventEditViewController",
        "GKGameCenterViewController",
    ]

    /// View classes: a class whose superclass chain reaches one of these is a view type.
    public static let viewClasses: Set<String> = [
        "UIView", "UITableViewCell", "UICollectionViewCell", "UICollectionReusableView", "UIControl", "UIButton",
        "UILabel", "UIImageView", "UIStackView", "UIScrollView", "UITableView", "UICollectionView",
        "UITableViewHeaderFooterView", "UIVisualEffectView", "UITextField", "UITextView", "UIWindow",
    ]

    /// Framework classes that are neither controllers nor views but are classes (reference types).
    public static let otherClasses: Set<String> = [
        "NSObject", "UIResponder", "UIGestureRecognizer", "UIApplication", "CALayer", "NSOperation", "Operation",
        "UIDocument", "UIPresentationController", "UIPercentDrivenInteractiveTransition", "UIStoryboardSegue",
        "NSManagedObject", "UICollectionViewDiffableDataSource", "UITableViewDiffableDataSource",
        "NSFetchedResultsController", "UIDynamicAnimator", "UIViewPropertyAnimator",
    ]

    /// Framework protocols that only classes can adopt.
    public static let classBoundProtocols: Set<String> = [
        "AnyObject", "NSObjectProtocol", "UITableViewDelegate", "UITableViewDataSource", "UICollectionViewDelegate",
        "UICollectionViewDataSource", "UIScrollViewDelegate", "UITextFieldDelegate", "UITextViewDelegate",
        "UIViewControllerTransitioningDelegate", "UIViewControllerAnimatedTransitioning",
        "UIViewControllerInteractiveTransitioning", "UINavigationControllerDelegate", "UITabBarControllerDelegate",
        "UIGestureRecognizerDelegate", "UISearchBarDelegate", "UISearchResultsUpdating", "UIAdaptivePresentationControllerDelegate",
        "UIPopoverPresentationControllerDelegate", "UIPageViewControllerDelegate", "UIPageViewControllerDataSource",
        "UIPickerViewDelegate", "UIPickerViewDataSource", "WKNavigationDelegate", "WKUIDelegate",
        "UIApplicationDelegate", "UIWindowSceneDelegate", "UISceneDelegate",
    ]
}
