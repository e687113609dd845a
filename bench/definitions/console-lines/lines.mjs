// A "server" for the console-render benchmark: prints server-looking lines on command (stdin).
//   burst <n> <tag>               n lines as fast as stdout takes them
//   steady <perSecond> <seconds> <tag>   perSecond lines a second, in 10 ms ticks, for seconds
// Every line ends with `(<tag>#<i> t=<epoch ms when written>)`, so a viewer can tell which line it
// shows and how long ago it was written. Every 8th line has ANSI colours, every 50th § codes.
import readline from 'node:readline';

const NAMES = ['Alex', 'Steve', 'Notch', 'Jeb', 'Dinnerbone', 'Grumm'];

function line(i, tag) {
  const clock = new Date().toISOString().slice(11, 19);
  const name = `${NAMES[i % NAMES.length]}${i % 97}`;
  const end = `(${tag}#${i} t=${Date.now()})`;
  if (i % 50 === 0) return `[${clock}] [Server thread/INFO]: §e${name}§r joined the game §7${end}`;
  if (i % 8 === 0)
    return `[${clock}] [Server thread/\x1b[33mWARN\x1b[0m]: \x1b[1;31mCan't keep up!\x1b[0m Running ${i % 40}ms behind ${end}`;
  if (i % 3 === 0) return `[${clock}] [Server thread/INFO]: ${name} left the game ${end}`;
  return `[${clock}] [Server thread/INFO]: ${name} moved too quickly! ${(i * 7.13).toFixed(2)},${i % 64},${(i * 3.7).toFixed(1)} ${end}`;
}

function burst(total, tag) {
  let i = 0;
  const pump = () => {
    while (i < total) {
      let text = '';
      for (let n = 0; n < 256 && i < total; n++) text += `${line(i++, tag)}\n`;
      if (!process.stdout.write(text)) return void process.stdout.once('drain', pump);
    }
  };
  pump();
}

function steady(perSecond, seconds, tag) {
  const total = perSecond * seconds;
  const started = Date.now();
  let i = 0;
  const timer = setInterval(() => {
    const due = Math.min(total, Math.floor(((Date.now() - started) / 1000) * perSecond));
    let text = '';
    while (i < due) text += `${line(i++, tag)}\n`;
    if (text) process.stdout.write(text);
    if (i >= total) clearInterval(timer);
  }, 10);
}

readline.createInterface({ input: process.stdin }).on('line', (command) => {
  const [verb, a, b, c] = command.trim().split(/\s+/);
  if (verb === 'burst') burst(Number(a), b);
  else if (verb === 'steady') steady(Number(a), Number(b), c);
  else console.log(`unknown command: ${command}`);
});
console.log('lines ready');
