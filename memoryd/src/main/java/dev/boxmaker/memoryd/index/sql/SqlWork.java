package dev.boxmaker.memoryd.index.sql;

import java.sql.SQLException;

/** A piece of work against a connection, run in a transaction or on a writing thread. */
@FunctionalInterface
public interface SqlWork {
    void run() throws SQLException;
}
