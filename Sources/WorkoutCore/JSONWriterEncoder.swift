import WorkoutSamples

/// A small `Encoder` whose output is written by ``JSONWriter``: the one path from a `Codable` value to the
/// text the engine prints.
///
/// Why: the summary and frame JSON had one hand-written key list in `write(to:)` and would have needed a
/// second one in `encode(to:)` for `Codable`; two lists drift apart. Now each type's `encode(to:)` is the
/// only list of its keys, and the printed text comes from that same encoding, written by `JSONWriter`, so
/// it stays what it was byte for byte: keys in the order they are encoded, integers as integers, doubles
/// in the shortest round-tripping form, non-finite numbers as `null`. Foundation's `JSONEncoder` sees the
/// same keys and values (the golden summaries and a test check that both agree).
///
/// The value is encoded into a tree first and written only when the whole encoding succeeded, so a
/// failure leaves the writer untouched.
struct JSONWriterEncoder {
    /// Encodes `value` and writes it into `json` (as a value, or under `key`).
    static func write<T: Encodable>(_ value: T, key: String?, to json: inout JSONWriter) throws {
        let root = JSONNode()
        try value.encode(to: NodeEncoder(node: root, codingPath: []))
        root.write(key: key, to: &json)
    }
}

/// One value of the tree, filled in by the containers (a class: nested containers outlive the call that
/// made them and fill their node later).
private final class JSONNode {
    enum Value {
        case unset
        case null
        case bool(Bool)
        case integer(Int)
        case number(Double)
        case string(String)
        case array([JSONNode])
        case object([(key: String, node: JSONNode)])
    }

    var value: Value = .unset

    func makeObject() {
        if case .object = value { return }
        value = .object([])
    }

    func makeArray() {
        if case .array = value { return }
        value = .array([])
    }

    /// The node under `key` of this object, created (or replaced) now.
    func child(forKey key: String) -> JSONNode {
        let node = JSONNode()
        guard case .object(var members) = value else {
            value = .object([(key, node)])
            return node
        }
        value = .unset  // keep `members` uniquely referenced while it changes
        // A key encoded again replaces its value (as Foundation's encoder does). Lengths first: most keys
        // of an object differ in length, and comparing two long strings is a runtime call.
        let length = key.utf8.count
        if let index = members.firstIndex(where: { $0.key.utf8.count == length && $0.key == key }) {
            members[index].node = node
        } else {
            members.append((key, node))
        }
        value = .object(members)
        return node
    }

    /// A new last element of this array.
    func appendElement() -> JSONNode {
        let node = JSONNode()
        guard case .array(var elements) = value else {
            value = .array([node])
            return node
        }
        value = .unset
        elements.append(node)
        value = .array(elements)
        return node
    }

    var count: Int {
        switch value {
        case .array(let elements): elements.count
        case .object(let members): members.count
        default: 0
        }
    }

    func write(key: String?, to json: inout JSONWriter) {
        switch value {
        case .unset:
            // A value that encoded nothing: an empty object, as Foundation's JSONEncoder writes it.
            json.beginObject(key)
            json.endObject()
        case .null: json.null(key)
        case .bool(let flag): json.bool(key, flag)
        case .integer(let integer): json.integer(key, integer)
        case .number(let number): json.number(key, number)
        case .string(let string): json.string(key, string)
        case .array(let elements):
            json.beginArray(key)
            for element in elements { element.write(key: nil, to: &json) }
            json.endArray()
        case .object(let members):
            json.beginObject(key)
            for member in members { member.node.write(key: member.key, to: &json) }
            json.endObject()
        }
    }

    /// Stores a single value; integers that fit an `Int` as integers, others as numbers.
    ///
    /// The type is told by comparing metatypes, then the value read as that type: `T` is not known at
    /// compile time for most values (a `Codable` type hands them over through the standard library's
    /// generic containers), and a cast (`value as? Double`) is then a runtime call per case tried. A cast
    /// to a protocol (`as any BinaryInteger`) would be worse: the runtime searches the binary's protocol
    /// conformances the first time it meets each type (several milliseconds of a `summary` process).
    ///
    /// The coding path of a nested value (`path` followed by `key`, when given) is made only when the value
    /// encodes itself: building it for every number and string was an array allocation per value.
    func set<T: Encodable>(_ value: T, path: [any CodingKey], key: (any CodingKey)? = nil) throws {
        let type: any Any.Type = T.self
        if type == Double.self {
            self.value = .number(Self.read(value, as: Double.self))
        } else if type == String.self {
            self.value = .string(Self.read(value, as: String.self))
        } else if type == Int.self {
            self.value = .integer(Self.read(value, as: Int.self))
        } else if type == Bool.self {
            self.value = .bool(Self.read(value, as: Bool.self))
        } else if type == Float.self {
            self.value = .number(Double(Self.read(value, as: Float.self)))
        } else if !setsOtherInteger(value) {
            let codingPath = if let key { path + [key] } else { path }
            try value.encode(to: NodeEncoder(node: self, codingPath: codingPath))
        }
    }

    /// Stores `value` when it is one of the other fixed-width integer types (`Int64` … `UInt8`); `false`
    /// when it is none of them.
    private func setsOtherInteger<T>(_ value: T) -> Bool {
        func take<I: FixedWidthInteger>(_ integerType: I.Type) -> Bool {
            guard T.self == I.self else { return false }
            setInteger(Self.read(value, as: I.self))
            return true
        }
        return take(Int64.self) || take(Int32.self) || take(Int16.self) || take(Int8.self)
            || take(UInt.self) || take(UInt64.self) || take(UInt32.self) || take(UInt16.self) || take(UInt8.self)
    }

    /// `value` as `U`, which its caller has checked is `T` itself (a copy, retained as `U` would be).
    @inline(__always)
    private static func read<T, U>(_ value: T, as _: U.Type) -> U {
        withUnsafePointer(to: value) { UnsafeRawPointer($0).load(as: U.self) }
    }
}

extension JSONNode {
    fileprivate func setInteger<I: FixedWidthInteger>(_ integer: I) {
        if let exact = Int(exactly: integer) { value = .integer(exact) } else { value = .number(Double(integer)) }
    }
}

private struct IndexKey: CodingKey {
    var stringValue: String { String(index) }
    var intValue: Int? { index }
    let index: Int
    init(_ index: Int) { self.index = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.index = intValue }
}

private struct NodeEncoder: Encoder {
    let node: JSONNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.makeArray()
        return UnkeyedNodeContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleNodeContainer(node: node, codingPath: codingPath)
    }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: JSONNode
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { node.child(forKey: key.stringValue).value = .null }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try encodeAny(value, forKey: key) }

    private func encodeAny<T: Encodable>(_ value: T, forKey key: Key) throws {
        try node.child(forKey: key.stringValue).set(value, path: codingPath, key: key)
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws { try encodeAny(value, forKey: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try encodeAny(value, forKey: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try encodeAny(value, forKey: key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try encodeAny(value, forKey: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try encodeAny(value, forKey: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try encodeAny(value, forKey: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try encodeAny(value, forKey: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try encodeAny(value, forKey: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try encodeAny(value, forKey: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try encodeAny(value, forKey: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try encodeAny(value, forKey: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try encodeAny(value, forKey: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try encodeAny(value, forKey: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try encodeAny(value, forKey: key) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = node.child(forKey: key.stringValue)
        child.makeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = node.child(forKey: key.stringValue)
        child.makeArray()
        return UnkeyedNodeContainer(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        NodeEncoder(node: node.child(forKey: "super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        NodeEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedNodeContainer: UnkeyedEncodingContainer {
    let node: JSONNode
    let codingPath: [any CodingKey]
    var count: Int { node.count }

    mutating func encodeNil() throws { node.appendElement().value = .null }

    mutating func encode<T: Encodable>(_ value: T) throws { try encodeAny(value) }

    private func encodeAny<T: Encodable>(_ value: T) throws {
        let index = IndexKey(count)
        try node.appendElement().set(value, path: codingPath, key: index)
    }

    mutating func encode(_ value: Bool) throws { try encodeAny(value) }
    mutating func encode(_ value: String) throws { try encodeAny(value) }
    mutating func encode(_ value: Double) throws { try encodeAny(value) }
    mutating func encode(_ value: Float) throws { try encodeAny(value) }
    mutating func encode(_ value: Int) throws { try encodeAny(value) }
    mutating func encode(_ value: Int8) throws { try encodeAny(value) }
    mutating func encode(_ value: Int16) throws { try encodeAny(value) }
    mutating func encode(_ value: Int32) throws { try encodeAny(value) }
    mutating func encode(_ value: Int64) throws { try encodeAny(value) }
    mutating func encode(_ value: UInt) throws { try encodeAny(value) }
    mutating func encode(_ value: UInt8) throws { try encodeAny(value) }
    mutating func encode(_ value: UInt16) throws { try encodeAny(value) }
    mutating func encode(_ value: UInt32) throws { try encodeAny(value) }
    mutating func encode(_ value: UInt64) throws { try encodeAny(value) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = codingPath + [IndexKey(count)]
        let child = node.appendElement()
        child.makeObject()
        return KeyedEncodingContainer(KeyedNodeContainer<NestedKey>(node: child, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = codingPath + [IndexKey(count)]
        let child = node.appendElement()
        child.makeArray()
        return UnkeyedNodeContainer(node: child, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let path = codingPath + [IndexKey(count)]
        return NodeEncoder(node: node.appendElement(), codingPath: path)
    }
}

private struct SingleNodeContainer: SingleValueEncodingContainer {
    let node: JSONNode
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.value = .null }

    mutating func encode<T: Encodable>(_ value: T) throws { try encodeAny(value) }

    private func encodeAny<T: Encodable>(_ value: T) throws { try node.set(value, path: codingPath) }

    mutating func encode(_ value: Bool) throws { try encodeAny(value) }
    mutating func encode(_ value: String) throws { try encodeAny(value) }
    mutating func encode(_ value: Double) throws { try encodeAny(value) }
    mutating func encode(_ value: Float) throws { try encodeAny(value) }
    mutating func encode(_ value: Int) throws { try encodeAny(value) }
    mutating func encode(_ value: Int8) throws { try encodeAny(value) }
    mutating func encode(_ value: Int16) throws { try encodeAny(value) }
    mutating func encode(_ value: Int32) throws { try encodeAny(value) }
    mutating func encode(_ value: Int64) throws { try encodeAny(value) }
    mutating func encode(_ value: UInt) throws { try encodeAny(value) }
    mutating func encode(_ value: UInt8) throws { try encodeAny(value) }
    mutating func encode(_ value: UInt16) throws { try encodeAny(value) }
    mutating func encode(_ value: UInt32) throws { try encodeAny(value) }
    mutating func encode(_ value: UInt64) throws { try encodeAny(value) }
}

extension JSONWriter {
    /// Writes `value`'s `Encodable` form (as a value, or under `key`): keys in the order `encode(to:)`
    /// encodes them, integers as integers, numbers in their shortest round-tripping form, non-finite
    /// numbers as `null`. Nothing is written when the encoding throws.
    public mutating func encode<T: Encodable>(_ value: T, key: String? = nil) throws {
        try JSONWriterEncoder.write(value, key: key, to: &self)
    }
}
