import Foundation
import Testing

@testable import LDMLKeyboards

/// A key plan's texts for the host take the key's own text where its output is below
/// U+0300: they must be what the NFC of the output gives.
@Suite("Key plan texts")
struct KeyPlanTextTests {
    /// Each key's text as the plan worked it out before: the output's text when it is plain
    /// (below U+0300), or its NFC's when the key may skip the engine; else none.
    static func expected(_ keyboard: LDMLKeyboard, _ plan: KeyPlan, key: Int) -> String? {
        let output = keyboard.keys[key].output
        let plain = !output.isEmpty && output.allSatisfy { $0 < 0x300 }
        if plan.entries[key].kind == .inert || plan.entries[key].kind == .guarded {
            return TextElement.plainString(keyboard.normalizationDisabled ? output : Normalization.nfc(output))
        }
        return plain ? TextElement.plainString(output) : nil
    }

    @Test("the shipped keyboards, the fixtures and keys below U+00C0, U+0300 and U+0800, normalized or not")
    func texts() throws {
        var keyboards = try LDMLLoader.shippedIDs.map { try LDMLLoader.shipped($0) }
        keyboards += TestFiles.files(in: TestFiles.fixtures).compactMap { try? LDMLLoader.load(contentsOf: $0) }
        for settings in ["", #"<settings normalization="disabled"/>"#] {
            keyboards.append(
                try TestFiles.keyboard(
                    """
                    <keyboard3 locale="und" conformsTo="45"><info name="t"/>\(settings)
                    <keys><key id="e" output="é"/><key id="y" output="ÿa"/><key id="x" output="xy"/>
                    <key id="o" output="o\\u{301}"/><key id="k" output="ka\\u{5D0}"/><key id="m" output="\\m{m}a"/></keys>
                    <layers formId="touch"><layer id="base"><row keys="e y x o k m a"/></layer></layers>
                    <transforms type="simple"><transformGroup><transform from="qx" to="w"/></transformGroup></transforms>
                    </keyboard3>
                    """))
        }
        var checked = 0
        for keyboard in keyboards {
            for shortcuts in [true, false] {
                let plan = KeyPlan(
                    keyboard: keyboard, layerSet: keyboard.touch() ?? keyboard.hardware, shortcuts: shortcuts)
                for key in keyboard.keys.indices {
                    #expect(plan.texts[key] == Self.expected(keyboard, plan, key: key), "\(keyboard.keys[key].id)")
                    checked += 1
                }
            }
        }
        #expect(checked > 1000)
    }
}
