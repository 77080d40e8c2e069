import Foundation
import Glibc

/// Foundation's and the system's errors in a reader's words.
///
/// On Linux a Foundation error prints as "Error Domain=NSCocoaErrorDomain Code=640 …" or
/// "The operation could not be completed"; what the reader needs is the file and the
/// reason: "cannot write /tmp/page.png: the disk is full".
package enum SystemErrorText {
  /// `error` as one line: Quire's own errors as they describe themselves, Foundation's
  /// and POSIX errors as the operation, the file and the reason.
  package static func describe(_ error: any Error) -> String {
    let bridged = error as NSError
    guard bridged.domain == NSCocoaErrorDomain || bridged.domain == NSPOSIXErrorDomain else {
      return "\(error)"
    }
    var reason: String
    if bridged.domain == NSPOSIXErrorDomain {
      reason = describe(errno: Int32(bridged.code))
    } else if let underlying = bridged.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      reason = describe(errno: Int32(underlying.code))
    } else {
      reason = describe(cocoaCode: bridged.code)
    }
    if bridged.domain == NSCocoaErrorDomain, bridged.code == CocoaError.fileWriteOutOfSpace.rawValue
    {
      reason = "the disk is full"
    }
    let path =
      bridged.userInfo[NSFilePathErrorKey] as? String
      ?? (bridged.userInfo[NSURLErrorKey] as? URL)?.path
    guard let path else { return reason }
    let writing = (512..<1024).contains(bridged.code) && bridged.domain == NSCocoaErrorDomain
    return "cannot \(writing ? "write" : "read") \(path): \(reason)"
  }

  /// A system error number in words: "the disk is full", "permission denied".
  package static func describe(errno code: Int32) -> String {
    switch code {
    case ENOSPC, EDQUOT: "the disk is full"
    case EACCES, EPERM: "permission denied"
    case ENOENT: "no such file or folder"
    case EISDIR: "it is a folder"
    case ENOTDIR: "a folder on its path is a file"
    case EROFS: "the file system is read-only"
    case ENXIO: "nothing is reading from it (a FIFO or a device)"
    default: String(cString: strerror(code)).lowercased()
    }
  }

  private static func describe(cocoaCode code: Int) -> String {
    switch CocoaError.Code(rawValue: code) {
    case .fileNoSuchFile, .fileReadNoSuchFile: "no such file or folder"
    case .fileReadNoPermission, .fileWriteNoPermission: "permission denied"
    case .fileWriteVolumeReadOnly: "the file system is read-only"
    case .fileWriteOutOfSpace: "the disk is full"
    case .fileReadCorruptFile: "its content is not what was expected"
    case .fileReadTooLarge: "it is too large"
    case .fileWriteFileExists: "a file of that name is already there"
    default: "the system refused it (error \(code))"
    }
  }
}
