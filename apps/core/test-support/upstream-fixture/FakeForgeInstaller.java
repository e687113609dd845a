import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * Stands in for a Forge installer jar in tests. The fixture server packs this class with resources
 * under hearth-forge/: build.txt (the build id, e.g. 1.20.1-47.3.0), server.jar (copied into place)
 * and, to simulate a broken install, fail.
 */
public class FakeForgeInstaller {
    private static byte[] resource(String name) throws IOException {
        try (InputStream in = FakeForgeInstaller.class.getResourceAsStream("/hearth-forge/" + name)) {
            if (in == null) return null;
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            in.transferTo(out);
            return out.toByteArray();
        }
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2 || !args[0].equals("--installServer")) {
            System.err.println("Usage: java -jar forge-installer.jar --installServer <dir>");
            System.exit(2);
        }
        String build = new String(resource("build.txt"), StandardCharsets.UTF_8).trim();
        Path dir = Paths.get(args[1]).toAbsolutePath();
        System.out.println("Forge installer (Hearth test double) for " + build);
        System.out.println("Target Directory: " + dir);
        System.out.println("Working Directory: " + Paths.get("").toAbsolutePath());
        System.out.println("Extracting main jar:");
        if (resource("fail") != null) {
            System.out.println("Downloading library net.minecraftforge:forge:" + build);
            System.err.println("Failed to download library: connection refused");
            System.err.println("There was an error during installation");
            System.exit(1);
        }
        byte[] server = resource("server.jar");
        String mc = build.substring(0, build.indexOf('-'));
        int minor = Integer.parseInt(mc.split("\\.")[1]);
        if (minor >= 17) {
            Path lib = dir.resolve(Paths.get("libraries", "net", "minecraftforge", "forge", build));
            Files.createDirectories(lib);
            Path jar = lib.resolve("forge-" + build + "-server.jar");
            Files.write(jar, server);
            String argsText = "-jar \"" + jar + "\"\n";
            Files.write(lib.resolve("unix_args.txt"), argsText.getBytes(StandardCharsets.UTF_8));
            Files.write(lib.resolve("win_args.txt"), argsText.getBytes(StandardCharsets.UTF_8));
        } else {
            Files.write(dir.resolve("forge-" + build + ".jar"), server);
        }
        System.out.println("The server installed successfully");
    }
}
