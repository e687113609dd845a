import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The fake service's own reading and writing of playit's control datagrams, written from the
 * public format (agent_proto + message-encoding) and independent of the core's codec so that the
 * two implementations check each other. Server side: it reads requests and writes responses.
 */

export interface Addr {
  host: string;
  port: number;
}

export interface Session {
  session: bigint;
  account: bigint;
  agent: bigint;
}

/** Byte sink built from plain arrays; everything big-endian. */
export class Out {
  private readonly chunks: Buffer[] = [];

  u8(v: number): this {
    this.chunks.push(Buffer.of(v & 0xff));
    return this;
  }
  u16(v: number): this {
    this.chunks.push(Buffer.of((v >> 8) & 0xff, v & 0xff));
    return this;
  }
  u32(v: number): this {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(v >>> 0);
    this.chunks.push(b);
    return this;
  }
  u64(v: bigint): this {
    const b = Buffer.alloc(8);
    for (let i = 7; i >= 0; i -= 1) {
      b[i] = Number(v & 0xffn);
      v >>= 8n;
    }
    this.chunks.push(b);
    return this;
  }
  raw(b: Buffer): this {
    this.chunks.push(Buffer.from(b));
    return this;
  }
  vec(b: Buffer): this {
    return this.u64(BigInt(b.length)).raw(b);
  }
  addr(a: Addr): this {
    const ip = ipBytes(a.host);
    return this.u8(ip.length === 4 ? 4 : 6)
      .raw(ip)
      .u16(a.port);
  }
  session(s: Session): this {
    return this.u64(s.session).u64(s.account).u64(s.agent);
  }
  done(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

export class In {
  pos = 0;
  constructor(readonly buf: Buffer) {}

  private take(n: number): Buffer {
    if (this.pos + n > this.buf.length) throw new Error('short datagram');
    const out = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }
  u8(): number {
    return this.take(1)[0] ?? 0;
  }
  u16(): number {
    const b = this.take(2);
    return ((b[0] ?? 0) << 8) | (b[1] ?? 0);
  }
  u32(): number {
    return this.take(4).readUInt32BE(0);
  }
  u64(): bigint {
    let v = 0n;
    for (const byte of this.take(8)) v = (v << 8n) | BigInt(byte);
    return v;
  }
  opt<T>(read: () => T): T | null {
    const flag = this.u8();
    if (flag === 0) return null;
    if (flag === 1) return read();
    throw new Error('bad option flag');
  }
  addr(): Addr {
    const family = this.u8();
    if (family !== 4 && family !== 6) throw new Error('bad address family');
    const host = ipText(this.take(family === 4 ? 4 : 16));
    return { host, port: this.u16() };
  }
  session(): Session {
    return { session: this.u64(), account: this.u64(), agent: this.u64() };
  }
  bytes(n: number): Buffer {
    return Buffer.from(this.take(n));
  }
  get left(): number {
    return this.buf.length - this.pos;
  }
}

export function ipBytes(host: string): Buffer {
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host)) return Buffer.from(host.split('.').map(Number));
  const [head = '', tail] = host.split('::');
  const groups = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const h = groups(head);
  const t = tail === undefined ? [] : groups(tail);
  const all = [...h, ...new Array<number>(8 - h.length - t.length).fill(0), ...t];
  const out = Buffer.alloc(16);
  all.forEach((g, i) => out.writeUInt16BE(g, i * 2));
  return out;
}

/** IPv4 dotted; IPv6 as eight full groups (the core prints RFC 5952, so text never has to match). */
export function ipText(b: Buffer): string {
  if (b.length === 4) return [...b].join('.');
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(b.readUInt16BE(i).toString(16));
  return groups.join(':');
}

export interface Register {
  protoVersion: bigint;
  account: bigint;
  agent: bigint;
  agentVersion: bigint;
  timestamp: bigint;
  clientAddr: Addr;
  tunnelAddr: Addr;
  signature: Buffer;
}

const VERSION_FLAG = 1n << 63n;

/** AgentRegister body without the signature: version word (proto ≥ 2 only), ids, time, flow. */
function registerPlain(r: Omit<Register, 'signature'>): Buffer {
  const out = new Out();
  if (r.protoVersion >= 2n) out.u64(r.protoVersion | VERSION_FLAG);
  return out
    .u64(r.account)
    .u64(r.agent)
    .u64(r.agentVersion)
    .u64(r.timestamp)
    .addr(r.clientAddr)
    .addr(r.tunnelAddr)
    .done();
}

export function sign(r: Omit<Register, 'signature'>, secret: Buffer): Buffer {
  const plain = registerPlain(r);
  return Buffer.concat([plain, createHmac('sha256', secret).update(plain).digest()]);
}

export function verify(r: Register, secret: Buffer): boolean {
  const expected = createHmac('sha256', secret).update(registerPlain(r)).digest();
  return r.signature.length === 32 && timingSafeEqual(expected, r.signature);
}

function readRegister(i: In, v2: boolean): Register {
  const first = i.u64();
  const hasVersion = v2 || (first & VERSION_FLAG) !== 0n;
  const protoVersion = hasVersion ? first & ~VERSION_FLAG : 1n;
  const account = hasVersion ? i.u64() : first;
  return {
    protoVersion,
    account,
    agent: i.u64(),
    agentVersion: i.u64(),
    timestamp: i.u64(),
    clientAddr: i.addr(),
    tunnelAddr: i.addr(),
    signature: i.bytes(32),
  };
}

export type Request =
  | { id: bigint; kind: 'ping'; now: bigint; session: Session | null }
  | { id: bigint; kind: 'register'; register: Register }
  | { id: bigint; kind: 'keep-alive'; session: Session }
  | { id: bigint; kind: 'udp-setup'; session: Session }
  | { id: bigint; kind: 'other'; type: number };

export function readRequest(datagram: Buffer): Request {
  const i = new In(datagram);
  const id = i.u64();
  const type = i.u32();
  switch (type) {
    case 1:
      return { id, kind: 'ping', now: i.u64(), session: null };
    case 6: {
      const now = i.u64();
      i.opt(() => i.u32());
      return { id, kind: 'ping', now, session: i.opt(() => i.session()) };
    }
    case 2:
    case 7:
      return { id, kind: 'register', register: readRegister(i, type === 7) };
    case 3:
      return { id, kind: 'keep-alive', session: i.session() };
    case 4:
      return { id, kind: 'udp-setup', session: i.session() };
    default:
      return { id, kind: 'other', type };
  }
}

/** The bytes `/proto/register` hands out: the request type (AgentRegisterV2 = 7) then the body. */
export function signedRegisterRequest(r: Omit<Register, 'signature'>, secret: Buffer): Buffer {
  return Buffer.concat([new Out().u32(7).done(), sign(r, secret)]);
}

const response = (id: bigint, type: number) => new Out().u32(1).u64(id).u32(type);

export const write = {
  pong(
    id: bigint,
    p: {
      requestNow: bigint;
      serverNow: bigint;
      client: Addr;
      tunnel: Addr;
      expireAt: bigint | null;
    },
  ): Buffer {
    const out = response(id, 1)
      .u64(p.requestNow)
      .u64(p.serverNow)
      .u64(77n)
      .u32(1)
      .addr(p.client)
      .addr(p.tunnel);
    return (p.expireAt === null ? out.u8(0) : out.u8(1).u64(p.expireAt)).done();
  },
  invalidSignature: (id: bigint) => response(id, 2).done(),
  unauthorized: (id: bigint) => response(id, 3).done(),
  registered: (id: bigint, s: Session, expiresAt: bigint) =>
    response(id, 6).session(s).u64(expiresAt).done(),
  udpChannel: (id: bigint, tunnel: Addr, token: Buffer) =>
    response(id, 8).addr(tunnel).vec(token).done(),
  newClient(c: {
    connect: Addr;
    peer: Addr;
    tunnelId: bigint;
    portOffset: number;
    claim: Addr;
    token: Buffer;
  }): Buffer {
    return new Out()
      .u32(3)
      .addr(c.connect)
      .addr(c.peer)
      .u32(1)
      .u64(c.tunnelId)
      .u16(c.portOffset)
      .addr(c.claim)
      .vec(c.token)
      .done();
  },
};
