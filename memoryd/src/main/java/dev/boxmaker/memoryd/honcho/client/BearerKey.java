package dev.boxmaker.memoryd.honcho.client;

import dev.boxmaker.proto.secrets.Secret;
import jakarta.ws.rs.client.ClientRequestContext;
import jakarta.ws.rs.client.ClientRequestFilter;
import jakarta.ws.rs.core.HttpHeaders;

/** Puts one workspace's key on each of its calls; registered only where that key is configured. */
final class BearerKey implements ClientRequestFilter {
    private final Secret key;

    BearerKey(Secret key) {
        this.key = key;
    }

    @Override
    public void filter(ClientRequestContext request) {
        request.getHeaders().putSingle(HttpHeaders.AUTHORIZATION, "Bearer " + key.value());
    }

    @Override
    public String toString() {
        return "BearerKey[" + key + "]";
    }
}
