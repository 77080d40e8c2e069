import CMobi
import Foundation

/// A Mobipocket (MOBI 6) or KF8 (AZW3) book read by libmobi into plain values: the
/// reconstructed markup parts, style flows and resources, and the OPF and NCX that libmobi
/// writes from the book's headers and indexes.
///
/// Everything is read at open and the libmobi handles are freed before `read` returns, so
/// nothing of C outlives it. This is the only file in Quire that touches libmobi.
struct MobipocketFile: Sendable {
  /// One reconstructed file, named as libmobi's own links name it ("part00003.html",
  /// "flow00001.css", "resource00002.jpg").
  struct File: Sendable {
    var name: String
    var data: Data
  }

  /// True for a KF8 book (AZW3, or the KF8 half of a hybrid MOBI), whose parts are XHTML;
  /// false for old Mobipocket markup, one HTML document.
  var isKF8: Bool
  /// The text's markup parts in reading order.
  var markup: [File]
  /// Stylesheets and SVG flows, fonts and images.
  var resources: [File]
  /// The package document libmobi reconstructs (metadata, manifest, spine, guide).
  var packageDocument: Data?
  /// The NCX table of contents, when the book has one.
  var navigation: File?

  /// Reads the book at `path`.
  /// - Throws: `BookError` `.protectedByDRM` for an encrypted book, `.corruptArchive` for
  ///   records libmobi cannot read, `.limitExceeded` for a file over the limits.
  static func read(path: String, limits: ImportLimits) throws -> MobipocketFile {
    if case .regular(let size)? = BookFile.kind(at: path), size > limits.maxEntrySize {
      throw BookError(
        .limitExceeded, path: path,
        "the file is \(size) bytes, more than the limit of \(limits.maxEntrySize) bytes")
    }
    guard let data = mobi_init() else {
      throw BookError(.unreadable, path: path, "cannot be read (out of memory)")
    }
    defer { mobi_free(data) }
    let loaded = try withOpenFile(path) { mobi_load_file(data, $0) }
    guard loaded == MOBI_SUCCESS else {
      throw BookError(
        .corruptArchive, path: path,
        "the Mobipocket records cannot be read (\(describe(loaded))): the file is damaged")
    }
    if mobi_is_encrypted(data) {
      throw BookError(.protectedByDRM, path: path, "is protected by DRM; Quire cannot open it")
    }
    guard let rawml = mobi_init_rawml(data) else {
      throw BookError(.unreadable, path: path, "cannot be read (out of memory)")
    }
    defer { mobi_free_rawml(rawml) }
    let parsed = mobi_parse_rawml_opt(rawml, data, true, false, true)
    guard parsed == MOBI_SUCCESS else {
      throw BookError(
        .corruptArchive, path: path,
        "the book's text cannot be rebuilt (\(describe(parsed))): the file is damaged")
    }
    var book = MobipocketFile(
      isKF8: mobi_is_rawml_kf8(rawml), markup: [], resources: [], packageDocument: nil,
      navigation: nil)
    var total = 0
    func take(_ file: File) throws {
      total += file.data.count
      if total > limits.maxTotalSize {
        throw BookError(
          .limitExceeded, path: path,
          "the book's parts come to more than the limit of \(limits.maxTotalSize) bytes")
      }
    }
    for part in parts(rawml.pointee.markup) {
      let file = File(
        name: String(format: "part%05zu.html", part.pointee.uid), data: bytes(of: part))
      try take(file)
      book.markup.append(file)
    }
    // Flow 0 is the text itself; the others are stylesheets and SVG.
    for part in parts(rawml.pointee.flow) where part.pointee.uid != 0 {
      let file = File(
        name: String(format: "flow%05zu.", part.pointee.uid) + fileExtension(part.pointee.type),
        data: bytes(of: part))
      try take(file)
      book.resources.append(file)
    }
    for part in parts(rawml.pointee.resources) {
      let file = File(
        name: String(format: "resource%05zu.", part.pointee.uid) + fileExtension(part.pointee.type),
        data: bytes(of: part))
      try take(file)
      switch part.pointee.type {
      case T_OPF: book.packageDocument = file.data
      case T_NCX:
        book.navigation = file
        book.resources.append(file)
      default: book.resources.append(file)
      }
    }
    return book
  }

  /// Runs `body` with the file open for reading as a C stream, never blocking on it.
  private static func withOpenFile(_ path: String, _ body: (UnsafeMutablePointer<FILE>) -> MOBI_RET)
    throws -> MOBI_RET
  {
    let (descriptor, _) = try BookFile.openRegular(path)
    guard let stream = fdopen(descriptor, "rb") else {
      close(descriptor)
      throw BookError(.unreadable, path: path, "cannot be read")
    }
    defer { fclose(stream) }
    return body(stream)
  }

  private static func parts(_ first: UnsafeMutablePointer<MOBIPart>?) -> [UnsafeMutablePointer<
    MOBIPart
  >] {
    var result: [UnsafeMutablePointer<MOBIPart>] = []
    var current = first
    while let part = current {
      result.append(part)
      current = part.pointee.next
    }
    return result
  }

  private static func bytes(of part: UnsafeMutablePointer<MOBIPart>) -> Data {
    guard let data = part.pointee.data, part.pointee.size > 0 else { return Data() }
    return Data(bytes: data, count: part.pointee.size)
  }

  private static func fileExtension(_ type: MOBIFiletype) -> String {
    let meta = mobi_get_filemeta_by_type(type)
    let name = withUnsafeBytes(of: meta.extension) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    return name.isEmpty ? "bin" : name
  }

  private static func describe(_ code: MOBI_RET) -> String {
    switch code {
    case MOBI_DATA_CORRUPT: "corrupt data"
    case MOBI_FILE_ENCRYPTED: "encrypted"
    case MOBI_FILE_UNSUPPORTED: "unsupported variant"
    case MOBI_MALLOC_FAILED: "out of memory"
    case MOBI_INIT_FAILED: "not a Mobipocket file"
    case MOBI_BUFFER_END: "records end early"
    case MOBI_XML_ERR: "XML error"
    default: "error \(code.rawValue)"
    }
  }
}
