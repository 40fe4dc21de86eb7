package dev.boxmaker.memoryd.tool;

import dev.boxmaker.memoryd.edits.Edit;

/**
 * What is told of each edit once it is journalled and its files are written (a reject, which
 * writes no file, once it is journalled), under the store's lock and before the call is answered.
 */
@FunctionalInterface
public interface Journalled {
    void journalled(Edit edit);
}
