import Foundation
import QuireTestSupport
import Testing

/// Closing the window quits, whatever `keys.json` took away, and the help screen says so.
@Suite(
  .serialized,
  .enabled(
    if: WindowReader.isAvailable
      && FileManager.default.isExecutableFile(atPath: "/usr/bin/python3"),
    "needs Xvfb, xdotool, python3 and the quire executable (run scripts/setup)"))
struct DesktopQuitTests {
  /// Sends the window WM_DELETE_WINDOW, as a window manager does when its close button is
  /// pressed (Xvfb runs none), through libX11 called from Python's ctypes.
  static let closeScript = """
    import ctypes, sys
    x = ctypes.cdll.LoadLibrary("libX11.so.6")
    x.XOpenDisplay.restype = ctypes.c_void_p
    x.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x.XInternAtom.restype = ctypes.c_ulong
    x.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    class Message(ctypes.Structure):
        _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong),
                    ("send_event", ctypes.c_int), ("display", ctypes.c_void_p),
                    ("window", ctypes.c_ulong), ("message_type", ctypes.c_ulong),
                    ("format", ctypes.c_int), ("data", ctypes.c_long * 5)]
    class Event(ctypes.Union):
        _fields_ = [("xclient", Message), ("pad", ctypes.c_long * 24)]
    x.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long,
                             ctypes.POINTER(Event)]
    x.XFlush.argtypes = [ctypes.c_void_p]
    display = x.XOpenDisplay(None)
    window = int(sys.argv[1])
    event = Event()
    event.xclient.type = 33
    event.xclient.window = window
    event.xclient.message_type = x.XInternAtom(display, b"WM_PROTOCOLS", 0)
    event.xclient.format = 32
    event.xclient.data[0] = x.XInternAtom(display, b"WM_DELETE_WINDOW", 0)
    x.XSendEvent(display, window, 0, 0, ctypes.byref(event))
    x.XFlush(display)
    """

  @Test("closing the window quits though keys.json unbinds every quitting key")
  func closingTheWindowAlwaysQuits() throws {
    let folder = try ScratchFolder.make("window")
    try FileManager.default.createDirectory(
      atPath: folder + "/config/quire", withIntermediateDirectories: true)
    try #"{"q": null, "Q": null, "Esc": null, "Ctrl+q": null, "Ctrl+c": null}"#.write(
      toFile: folder + "/config/quire/keys.json", atomically: true, encoding: .utf8)
    let reader = try WindowReader([], width: 800, height: 600, folder: folder)
    defer { reader.removeFolder() }
    try reader.key("question")
    let help = try reader.waitFor("the help screen") { $0.panelTitle == "Keys" }
    #expect(help.panelRows.first == "Close the window", "\(help.panelRows)")
    try reader.key("Escape")
    try reader.key("q")
    Thread.sleep(forTimeInterval: 0.5)
    let window = try #require(reader.windowID)
    let close = Process()
    close.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    close.arguments = ["-c", Self.closeScript, window]
    close.environment = ["DISPLAY": reader.display]
    try close.run()
    close.waitUntilExit()
    #expect(close.terminationStatus == 0)
    #expect(try reader.waitForExit() == 0, "\(reader.log)")
  }
}
