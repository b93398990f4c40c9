package org.kwire.plan;

import org.kwire.schema.Direction;
import org.kwire.schema.MessageSpec;

/**
 * The compiled decoding plan of one (api key, version, direction).
 *
 * @param spec      the schema it was compiled from (its release says which Kafka release defines this version)
 * @param version   the API version
 * @param direction request or response
 * @param body      the message body
 */
public record MessagePlan(MessageSpec spec, int version, Direction direction, StructPlan body) {
}
