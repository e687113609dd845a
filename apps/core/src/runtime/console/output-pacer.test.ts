import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { OutputPacer } from './output-pacer.ts';

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('OutputPacer', () => {
  it('delivers a large chunk a slice per turn of the event loop, in order, reading nothing meanwhile', async () => {
    const stream = new PassThrough();
    const got: string[] = [];
    new OutputPacer(stream, (chunk) => got.push(chunk.toString()), 4);
    stream.write('abcdefghij');
    await turn();
    // The first slice at once; the next chunk is not read while the first waits.
    stream.write('KL');
    expect(got.join('')).not.toContain('K');
    for (let i = 0; i < 5; i++) await turn();
    expect(got).toEqual(['abcd', 'efgh', 'ij', 'KL']);
  });

  it('reads nothing while held, delivers what was already read, and resumes when let go', async () => {
    const stream = new PassThrough();
    const got: string[] = [];
    const pacer = new OutputPacer(stream, (chunk) => got.push(chunk.toString()), 4);
    stream.write('abcdef');
    await turn();
    pacer.hold(true);
    stream.write('XY');
    for (let i = 0; i < 5; i++) await turn();
    expect(got.join('')).toBe('abcdef');
    pacer.hold(false);
    await turn();
    expect(got.join('')).toBe('abcdefXY');
  });

  it("keeps data that comes while a backlog waits (Node resumes a child's pipes when it exits)", async () => {
    const stream = new PassThrough();
    const got: string[] = [];
    new OutputPacer(stream, (chunk) => got.push(chunk.toString()), 4);
    stream.write('abcdefghij');
    await turn();
    stream.write('KL');
    stream.resume();
    for (let i = 0; i < 6; i++) await turn();
    expect(got.join('')).toBe('abcdefghijKL');
  });

  it('flush hands over the rest of a chunk at once (the process ended)', async () => {
    const stream = new PassThrough();
    const got: string[] = [];
    const pacer = new OutputPacer(stream, (chunk) => got.push(chunk.toString()), 4);
    stream.write('abcdefghij');
    await turn();
    pacer.flush();
    expect(got.join('')).toBe('abcdefghij');
    await turn();
    expect(got.join('')).toBe('abcdefghij');
  });
});
