import Foundation

/// Children's data is for this machine's user alone: the database, its WAL, the data directory and
/// exports are made readable by their owner only (files 0600, folders 0700), whatever umask the
/// shell had (Debian's 022 left `feder.sqlite` readable by every account on the laptop). Files that
/// already exist keep their mode.
enum PrivateFiles {
    static func forThisProcess() {
        umask(0o077)
    }
}
