package dev.boxmaker.memoryd.index;

import java.sql.SQLException;

/** A piece of work against a connection, run in a transaction or on a writing thread. */
@FunctionalInterface
interface SqlWork {
    void run() throws SQLException;
}
