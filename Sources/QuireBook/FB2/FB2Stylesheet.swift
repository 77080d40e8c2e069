/// How an FB2 book looks: the conventions of FictionBook readers (FBReader, CoolReader),
/// written as CSS over the XHTML of `FB2Markup`. The book's own `<stylesheet>` follows it
/// and wins.
enum FB2Stylesheet {
  static let text = """
    h1, h2, h3, h4, h5, h6 { text-align: center; hyphens: none }
    h1 { margin-top: 2em; margin-bottom: 1em }
    h2 { margin-top: 1.5em; margin-bottom: 1em }
    h3, h4, h5, h6 { margin-top: 1em; margin-bottom: 0.5em }
    p { margin-top: 0; margin-bottom: 0; text-indent: 1.5em }
    .subtitle { text-align: center; font-weight: bold; text-indent: 0; margin-top: 1em;
      margin-bottom: 1em }
    .epigraph { margin-top: 1em; margin-bottom: 1em; margin-left: 8em; font-style: italic }
    .epigraph p, .cite p, .annotation p { text-indent: 0 }
    .cite { margin: 1em 2em }
    .annotation { margin: 1em 2em; font-style: italic }
    .text-author { text-align: right; font-weight: bold; text-indent: 0 }
    .date { text-align: right; font-style: italic; text-indent: 0 }
    .poem { margin: 1em 0 1em 2em; text-align: left }
    .poem-title, .stanza-title { font-weight: bold; text-indent: 0; margin-bottom: 0.5em }
    .stanza { margin-top: 0.5em; margin-bottom: 0.5em }
    .v { text-align: left; text-indent: 0; hyphens: none }
    .empty-line { margin-top: 1em }
    .image { text-align: center; margin-top: 0.5em; margin-bottom: 0.5em }
    .note p { text-indent: 0 }
    .note-title { font-weight: bold }
    .note { margin-bottom: 1em }
    td p, th p { text-indent: 0 }
    """
}
