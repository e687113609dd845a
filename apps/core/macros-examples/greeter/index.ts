// Greets every player who joins (and optionally says goodbye), until the task is killed.
import { currentInstance, detach, events } from 'hearth:macro';

class LodestoneConfig {
  // What to say when a player joins; {player} becomes their name
  greeting: string = 'Welcome, {player}!';
  // Also say something when a player leaves
  sayGoodbye: boolean = false;
  // What to say when a player leaves; {player} becomes their name
  goodbye: string = 'See you, {player}.';
}
declare const config: LodestoneConfig;

const server = currentInstance();
const fill = (template: string, player: string) =>
  template.replaceAll('{player}', player.replace(/[\r\n]/g, ''));

// Subscribe before detaching, so no join between the two is missed.
const stream = await events({ types: ['PlayerJoined', 'PlayerLeft'] });
await detach();
for await (const event of stream) {
  if (event.type === 'PlayerJoined') {
    await server.sendCommand(`say ${fill(config.greeting, event.player.name)}`);
  } else if (event.type === 'PlayerLeft' && config.sayGoodbye) {
    await server.sendCommand(`say ${fill(config.goodbye, event.player.name)}`);
  }
}
