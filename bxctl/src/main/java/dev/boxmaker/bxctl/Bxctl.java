package dev.boxmaker.bxctl;

import picocli.CommandLine.Command;

@Command(name = "bxctl")
public class Bxctl implements Runnable {
    public void run() {}
}
