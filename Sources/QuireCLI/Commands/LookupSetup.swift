package import QuireLookup
import QuireUI

/// What `quire lookup` looks words up with: where dictionaries are and the reader's
/// `dictionaries` preference. `quire` takes the standard places and the preferences file;
/// tests give their own, so a developer's dictionaries and preferences never change them.
package struct LookupSetup: Sendable {
  /// The folders searched for dictionaries.
  package var locations: DictionaryLocations
  /// The `dictionaries` preference: the dictionaries to ask, in order; empty for all.
  package var preferred: [String]

  /// Creates a setup.
  package init(locations: DictionaryLocations, preferred: [String] = []) {
    self.locations = locations
    self.preferred = preferred
  }

  /// The standard places (or `$QUIRE_DICTIONARIES`) and the preferences file's list.
  package static func standard() -> LookupSetup {
    LookupSetup(
      locations: .standard(), preferred: PreferencesFile.standard().load().preferences.dictionaries)
  }
}
