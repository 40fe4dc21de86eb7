package dev.boxmaker.bxctl;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/**
 * {@code bxctl status}: which daemon answers on which socket. Exit 0 when every daemon answers,
 * 3 when any does not (each one that does not is named with its runbook entry).
 */
@Command(name = "status", description = "Each daemon: answering or not, its socket, and the runbook entry to read when not.")
final class StatusCommand implements Callable<Integer> {
    @ParentCommand
    Bxctl top;

    @Override
    public Integer call() {
        boolean all = true;
        all &= report("memoryd", top.memorySocket(), "memoryd-start-failed");
        all &= report("brokerd", top.brokerSocket(), "brokerd-start-failed");
        all &= report("loopd", top.loopSocket(), "loopd-start-failed");
        return all ? Exit.DONE : Exit.NO_ANSWER;
    }

    private boolean report(String daemon, Path socket, String runbook) {
        boolean answering = answers(socket);
        top.out().println(answering ? BxctlSentences.answering(daemon, socket)
                : BxctlSentences.notAnswering(daemon, socket, runbook));
        return answering;
    }

    /**
     * A connect that succeeds means a daemon is listening: Unix-socket connects complete at once or
     * are refused, so no wait is needed. The daemon sees the connection close without a frame.
     */
    static boolean answers(Path socket) {
        if (!Files.exists(socket)) {
            return false;
        }
        try (SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX)) {
            return channel.connect(UnixDomainSocketAddress.of(socket));
        } catch (IOException e) {
            return false;
        }
    }
}
