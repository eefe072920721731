#if canImport(UIKit)
import UIKit

func preload(_ controller: UIViewController) {
    controller.loadView()
}
#endif

public enum Broken {}
