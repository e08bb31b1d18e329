package org.mpsdn.bench;

import io.grpc.Server;
import io.grpc.netty.shaded.io.grpc.netty.GrpcSslContexts;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.grpc.netty.shaded.io.netty.channel.EventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.nio.NioEventLoopGroup;
import io.grpc.netty.shaded.io.netty.channel.socket.nio.NioServerSocketChannel;
import io.grpc.netty.shaded.io.netty.handler.ssl.ClientAuth;

import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import java.util.concurrent.TimeUnit;

/**
 * Fake AP agents for the fan-out benchmark, in their own process (the benchmark pins it to its own
 * core): agents {@code ap<from>} to {@code ap<to-1>}, each a gRPC server on its own loopback port
 * with its own certificate ({@code ap-ap<n>.crt}, URI SAN {@code mpsdn://ap/ap<n>}, from the PKI
 * directory's CA) requiring a client certificate from the same CA, as a real agent does. Each
 * answers GetStatus and StreamStatus ({@link FarmAgent}). All servers share one boss and one worker
 * event-loop thread. Prints {@code PORTS p1,p2,...} (in agent order) and serves until standard
 * input closes.
 */
public final class FakeAgentFarm {
    private FakeAgentFarm() {
    }

    /**
     * Entry point.
     *
     * @param args PKI directory, first agent index, end index (exclusive)
     * @throws IOException          when a certificate cannot be read or a server cannot bind
     * @throws InterruptedException when interrupted
     */
    public static void main(String[] args) throws IOException, InterruptedException {
        File pki = new File(args[0]);
        int from = Integer.parseInt(args[1]);
        int to = Integer.parseInt(args[2]);
        long boot = System.nanoTime() | 1L;
        EventLoopGroup boss = new NioEventLoopGroup(1);
        EventLoopGroup workers = new NioEventLoopGroup(1);
        FarmSchedules schedules = new FarmSchedules();
        List<Server> list = new ArrayList<>();
        StringJoiner ports = new StringJoiner(",");
        File ca = new File(pki, "ca.crt");
        for (int i = from; i < to; i++) {
            String id = "ap" + i;
            Server s = NettyServerBuilder.forAddress(new InetSocketAddress("127.0.0.1", 0))
                    .channelType(NioServerSocketChannel.class).bossEventLoopGroup(boss).workerEventLoopGroup(workers)
                    .directExecutor()
                    .sslContext(GrpcSslContexts.forServer(new File(pki, "ap-" + id + ".crt"),
                            new File(pki, "ap-" + id + ".key")).trustManager(ca).clientAuth(ClientAuth.REQUIRE)
                            .build())
                    .permitKeepAliveTime(5, TimeUnit.SECONDS).permitKeepAliveWithoutCalls(true)
                    .addService(new FarmAgent(id, boot, schedules)).build().start();
            list.add(s);
            ports.add(Integer.toString(s.getPort()));
        }
        System.out.println("PORTS " + ports);
        System.out.flush();
        while (System.in.read() >= 0) {
            // serve until the parent closes our stdin
        }
        for (Server s : list) {
            s.shutdownNow();
        }
        schedules.close();
        boss.shutdownGracefully();
        workers.shutdownGracefully();
    }
}
