import { describe, expect, it } from 'vitest';
import { EXEC_SCRIPT, EXEC_SHELL, launchFor, StartCommandError } from './start-command.ts';

const instanceDir = '/data/instances/game-1';
const fileCtx = { instanceDir, definitionUrl: 'file:///srv/defs/game/definition.ts' };
const httpCtx = { instanceDir, definitionUrl: 'https://defs.example/game/definition.ts' };
const plan = (command: string, more: { cwd?: string; env?: Record<string, string> } = {}) => ({
  command,
  args: ['--port', '1'],
  env: more.env ?? {},
  cwd: more.cwd ?? '.',
});

describe('launchFor', () => {
  it('runs system programs, Hearth’s Node and a file definition’s own programs as named', () => {
    expect(launchFor(plan('java'), httpCtx)).toEqual({
      command: 'java',
      args: ['--port', '1'],
      cwd: instanceDir,
      env: {},
    });
    expect(launchFor(plan('/usr/bin/java'), httpCtx).command).toBe('/usr/bin/java');
    expect(launchFor(plan('/bin/sh'), httpCtx).command).toBe('/bin/sh');
    expect(launchFor(plan(process.execPath), httpCtx).command).toBe(process.execPath);
    expect(launchFor(plan('/srv/defs/game/bin/server'), fileCtx).command).toBe(
      '/srv/defs/game/bin/server',
    );
  });

  it('runs a program inside the instance folder through a shell in the sandbox, never by its path', () => {
    expect(launchFor(plan('./server', { cwd: 'bin' }), httpCtx)).toEqual({
      command: EXEC_SHELL,
      args: ['-c', EXEC_SCRIPT, `${instanceDir}/bin/server`, '--port', '1'],
      cwd: `${instanceDir}/bin`,
      env: {},
    });
    expect(launchFor(plan(`${instanceDir}/server`), fileCtx).args[2]).toBe(`${instanceDir}/server`);
  });

  it('refuses programs anywhere else, and a PATH of its own', () => {
    for (const command of [
      '/root/bin/tool',
      '/home/alice/.local/bin/tool',
      '/usr/../root/bin/tool',
      '../other-instance/server',
      '/data/hearth.db',
      '/srv/defs/game/bin/server',
      '/proc/1/cwd/java',
    ]) {
      expect(() => launchFor(plan(command), httpCtx), command).toThrow(StartCommandError);
    }
    expect(() => launchFor(plan('/srv/defs/other/x'), fileCtx)).toThrow(/may not run/);
    expect(() => launchFor(plan('java', { env: { PATH: '/root/bin' } }), httpCtx)).toThrow(
      /may not set PATH/,
    );
    expect(() => launchFor(plan('java', { env: { Path: '/root/bin' } }), httpCtx)).toThrow(
      /may not set PATH/,
    );
  });
});
