package org.kwire.examples.netty;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import org.kwire.api.ConnectionDecoder;
import org.kwire.api.ConnectionListener;

import java.net.Inet6Address;
import java.net.InetSocketAddress;
import java.time.Clock;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * A tiny TCP proxy for Kafka on Netty: each client connection accepted gets a connection of its own to the broker,
 * and the bytes of both directions go through unchanged, each read handed on the way to one {@link ConnectionDecoder}
 * for that connection by a {@link KafkaTap} on either side. The decoder names the endpoints as a capture on the
 * client's side does: the client's address and port, and the proxy's ({@code 127.0.0.1:port}; IPv6 as
 * {@code [address]:port}, the address in Java's uncompressed form where kwire's captures compress it).
 * <p>
 * It rewrites nothing: a broker's Metadata responses must name the proxy for its clients to stay on it (the broker's
 * {@code advertised.listeners}). No backpressure, no TLS: an example, not a product.
 * <p>
 * <b>Threads.</b> Netty's: one acceptor thread and a group of event loops; both channels of a connection on one loop,
 * the listener called on it. {@link #connections()} and {@link #close()} may be called from any thread.
 */
public final class KafkaProxy implements AutoCloseable {

    private final EventLoopGroup acceptor = new NioEventLoopGroup(1);
    private final EventLoopGroup loops = new NioEventLoopGroup(2);
    private final AtomicInteger open = new AtomicInteger();
    private final Channel server;

    private KafkaProxy(InetSocketAddress listen, Supplier<InetSocketAddress> broker,
                       Supplier<ConnectionListener> listeners) throws InterruptedException {
        ServerBootstrap bootstrap = new ServerBootstrap().group(acceptor, loops).channel(NioServerSocketChannel.class)
                .childOption(ChannelOption.AUTO_READ, false) // until the broker's side is connected
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel client) {
                        ConnectionDecoder connection = ConnectionDecoder.create(listeners.get(),
                                endpoint(client.remoteAddress()), endpoint(client.localAddress()), Clock.systemUTC());
                        open.incrementAndGet();
                        client.closeFuture().addListener(f -> open.decrementAndGet());
                        client.pipeline().addLast(KafkaTap.clientSide(connection), new Connect(broker, connection));
                    }
                });
        try {
            this.server = bootstrap.bind(listen).sync().channel();
        } catch (Exception e) { // also a bind failure, which Netty throws unchecked
            shutdown();
            throw e;
        }
    }

    /**
     * Starts a proxy listening on {@code listen} (port 0: any free port, see {@link #port()}).
     *
     * @param broker    where each new connection goes, asked at each (so it may be set after the proxy started)
     * @param listeners a listener for each new connection's decoder
     * @throws InterruptedException if interrupted while binding
     */
    public static KafkaProxy start(InetSocketAddress listen, Supplier<InetSocketAddress> broker,
                                  Supplier<ConnectionListener> listeners) throws InterruptedException {
        return new KafkaProxy(listen, broker, listeners);
    }

    /** The port the proxy listens on. */
    public int port() {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    /** Client connections open now (each one's decoder is closed once its connection is gone). */
    public int connections() {
        return open.get();
    }

    /** Stops listening and closes every connection, waiting until Netty's threads are done. */
    @Override
    public void close() {
        server.close().syncUninterruptibly();
        shutdown();
    }

    private void shutdown() {
        loops.shutdownGracefully(0, 5, TimeUnit.SECONDS).syncUninterruptibly();
        acceptor.shutdownGracefully(0, 5, TimeUnit.SECONDS).syncUninterruptibly();
    }

    /** {@code host:port}, {@code [host]:port} for IPv6 (without a scope). */
    static String endpoint(InetSocketAddress a) {
        String host = a.getAddress().getHostAddress();
        return (a.getAddress() instanceof Inet6Address ? "[" + host.replaceAll("%.*", "") + "]" : host) + ":" + a.getPort();
    }

    /** On the client's channel: connects to the broker on the same event loop, then relays both ways. */
    private static final class Connect extends ChannelInboundHandlerAdapter {

        private final Supplier<InetSocketAddress> broker;
        private final ConnectionDecoder connection;

        Connect(Supplier<InetSocketAddress> broker, ConnectionDecoder connection) {
            this.broker = broker;
            this.connection = connection;
        }

        @Override
        public void channelActive(ChannelHandlerContext ctx) {
            Channel client = ctx.channel();
            InetSocketAddress target = broker.get();
            if (target == null) {
                client.close();
                return;
            }
            new Bootstrap().group(client.eventLoop()).channel(NioSocketChannel.class)
                    .handler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel toBroker) {
                            toBroker.pipeline().addLast(KafkaTap.brokerSide(connection), new Relay(client, true));
                        }
                    }).connect(target).addListener((ChannelFutureListener) f -> {
                        if (f.isSuccess() && client.isActive()) {
                            ctx.pipeline().replace(this, "relay", new Relay(f.channel(), false));
                            client.config().setAutoRead(true);
                        } else {
                            f.channel().close();
                            client.close();
                        }
                    });
        }
    }

    /**
     * Writes what its channel reads to the peer channel, and closes the peer when its channel closes: the client's
     * channel after the broker's last bytes were written to it; the broker's at once when the client is gone (so its
     * tap reads nothing after the decoder was closed).
     */
    private static final class Relay extends ChannelInboundHandlerAdapter {

        private final Channel peer;
        private final boolean flushFirst;

        Relay(Channel peer, boolean flushFirst) {
            this.peer = peer;
            this.flushFirst = flushFirst;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            peer.writeAndFlush(msg); // releases msg once written
        }

        @Override
        public void channelInactive(ChannelHandlerContext ctx) {
            if (!flushFirst) {
                peer.close();
            } else if (peer.isActive()) {
                peer.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }
}
