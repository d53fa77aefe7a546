#if os(iOS) && DEBUG
import UIKit
#elseif canImport(AppKit)
import AppKit
#else
#endif
#sourceLocation(file: "a.swift", line: 1)
#sourceLocation()
if #available(iOS 17, *) {} ; if #unavailable(macOS 14) {}
