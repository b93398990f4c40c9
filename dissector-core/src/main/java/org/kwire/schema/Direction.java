package org.kwire.schema;

/** Which way a Kafka message travels: a request from client to broker, or the response back. */
public enum Direction {
    REQUEST, RESPONSE;

    /** The schema file's {@code "type"} value for this direction: {@code "request"} or {@code "response"}. */
    public String schemaType() {
        return this == REQUEST ? "request" : "response";
    }
}
