package dev.boxmaker.memoryd.honcho.fake;

import java.util.concurrent.CountDownLatch;

/**
 * Starts a fake Honcho for a process test: prints its port on one line and serves until the
 * process is stopped.
 */
public final class FakeHonchoMain {
    private FakeHonchoMain() {
    }

    public static void main(String... args) throws InterruptedException {
        FakeHoncho fake = FakeHoncho.start();
        Runtime.getRuntime().addShutdownHook(new Thread(fake::close));
        System.out.println(fake.port());
        System.out.flush();
        new CountDownLatch(1).await();
    }
}
