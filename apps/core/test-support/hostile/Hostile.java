import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A hostile game server in Java, the twin of hostile.mjs. Modes:
 *   attacks db secrets dataDir instancesDir siblingDir victimPid outside...
 *   serve port       (stops on "stop" from stdin)
 *   fork-bomb cap    (starts children until refused, reports, then waits to be killed)
 *   memory capMiB    (allocates and touches 8 MiB blocks until killed or the cap is reached)
 * Each result is one JSON line on stdout: {"attempt":..,"ok":..,"error"|"value":..}.
 */
public final class Hostile {
  interface Action {
    String run() throws Exception;
  }

  private static String quote(String text) {
    StringBuilder out = new StringBuilder("\"");
    for (char c : text.toCharArray()) {
      if (c == '"' || c == '\\') out.append('\\').append(c);
      else if (c < 0x20) out.append(String.format("\\u%04x", (int) c));
      else out.append(c);
    }
    return out.append('"').toString();
  }

  private static synchronized void report(String json) {
    System.out.println(json);
    System.out.flush();
  }

  private static void attempt(String name, Action action, String extra) {
    String tail = extra == null ? "" : "," + extra;
    try {
      String value = action.run();
      String shown = value == null ? "" : ",\"value\":" + quote(value);
      report("{\"attempt\":" + quote(name) + ",\"ok\":true" + shown + tail + "}");
    } catch (Throwable error) {
      String why = error.getClass().getSimpleName() + ": " + error.getMessage();
      report("{\"attempt\":" + quote(name) + ",\"ok\":false,\"error\":" + quote(why) + tail + "}");
    }
  }

  private static String list(String dir) throws IOException {
    try (Stream<Path> entries = Files.list(Path.of(dir))) {
      return entries.map(p -> p.getFileName().toString()).sorted().collect(Collectors.joining(","));
    }
  }

  private static void attacks(String[] a) {
    attempt("read-db", () -> Files.readString(Path.of(a[1])), null);
    attempt("read-secrets", () -> Files.readString(Path.of(a[2])), null);
    attempt("list-data-dir", () -> list(a[3]), null);
    attempt("list-instances", () -> list(a[4]), null);
    attempt("list-sibling", () -> list(a[5]), null);
    attempt("write-sibling", () -> Files.writeString(Path.of(a[5], "pwned"), "x").toString(), null);
    attempt("read-shadow", () -> Files.readString(Path.of("/etc/shadow")), null);
    long victim = Long.parseLong(a[6]);
    attempt("see-victim", () -> {
      if (ProcessHandle.of(victim).isEmpty()) throw new IllegalStateException("not visible");
      return "visible";
    }, null);
    attempt("kill-victim", () -> {
      Process kill = new ProcessBuilder("kill", "-9", Long.toString(victim)).start();
      int code = kill.waitFor();
      if (code != 0) throw new IllegalStateException("kill exited with " + code);
      return "killed";
    }, null);
    attempt("own-write", () -> Files.writeString(Path.of("own-file.txt"), "mine").toString(), null);
    attempt("own-read", () -> Files.readString(Path.of("own-file.txt")), null);
    for (int i = 7; i < a.length; i++) {
      String file = a[i];
      attempt("write-outside", () -> Files.writeString(Path.of(file), "x").toString(),
          "\"file\":" + quote(file));
    }
    report("{\"attempt\":\"done\",\"ok\":true}");
  }

  private static void serve(int port) throws IOException {
    ServerSocket server = new ServerSocket(port, 50, InetAddress.getByName("127.0.0.1"));
    report("{\"attempt\":\"listen\",\"ok\":true,\"port\":" + port + "}");
    Thread acceptor = new Thread(() -> {
      while (true) {
        try {
          Socket socket = server.accept();
          BufferedReader in = new BufferedReader(
              new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
          OutputStream out = socket.getOutputStream();
          String line;
          while ((line = in.readLine()) != null) {
            out.write(("echo:" + line + "\n").getBytes(StandardCharsets.UTF_8));
            out.flush();
          }
          socket.close();
        } catch (IOException e) {
          return;
        }
      }
    });
    acceptor.setDaemon(true);
    acceptor.start();
    BufferedReader stdin = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    String line;
    while ((line = stdin.readLine()) != null) {
      if (line.trim().equals("stop")) {
        report("{\"attempt\":\"stopping\",\"ok\":true,\"how\":\"command\"}");
        server.close();
        System.exit(0);
      }
    }
  }

  private static void forkBomb(int cap) throws InterruptedException {
    List<Process> children = new ArrayList<>();
    String error = null;
    while (children.size() < cap) {
      try {
        children.add(new ProcessBuilder("sleep", "1000").start());
      } catch (Throwable e) {
        error = e.getClass().getSimpleName() + ": " + e.getMessage();
        break;
      }
    }
    String shown = error == null ? "null" : quote(error);
    report("{\"attempt\":\"fork-bomb\",\"ok\":" + (error == null) + ",\"started\":" + children.size()
        + ",\"error\":" + shown + "}");
    Thread.sleep(Long.MAX_VALUE);
  }

  private static void memory(int capMiB) {
    List<byte[]> blocks = new ArrayList<>();
    for (int mib = 8; mib <= capMiB; mib += 8) {
      byte[] block = new byte[8 * 1024 * 1024];
      for (int i = 0; i < block.length; i += 4096) block[i] = 1;
      blocks.add(block);
      report("{\"attempt\":\"memory\",\"ok\":true,\"allocatedMiB\":" + mib + "}");
    }
    report("{\"attempt\":\"memory-done\",\"ok\":true,\"blocks\":" + blocks.size() + "}");
  }

  public static void main(String[] args) throws Exception {
    switch (args[0]) {
      case "attacks" -> attacks(args);
      case "serve" -> serve(Integer.parseInt(args[1]));
      case "fork-bomb" -> forkBomb(Integer.parseInt(args[1]));
      case "memory" -> memory(Integer.parseInt(args[1]));
      default -> {
        report("{\"attempt\":\"mode\",\"ok\":false,\"error\":" + quote(args[0]) + "}");
        System.exit(2);
      }
    }
  }
}
