package org.kwire.protocol;

import org.kwire.schema.Direction;
import org.kwire.schema.SchemaRegistry;

/**
 * Kafka's rules for which request and response header version an API version uses (the generated
 * {@code ApiMessageType.requestHeaderVersion/responseHeaderVersion}): flexible versions use request header v2 and
 * response header v1, others v1 and v0. Two exceptions Kafka special-cases: ApiVersions responses always use header v0
 * (so a client can parse them before it knows the broker's versions, KIP-511), and ControlledShutdown v0 requests use
 * header v0 (no client_id).
 */
public final class HeaderVersions {

    /** ApiKey of ApiVersions. */
    public static final int API_VERSIONS = 18;
    /** ApiKey of ControlledShutdown. */
    public static final int CONTROLLED_SHUTDOWN = 7;

    private final SchemaRegistry schemas;

    /** @param schemas where flexible version ranges come from */
    public HeaderVersions(SchemaRegistry schemas) {
        this.schemas = schemas;
    }

    /** Request header version (0, 1 or 2) for a request of {@code apiKey} at {@code apiVersion}. */
    public int requestHeaderVersion(int apiKey, int apiVersion) {
        if (apiKey == CONTROLLED_SHUTDOWN && apiVersion == 0) {
            return 0;
        }
        return schemas.isFlexible(apiKey, Direction.REQUEST, apiVersion) ? 2 : 1;
    }

    /** Response header version (0 or 1) for a response to a request of {@code apiKey} at {@code apiVersion}. */
    public int responseHeaderVersion(int apiKey, int apiVersion) {
        if (apiKey == API_VERSIONS) {
            return 0;
        }
        return schemas.isFlexible(apiKey, Direction.RESPONSE, apiVersion) ? 1 : 0;
    }
}
