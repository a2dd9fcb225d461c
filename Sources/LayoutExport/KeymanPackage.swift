import LayoutEngine

/// The Keyman package source (`.kps`, XML) that bundles the compiled keyboard and its touch
/// layout, with the layout's name, language and copyright.
enum KeymanPackage {
    static func xml(_ layout: Layout, keyboardID: String) -> String {
        """
        <?xml version="1.0" encoding="utf-8"?>
        <Package>
          <System>
            <KeymanDeveloperVersion>16.0</KeymanDeveloperVersion>
            <FileVersion>7.0</FileVersion>
          </System>
          <Options />
          <Info>
            <Name URL="">\(escaped(layout.name))</Name>
            <Copyright URL="">\(escaped(ExportCopyright.line))</Copyright>
            <Version URL="">1.0</Version>
            <Description URL="">\(escaped(layout.description))</Description>
          </Info>
          <Files>
            <File>
              <Name>\(keyboardID).kmx</Name>
              <Description>Keyboard \(escaped(layout.name))</Description>
              <CopyLocation>0</CopyLocation>
              <FileType>.kmx</FileType>
            </File>
            <File>
              <Name>\(keyboardID).js</Name>
              <Description>Touch keyboard \(escaped(layout.name))</Description>
              <CopyLocation>0</CopyLocation>
              <FileType>.js</FileType>
            </File>
          </Files>
          <Keyboards>
            <Keyboard>
              <Name>\(escaped(layout.name))</Name>
              <ID>\(keyboardID)</ID>
              <Version>1.0</Version>
              <Languages>
                <Language ID="\(escaped(layout.locale))">\(escaped(layout.locale))</Language>
              </Languages>
            </Keyboard>
          </Keyboards>
        </Package>

        """
    }

    static func escaped(_ text: String) -> String { Escaping.xml(text) }
}
