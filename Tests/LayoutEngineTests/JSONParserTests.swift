import Testing

@testable import LayoutEngine

/// Parses `text` as UTF-8.
private func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
    try JSONParser.parse(Array(text.utf8))
}

/// Renders a node as compact JSON-like text (strings unescaped, integral numbers without
/// a fraction), so expectations read like the input.
/// The members of an object node; `nil` for any other node.
private func objectMembers(_ node: JSONNode) -> [JSONMember]? {
    if case .object(let members) = node.value { return members }
    return nil
}

private func render(_ node: JSONNode) -> String {
    switch node.value {
    case .object(let members):
        "{" + members.map { "\"\($0.key)\":\(render($0.value))" }.joined(separator: ",") + "}"
    case .array(let elements): "[" + elements.map(render).joined(separator: ",") + "]"
    case .string(let string): "\"\(string)\""
    case .number(let number):
        number.rounded() == number && abs(number) < 1e15 ? String(Int(number)) : "\(number)"
    case .bool(let bool): "\(bool)"
    case .null: "null"
    }
}

/// A named input and the expected result, shown by name in the test report.
struct JSONCase<Expected: Sendable>: Sendable, CustomTestStringConvertible {
    var name: String
    var input: [UInt8]
    var expected: Expected
    var testDescription: String { name }

    init(_ name: String, _ input: String, _ expected: Expected) {
        self.init(name, Array(input.utf8), expected)
    }

    init(_ name: String, _ input: [UInt8], _ expected: Expected) {
        self.name = name
        self.input = input
        self.expected = expected
    }
}

/// What a malformed input must produce: a message substring and a `line:column`.
struct ExpectedError: Sendable {
    var message: String
    var location: String
}

extension JSONCase where Expected == ExpectedError {
    init(_ name: String, _ input: String, _ message: String, at location: String) {
        self.init(name, input, ExpectedError(message: message, location: location))
    }

    init(_ name: String, _ input: [UInt8], _ message: String, at location: String) {
        self.init(name, input, ExpectedError(message: message, location: location))
    }
}

private func nested(_ depth: Int) -> String {
    String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
}

@Suite struct JSONParserTests {
    @Test(arguments: [
        JSONCase("empty object", "{}", "{}"),
        JSONCase("empty array", " [ ] ", "[]"),
        JSONCase("literals", "[true,false,null]", "[true,false,null]"),
        JSONCase(
            "nested", #"{"a":[1,{"b":null,"c":[[]]}],"d":{}}"#, #"{"a":[1,{"b":null,"c":[[]]}],"d":{}}"#),
        JSONCase("all whitespace kinds", "\t{ \"a\" :\r\n[ 1 ,\n2 ]\r}\n", #"{"a":[1,2]}"#),
        JSONCase("byte order mark skipped", "\u{FEFF}[1]", "[1]"),
        JSONCase("top-level scalar", "\"hi\"", "\"hi\""),
        JSONCase("256 levels of nesting", nested(256), nested(256)),
    ])
    func validDocuments(_ test: JSONCase<String>) throws {
        #expect(render(try JSONParser.parse(test.input)) == test.expected)
    }

    @Test(arguments: [
        JSONCase("zero", "0", 0.0),
        JSONCase("negative zero", "-0", -0.0),
        JSONCase("fraction", "0.5", 0.5),
        JSONCase("negative", "-12.25", -12.25),
        JSONCase("integer", "1234567890", 1_234_567_890),
        JSONCase("exponent", "1e3", 1000),
        JSONCase("upper-case negative exponent", "25E-2", 0.25),
        JSONCase("fraction with signed exponent", "-2.5e+2", -250),
        JSONCase("smallest subnormal", "5e-324", .leastNonzeroMagnitude),
    ])
    func numbers(_ test: JSONCase<Double>) throws {
        guard case .number(let number) = try JSONParser.parse(test.input).value else {
            Issue.record("not a number")
            return
        }
        #expect(number == test.expected)
        #expect(number.sign == test.expected.sign)
    }

    @Test(arguments: [
        JSONCase("plain", #""layout""#, "layout"),
        JSONCase("empty", #""""#, ""),
        JSONCase("simple escapes", #""\" \\ \/ \b \f \n \r \t""#, "\" \\ / \u{8} \u{C} \n \r \t"),
        JSONCase("unicode escape", #""caf\u00e9 \u00C9""#, "café É"),
        JSONCase("surrogate pair", #""\ud83d\ude00!""#, "😀!"),
        JSONCase("raw UTF-8", "\"ĉu 😀 ẞ\"", "ĉu 😀 ẞ"),
        JSONCase("raw UTF-8 then escape", "\"é\\n😀\\u0041\"", "é\n😀A"),
        JSONCase("escaped NUL", #""a\u0000b""#, "a\u{0}b"),
    ])
    func strings(_ test: JSONCase<String>) throws {
        guard case .string(let string) = try JSONParser.parse(test.input).value else {
            Issue.record("not a string")
            return
        }
        #expect(Array(string.unicodeScalars) == Array(test.expected.unicodeScalars))
    }

    @Test func locationsOfNestedValues() throws {
        let text = """
            {
              "name": "ĉ😀",
              "rows": [
                [1, {"x": true}],\r
            \t"é"
              ]
            }
            """
        let root = try parse(text)
        #expect(root.location == SourcePosition(line: 1, column: 1, offset: 0))
        #expect(root["name"]?.location.description == "2:11")
        let rows = try #require(root["rows"])
        #expect(rows.location.description == "3:11")
        guard case .array(let elements) = rows.value, case .array(let first) = elements[0].value else {
            Issue.record("rows is not an array of arrays")
            return
        }
        #expect(elements[0].location.description == "4:5")
        #expect(first[1].location.description == "4:9")
        #expect(first[1]["x"]?.location.description == "4:15")
        #expect(elements[1].location.description == "5:2")
        let offset = elements[1].location.offset
        #expect(Array(text.utf8)[offset] == UInt8(ascii: "\""))
        guard case .object(let members) = root.value else { return }
        #expect(members[1].keyLocation.description == "3:3")
    }

    @Test func columnsCountScalarsOnOneLine() throws {
        let node = try parse("{\"é😀\": [1, 2]}")
        let location = try #require(node["é😀"]?.location)
        #expect(location == SourcePosition(line: 1, column: 8, offset: 11))
    }

    @Test func locationsAfterByteOrderMark() throws {
        let node = try parse("\u{FEFF}[true]")
        #expect(node.location == SourcePosition(line: 1, column: 1, offset: 3))
    }

    @Test func memberOrderIsKept() throws {
        let node = try parse(#"{"z": 1, "a": 2, "m": 3}"#)
        let members = try #require(objectMembers(node), "not an object")
        #expect(members.map(\.key) == ["z", "a", "m"])
        #expect(members.map { render($0.value) } == ["1", "2", "3"])
    }

    @Test func duplicateKeysAreKeptInOrder() throws {
        let node = try parse(#"{"k": 1, "other": 2, "k": 3}"#)
        let members = try #require(objectMembers(node), "not an object")
        #expect(members.map(\.key) == ["k", "other", "k"])
        #expect(members.map(\.keyLocation.column) == [2, 10, 22])
        #expect(node["k"].map(render) == "1")
    }

    @Test func subscriptOnNonObjectsAndMissingKeys() throws {
        #expect(try parse(#"{"a": 1}"#)["b"] == nil)
        #expect(try parse(#"[{"a": 1}]"#)["a"] == nil)
        #expect(try parse(#""a""#)["a"] == nil)
    }

    @Test(arguments: [
        JSONCase("object", "{}", "object"),
        JSONCase("array", "[]", "array"),
        JSONCase("string", "\"\"", "string"),
        JSONCase("number", "1", "number"),
        JSONCase("boolean", "false", "boolean"),
        JSONCase("null", "null", "null"),
    ])
    func kindNames(_ test: JSONCase<String>) throws {
        #expect(try JSONParser.parse(test.input).value.kindName == test.expected)
    }

    @Test(arguments: [
        JSONCase("empty input", "", "unexpected end of input, expected a value", at: "1:1"),
        JSONCase("only whitespace", " \n  ", "unexpected end of input, expected a value", at: "2:3"),
        JSONCase("trailing comma in array", "[1, 2,]", "trailing comma before ']'", at: "1:6"),
        JSONCase("trailing comma in object", "{\"a\": 1,\n}", "trailing comma before '}'", at: "1:8"),
        JSONCase(
            "missing colon", #"{"a" 1}"#, "expected ':' after the member name, found '1'", at: "1:6"),
        JSONCase(
            "missing comma between members", #"{"a": 1 "b": 2}"#,
            #"expected ',' or '}' after an object member, found '"'"#, at: "1:9"),
        JSONCase(
            "missing comma between elements", "[1 2]",
            "expected ',' or ']' after an array element, found '2'", at: "1:4"),
        JSONCase(
            "unquoted key", "{name: 1}", "expected a member name in double quotes or '}', found 'name'",
            at: "1:2"),
        JSONCase("missing element", "[1,,2]", "expected a value, found ','", at: "1:4"),
        JSONCase(
            "unquoted key after comma", #"{"a": 1, b: 2}"#,
            "expected a member name in double quotes, found 'b'", at: "1:10"),
        JSONCase("non-ASCII value", "[é]", "expected a value, found 'é'", at: "1:2"),
        JSONCase("backslash at end of input", #""a\"#, "unterminated string", at: "1:1"),
        JSONCase("error line after lone CR", "[1,\r\rx]", "expected a value, found 'x'", at: "3:1"),
        JSONCase(
            "unclosed array", "[1, 2",
            "unexpected end of input, expected ',' or ']' after an array element", at: "1:6"),
        JSONCase("unterminated string", #"["abc"#, "unterminated string", at: "1:2"),
        JSONCase("line break in string", "{\"a\": \"abc\n}", "unterminated string", at: "1:7"),
        JSONCase("bad escape", #"["a\x"]"#, #"invalid escape '\x'"#, at: "1:4"),
        JSONCase(
            "short unicode escape", #"["\u12"]"#, #"invalid \u escape: expected 4 hex digits"#, at: "1:3"),
        JSONCase(
            "lone high surrogate", #"["\ud800"]"#, #"invalid \u escape: lone surrogate"#, at: "1:3"),
        JSONCase(
            "lone low surrogate", #"["ab\udc00"]"#, #"invalid \u escape: lone surrogate"#, at: "1:5"),
        JSONCase(
            "two low surrogates", #"["\udc00\udc00"]"#, #"invalid \u escape: lone surrogate"#,
            at: "1:3"),
        JSONCase(
            "high surrogate then non-surrogate", #"["\ud800\u0041"]"#,
            #"invalid \u escape: lone surrogate"#, at: "1:3"),
        JSONCase("leading zero", "[01]", "leading zeros are not allowed", at: "1:2"),
        JSONCase("plus sign", "[+1]", "expected a value, found '+'", at: "1:2"),
        JSONCase("NaN", "NaN", "expected a value, found 'NaN'", at: "1:1"),
        JSONCase("misspelled literal", "[tru]", "expected a value, found 'tru'", at: "1:2"),
        JSONCase("fraction without digits", "[1.]", "expected a digit after '.', found ']'", at: "1:4"),
        JSONCase(
            "exponent without digits", "1e+", "unexpected end of input, expected a digit in the exponent",
            at: "1:4"),
        JSONCase("minus without digits", "-x", "expected a digit after '-', found 'x'", at: "1:2"),
        JSONCase("number out of range", "[1e400]", "the number 1e400 is beyond what a layout can hold", at: "1:2"),
        JSONCase(
            "control character in string", "[\"a\u{1}b\"]", "control character U+0001 in string",
            at: "1:4"),
        JSONCase("raw tab in string", "\"a\tb\"", "control character U+0009 in string", at: "1:3"),
        JSONCase(
            "trailing garbage", "{} x", "expected end of input after the JSON value, found 'x'", at: "1:4"
        ),
        JSONCase(
            "two values", "1\n2", "expected end of input after the JSON value, found '2'", at: "2:1"),
        JSONCase("too deep nesting", nested(257), "nesting deeper than 256 levels", at: "1:257"),
        JSONCase(
            "invalid UTF-8 byte", [0x22, 0x61, 0xFF, 0x22], "invalid UTF-8 byte 0xFF at byte offset 2",
            at: "1:3"),
        JSONCase(
            "Latin-1 instead of UTF-8", [0x22, 0xE9, 0x74, 0xE9, 0x22],
            "invalid UTF-8 byte 0xE9 at byte offset 1", at: "1:2"),
        JSONCase(
            "overlong encoding", [0x22, 0xC0, 0xAF, 0x22], "invalid UTF-8 byte 0xC0 at byte offset 1",
            at: "1:2"),
        JSONCase(
            "overlong three-byte encoding", [0x22, 0xE0, 0x80, 0xAF, 0x22],
            "invalid UTF-8 byte 0xE0 at byte offset 1", at: "1:2"),
        JSONCase(
            "beyond U+10FFFF", [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],
            "invalid UTF-8 byte 0xF4 at byte offset 1", at: "1:2"),
        JSONCase(
            "UTF-8 encoded surrogate", [0x22, 0xED, 0xA0, 0x80, 0x22],
            "invalid UTF-8 byte 0xED at byte offset 1", at: "1:2"),
        JSONCase(
            "error column after multi-byte text", "{\"é😀\": tru}", "expected a value, found 'tru'",
            at: "1:8"),
        JSONCase(
            "error line after CRLF", "{\r\n\"a\": 1,\r\n\"b\" 2}",
            "expected ':' after the member name, found '2'", at: "3:5"),
    ])
    func malformedDocuments(_ test: JSONCase<ExpectedError>) {
        do {
            let node = try JSONParser.parse(test.input)
            Issue.record("parsed as \(render(node))")
        } catch {
            #expect(error.message.contains(test.expected.message), "message: \(error.message)")
            #expect(error.location.description == test.expected.location)
        }
    }

    @Test func errorOffsetAndDescription() {
        #expect(
            throws: JSONSyntaxError(
                message: "expected a value, found '}'",
                location: SourcePosition(line: 2, column: 9, offset: 10))
        ) {
            try parse("[\n  true, }")
        }
        let error = JSONSyntaxError(
            message: "boom", location: SourcePosition(line: 3, column: 4, offset: 20))
        #expect(error.description == "3:4: boom")
    }
}
