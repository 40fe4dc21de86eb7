package dev.boxmaker.memoryd.honcho.sync;

import dev.boxmaker.memoryd.honcho.fake.FakeHoncho;
import dev.boxmaker.proto.testing.TempHomes;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** A fresh home whose memoryd.toml has a [honcho] section naming a fake Honcho on loopback. */
public class HonchoHome implements QuarkusTestResourceLifecycleManager {
    public static final String TRUSTED = "bx-trusted";
    public static final String UNTRUSTED = "bx-untrusted";
    public static final String FLEET = "bx-fleet";
    public static final String AGENT = "boxmaker0";
    public static final String OWNER = "kyle";

    public static volatile Path home;
    public static volatile FakeHoncho fake;

    @Override
    public Map<String, String> start() {
        try {
            home = TempHomes.create("bxh");
            fake = FakeHoncho.start();
            Path config = home.resolve("memoryd.toml");
            Files.writeString(config, "[paths]\nhome = \"" + home + "\"\n[honcho]\nurl = \"" + fake.url() + "\"\n"
                    + "agent = \"" + AGENT + "\"\nowner = \"" + OWNER + "\"\ntrusted = \"" + TRUSTED + "\"\n"
                    + "untrusted = \"" + UNTRUSTED + "\"\nfleet = \"" + FLEET + "\"\n");
            System.setProperty("boxmaker.config.file", config.toString());
            return Map.of();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void stop() {
        System.clearProperty("boxmaker.config.file");
        fake.close();
        TempHomes.delete(home);
    }
}
