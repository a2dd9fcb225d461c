extension LayoutDecoder {
    /// Decodes the whole document; `nil` when anything was an error.
    mutating func decode(_ root: JSONNode, expectedID: String?) -> LayoutDefinition? {
        guard let fields = members(root, "", known: LayoutFields.document) else { return nil }
        guard let versionNode = fields["formatVersion"] else {
            report(.missingField, root, "", "missing field \"formatVersion\"; add \"formatVersion\": 1")
            return nil
        }
        guard case .number(let version) = versionNode.value, version.isFinite, version == version.rounded(),
            version >= 1
        else {
            report(.wrongType, versionNode, "formatVersion", "formatVersion must be a whole number from 1")
            return nil
        }
        // Compared as a number, never converted: 1e300 is a whole number too large for Int.
        guard version <= Double(Self.formatVersion) else {
            report(
                .newerFormatVersion, versionNode, "formatVersion",
                "formatVersion \(NumberRange.text(version)) is newer than this engine reads (\(Self.formatVersion)); "
                    + "update the engine or write the file in format \(Self.formatVersion)")
            return nil
        }
        if fields["id"] == nil, let expectedID {
            report(.missingField, root, "", "missing field \"id\"; add \"id\": \"\(expectedID)\", the file's name")
        }
        let id = string(fields, "id", "", required: expectedID == nil)
        if let id, let expectedID, id != expectedID {
            report(
                .idMismatch, fields["id"], "id",
                "id \"\(id)\" differs from the file name; rename one to match \"\(expectedID)\"")
        }
        let layoutName = string(fields, "name", "", required: true)
        let locale = string(fields, "locale", "", required: true)
        let platform = name(fields, "platform", "", as: Platform.self, what: "platform") ?? .ios
        let description = string(fields, "description", "", required: false) ?? ""
        let geometry = fields["geometry"].flatMap { decodeGeometry($0) }
        if fields["geometry"] == nil { reportMissing("geometry", root, "") }
        let accents = decodeAccents(array(fields, "accents", "", required: false) ?? [])
        let policies = fields["policies"].map { decodePolicies($0) } ?? Policies()
        let layers = decodeLayers(
            array(fields, "layers", "", required: true), root: root, accents: accents, geometry: geometry)
        guard !hasErrors, let id, let layoutName, let locale, let geometry, let layers else { return nil }
        return LayoutDefinition(
            id: id, name: layoutName, locale: locale, platform: platform, description: description, geometry: geometry,
            accents: accents, policies: policies, layers: layers)
    }

    mutating func decodeGeometry(_ node: JSONNode) -> Geometry? {
        let path = "geometry"
        guard let fields = members(node, path, known: LayoutFields.geometry) else { return nil }
        let width = number(fields, "widthMm", path, required: true, in: .keyboardWidth)
        let units = number(fields, "unitsPerRow", path, required: true, in: .unitsPerRow)
        let pitch = number(fields, "rowPitchMm", path, required: true, in: .rowPitch)
        let gap = number(fields, "keyGapMm", path, required: false, in: .keyGap) ?? 1.0
        let shape = name(fields, "keyShape", path, as: KeyShape.self, what: "key shape") ?? .rectangle
        guard let width, let units else { return nil }
        if gap < 0 || gap >= width / units {
            let defaulted = fields["keyGapMm"] == nil ? " (the default)" : ""
            report(
                .outOfRange, fields["keyGapMm"] ?? node, "geometry.keyGapMm",
                "keyGapMm \(gap)\(defaulted) must be from 0 to less than a key unit (\(width / units) mm); "
                    + "make the keys wider or the gap smaller")
        }
        // With a bad row pitch the layout is rejected anyway; the width still checks the rows.
        return Geometry(widthMm: width, unitsPerRow: units, rowPitchMm: pitch ?? 1, keyGapMm: gap, keyShape: shape)
    }

    mutating func decodeAccents(_ nodes: [JSONNode]) -> [Accent] {
        var accents: [Accent] = []
        for (index, node) in nodes.enumerated() {
            let path = "accents[\(index)]"
            guard let fields = members(node, path, known: LayoutFields.accent) else { continue }
            if fields["name"] == nil { reportMissing("name", node, path) }
            guard let accentName = name(fields, "name", path, as: AccentName.self, what: "accent") else { continue }
            if accents.contains(where: { $0.name == accentName }) {
                report(
                    .duplicate, fields["name"], "\(path).name",
                    "accent \"\(accentName.rawValue)\" is declared twice; keep one")
                continue
            }
            if let mark = string(fields, "mark", path, required: false),
                mark.unicodeScalars.first != accentName.mark || mark.unicodeScalars.count != 1
            {
                let expected = accentName.mark.codePointName
                report(
                    .accentMismatch, fields["mark"], "\(path).mark",
                    "the mark of \(accentName.rawValue) is \(expected); remove \"mark\" or write that character")
            }
            let symbol = string(fields, "symbol", path, required: false)
            if let symbol, symbol.isEmpty {
                report(
                    .outOfRange, fields["symbol"], "\(path).symbol",
                    "symbol is empty; remove it to use \"\(accentName.symbol)\"")
            }
            var overrides: [AccentOverride] = []
            if let overridesNode = fields["overrides"] {
                if case .object(let list) = overridesNode.value, list.count > LayoutLimits.overridesPerAccent {
                    report(
                        .outOfRange, overridesNode, "\(path).overrides",
                        "\(list.count) overrides; an accent has at most \(LayoutLimits.overridesPerAccent)")
                } else if case .object(let list) = overridesNode.value {
                    for member in list {
                        let memberPath = "\(path).overrides.\(member.key)"
                        guard case .string(let result) = member.value.value else {
                            report(
                                .wrongType, member.value, memberPath,
                                "expected a string, found \(member.value.value.kindName.withArticle)")
                            continue
                        }
                        guard grapheme(member.key, member.value, memberPath), grapheme(result, member.value, memberPath)
                        else { continue }
                        let base = member.key.precomposedForm
                        guard CanonicalComposition.decomposed(Character(base)).count == 1 else {
                            report(
                                .outOfRange, member.value, memberPath,
                                "an override's letter must be a plain letter without accents")
                            continue
                        }
                        let resultNFD = CanonicalComposition.decomposed(Character(result.precomposedForm))
                        guard resultNFD.count > 1, resultNFD[0] == base.unicodeScalars.first else {
                            report(
                                .outOfRange, member.value, memberPath,
                                "\"\(result)\" is not \"\(base)\" with marks; an override adds marks to its letter")
                            continue
                        }
                        overrides.append(AccentOverride(base: base, result: result.precomposedForm))
                    }
                } else {
                    report(
                        .wrongType, overridesNode, "\(path).overrides",
                        "expected an object of letter → result, found \(overridesNode.value.kindName.withArticle)")
                }
            }
            accents.append(
                Accent(name: accentName, symbol: symbol.flatMap { $0.isEmpty ? nil : $0 }, overrides: overrides))
        }
        return accents
    }

    mutating func decodePolicies(_ node: JSONNode) -> Policies {
        guard let fields = members(node, "policies", known: LayoutFields.policies) else { return Policies() }
        return Policies(
            backspace: name(fields, "backspace", "policies", as: BackspacePolicy.self, what: "backspace policy")
                ?? .accent,
            secondAccent: name(
                fields, "secondAccent", "policies", as: SecondAccentPolicy.self, what: "second-accent policy")
                ?? .replace)
    }
}

extension Unicode.Scalar {
    /// `U+0301` style name.
    package var codePointName: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
