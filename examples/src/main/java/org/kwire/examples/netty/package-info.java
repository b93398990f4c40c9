/**
 * A real embedding of kwire: a tiny Netty TCP proxy for Kafka ({@link org.kwire.examples.netty.KafkaProxy}) whose
 * channel handler ({@link org.kwire.examples.netty.KafkaTap}) hands each direction's bytes, as read, to one
 * {@link org.kwire.api.ConnectionDecoder} per client connection, and passes them on unchanged.
 *
 * <h2>Threads</h2>
 * Both channels of a proxied connection are on one Netty event loop: its decoder is fed by that thread only, in the
 * order the reads happened, and its listener is called on it.
 */
package org.kwire.examples.netty;
