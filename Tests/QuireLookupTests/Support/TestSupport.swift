// Every file of this target sees the shared test support (Corpus) without importing it.
@_exported import QuireTestSupport
