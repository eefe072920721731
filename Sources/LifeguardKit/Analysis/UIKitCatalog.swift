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

    /// `otherClasses` as a name table, for lookups.
    static let otherClassNames = NameSlots(otherClasses)

    /// Framework classes that are neither controllers nor views but are classes (reference types).
    public static let otherClasses: Set<String> = [
        "NSObject", "UIResponder", "UIGestureRecognizer", "UIApplication", "CALayer", "NSOperation", "Operation",
        "UIDocument", "UIPresentationController", "UIPercentDrivenInteractiveTransition", "UIStoryboardSegue",
        "NSManagedObject", "UICollectionViewDiffableDataSource", "UITableViewDiffableDataSource",
        "NSFetchedResultsController", "UIDynamicAnimator", "UIViewPropertyAnimator", "Progress", "NSProgress",
        "OperationQueue", "URLSession", "URLSessionTask", "URLSessionDataTask", "Timer", "CADisplayLink",
        "NotificationCenter", "UserDefaults", "FileManager", "Bundle", "NSCache", "JSONDecoder", "JSONEncoder",
        "DateFormatter", "NumberFormatter", "UIStoryboard", "UINib", "UIWindowScene", "UIScene", "UIScreen",
        "UIImage", "UIColor", "UIFont", "UIBezierPath", "CAShapeLayer", "CAGradientLayer", "SKNode", "SKScene",
        "SCNNode", "SCNScene", "AVPlayer", "AVPlayerLayer", "AVAudioPlayer", "CLLocationManager", "WKWebViewConfiguration",
        "UITapGestureRecognizer", "UIPanGestureRecognizer", "UILongPressGestureRecognizer", "UISwipeGestureRecognizer",
        "UIPinchGestureRecognizer", "UIBarButtonItem", "UITabBarItem", "UINavigationItem", "UIAction", "UIMenu",
        "UIAlertAction", "NSLayoutConstraint", "UILayoutGuide", "UIDragInteraction", "UIDropInteraction",
        "UIContextMenuInteraction", "UIFeedbackGenerator", "UIImpactFeedbackGenerator", "NSAttributedString",
        "NSMutableAttributedString", "UIPasteboard", "UIDevice",
    ]

    /// Framework protocols that only classes can adopt: every Objective-C protocol of UIKit,
    /// Foundation and the other Apple frameworks whose delegates and data sources apps implement.
    /// A protocol absent from this list and from the run is unknown, and rules that need a
    /// class-bound protocol stay silent about it.
    public static let classBoundProtocols: Set<String> = [
        "AnyObject", "NSObjectProtocol",
        // UIKit
        "UIApplicationDelegate", "UISceneDelegate", "UIWindowSceneDelegate",
        "UITableViewDelegate", "UITableViewDataSource", "UITableViewDataSourcePrefetching", "UITableViewDragDelegate",
        "UITableViewDropDelegate", "UICollectionViewDelegate", "UICollectionViewDataSource",
        "UICollectionViewDelegateFlowLayout", "UICollectionViewDataSourcePrefetching", "UICollectionViewDragDelegate",
        "UICollectionViewDropDelegate", "UIScrollViewDelegate", "UITextFieldDelegate", "UITextViewDelegate",
        "UITextInputDelegate", "UITextDragDelegate", "UITextDropDelegate", "UITextPasteDelegate",
        "UISearchBarDelegate", "UISearchControllerDelegate", "UISearchResultsUpdating", "UITabBarDelegate",
        "UITabBarControllerDelegate", "UIToolbarDelegate", "UINavigationBarDelegate", "UINavigationControllerDelegate",
        "UIPickerViewDelegate", "UIPickerViewDataSource", "UIPageViewControllerDelegate", "UIPageViewControllerDataSource",
        "UISplitViewControllerDelegate", "UIGestureRecognizerDelegate", "UIContextMenuInteractionDelegate",
        "UIDragInteractionDelegate", "UIDropInteractionDelegate", "UIPointerInteractionDelegate",
        "UIPencilInteractionDelegate", "UIEditMenuInteractionDelegate", "UIScribbleInteractionDelegate",
        "UILargeContentViewerInteractionDelegate", "UIAdaptivePresentationControllerDelegate",
        "UIPopoverPresentationControllerDelegate", "UISheetPresentationControllerDelegate",
        "UIViewControllerTransitioningDelegate", "UIViewControllerAnimatedTransitioning",
        "UIViewControllerInteractiveTransitioning", "UIViewControllerContextTransitioning",
        "UIImagePickerControllerDelegate", "UIVideoEditorControllerDelegate", "UIDocumentPickerDelegate",
        "UIDocumentMenuDelegate", "UIDocumentInteractionControllerDelegate", "UIDocumentBrowserViewControllerDelegate",
        "UIFontPickerViewControllerDelegate", "UIColorPickerViewControllerDelegate", "UICloudSharingControllerDelegate",
        "UIPrintInteractionControllerDelegate", "UIActivityItemSource", "UIDynamicAnimatorDelegate",
        "UICollisionBehaviorDelegate", "UIStateRestoring", "UIAppearanceContainer", "UITraitEnvironment",
        "UICalendarViewDelegate", "UICalendarSelectionSingleDateDelegate", "UICalendarSelectionMultiDateDelegate",
        "UIFindInteractionDelegate", "UITextInteractionDelegate", "UISearchTextFieldDelegate",
        "UINavigationItemRenameDelegate", "UIWebViewDelegate",
        // Foundation and Core Data
        "URLSessionDelegate", "URLSessionTaskDelegate", "URLSessionDataDelegate", "URLSessionDownloadDelegate",
        "URLSessionStreamDelegate", "URLSessionWebSocketDelegate", "NSURLConnectionDelegate",
        "NSURLConnectionDataDelegate", "XMLParserDelegate", "NetServiceDelegate", "NetServiceBrowserDelegate",
        "StreamDelegate", "NSCacheDelegate", "FileManagerDelegate", "PortDelegate", "NSFilePresenter",
        "NSFetchedResultsControllerDelegate", "NSKeyedArchiverDelegate", "NSKeyedUnarchiverDelegate",
        // WebKit, MapKit, Core Location
        "WKNavigationDelegate", "WKUIDelegate", "WKScriptMessageHandler", "WKScriptMessageHandlerWithReply",
        "WKDownloadDelegate", "WKURLSchemeHandler", "MKMapViewDelegate", "MKLocalSearchCompleterDelegate",
        "CLLocationManagerDelegate",
        // AVFoundation, AVKit, Media Player
        "AVAudioPlayerDelegate", "AVAudioRecorderDelegate", "AVSpeechSynthesizerDelegate",
        "AVCaptureMetadataOutputObjectsDelegate", "AVCaptureVideoDataOutputSampleBufferDelegate",
        "AVCaptureAudioDataOutputSampleBufferDelegate", "AVCapturePhotoCaptureDelegate",
        "AVCaptureFileOutputRecordingDelegate", "AVPlayerViewControllerDelegate", "AVPictureInPictureControllerDelegate",
        "AVAssetResourceLoaderDelegate", "AVPlayerItemOutputPullDelegate", "AVPlayerItemMetadataOutputPushDelegate",
        "AVRoutePickerViewDelegate", "MPMediaPickerControllerDelegate",
        // Apple's other view-controller frameworks
        "MFMailComposeViewControllerDelegate", "MFMessageComposeViewControllerDelegate", "SFSafariViewControllerDelegate",
        "SFSpeechRecognizerDelegate", "SFSpeechRecognitionTaskDelegate", "PHPickerViewControllerDelegate",
        "PHPhotoLibraryChangeObserver", "QLPreviewControllerDataSource", "QLPreviewControllerDelegate",
        "QLPreviewItem", "CNContactPickerDelegate", "CNContactViewControllerDelegate", "EKEventEditViewDelegate",
        "EKEventViewDelegate", "EKCalendarChooserDelegate", "GKGameCenterControllerDelegate", "SKProductsRequestDelegate",
        "SKRequestDelegate", "SKPaymentTransactionObserver", "SKStoreProductViewControllerDelegate",
        "PKPaymentAuthorizationViewControllerDelegate", "PKPaymentAuthorizationControllerDelegate",
        "PKAddPassesViewControllerDelegate", "PKCanvasViewDelegate", "PKToolPickerObserver",
        "INUIAddVoiceShortcutViewControllerDelegate", "INUIEditVoiceShortcutViewControllerDelegate",
        "INUIAddVoiceShortcutButtonDelegate", "ASAuthorizationControllerDelegate",
        "ASAuthorizationControllerPresentationContextProviding", "ASWebAuthenticationPresentationContextProviding",
        "CXProviderDelegate", "CXCallObserverDelegate", "UNUserNotificationCenterDelegate", "WCSessionDelegate",
        "CBCentralManagerDelegate", "CBPeripheralDelegate", "CBPeripheralManagerDelegate", "MCSessionDelegate",
        "MCBrowserViewControllerDelegate", "MCNearbyServiceAdvertiserDelegate", "MCNearbyServiceBrowserDelegate",
        "ARSCNViewDelegate", "ARSessionDelegate", "ARSKViewDelegate", "ARCoachingOverlayViewDelegate",
        "SCNSceneRendererDelegate", "SCNPhysicsContactDelegate", "SKSceneDelegate", "SKPhysicsContactDelegate",
        "SKViewDelegate", "MTKViewDelegate", "GLKViewDelegate", "NFCNDEFReaderSessionDelegate", "NFCTagReaderSessionDelegate",
        "VNDocumentCameraViewControllerDelegate", "CLSDataStoreDelegate", "HMHomeManagerDelegate", "HMAccessoryDelegate",
        "ADBannerViewDelegate",
    ]
}
