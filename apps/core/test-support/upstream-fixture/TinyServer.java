import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Paths;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;

/**
 * A few-line stand-in for a Minecraft server used by the runtime tests: prints vanilla-style start
 * lines (with an ANSI colour code), the arguments it got, then obeys "stop".
 */
public class TinyServer {
    private static void log(String text) {
        String time = LocalTime.now().format(DateTimeFormatter.ofPattern("HH:mm:ss"));
        System.out.println("[" + time + "] [Server thread/INFO]: " + text);
    }

    public static void main(String[] args) throws Exception {
        log("Starting minecraft server (tiny test double)");
        log("Arguments: " + String.join(" ", args));
        log("Working directory: " + Paths.get("").toAbsolutePath());
        log("Max heap: " + Runtime.getRuntime().maxMemory());
        log("\u001b[32mDone (0.042s)! For help, type \"help\"\u001b[0m");
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String line;
        while ((line = in.readLine()) != null) {
            if (line.trim().equals("stop")) {
                log("Stopping server");
                return;
            }
            log("Unknown command: " + line);
        }
    }
}
