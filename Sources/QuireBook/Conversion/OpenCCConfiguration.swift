import Foundation

/// An OpenCC configuration (`s2t.json` in libopencc-data): the dictionary that segments
/// the text into phrases (maximum matching) and the chain of dictionaries each phrase is
/// converted through. A dictionary is one `.ocd2` file or a group of them, in which the
/// first that matches at a place decides (OpenCC's `DictGroup`).
struct OpenCCConfiguration {
  /// The folder OpenCC's Debian data is installed in.
  static let dataFolder = "/usr/share/opencc/"

  /// The dictionary files of the segmentation group.
  var segmentation: [String]
  /// The chain's steps, each a group of dictionary files.
  var chain: [[String]]

  /// Reads `conversion`'s configuration from `folder`.
  /// - Throws: `BookError` naming the file when it is missing or not understood.
  init(_ conversion: ScriptConversion, folder: String = dataFolder) throws {
    let path = folder + conversion.configurationFile
    guard let data = FileManager.default.contents(atPath: path),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
    else {
      throw BookError(
        .fileNotFound, path: path,
        "OpenCC's configuration cannot be read (is libopencc-data installed?)")
    }
    func files(_ dictionary: Any?) throws -> [String] {
      guard let dictionary = dictionary as? [String: Any], let type = dictionary["type"] as? String
      else { throw BookError(.malformedDocument, path: path, "a dictionary has no type") }
      switch type {
      case "ocd2":
        guard let file = dictionary["file"] as? String, !file.contains("/") else {
          throw BookError(.malformedDocument, path: path, "an ocd2 dictionary names no file")
        }
        return [folder + file]
      case "group":
        let members = dictionary["dicts"] as? [Any] ?? []
        return try members.flatMap { try files($0) }
      default:
        throw BookError(.malformedDocument, path: path, "dictionaries of type \(type) are not read")
      }
    }
    let segmentation = object["segmentation"] as? [String: Any]
    self.segmentation = try files(segmentation?["dict"])
    let steps = object["conversion_chain"] as? [Any] ?? []
    chain = try steps.map { try files(($0 as? [String: Any])?["dict"]) }
    guard !chain.isEmpty else {
      throw BookError(.malformedDocument, path: path, "the conversion chain is empty")
    }
  }
}
