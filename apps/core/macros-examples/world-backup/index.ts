// Copies the world folder into a timestamped backup inside the instance folder and keeps the newest
// few. With an interval it keeps doing so in the background until the server stops.
import {
  Progression,
  consoleOut,
  copyDir,
  currentInstance,
  detach,
  ensureDir,
  exists,
  listDir,
  removePath,
  sleep,
} from 'hearth:macro';

class LodestoneConfig {
  // The folder to back up, relative to the instance folder
  worldFolder: string = 'world';
  // Where backups go, relative to the instance folder
  backupFolder: string = 'backups';
  // How many backups to keep; older ones are deleted
  keep: number = 5;
  // Minutes between backups; 0 makes one backup and stops
  intervalMinutes: number = 0;
  // Pause Minecraft's autosave while copying (save-off / save-all / save-on)
  pauseSaving: boolean = true;
}
declare const config: LodestoneConfig;

const server = currentInstance();
const relative = (p: string) => {
  if (p.startsWith('/') || p.split('/').includes('..'))
    throw new Error(`${p} must be a folder inside the instance`);
  return p.replace(/\/+$/, '');
};
const world = relative(config.worldFolder);
const backups = relative(config.backupFolder);
const prefix = `${world.replaceAll('/', '_')}-`;

async function backupOnce(): Promise<void> {
  if (!(await exists(world))) throw new Error(`There is no ${world} folder to back up`);
  const running = (await server.state()) === 'Running';
  const progression = await Progression.start(`Backing up ${world}`, null);
  try {
    if (running && config.pauseSaving) {
      await server.sendCommand('save-off');
      await server.sendCommand('save-all');
      await sleep(2000);
    }
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    await ensureDir(backups);
    const files = await copyDir(world, `${backups}/${prefix}${stamp}`);
    const old = (await listDir(backups)).filter((n) => n.startsWith(prefix));
    const extra = old.slice(0, Math.max(0, old.length - Math.max(1, Math.floor(config.keep))));
    for (const name of extra) await removePath(`${backups}/${name}`);
    await progression.end(true, `Copied ${files} files; removed ${extra.length} old backups`);
    await consoleOut(`Backed up ${world} (${files} files) to ${backups}/${prefix}${stamp}`);
  } catch (err) {
    await progression.end(false, err instanceof Error ? err.message : String(err));
    throw err;
  } finally {
    if (running && config.pauseSaving) await server.sendCommand('save-on');
  }
}

await backupOnce();
if (config.intervalMinutes > 0) {
  await detach();
  for (;;) {
    await sleep(config.intervalMinutes * 60 * 1000);
    if ((await server.state()) === 'Stopped') {
      await consoleOut('The server stopped: no more backups');
      break;
    }
    await backupOnce();
  }
}
