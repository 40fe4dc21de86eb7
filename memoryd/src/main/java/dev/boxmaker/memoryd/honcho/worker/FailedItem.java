package dev.boxmaker.memoryd.honcho.worker;

/**
 * One {@code failed} line as {@code bxctl memory sync} lists it.
 *
 * @param item   the item's key, {@code turn/<session>/<n>} or {@code edit/<id>}
 * @param status Honcho's HTTP status, 0 when there was none
 * @param kind   {@code refused}, {@code bad-answer}, or why the worker could not send it
 * @param at     the ISO instant of the failed line
 */
public record FailedItem(String item, int status, String kind, String at) {
}
