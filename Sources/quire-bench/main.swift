// `quire-bench`: the suites behind `quire bench`, in an executable of their own so that
// the `quire` binary links no peer (Pango, GLib). `quire bench` checks the command line
// and starts this program beside it.
import QuireBench

#if canImport(Glibc)
  import Glibc
#endif

exit(Bench.main(Array(CommandLine.arguments.dropFirst())))
