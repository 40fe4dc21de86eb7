package dev.boxmaker.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.MMapDirectory;

/**
 * The same texts in Lucene (BM25, its defaults k1 = 1.2, b = 0.75, StandardAnalyzer), queried with
 * the OR of the question's terms: what a dedicated search library does with the same work. Lucene's
 * IDF differs from FTS5's ({@code log(1 + (N - n + 0.5) / (n + 0.5))}, never clamped), so its top k
 * is a reference for speed, not for equality.
 */
final class LuceneBaseline {
    private LuceneBaseline() {
    }

    static Stats run(Path indexFile, List<String> questions, int k) throws Exception {
        Path dir = Files.createTempDirectory(Path.of("/tmp"), "bxl");
        Analyzer analyzer = new StandardAnalyzer();
        long t0 = System.nanoTime();
        try (Directory directory = new MMapDirectory(dir)) {
            try (IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig(analyzer));
                    Connection c = IndexWork.open(indexFile);
                    ResultSet rs = c.createStatement().executeQuery("SELECT text FROM hits")) {
                while (rs.next()) {
                    Document doc = new Document();
                    doc.add(new TextField("text", rs.getString(1), Field.Store.NO));
                    writer.addDocument(doc);
                }
            }
            System.out.printf("lucene: indexed in %.1f s%n", (System.nanoTime() - t0) / 1e9);
            try (DirectoryReader reader = DirectoryReader.open(directory)) {
                IndexSearcher searcher = new IndexSearcher(reader);
                for (String q : questions.subList(0, Math.min(100, questions.size()))) {
                    searcher.search(query(analyzer, q), k);
                }
                long[] nanos = new long[questions.size()];
                long start = System.nanoTime();
                for (int i = 0; i < questions.size(); i++) {
                    long t = System.nanoTime();
                    searcher.search(query(analyzer, questions.get(i)), k);
                    nanos[i] = System.nanoTime() - t;
                }
                return Stats.of("lucene 9 BM25 top k (in process)", 1, nanos, (System.nanoTime() - start) / 1e9);
            }
        } finally {
            try (var files = Files.list(dir)) {
                for (Path p : files.toList()) {
                    Files.delete(p);
                }
            }
            Files.delete(dir);
        }
    }

    static BooleanQuery query(Analyzer analyzer, String question) throws Exception {
        BooleanQuery.Builder b = new BooleanQuery.Builder();
        try (TokenStream ts = analyzer.tokenStream("text", question)) {
            CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
            ts.reset();
            while (ts.incrementToken()) {
                b.add(new TermQuery(new Term("text", term.toString())), BooleanClause.Occur.SHOULD);
            }
            ts.end();
        }
        return b.build();
    }
}
