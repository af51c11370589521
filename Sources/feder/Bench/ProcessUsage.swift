import Foundation

/// CPU time and resident memory of a process, from Linux's /proc (nil elsewhere).
struct ProcessUsage: Sendable {
    struct Reading: Sendable {
        /// User plus system time.
        var cpuSeconds: Double
        var residentMiB: Double
    }

    let pid: Int32

    func read() -> Reading? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // Fields after the command name: state is field 3; utime and stime are fields 14 and 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        let rss = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
            .flatMap { Double($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") }
        guard let rss else { return nil }
        return Reading(cpuSeconds: (user + system) / ticks, residentMiB: rss / 1024)
    }
}
