import LayoutEngine

/// The IBus component file that names kbdsim's engines: one engine per layout, run by
/// `exec` (`kbdsim ibus --engine`).
///
/// IBus reads component files from its own folder (`/usr/share/ibus/component`) and from
/// the folders in `IBUS_COMPONENT_PATH`, which replaces that list (so a per-user install
/// lists the system folder too).
public enum IBusComponent {
    /// The D-Bus name the engine process takes, and the component's `<name>`.
    public static let busName = "org.freedesktop.IBus.Kbdsim"
    /// The component file's name.
    public static let fileName = "kbdsim.xml"
    /// The prefix of every engine name.
    public static let enginePrefix = "kbdsim:"
    /// The system's component folders IBus reads when `IBUS_COMPONENT_PATH` is not set.
    public static let systemDirectory = "/usr/share/ibus/component"

    /// The IBus engine name of a layout (`kbdsim:hu-touch`).
    public static func engineName(of layoutID: String) -> String { enginePrefix + layoutID }

    /// The layout id of an engine name, or `nil` for a name that is not kbdsim's.
    public static func layoutID(ofEngine name: String) -> String? {
        guard name.hasPrefix(enginePrefix), name.count > enginePrefix.count else { return nil }
        return String(name.dropFirst(enginePrefix.count))
    }

    /// The component file for `layouts`, whose engines run `exec`.
    public static func xml(layouts: [Layout], exec: String) -> String {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>",
            "<!-- Written by `kbdsim ibus install`; `kbdsim ibus uninstall` removes it. -->",
            "<component>",
            "    <name>\(busName)</name>",
            "    <description>Keyboards whose accent keys work after the letter</description>",
            "    <exec>\(escaped(exec))</exec>",
            "    <version>1</version>",
            "    <author>kbdsim</author>",
            "    <license>see the project</license>",
            "    <homepage></homepage>",
            "    <textdomain>kbdsim</textdomain>",
            "    <engines>",
        ]
        for layout in layouts {
            let language = layout.locale.split(separator: "-").first.map(String.init) ?? layout.locale
            lines += [
                "        <engine>",
                "            <name>\(escaped(engineName(of: layout.id)))</name>",
                "            <language>\(escaped(language))</language>",
                "            <license>see the project</license>",
                "            <author>kbdsim</author>",
                "            <layout>us</layout>",
                "            <longname>\(escaped(layout.name)) (\(escaped(layout.id)))</longname>",
                "            <description>\(escaped(layout.description))</description>",
                "            <icon>ibus-keyboard</icon>",
                "            <symbol>\(escaped(language))</symbol>",
                "            <rank>0</rank>",
                "        </engine>",
            ]
        }
        lines += ["    </engines>", "</component>", ""]
        return lines.joined(separator: "\n")
    }

    /// Text made safe inside an XML element.
    static func escaped(_ text: String) -> String { Escaping.xml(text) }
}
