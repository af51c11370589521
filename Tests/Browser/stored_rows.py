"""What the SQLite file holds about a child, read directly (tests of deleting a child)."""


def rows_about(server, child):
    """Rows per table that names a child (`child` by its id, every other table by `childID`), for
    this child."""
    child = child.lower()
    with server.db() as con:
        tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        counts = {}
        for table in tables:
            columns = [r[1] for r in con.execute(f"PRAGMA table_info({table})")]
            key = "id" if table == "child" else "childID"
            if key in columns:
                counts[table] = con.execute(f"SELECT COUNT(*) FROM {table} WHERE {key} = ?", (child,)).fetchone()[0]
        return counts
