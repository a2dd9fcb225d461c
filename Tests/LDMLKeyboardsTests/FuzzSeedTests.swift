import Foundation
import FuzzChecks
import Testing

/// The fuzz targets' checks on their seeds, on kept inputs (`Fixtures/fuzz/ldml-*`) and on
/// a few hundred seeded mutations of the fixtures, so a fresh clone exercises them too.
@Suite("LDML fuzz checks")
struct FuzzSeedTests {
    static let kept = TestFiles.fixtures + "/fuzz"

    @Test("kept inputs pass their target's checks")
    func keptInputs() throws {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: Self.kept)) ?? []).sorted()
        #expect(!names.isEmpty)
        for name in names {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: Self.kept + "/" + name)))
            let problems =
                name.hasPrefix("ldml-loader-")
                ? FuzzChecks.ldmlLoader(bytes)
                : name.hasPrefix("ldml-test-file-")
                    ? FuzzChecks.keyboardTestFile(bytes)
                    : name.hasPrefix("ldml-export-") ? FuzzChecks.ldmlExport(bytes) : FuzzChecks.ldmlTransforms(bytes)
            #expect(problems.isEmpty, "\(name): \(problems)")
        }
    }

    @Test("the CLDR test files and the test fixtures pass the test-file target's checks, on every keyboard")
    func testFileSeeds() throws {
        let paths = TestFiles.files(in: TestFiles.shippedCLDR + "/test").filter { $0.hasSuffix(".xml") }
        #expect(!paths.isEmpty)
        for path in paths + TestFiles.files(in: TestFiles.fixtures).filter({ $0.hasSuffix("-test.xml") }) {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            for first: UInt8 in [0, 3] {
                #expect(FuzzChecks.keyboardTestFile([first] + bytes).isEmpty, "\(path)")
            }
        }
    }

    @Test("every shipped layout's export types like the layout, key by key")
    func exportSeeds() {
        for layout in 0..<16 {
            let events = (0..<120).flatMap {
                [UInt8(truncatingIfNeeded: $0 * 7 + layout), UInt8($0 % 3 == 0 ? 0xC1 : 0)]
            }
            let problems = FuzzChecks.ldmlExport([UInt8(layout)] + events)
            #expect(problems.isEmpty, "\(problems)")
        }
    }

    @Test("the shipped keyboards and the fixtures pass the loader's checks, and so do mutations of them")
    func loaderSeedsAndMutations() throws {
        let paths = TestFiles.files(in: TestFiles.shippedCLDR + "/3.0") + TestFiles.files(in: TestFiles.fixtures)
        var seed: UInt64 = 0xDEAD_BEEF
        func next() -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 33)
        }
        for path in paths {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(FuzzChecks.ldmlLoader(bytes).isEmpty, "\(path)")
            for _ in 0..<4 {
                var mutated = bytes
                for _ in 0..<(1 + next() % 4) {
                    let position = next() % mutated.count
                    switch next() % 3 {
                    case 0: mutated[position] = UInt8(truncatingIfNeeded: next())
                    case 1: mutated.remove(at: position)
                    default: mutated.insert(contentsOf: Array("\\u{301}(?:a|[^b]){0,3}\\m{x}".utf8), at: position)
                    }
                }
                let problems = FuzzChecks.ldmlLoader(mutated)
                #expect(problems.isEmpty, "\(path) mutated: \(problems)")
            }
        }
    }
}
