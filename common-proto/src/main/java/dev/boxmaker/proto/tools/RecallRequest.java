package dev.boxmaker.proto.tools;

/** recall's arguments once their shape is known good: {@code k} is {@link ToolContract#K_DEFAULT} when absent. */
public record RecallRequest(String query, int k) {
}
