package dev.boxmaker.memoryd.recall.fleet;

import java.util.List;

/**
 * What one Honcho source gave a recall: its hits, ranked, from the calls that answered, and whether
 * every call answered within the limit (if not, recall shows the source's one unavailable line).
 */
public record FleetAnswer(String source, List<FleetHit> hits, boolean answered) {
    public FleetAnswer {
        hits = List.copyOf(hits);
    }
}
