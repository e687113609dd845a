// A stand-in game for the backup tests: a real process that keeps writing into its folder the way
// servers do, and answers the Minecraft save commands on its console.
//   - data/file-<k>.json is rewritten atomically (temp + rename) with a payload and its sha256;
//   - log.txt gets one line per write, appended in place ("line <n> <sha256 of n>");
//   - chunks/c<n>/ folders come and go.
// `save-off` pauses the writes, `save-all flush` writes manifest.json (the sha256 of every data file
// at that moment) then prints the vanilla "Saved the game" line (unless started with --hold-save,
// where `release-save` prints it), `save-on` resumes, `stop` exits.
import { createHash, randomBytes } from 'node:crypto';
import {
  appendFileSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';

const dir = process.argv[2]!;
const holdSave = process.argv.includes('--hold-save');
const sha = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const log = (text: string) => process.stdout.write(`[12:00:00] [Server thread/INFO]: ${text}\n`);

mkdirSync(path.join(dir, 'data'), { recursive: true });
mkdirSync(path.join(dir, 'chunks'), { recursive: true });
let n = 0;
let saving = true;

function writeOnce(): void {
  n++;
  const payload = randomBytes(1024 + (n % 40) * 1024).toString('base64');
  const file = path.join(dir, 'data', `file-${n % 25}.json`);
  const temp = path.join(dir, 'data', `tmp-${randomBytes(6).toString('hex')}`);
  writeFileSync(temp, JSON.stringify({ n, payload, sha: sha(payload) }));
  renameSync(temp, file);
  appendFileSync(path.join(dir, 'log.txt'), `line ${n} ${sha(String(n))}\n`);
  const chunk = path.join(dir, 'chunks', `c${n % 10}`);
  if (n % 3 === 0) rmSync(chunk, { recursive: true, force: true });
  else {
    mkdirSync(chunk, { recursive: true });
    writeFileSync(path.join(chunk, 'region.bin'), randomBytes(2048));
  }
}

function manifest(): void {
  const files: Record<string, string> = {};
  for (const name of readdirSync(path.join(dir, 'data')))
    files[name] = sha(readFileSync(path.join(dir, 'data', name)));
  writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(files));
}

const timer = setInterval(() => {
  if (saving) for (let i = 0; i < 5; i++) writeOnce();
}, 1);

createInterface({ input: process.stdin }).on('line', (line) => {
  const command = line.trim();
  if (command === 'save-off') {
    saving = false;
    log('Automatic saving is now disabled');
  } else if (command === 'save-all flush') {
    log('Saving the game (this may take a moment!)');
    manifest();
    if (!holdSave) log('Saved the game');
  } else if (command === 'release-save') {
    log('Saved the game');
  } else if (command === 'save-on') {
    saving = true;
    log('Automatic saving is now enabled');
  } else if (command === 'stop') {
    clearInterval(timer);
    process.exit(0);
  }
});
writeOnce();
log('Done (0.1s)! For help, type "help"');
