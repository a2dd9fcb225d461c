import Testing

/// A CLDR keyboard types as itself in the simulator, in the form the id names.
struct LDMLFormCLITests {
    @Test("cldr:ID(FORM) picks the hardware form, and its transforms run")
    func hardwareFormWithTransforms() throws {
        for form in ["hardware", "iso"] {
            let result = try KbdsimBinary.run(["--layout", "cldr:fr-t-k0-test(\(form))", "--keys", "^ e ^ a"])
            #expect(result.status == 0, "\(result.error)")
            #expect(result.output == "êâ\n", "\(form): \(result.output)")
        }
    }

    @Test("a form the keyboard does not have names the forms it has")
    func unknownForm() throws {
        let result = try KbdsimBinary.run(["--layout", "cldr:fr-t-k0-test(jis)", "--keys", "a"])
        #expect(result.status == 1)
        #expect(result.error.contains("no \"jis\" form"), "\(result.error)")
        #expect(result.error.contains("cldr:fr-t-k0-test(touch), cldr:fr-t-k0-test(iso)"), "\(result.error)")
    }
}
