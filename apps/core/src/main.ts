import path from 'node:path';
import { ConfigError, parseConfig } from './config.ts';
import { buildCore } from './app.ts';
import { HEARTH_ROOT } from './lib/core-paths.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = parseConfig(process.argv.slice(2), process.env, process.env.INIT_CWD ?? process.cwd());
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`hearth: ${err.message}`);
      console.error(
        'Options: --port N --host ADDR --data-dir DIR --tls-cert FILE --tls-key FILE --stop-timeout SECONDS ' +
          '--log-level LEVEL --dashboard-dir DIR --java CMD --crash-restarts N --crash-window SECONDS ' +
          '--trusted-proxies LIST --extract-budget MIB --isolation auto|required|none --strict --global-dir DIR ' +
          '--default-process-limit N --default-memory-limit MIB --seccomp on|off ' +
          '--event-retention-days N --event-retention-count N ' +
          '--playit-api-url URL --playit-control-addr HOST:PORT --playit-claim-url URL --playit-autostart on|off (see README.md)',
      );
      process.exit(2);
    }
    throw err;
  }
  config.dashboardDir ??= path.join(HEARTH_ROOT, 'apps/dashboard/dist');
  config.onSetupKey = (key) => {
    console.log(`First time setup key: ${key}`);
    console.log('Keep this key private: whoever has it can claim this core as its owner.');
  };
  let core;
  try {
    core = await buildCore(config);
  } catch (err) {
    console.error(`hearth: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
  try {
    await core.listen();
  } catch (err) {
    console.error(
      `hearth: cannot listen on ${config.host}:${config.port}: ${err instanceof Error ? err.message : String(err)}`,
    );
    await core.close();
    process.exit(1);
  }
  const address = core.app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const scheme = config.tls ? 'https' : 'http';
  console.log(`Hearth core listening on ${scheme}://localhost:${port} (data: ${config.dataDir})`);
  console.log(
    `Dashboard: ${scheme}://localhost:${port}/   API: ${scheme}://localhost:${port}/api/v1`,
  );

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`Received ${signal}, shutting down...`);
    core
      .close()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        console.error('hearth: shutdown failed', err);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

void main();
