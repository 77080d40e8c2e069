import Foundation

/// The base64 `<binary>` images of an FB2 book, decoded on demand within the limits.
///
/// A binary is decoded only when its size or its pixels are asked for; one whose base64
/// would decode to more than `ImportLimits.maxEntrySize`, is not valid base64, or is not
/// an image the renderer knows is refused with a message naming it, and the page shows the
/// image's placeholder instead.
struct FB2Binaries: Sendable {
  let binaries: [String: FB2Document.Binary]
  /// The book's path, for messages.
  let bookPath: String
  let limits: ImportLimits
  private let sizes = Locked<[String: Result<Attachment.Size?, BookError>]>([:])

  init(binaries: [String: FB2Document.Binary], bookPath: String, limits: ImportLimits) {
    self.binaries = binaries
    self.bookPath = bookPath
    self.limits = limits
  }

  /// The binary id a resource path names ("binary/cover.jpg" → "cover.jpg"), or nil.
  static func id(of href: String) -> String? {
    let path = href.split(separator: "#", maxSplits: 1).first.map(String.init) ?? href
    guard path.hasPrefix("binary/") else { return nil }
    return PackagePath.percentDecoded(String(path.dropFirst("binary/".count)))
  }

  /// The decoded bytes of the image at resource path `href`.
  /// - Throws: `BookError` naming the binary when it is absent, too large, not base64 or
  ///   not an image.
  func data(at href: String) throws -> Data {
    guard let id = Self.id(of: href), let binary = binaries[id] else {
      throw BookError(.missingResource, path: bookPath, entry: href, "the book has no such image")
    }
    let entry = "binary \"\(id)\""
    let decodedSize = binary.base64.utf8.count / 4 * 3
    if decodedSize > limits.maxEntrySize {
      throw BookError(
        .limitExceeded, path: bookPath, entry: entry,
        "the image would be \(decodedSize) bytes, more than the limit of \(limits.maxEntrySize)")
    }
    guard let data = Data(base64Encoded: binary.base64, options: .ignoreUnknownCharacters),
      !data.isEmpty
    else {
      throw BookError(
        .malformedDocument, path: bookPath, entry: entry, "the image is not valid base64")
    }
    guard ImageHeader.format(of: data) != nil else {
      throw BookError(
        .malformedDocument, path: bookPath, entry: entry,
        "the data is not an image Quire can show (declared \(binary.contentType))")
    }
    return data
  }

  /// The intrinsic size of the image at `href`, or nil when it cannot be read (the reason
  /// is kept for `problems(inChapterText:)`).
  func size(ofImageAt href: String) -> Attachment.Size? {
    if let known = sizes.withLock({ $0[href] }) { return try? known.get() }
    let result: Result<Attachment.Size?, BookError>
    do {
      result = .success(ImageHeader.size(of: try data(at: href)))
    } catch let error as BookError {
      result = .failure(error)
    } catch {
      result = .failure(BookError(.malformedDocument, path: bookPath, entry: href, "\(error)"))
    }
    sizes.withLock { $0[href] = result }
    return try? result.get()
  }

  /// Why the images a chapter shows cannot be drawn, one sentence each.
  func problems(inChapterText text: StyledText) -> [String] {
    var seen: Set<String> = []
    var problems: [String] = []
    for attachment in text.attachments where seen.insert(attachment.href).inserted {
      guard Self.id(of: attachment.href) != nil else { continue }
      _ = size(ofImageAt: attachment.href)
      if case .failure(let error)? = sizes.withLock({ $0[attachment.href] }) {
        problems.append("\(error.entry ?? attachment.href): \(error.detail)")
      }
    }
    return problems
  }
}
