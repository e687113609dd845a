// Prints numbered lines as fast as stdout accepts them for --seconds (or until --lines lines when
// that is not 0), then "flood done <count>". The console-throughput benchmark and the core's console
// flow-control test run it as a generic instance through the core.
const arg = (name, fallback) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? fallback : Number(process.argv[index + 1]);
};
const seconds = arg('--seconds', 10);
const maxLines = arg('--lines', 0);
const LINES_PER_CHUNK = 512;

process.stdout.write('flood start\n');
const end = Date.now() + seconds * 1000;
let seq = 0;

function chunk() {
  let text = '';
  for (let i = 0; i < LINES_PER_CHUNK && (maxLines === 0 || seq < maxLines); i++)
    text += `flood ${seq++}\n`;
  return text;
}

function pump() {
  while (Date.now() < end && (maxLines === 0 || seq < maxLines)) {
    if (!process.stdout.write(chunk())) {
      process.stdout.once('drain', pump);
      return;
    }
  }
  process.stdout.write(`flood done ${seq}\n`, () => process.exit(0));
}

pump();
