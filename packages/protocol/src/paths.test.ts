import { describe, expect, it } from 'vitest';
import { EventQuerySchema, emptyEventQuery } from './events.ts';
import { coreBaseUrl, coreSocketUrl, formatHost } from './core-url.ts';
import { apiPaths, consoleStreamFormat } from './paths.ts';

const UUID = 'INSTANCE_1b4e28ba-2fa1-11d2-883f-0016d3cca427';

describe('apiPaths (core-api.md §1.4)', () => {
  it('static routes', () => {
    expect(apiPaths.info()).toBe('/info');
    expect(apiPaths.userLogin()).toBe('/user/login');
    expect(apiPaths.instanceList()).toBe('/instance/list');
    expect(apiPaths.globalSettingsDomain()).toBe('/global_settings/domain');
    expect(apiPaths.playitTunnels()).toBe('/playitgg/get_tunnels');
    expect(apiPaths.games()).toBe('/games');
  });

  it('parameterised routes', () => {
    expect(apiPaths.checkPort(25565)).toBe('/check/port/25565');
    expect(apiPaths.openPort(25565)).toBe('/gateway/open_port/25565');
    expect(apiPaths.instanceInfo(UUID)).toBe(`/instance/${UUID}/info`);
    expect(apiPaths.instanceStop(UUID)).toBe(`/instance/${UUID}/stop`);
    expect(apiPaths.setupManifest('MinecraftPaper')).toBe('/setup_manifest/MinecraftPaper');
    expect(apiPaths.instanceCreate('MinecraftJavaVanilla')).toBe(
      '/instance/create/MinecraftJavaVanilla',
    );
    expect(apiPaths.instanceSetting(UUID, 'server_properties_section', 'max-players')).toBe(
      `/instance/${UUID}/settings/server_properties_section/max-players`,
    );
    expect(apiPaths.userLogout('USER_x')).toBe('/user/logout/USER_x');
    expect(apiPaths.macroKill(UUID, 3)).toBe(`/instance/${UUID}/macro/kill/3`);
    expect(apiPaths.download('aZ09aZ09aZ09aZ09aZ09aZ09aZ09aZ09')).toBe(
      '/file/aZ09aZ09aZ09aZ09aZ09aZ09aZ09aZ09',
    );
  });

  it('escapes ordinary path parameters', () => {
    expect(apiPaths.checkName('My Server/1')).toBe('/check/name/My%20Server%2F1');
    expect(apiPaths.macroRun(UUID, 'back up?')).toBe(`/instance/${UUID}/macro/run/back%20up%3F`);
    expect(apiPaths.instanceInfo('a/../b')).toBe('/instance/a%2F..%2Fb/info');
  });

  it('file routes carry the path as base64url (Appendix B)', () => {
    expect(apiPaths.fsRead(UUID, 'server.properties')).toBe(
      `/instance/${UUID}/fs/c2VydmVyLnByb3BlcnRpZXM/read`,
    );
    expect(apiPaths.fsLs(UUID, '.')).toBe(`/instance/${UUID}/fs/Lg/ls`);
    expect(apiPaths.fsUnzip(UUID, 'world.zip')).toBe(`/instance/${UUID}/fs/d29ybGQuemlw/unzip`);
    expect(apiPaths.fsMove(UUID, 'a.txt', 'b.txt')).toBe(
      `/instance/${UUID}/fs/YS50eHQ/move/Yi50eHQ`,
    );
    expect(apiPaths.fsCpr(UUID)).toBe(`/instance/${UUID}/fs/cpr`);
    expect(apiPaths.fsZip(UUID)).toBe(`/instance/${UUID}/fs/zip`);
    expect(apiPaths.globalFsLs('/home/u')).toBe('/fs/L2hvbWUvdQ/ls');
    expect(apiPaths.globalFsMove('/a', '/b')).toBe('/fs/L2E/move/L2I');
  });

  it('the console stream puts token=Bearer%20<jwt> in the query', () => {
    const jwt = 'eyJhbGciOiJIUzUxMiJ9.eyJ1aWQiOiJVU0VSXzEiLCJleHAiOjF9.sig-_';
    expect(apiPaths.consoleStream(UUID, jwt)).toBe(
      `/instance/${UUID}/console/stream?token=Bearer%20${jwt}`,
    );
    expect(apiPaths.consoleStream('all', jwt)).toBe(
      `/instance/all/console/stream?token=Bearer%20${jwt}`,
    );
    expect(apiPaths.monitor(UUID, jwt)).toBe(`/monitor/${UUID}?token=Bearer%20${jwt}`);
  });

  it('the console stream format travels as batch=, and reads back the same', () => {
    for (const format of ['events', 'batch', 'lines'] as const) {
      const query = new URL(`http://core${apiPaths.consoleStream(UUID, 'jwt', format)}`)
        .searchParams;
      expect(query.get('token')).toBe('Bearer jwt');
      expect(consoleStreamFormat(query.get('batch') ?? undefined)).toBe(format);
    }
    expect(apiPaths.consoleStream(UUID, 'jwt', 'lines')).toMatch(/&batch=lines$/);
    expect(consoleStreamFormat('2')).toBe('events');
  });

  it('event routes carry the EventQuery JSON, URL-encoded, which decodes back to the query', () => {
    const query = { ...emptyEventQuery('tok en'), event_types: ['InstanceEvent' as const] };
    for (const path of [
      apiPaths.eventsBuffer(query),
      apiPaths.eventsStream(query),
      apiPaths.eventsSearch(query),
    ]) {
      const [route, search] = path.split('?') as [string, string];
      expect(route).toMatch(/^\/events\/(all\/buffer|all\/stream|search)$/);
      expect(search.startsWith('filter=')).toBe(true);
      expect(search).not.toMatch(/[{}" ]/);
      const filter = new URLSearchParams(search).get('filter')!;
      expect(EventQuerySchema.parse(JSON.parse(filter))).toEqual(query);
    }
  });
});

describe('formatHost and core URLs (dashboard.md §5)', () => {
  it.each([
    ['::1', '[::1]'],
    ['fe80::1ff:fe23:4567:890a', '[fe80::1ff:fe23:4567:890a]'],
    ['[::1]', '[::1]'],
    ['  ::1 ', '[::1]'],
    ['localhost', 'localhost'],
    ['192.168.0.10', '192.168.0.10'],
    ['core.example.com', 'core.example.com'],
  ])('%j → %j', (address, host) => {
    expect(formatHost(address)).toBe(host);
  });

  it('builds http and ws base URLs', () => {
    const core = { protocol: 'http', address: 'localhost', port: 16662, apiVersion: 'v1' };
    expect(coreBaseUrl(core)).toBe('http://localhost:16662/api/v1');
    expect(coreSocketUrl(core)).toBe('ws://localhost:16662/api/v1');
    const v6 = { protocol: 'https', address: '::1', port: 443, apiVersion: 'v1' };
    expect(coreBaseUrl(v6)).toBe('https://[::1]:443/api/v1');
    expect(coreSocketUrl(v6)).toBe('wss://[::1]:443/api/v1');
  });
});
