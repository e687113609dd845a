import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { OutputPacer } from './output-pacer.ts';

const turns = async (n = 1) => {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
};

/** A pacer over a fresh stream with 4-byte slices, and what it delivered so far. */
function paced() {
  const stream = new PassThrough();
  const got: string[] = [];
  const pacer = new OutputPacer(stream, (chunk) => got.push(chunk.toString()), 4);
  return { stream, got, pacer, text: () => got.join('') };
}

describe('OutputPacer', () => {
  it('delivers a large chunk a slice per turn of the event loop, in order, reading nothing meanwhile', async () => {
    const { stream, got } = paced();
    stream.write('abcdefghij');
    await turns();
    // The first slice at once; the next chunk is not read while the first waits.
    stream.write('KL');
    expect(got.join('')).not.toContain('K');
    await turns(5);
    expect(got).toEqual(['abcd', 'efgh', 'ij', 'KL']);
  });

  it('reads nothing while held, delivers what was already read, and resumes when let go', async () => {
    const { stream, pacer, text } = paced();
    stream.write('abcdef');
    await turns();
    pacer.hold(true);
    stream.write('XY');
    await turns(5);
    expect(text()).toBe('abcdef');
    pacer.hold(false);
    await turns();
    expect(text()).toBe('abcdefXY');
  });

  it("keeps data that comes while a backlog waits (Node resumes a child's pipes when it exits)", async () => {
    const { stream, text } = paced();
    stream.write('abcdefghij');
    await turns();
    stream.write('KL');
    stream.resume();
    await turns(6);
    expect(text()).toBe('abcdefghijKL');
  });

  it('flush hands over the rest of a chunk at once (the process ended)', async () => {
    const { stream, pacer, text } = paced();
    stream.write('abcdefghij');
    await turns();
    pacer.flush();
    expect(text()).toBe('abcdefghij');
    await turns();
    expect(text()).toBe('abcdefghij');
  });
});
