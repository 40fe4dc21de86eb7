package dev.boxmaker.memoryd.recall;

import dev.boxmaker.memoryd.index.IndexDamagedException;
import dev.boxmaker.memoryd.index.search.Hit;
import dev.boxmaker.memoryd.index.search.IndexSearch;
import dev.boxmaker.memoryd.recall.fleet.FleetAnswer;
import dev.boxmaker.memoryd.recall.fleet.FleetRecall;
import io.smallrye.mutiny.Uni;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/**
 * recall's sources as one {@link Uni}: Honcho's (none without {@code [honcho]}) and the local index,
 * composed the same way. When subscribed, Honcho's calls go to their pool first, then the index is
 * searched on the subscribing thread; the item comes when the last source answered or ran out of
 * its time (each Honcho source bounded by its own limit, {@link FleetRecall}).
 */
final class RecallSources {
    /**
     * What every source found: the query's terms, the index's hits (none when it failed, and
     * {@code failure} says why), and each Honcho source's answer in order.
     */
    record Found(List<String> terms, List<Hit> local, Exception failure, List<FleetAnswer> fleet) {
        boolean damaged() {
            return failure instanceof IndexDamagedException;
        }
    }

    /** The index's hits, or why it could not search. */
    private record Local(List<Hit> hits, Exception failure) {
    }

    private final IndexSearch searcher;
    private final Optional<FleetRecall> fleet;

    RecallSources(IndexSearch searcher, Optional<FleetRecall> fleet) {
        this.searcher = searcher;
        this.fleet = fleet;
    }

    /** Every source's answer for {@code args}; never fails: a source that could not answer says so. */
    Uni<Found> find(RecallArgs args) {
        List<String> terms = IndexSearch.terms(args.query());
        Uni<List<FleetAnswer>> honcho = fleet.map(f -> f.search(args.query(), args.k()))
                .orElseGet(() -> Uni.createFrom().item(List.of()));
        Uni<Local> local = Uni.createFrom().item(() -> {
            try {
                return new Local(searcher.search(terms, args.k()), null);
            } catch (IndexDamagedException | SQLException e) {
                return new Local(List.of(), e);
            }
        });
        // Subscribed in this order: Honcho's calls are on their pool before the index is searched.
        return Uni.combine().all().unis(honcho, local).asTuple()
                .map(both -> new Found(terms, both.getItem2().hits(), both.getItem2().failure(), both.getItem1()));
    }
}
