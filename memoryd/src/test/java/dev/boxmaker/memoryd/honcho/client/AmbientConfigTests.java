package dev.boxmaker.memoryd.honcho.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.boxmaker.memoryd.TempHome;
import dev.boxmaker.memoryd.honcho.fake.FakeHoncho;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.TestProfile;
import io.quarkus.test.junit.QuarkusTestProfile;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 33, item 14: configuration around memoryd cannot redirect the Honcho client. The profile sets
 * what the REST client reads from SmallRye Config, as application.properties, an environment variable
 * or a .env file would (one configuration, one lookup): another base URL for HonchoApi, a proxy, a
 * header and trust-all. The client is then not made at all, and the server the settings point to sees
 * nothing.
 */
@QuarkusTest
@TestProfile(AmbientConfigTests.Redirected.class)
@QuarkusTestResource(value = TempHome.class, restrictToAnnotatedClass = true)
class AmbientConfigTests {
    /** The server the ambient settings point to; its port is fixed before Quarkus starts. */
    static final FakeHoncho TRAP = FakeHoncho.start();

    public static class Redirected implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of(
                    "quarkus.rest-client.\"dev.boxmaker.memoryd.honcho.client.HonchoApi\".override-uri", TRAP.url().toString(),
                    "quarkus.rest-client.proxy-address", TRAP.url().getHost() + ":" + TRAP.url().getPort(),
                    "quarkus.rest-client.headers.X-Injected", "yes",
                    "quarkus.tls.trust-all", "true");
        }
    }

    FakeHoncho honcho;

    @BeforeEach
    void start() {
        honcho = FakeHoncho.start();
        TRAP.clearRequests();
    }

    @AfterEach
    void stop() {
        honcho.close();
    }

    @Test
    void ambientRestClientSettingsStopTheClientNamingTheirKeysAndNothingIsSent() {
        assertThatThrownBy(() -> HonchoClient.create(honcho.url(), "bx-trusted", Optional.empty(), HonchoTimeouts.DEFAULT))
                .isInstanceOf(AmbientConfigRefused.class)
                .hasMessage("the Honcho client is not made while quarkus.rest-client.\"dev.boxmaker.memoryd.honcho.client"
                        + ".HonchoApi\".override-uri, quarkus.rest-client.headers.X-Injected,"
                        + " quarkus.rest-client.proxy-address, quarkus.tls.trust-all is set outside memoryd.toml (in"
                        + " application.properties, the environment or a .env file), since it could send Honcho's"
                        + " calls and keys elsewhere; remove it: [honcho] in memoryd.toml alone says where Honcho is"
                        + " (runbook honcho-config-invalid)")
                .hasMessageNotContaining(TRAP.url().toString());
        assertThat(TRAP.requests()).isEmpty();
        assertThat(honcho.requests()).isEmpty();
    }

    @Test
    void environmentNamesAndDottedNamesAreReadAlike() {
        assertThat(AmbientConfig.reaches("QUARKUS_REST_CLIENT__DEV_BOXMAKER_MEMORYD_HONCHO_CLIENT_HONCHOAPI__OVERRIDE_URI"))
                .isTrue();
        assertThat(AmbientConfig.reaches("quarkus.rest-client.proxy-address")).isTrue();
        assertThat(AmbientConfig.reaches("QUARKUS_PROXY_HOST")).isTrue();
        // MicroProfile's per-interface names, which Quarkus reads as fallbacks of its own.
        assertThat(AmbientConfig.reaches("dev.boxmaker.memoryd.honcho.client.HonchoApi/mp-rest/url")).isTrue();
        assertThat(AmbientConfig.reaches("DEV_BOXMAKER_MEMORYD_HONCHO_CLIENT_HONCHOAPI_MP_REST_URL")).isTrue();
        assertThat(AmbientConfig.reaches("quarkus.log.console.format")).isFalse();
    }
}
