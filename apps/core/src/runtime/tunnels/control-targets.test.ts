import { describe, expect, it } from 'vitest';
import { CoreError } from '../../errors.ts';
import { apiControlTargets, dnsControlTargets, parseControlAddress } from './control-targets.ts';

describe('control address', () => {
  it('parses host:port, [v6]:port, bare v6 and bare host (port 5525)', () => {
    expect(parseControlAddress('control.playit.gg')).toEqual({
      host: 'control.playit.gg',
      port: 5525,
    });
    expect(parseControlAddress('127.0.0.1:4000')).toEqual({ host: '127.0.0.1', port: 4000 });
    expect(parseControlAddress('[2001:db8::1]:4000')).toEqual({ host: '2001:db8::1', port: 4000 });
    expect(parseControlAddress('2001:db8::1')).toEqual({ host: '2001:db8::1', port: 5525 });
    expect(parseControlAddress(' localhost:9 ')).toEqual({ host: 'localhost', port: 9 });
  });

  it('refuses what is not an address', () => {
    for (const bad of ['', ':4000', 'host:0', 'host:70000', 'host:port', 'two words:1'])
      expect(() => parseControlAddress(bad), bad).toThrow(CoreError);
  });

  it('resolves a name through DNS each time it is asked', async () => {
    const targets = dnsControlTargets('localhost:4000');
    const found = await targets();
    expect(found.length).toBeGreaterThan(0);
    for (const t of found) expect(t.port).toBe(4000);
    expect(found.map((t) => t.ip)).toContain('127.0.0.1');
  });

  it('an unresolvable name is a clear error', async () => {
    await expect(dnsControlTargets('no-such-host.invalid:4000')()).rejects.toMatchObject({
      causes: [
        'Could not resolve the playit control address',
        expect.stringMatching(/^no-such-host\.invalid: /) as unknown,
      ],
    });
  });

  it('takes the API routing targets on port 5525, IPv4 first', async () => {
    const targets = apiControlTargets(async () => ({
      targets4: ['10.0.0.1'],
      targets6: ['2001:db8::5'],
    }));
    expect(await targets()).toEqual([
      { ip: '10.0.0.1', port: 5525 },
      { ip: '2001:db8::5', port: 5525 },
    ]);
    await expect(
      apiControlTargets(async () => ({ targets4: [], targets6: [] }))(),
    ).rejects.toMatchObject({
      causes: ['Playit named no control server for this agent'],
    });
  });
});
