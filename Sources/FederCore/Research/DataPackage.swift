import Foundation

/// `datapackage.json`: a Frictionless Data Package with one tabular resource and Table Schema per
/// exported table, made from `ResearchTables`. R's `frictionless` and Python's `frictionless`
/// read the tables with the right types from it.
public struct DataPackage: Sendable {
    public var schemas: [TableSchema]
    public var format: ExportFormat
    public var created: Date
    /// What the export was asked for (filters), recorded for whoever reads it later.
    public var filters: [String: String]

    public init(schemas: [TableSchema], format: ExportFormat, created: Date, filters: [String: String] = [:]) {
        self.schemas = schemas; self.format = format; self.created = created; self.filters = filters
    }

    public static func fileName(of table: String, format: ExportFormat) -> String { "\(table).\(format.fileExtension)" }

    /// The JSON text, keys sorted so that two exports of the same data are byte for byte equal.
    public func json() throws -> Data {
        let object: [String: Any] = [
            "profile": "tabular-data-package",
            "name": "feder-research-export",
            "title": "Feder research export",
            "description": "Handwriting practice records of pseudonymous children. Codebook: CODEBOOK.md.",
            "created": Cell.format(created),
            "feder:filters": filters,
            "resources": schemas.map(resource),
        ]
        return try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    }

    private func resource(_ table: TableSchema) -> [String: Any] {
        var r: [String: Any] = [
            "name": table.name.lowercased(),
            "title": table.title,
            "description": table.description,
            "path": Self.fileName(of: table.name, format: format),
            "profile": "tabular-data-resource",
            "format": format.fileExtension,
            "mediatype": format.mediaType,
            "encoding": "utf-8",
            "schema": schema(table),
        ]
        switch format {
        case .csv:
            r["dialect"] = ["delimiter": ",", "lineTerminator": "\r\n", "quoteChar": "\"", "doubleQuote": true, "header": true]
        case .tsv:
            r["dialect"] = ["delimiter": "\t", "lineTerminator": "\r\n", "quoteChar": "\"", "doubleQuote": true, "header": true]
        case .json:
            break
        }
        return r
    }

    private func schema(_ table: TableSchema) -> [String: Any] {
        var s: [String: Any] = [
            "fields": table.fields.map(field),
            "primaryKey": table.primaryKey,
            "missingValues": [""],
        ]
        if !table.foreignKeys.isEmpty {
            s["foreignKeys"] = table.foreignKeys.map { key -> [String: Any] in
                ["fields": key.fields, "reference": ["resource": key.table.lowercased(), "fields": key.referencedFields]]
            }
        }
        return s
    }

    private func field(_ f: FieldSchema) -> [String: Any] {
        var out: [String: Any] = ["name": f.name, "type": f.type.rawValue, "description": f.description]
        if let unit = f.unit { out["unit"] = unit }
        switch f.type {
        case .datetime: out["format"] = "default"
        case .boolean:
            out["trueValues"] = ["true"]
            out["falseValues"] = ["false"]
        default: break
        }
        var constraints: [String: Any] = [:]
        if f.required { constraints["required"] = true }
        if let allowed = f.allowed { constraints["enum"] = allowed }
        if let minimum = f.minimum { constraints["minimum"] = Self.number(minimum, f.type) }
        if let maximum = f.maximum { constraints["maximum"] = Self.number(maximum, f.type) }
        if !constraints.isEmpty { out["constraints"] = constraints }
        return out
    }

    /// Bounds of an integer column are written as integers.
    private static func number(_ value: Double, _ type: FieldSchema.FieldType) -> Any {
        type == .integer ? Int(value) : value
    }
}
