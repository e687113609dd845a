import { describe, expect, it } from 'vitest';
import { clientEvent, instanceEvent } from '@/test/fixtures.ts';
import { nextRunnerStatus, runnerStatusOf, toggleAction } from './runner-status.ts';

const runner = (type: 'RunnerStarted' | 'RunnerLoading' | 'RunnerStopped') =>
  clientEvent({ type: 'PlayitggRunnerEvent', playitgg_runner_event_inner: { type } });
const other = instanceEvent('A', 'Alpha', { type: 'StateTransition', to: 'Running' });

describe('runner status from events (dashboard.md §4 Tunnelling runner)', () => {
  it('maps the three runner events and ignores the rest', () => {
    expect(runnerStatusOf(runner('RunnerStarted'))).toBe('Started');
    expect(runnerStatusOf(runner('RunnerLoading'))).toBe('Loading');
    expect(runnerStatusOf(runner('RunnerStopped'))).toBe('Stopped');
    expect(runnerStatusOf(other)).toBeNull();
    expect(nextRunnerStatus('Started', other, true)).toBe('Started');
  });

  it('a live event sets the status, known before or not', () => {
    expect(nextRunnerStatus(undefined, runner('RunnerLoading'), true)).toBe('Loading');
    expect(nextRunnerStatus('Loading', runner('RunnerStarted'), true)).toBe('Started');
    expect(nextRunnerStatus('Started', runner('RunnerStopped'), true)).toBe('Stopped');
    expect(nextRunnerStatus('Stopped', runner('RunnerLoading'), true)).toBe('Loading');
  });

  it('replayed history only refines Loading/Started while the core says it runs', () => {
    expect(nextRunnerStatus(undefined, runner('RunnerStarted'), false)).toBeUndefined();
    expect(nextRunnerStatus('Started', runner('RunnerLoading'), false)).toBe('Loading');
    expect(nextRunnerStatus('Loading', runner('RunnerStarted'), false)).toBe('Started');
    expect(nextRunnerStatus('Stopped', runner('RunnerStarted'), false)).toBe('Stopped');
    expect(nextRunnerStatus('Started', runner('RunnerStopped'), false)).toBe('Started');
  });
});

describe('the runner toggle (dashboard.md §4)', () => {
  it('starts from Stopped, opens the setup when not signed up, otherwise stops', () => {
    expect(toggleAction('Stopped', true)).toBe('start');
    expect(toggleAction('Stopped', undefined)).toBe('start');
    expect(toggleAction('Stopped', false)).toBe('setup');
    expect(toggleAction('Loading', true)).toBe('stop');
    expect(toggleAction('Started', false)).toBe('stop');
  });
});
