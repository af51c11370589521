import Foundation

/// The names this server answers to. A page on another site can point its own name at this
/// machine's address (DNS rebinding); its requests then carry that name both in `Host` and in
/// `Origin`, so they pass the same-origin check, and it could read the class list or open a live
/// session in a child's name. A browser always sends the name it used in `Host`, so a server that
/// answers only its own names shuts that door: an IP address (a rebinding attacker needs a name),
/// `localhost`, this machine's own name (and `name.local`, as tablets find a laptop on a classroom
/// network), and names given with `feder serve --host-name`. A request without `Host` (no browser
/// sends one) is not a rebinding and passes.
public struct KnownHosts: Sendable, Equatable {
    /// Lower-case names besides IP addresses and `localhost`.
    public private(set) var names: Set<String>

    public init(extra: [String] = [], machineName: String = ProcessInfo.processInfo.hostName) {
        var names = Set(extra.map { Self.normalised($0) })
        let machine = Self.normalised(machineName)
        if !machine.isEmpty {
            let first = machine.split(separator: ".").first.map(String.init) ?? machine
            names.formUnion([machine, first, "\(first).local"])
        }
        self.names = names
    }

    /// Whether a request whose `Host` is `authority` (`name`, `name:port`, `[v6]:port`) is answered.
    public func allows(_ authority: String?) -> Bool {
        guard let authority, !authority.isEmpty else { return true }
        let host = Self.host(of: authority)
        if host.hasPrefix("[") || Self.isIPv4(host) { return true }
        if host == "localhost" || host.hasSuffix(".localhost") { return true }
        return names.contains(host)
    }

    /// The name without its port, lower case, without a final dot.
    static func host(of authority: String) -> String {
        let lower = authority.lowercased()
        if lower.hasPrefix("[") {  // an IPv6 literal keeps its brackets
            return lower.firstIndex(of: "]").map { String(lower[...$0]) } ?? lower
        }
        let name = lower.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? lower
        return normalised(name)
    }

    static func normalised(_ name: String) -> String {
        var name = name.lowercased().trimmingCharacters(in: .whitespaces)
        while name.hasSuffix(".") { name.removeLast() }
        return name
    }

    static func isIPv4(_ host: String) -> Bool {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in
            !part.isEmpty && part.count <= 3 && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber) && Int(part)! <= 255
        }
    }
}
