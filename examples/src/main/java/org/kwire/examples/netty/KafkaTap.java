package org.kwire.examples.netty;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import org.kwire.api.ConnectionDecoder;

/**
 * A Netty inbound handler that hands every byte read on its channel to kwire's {@link ConnectionDecoder}, as the
 * client's or as the broker's bytes of one Kafka connection, then passes the message on unchanged: put one first in
 * the client channel's pipeline and one in the broker channel's, both with the same decoder.
 * <p>
 * <b>Buffers.</b> The {@link ByteBuf} of {@code channelRead} belongs to this handler until it passes it on. The tap
 * reads it through {@link ByteBuf#nioBuffer()}, a view of its readable bytes (no copy for the single heap or direct
 * buffer a socket read gives; Netty would merge a composite buffer into a copy); the decoder copies what it keeps
 * before the call returns, so the view is not used after. The buffer's indexes and reference count are left as they
 * were, and {@code fireChannelRead} hands it, with its ownership, to the next handler (a proxy's writes it to the
 * other channel, which releases it).
 * <p>
 * <b>Threads and lifecycle.</b> Not sharable: one per channel. A {@code ConnectionDecoder} is fed by one thread at a
 * time, so both channels of a connection must be on the same event loop ({@link KafkaProxy} registers the broker
 * channel on the client channel's); reads of the two directions then reach the decoder in the order they happened.
 * The client side's tap closes the decoder when its channel closes (requests still waiting are then reported).
 */
public final class KafkaTap extends ChannelInboundHandlerAdapter {

    private final ConnectionDecoder connection;
    private final boolean clientSide;

    private KafkaTap(ConnectionDecoder connection, boolean clientSide) {
        this.connection = connection;
        this.clientSide = clientSide;
    }

    /** The tap of the channel to the client: its reads are the client's bytes; its close closes the decoder. */
    public static KafkaTap clientSide(ConnectionDecoder connection) {
        return new KafkaTap(connection, true);
    }

    /** The tap of the channel to the broker: its reads are the broker's bytes. */
    public static KafkaTap brokerSide(ConnectionDecoder connection) {
        return new KafkaTap(connection, false);
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        try {
            if (msg instanceof ByteBuf bytes && bytes.isReadable()) {
                if (clientSide) {
                    connection.fromClient(bytes.nioBuffer());   // a view: not copied here, copied by kwire
                } else {
                    connection.fromBroker(bytes.nioBuffer());
                }
            }
        } finally {
            ctx.fireChannelRead(msg);                           // unchanged, with its ownership
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        if (clientSide) {
            connection.close();
        }
        ctx.fireChannelInactive();
    }
}
