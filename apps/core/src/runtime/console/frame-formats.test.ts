import { describe, expect, it } from 'vitest';
import {
  consoleLinesEvents,
  parseConsoleMessage,
  type ClientEvent,
  type ConsoleItem,
} from '@hearth/protocol';
import { batches, lineMessages, type LinesPiece } from './frame-formats.ts';

describe('batches', () => {
  it('packs frames into JSON arrays no longer than the limit, in order', () => {
    const frames = Array.from({ length: 10 }, (_, i) => JSON.stringify({ n: i }));
    const out = [...batches(frames, 30)];
    expect(out.every((m) => m.length <= 30)).toBe(true);
    expect(out.flatMap((m) => JSON.parse(m) as unknown[])).toEqual(
      frames.map((f) => JSON.parse(f) as unknown),
    );
  });

  it('sends a frame larger than the limit alone, and nothing for no frames', () => {
    const big = JSON.stringify({ text: 'x'.repeat(100) });
    expect([...batches(['1', big, '2'], 20)]).toEqual(['[1]', `[${big}]`, '[2]']);
    expect([...batches([], 20)]).toEqual([]);
  });
});

const event = (
  instance: string,
  type: 'InstanceOutput' | 'SystemMessage',
  message: string,
  n: number,
): ClientEvent => ({
  event_inner: {
    type: 'InstanceEvent',
    instance_uuid: instance,
    instance_name: `name of ${instance}`,
    instance_event_inner: { type, message },
  },
  details: '',
  snowflake: String(1000 + n),
  level: 'Info',
  caused_by: { type: 'System' },
});

/** What ConsoleService queues for an event on a batch=lines stream. */
const pieceOf = (e: ClientEvent): LinesPiece => {
  const inner = e.event_inner;
  if (inner.type === 'InstanceEvent' && inner.instance_event_inner.type === 'InstanceOutput')
    return {
      instance: inner.instance_uuid,
      name: inner.instance_name,
      snowflake: JSON.stringify(e.snowflake),
      message: JSON.stringify(inner.instance_event_inner.message),
    };
  return JSON.stringify(e);
};

const expand = (items: ConsoleItem[]) =>
  items.flatMap((item) => ('type' in item ? consoleLinesEvents(item) : [item]));

describe('lineMessages (batch=lines)', () => {
  const events = [
    event('A', 'InstanceOutput', 'one "quoted" \\ line\n', 1),
    event('A', 'InstanceOutput', 'two ✓ \u001b[31mred\u001b[0m\n', 2),
    event('A', 'SystemMessage', 'a system line\n', 3),
    event('A', 'InstanceOutput', 'three\n', 4),
    event('B', 'InstanceOutput', 'other instance\n', 5),
    event('A', 'InstanceOutput', 'four\n', 6),
  ];

  it('stands for the same events in the same order, runs cut at other events and other instances', () => {
    const messages = [...lineMessages(events.map(pieceOf), 256 * 1024)];
    expect(messages).toHaveLength(1);
    const { items, skipped } = parseConsoleMessage(messages[0]!);
    expect(skipped).toBe(0);
    expect(items.map((item) => ('type' in item ? item.messages.length : 'event'))).toEqual([
      2,
      'event',
      1,
      1,
      1,
    ]);
    expect(expand(items)).toEqual(events);
  });

  it('keeps messages near the limit, and loses nothing across them', () => {
    const many = Array.from({ length: 500 }, (_, i) =>
      event('A', 'InstanceOutput', `line ${i}\n`, i),
    );
    const messages = [...lineMessages(many.map(pieceOf), 2_000)];
    expect(messages.length).toBeGreaterThan(5);
    expect(messages.every((m) => m.length <= 2_000 + 200)).toBe(true);
    expect(messages.flatMap((m) => expand(parseConsoleMessage(m).items))).toEqual(many);
    expect([...lineMessages([], 2_000)]).toEqual([]);
  });
});
