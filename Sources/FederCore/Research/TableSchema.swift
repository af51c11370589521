import Foundation

/// One column of an exported table, described once: the writer, `datapackage.json` and
/// `CODEBOOK.md` all read this description, so the three cannot disagree.
public struct FieldSchema: Sendable, Equatable {
    /// Frictionless Table Schema field types used by the export.
    public enum FieldType: String, Sendable, Equatable {
        case string, integer, number, boolean, datetime, date
    }

    public var name: String
    public var type: FieldType
    public var description: String
    /// Unit of a measurement (SI or a named scale such as "glyph units", "x-heights"); nil when none.
    public var unit: String?
    /// Never empty.
    public var required: Bool
    /// The allowed values of a categorical column.
    public var allowed: [String]?
    public var minimum: Double?
    public var maximum: Double?

    public init(_ name: String, _ type: FieldType, _ description: String, unit: String? = nil, required: Bool = false,
                allowed: [String]? = nil, minimum: Double? = nil, maximum: Double? = nil) {
        self.name = name; self.type = type; self.description = description; self.unit = unit
        self.required = required; self.allowed = allowed; self.minimum = minimum; self.maximum = maximum
    }
}

/// A foreign key: `fields` of this table refer to `fields` of `table`.
public struct ForeignKeySchema: Sendable, Equatable {
    public var fields: [String]
    public var table: String
    public var referencedFields: [String]

    public init(_ fields: [String], references table: String, _ referencedFields: [String]) {
        self.fields = fields; self.table = table; self.referencedFields = referencedFields
    }
}

/// What a table is, without how its rows are read: enough for `datapackage.json` and the codebook.
public struct TableSchema: Sendable, Equatable {
    public var name: String
    public var title: String
    public var description: String
    public var fields: [FieldSchema]
    public var primaryKey: [String]
    public var foreignKeys: [ForeignKeySchema]
    /// Written only on request (`--samples`), because it is large.
    public var optional: Bool
}

/// A table of rows of type `Row`: each column's description together with how its value is read
/// from a row. The order of `columns` is the order of the file's columns.
public struct TableSpec<Row>: Sendable {
    public struct Column: Sendable {
        public var field: FieldSchema
        public var value: @Sendable (Row) -> Cell
    }

    public var name: String
    public var title: String
    public var description: String
    public var primaryKey: [String]
    public var foreignKeys: [ForeignKeySchema]
    public var optional: Bool
    public var columns: [Column]
    /// A hand-written encoder for a table with millions of rows (the samples): appends one row in
    /// the given format, byte for byte what the columns would write (a test compares the two).
    public var fastRow: (@Sendable (Row, ExportFormat, inout [UInt8]) -> Void)?

    public init(name: String, title: String, description: String, primaryKey: [String],
                foreignKeys: [ForeignKeySchema] = [], optional: Bool = false, columns: [Column],
                fastRow: (@Sendable (Row, ExportFormat, inout [UInt8]) -> Void)? = nil) {
        self.name = name; self.title = title; self.description = description; self.primaryKey = primaryKey
        self.foreignKeys = foreignKeys; self.optional = optional; self.columns = columns; self.fastRow = fastRow
    }

    public var schema: TableSchema {
        TableSchema(name: name, title: title, description: description, fields: columns.map(\.field),
                    primaryKey: primaryKey, foreignKeys: foreignKeys, optional: optional)
    }

    public func cells(_ row: Row) -> [Cell] { columns.map { $0.value(row) } }
}

/// Shorthand for building columns: `column("form", .number, "…") { $0.form.cell }`.
func column<Row>(_ name: String, _ type: FieldSchema.FieldType, _ description: String, unit: String? = nil,
                        required: Bool = false, allowed: [String]? = nil, minimum: Double? = nil, maximum: Double? = nil,
                        _ value: @escaping @Sendable (Row) -> Cell) -> TableSpec<Row>.Column {
    TableSpec<Row>.Column(field: FieldSchema(name, type, description, unit: unit, required: required, allowed: allowed,
                                             minimum: minimum, maximum: maximum),
                          value: value)
}
