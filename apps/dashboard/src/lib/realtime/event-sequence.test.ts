import { describe, expect, it } from 'vitest';
import { encodeSnowflake } from '@hearth/protocol';
import type { ClientEvent } from '@hearth/protocol';
import { instanceEvent } from '@/test/fixtures.ts';
import { EventSequence } from './event-sequence.ts';

const T0 = Date.UTC(2024, 0, 1);
const numberOf = new Map<string, number>();

/** Event number `n`: its snowflake orders it after every smaller n. */
function event(n: number): ClientEvent {
  const snowflake = encodeSnowflake(T0 + n);
  numberOf.set(snowflake, n);
  return { ...instanceEvent('A', 'Alpha', { type: 'StateTransition', to: 'Running' }), snowflake };
}

function recorder() {
  const seen: string[] = [];
  const sequence = new EventSequence((e, fresh) =>
    seen.push(`${numberOf.get(e.snowflake)}${fresh ? '' : ' (history)'}`),
  );
  return { seen, sequence };
}

describe('EventSequence', () => {
  it('delivers live events as fresh and history as not, each event once, history oldest first', () => {
    const { seen, sequence } = recorder();
    sequence.live(event(3));
    sequence.history([event(2), event(1), event(3)]);
    sequence.live(event(3));
    expect(seen).toEqual(['3', '1 (history)', '2 (history)']);
  });

  it('after a gap: the missed events, fresh and in order, then the live ones held meanwhile', () => {
    const { seen, sequence } = recorder();
    sequence.history([event(1)]);
    sequence.live(event(2));
    sequence.gapOpened();
    sequence.live(event(6));
    sequence.live(event(5));
    expect(seen).toEqual(['1 (history)', '2']);
    // The buffer: what the tab had, what it missed (3, 4), and what came live since (5).
    sequence.gapFilled([event(5), event(4), event(1), event(2), event(3)]);
    expect(seen).toEqual(['1 (history)', '2', '3', '4', '5', '6']);
    sequence.live(event(7));
    expect(seen.at(-1)).toBe('7');
  });

  it('an unreadable buffer still releases the held live events', () => {
    const { seen, sequence } = recorder();
    sequence.live(event(1));
    sequence.gapOpened();
    sequence.live(event(3));
    sequence.gapFilled(null);
    expect(seen).toEqual(['1', '3']);
  });

  it('after an empty history, everything in the buffer after a gap is new', () => {
    const { seen, sequence } = recorder();
    sequence.history([]);
    sequence.gapOpened();
    sequence.gapFilled([event(2), event(1)]);
    expect(seen).toEqual(['1', '2']);
  });

  it('when the past is unknown (history not read, nothing delivered), the buffer is history', () => {
    const { seen, sequence } = recorder();
    sequence.gapOpened();
    sequence.gapFilled([event(1), event(2)]);
    expect(seen).toEqual(['1 (history)', '2 (history)']);
  });

  it('an older event never delivered before is history, not news', () => {
    const { seen, sequence } = recorder();
    sequence.live(event(5));
    sequence.gapOpened();
    sequence.gapFilled([event(4), event(6)]);
    expect(seen).toEqual(['5', '4 (history)', '6']);
  });

  it('remembers a bounded number of events', () => {
    const seen: string[] = [];
    const sequence = new EventSequence((e) => seen.push(e.snowflake), 2);
    sequence.live(event(1));
    sequence.live(event(2));
    sequence.live(event(3));
    sequence.live(event(1));
    expect(seen).toHaveLength(4);
    sequence.live(event(3));
    expect(seen).toHaveLength(4);
  });
});
