import Foundation

/// A tiny SVG builder: elements as text, numbers with two decimals, text escaped.
struct SVGWriter {
    private(set) var body = ""

    mutating func add(_ element: String) { body += element + "\n" }

    static func num(_ v: Double) -> String {
        let r = (v * 100).rounded() / 100
        return r == r.rounded() ? String(Int(r)) : String(format: "%.2f", r)
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func polyline(_ points: [Point]) -> String {
        points.map { "\(num($0.x)),\(num($0.y))" }.joined(separator: " ")
    }

    /// The whole document; `unit` ("mm" for print) sets the size on paper, the view box stays in numbers.
    func document(width: Double, height: Double, background: String, unit: String = "") -> String {
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(Self.num(width))\(unit)" height="\(Self.num(height))\(unit)" viewBox="0 0 \(Self.num(width)) \(Self.num(height))">
        <rect width="100%" height="100%" fill="\(background)"/>
        \(body)</svg>

        """
    }
}
