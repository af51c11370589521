import Foundation
import Testing
@testable import FederCore

/// `datapackage.json`, `CODEBOOK.md` and the files' header rows come from the same descriptions.
@Suite("Data package and codebook")
struct CodebookTests {
    func package(_ format: ExportFormat = .csv) throws -> [String: Any] {
        let data = try DataPackage(schemas: ResearchTables.schemas, format: format, created: Date(timeIntervalSince1970: 0)).json()
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test func everyTableIsAResourceWhoseFieldsAreItsColumnsInOrder() throws {
        let resources = try #require(try package()["resources"] as? [[String: Any]])
        #expect(resources.count == ResearchTables.schemas.count)
        for (resource, table) in zip(resources, ResearchTables.schemas) {
            #expect(resource["path"] as? String == "\(table.name).csv")
            let schema = try #require(resource["schema"] as? [String: Any])
            let fields = try #require(schema["fields"] as? [[String: Any]])
            #expect(fields.map { $0["name"] as? String } == table.fields.map(\.name))
            #expect(fields.map { $0["type"] as? String } == table.fields.map(\.type.rawValue))
            #expect(schema["primaryKey"] as? [String] == table.primaryKey)
            for key in table.primaryKey { #expect(table.fields.contains { $0.name == key && $0.required }) }
        }
    }

    @Test func foreignKeysPointAtColumnsThatExist() {
        let tables = Dictionary(uniqueKeysWithValues: ResearchTables.schemas.map { ($0.name, $0) })
        for table in ResearchTables.schemas {
            for key in table.foreignKeys {
                #expect(key.fields.allSatisfy { f in table.fields.contains { $0.name == f } })
                let target = tables[key.table]
                #expect(target != nil, "\(table.name) refers to \(key.table)")
                #expect(target?.primaryKey == key.referencedFields)
            }
        }
    }

    @Test func categoricalColumnsCarryTheirAllowedValuesAndMeasurementsTheirUnits() throws {
        let attempts = ResearchTables.attempts.schema
        #expect(attempts.fields.first { $0.name == "phase" }?.allowed == ["observe", "direct", "guided", "freeWrite"])
        #expect(attempts.fields.first { $0.name == "activeSeconds" }?.unit == "s")
        let resources = try #require(try package()["resources"] as? [[String: Any]])
        let fields = try #require((resources[3]["schema"] as? [String: Any])?["fields"] as? [[String: Any]])
        let condition = try #require(fields.first { $0["name"] as? String == "condition" })
        #expect((condition["constraints"] as? [String: Any])?["enum"] as? [String] == ["threePhase", "guidedOnly", "control"])
    }

    @Test func theCodebookHasALineForEveryColumnOfEveryTable() {
        let text = Codebook.markdown(ResearchTables.schemas, format: .csv)
        for table in ResearchTables.schemas {
            #expect(text.contains("## \(table.name)"))
            for field in table.fields {
                #expect(text.contains("| `\(field.name)` | \(field.type.rawValue)"), "\(table.name).\(field.name)")
            }
        }
    }

    @Test func theHeaderRowIsTheSchemasColumnNames() throws {
        let sink = MemorySink()
        let writer = try TableWriter(spec: ResearchTables.attempts, format: .csv, sink: sink)
        try writer.finish()
        #expect(sink.text == ResearchTables.attempts.schema.fields.map(\.name).joined(separator: ",") + "\r\n")
    }

    @Test func columnNamesAreUniqueWithinATable() {
        for table in ResearchTables.schemas {
            #expect(Set(table.fields.map(\.name)).count == table.fields.count, "\(table.name)")
        }
    }
}
