// A stand-in for a Minecraft server jar in tests: same console lines and commands, no world, no
// network. Reads server-port and max-players from ./server.properties.
//
// Commands: stop, list, say <text>, help, the player commands' answers (kick, ban, pardon, ban-ip,
// pardon-ip, op, deop, whitelist: vanilla's console lines, no list files), and for tests:
// fake-join <name>, fake-leave <name>,
// fake-chat <name> <text>, fake-stderr <text>, crash (exit 1 at once).
// System properties: -Dfake.crashOnStart=true (exit 1 before "Done"), -Dfake.ignoreStop=true
// (ignore `stop`, SIGTERM and SIGINT; only SIGKILL ends it), -Dfake.startDelayMs=N (wait before
// "Done"). It exits when its parent process dies. Other arguments (-Xmx, -Xms, nogui, ...) are accepted and ignored.
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

public final class FakeServer {
  private static final String VERSION = "1.20.4";
  private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");
  private static final List<String> players = new ArrayList<>();
  private static int maxPlayers = 20;

  private FakeServer() {}

  private static synchronized void log(String level, String message) {
    System.out.println("[" + LocalTime.now().format(TIME) + "] [Server thread/" + level + "]: " + message);
    System.out.flush();
  }

  private static void info(String message) {
    log("INFO", message);
  }

  private static Properties readProperties() {
    Properties properties = new Properties();
    Path file = Path.of("server.properties");
    if (Files.isRegularFile(file)) {
      try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
        properties.load(reader);
      } catch (IOException e) {
        log("WARN", "Failed to load properties from file: server.properties");
      }
    }
    return properties;
  }

  private static int intProperty(Properties properties, String key, int fallback) {
    try {
      return Integer.parseInt(properties.getProperty(key, String.valueOf(fallback)).trim());
    } catch (NumberFormatException e) {
      return fallback;
    }
  }

  @SuppressWarnings("removal")
  private static void ignoreTerminationSignals() {
    for (String name : new String[] {"TERM", "INT"}) {
      try {
        sun.misc.Signal.handle(new sun.misc.Signal(name), sun.misc.SignalHandler.SIG_IGN);
      } catch (IllegalArgumentException e) {
        log("WARN", "Cannot ignore SIG" + name + ": " + e.getMessage());
      }
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static String rest(String line, String command) {
    return line.length() > command.length() ? line.substring(command.length()).trim() : "";
  }

  /** Test hygiene: never outlive the process that started us (no orphans after a crashed test run). */
  private static void exitWithParent() {
    ProcessHandle parent = ProcessHandle.current().parent().orElse(null);
    if (parent == null) return;
    Thread watcher =
        new Thread(
            () -> {
              while (parent.isAlive()) sleep(500);
              Runtime.getRuntime().halt(1);
            },
            "parent-watcher");
    watcher.setDaemon(true);
    watcher.start();
  }

  public static void main(String[] args) throws IOException {
    long started = System.nanoTime();
    exitWithParent();
    boolean ignoreStop = Boolean.getBoolean("fake.ignoreStop");
    if (ignoreStop) ignoreTerminationSignals();

    info("Starting minecraft server version " + VERSION);
    info("Loading properties");
    Properties properties = readProperties();
    int port = intProperty(properties, "server-port", 25565);
    maxPlayers = intProperty(properties, "max-players", 20);
    info("Default game type: SURVIVAL");
    info("Starting Minecraft server on *:" + port);
    info("Preparing level \"world\"");
    long delay = Long.getLong("fake.startDelayMs", 0L);
    if (delay > 0) sleep(delay);
    if (Boolean.getBoolean("fake.crashOnStart")) {
      log("ERROR", "Encountered an unexpected exception");
      System.err.println("java.lang.IllegalStateException: fake.crashOnStart is set");
      System.exit(1);
    }
    double seconds = (System.nanoTime() - started) / 1e9;
    info(String.format(java.util.Locale.ROOT, "Done (%.3fs)! For help, type \"help\"", seconds));

    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    String raw;
    while ((raw = in.readLine()) != null) {
      String line = raw.trim();
      if (line.startsWith("/")) line = line.substring(1);
      if (line.isEmpty()) continue;
      String command = line.split("\\s+", 2)[0];
      switch (command) {
        case "stop":
          if (ignoreStop) {
            log("WARN", "Ignoring stop (fake.ignoreStop=true)");
            break;
          }
          info("Stopping server");
          info("Saving worlds");
          System.exit(0);
          break;
        case "list":
          info("There are " + players.size() + " of a max of " + maxPlayers + " players online: " + String.join(", ", players));
          break;
        case "say":
          info("[Server] " + rest(line, command));
          break;
        case "help":
          info("stop, list, say <text>, fake-join <name>, fake-leave <name>, fake-chat <name> <text>, fake-stderr <text>, crash");
          break;
        case "kick": {
          String[] parts = rest(line, command).split("\\s+", 2);
          info("Kicked " + parts[0] + ": " + (parts.length > 1 ? parts[1] : "Kicked by an operator"));
          break;
        }
        case "ban": {
          String[] parts = rest(line, command).split("\\s+", 2);
          info("Banned " + parts[0] + ": " + (parts.length > 1 ? parts[1] : "Banned by an operator."));
          break;
        }
        case "ban-ip": {
          String[] parts = rest(line, command).split("\\s+", 2);
          info("Banned IP " + parts[0] + ": " + (parts.length > 1 ? parts[1] : "Banned by an operator."));
          break;
        }
        case "pardon":
          info("Unbanned " + rest(line, command));
          break;
        case "pardon-ip":
          info("Unbanned IP " + rest(line, command));
          break;
        case "op":
          info("Made " + rest(line, command) + " a server operator");
          break;
        case "deop":
          info("Made " + rest(line, command) + " no longer a server operator");
          break;
        case "whitelist": {
          String[] parts = rest(line, command).split("\\s+", 2);
          if (parts[0].equals("on")) info("Whitelist is now turned on");
          else if (parts[0].equals("off")) info("Whitelist is now turned off");
          else if (parts[0].equals("add") && parts.length > 1) info("Added " + parts[1] + " to the whitelist");
          else if (parts[0].equals("remove") && parts.length > 1) info("Removed " + parts[1] + " from the whitelist");
          else info("Unknown or incomplete command, see below for error");
          break;
        }
        case "fake-join": {
          String name = rest(line, command);
          if (!name.isEmpty() && !players.contains(name)) players.add(name);
          info(name + " joined the game");
          break;
        }
        case "fake-leave": {
          String name = rest(line, command);
          players.remove(name);
          info(name + " left the game");
          break;
        }
        case "fake-chat": {
          String[] parts = rest(line, command).split("\\s+", 2);
          info("<" + parts[0] + "> " + (parts.length > 1 ? parts[1] : ""));
          break;
        }
        case "fake-stderr":
          System.err.println(rest(line, command));
          System.err.flush();
          break;
        case "crash":
          System.exit(1);
          break;
        default:
          info("Unknown or incomplete command, see below for error");
      }
    }
    // stdin closed: like a real server, keep running until stopped or killed.
    while (true) sleep(60_000);
  }
}
