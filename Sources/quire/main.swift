import QuireCLI

#if canImport(Glibc)
  import Glibc
#endif

exit(CLI.run(CLI.processArguments()))
