import type { AddressInfo } from 'node:net';
import ssh2, {
  type AuthContext,
  type CipherAlgorithm,
  type Connection,
  type SFTPWrapper,
} from 'ssh2';
import type { Logger } from '../../lib/logger.ts';
import type { SftpAccount, SftpAuthenticator } from './sftp-auth.ts';
import type { SftpSession } from './sftp-session.ts';

// ssh2 is CommonJS whose exports Node cannot name statically: take them from the default.
const { Server } = ssh2;

/** Connections at once, and from one address (signed in or not). */
export const MAX_CONNECTIONS = 256;
export const MAX_CONNECTIONS_PER_ADDRESS = 32;
/** A connection must sign in this soon, and within this many tries (OpenSSH: 120 s, 6). */
export const SIGN_IN_GRACE_MS = 60_000;
export const MAX_AUTH_ATTEMPTS = 10;
const METHODS: ('publickey' | 'password')[] = ['publickey', 'password'];

/**
 * Ciphers offered, best first for the client to choose from. ChaCha20-Poly1305 is left out: without
 * ssh2's optional native build (denied, see README) it runs in JavaScript, and OpenSSH clients, which
 * prefer it, would pick it; AES runs in Node's OpenSSL.
 */
export const SFTP_CIPHERS: CipherAlgorithm[] = [
  'aes128-gcm@openssh.com',
  'aes256-gcm@openssh.com',
  'aes128-ctr',
  'aes192-ctr',
  'aes256-ctr',
];

export interface SftpServerDeps {
  /** The host's private key (OpenSSH format). */
  hostKey: string;
  auth: SftpAuthenticator;
  /** Starts serving a signed-in account's SFTP channel. */
  serve(sftp: SFTPWrapper, account: SftpAccount): SftpSession;
  log: Logger;
}

interface Live {
  client: Connection;
  ip: string;
  account: SftpAccount | null;
  sessions: Set<SftpSession>;
}

/**
 * The SSH server that carries SFTP and nothing else: no shell, no commands, no port forwarding (ssh2
 * refuses every request nobody listens for). Sign-in is `SftpAuthenticator`'s; each SFTP channel
 * is an `SftpSession`. Bounded: connections overall and per address, the time and the number of
 * tries to sign in.
 */
export class SftpServer {
  readonly #server: InstanceType<typeof Server>;
  readonly #live = new Set<Live>();

  constructor(private readonly deps: SftpServerDeps) {
    this.#server = new Server(
      { hostKeys: [deps.hostKey], ident: 'Hearth', algorithms: { cipher: SFTP_CIPHERS } },
      (client, info) => this.accept(client, info.ip),
    );
    this.#server.maxConnections = MAX_CONNECTIONS;
    this.#server.on('error', (err: Error) => deps.log.warn({ err }, 'SFTP server error'));
  }

  /** Listens; resolves with the port bound (rejects when the port cannot be taken). */
  listen(host: string, port: number): Promise<number> {
    return new Promise((resolve, reject) => {
      const server = this.#server;
      const onError = (err: Error) => reject(err);
      server.once('error', onError);
      server.listen(port, host, () => {
        server.off('error', onError);
        resolve((server.address() as AddressInfo).port);
      });
    });
  }

  /** Stops listening and ends every connection. */
  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.#server.close(() => resolve()));
    this.endWhere(() => true);
    for (const live of [...this.#live]) this.end(live);
    await closed;
  }

  /** Ends the connections of every signed-in account `match` picks; returns how many. */
  endWhere(match: (account: SftpAccount) => boolean): number {
    let ended = 0;
    for (const live of [...this.#live]) {
      if (live.account === null || !match(live.account)) continue;
      this.end(live);
      ended++;
    }
    return ended;
  }

  /** Signed-in connections now (for tests and the owner). */
  get signedIn(): number {
    return [...this.#live].filter((live) => live.account !== null).length;
  }

  private end(live: Live): void {
    this.#live.delete(live);
    for (const session of live.sessions) void session.close();
    live.sessions.clear();
    live.client.end();
  }

  private accept(client: Connection, ip: string): void {
    client.on('error', (err: Error) => this.deps.log.debug({ err }, 'SFTP connection error'));
    if ([...this.#live].filter((live) => live.ip === ip).length >= MAX_CONNECTIONS_PER_ADDRESS) {
      client.end();
      return;
    }
    const live: Live = { client, ip, account: null, sessions: new Set() };
    this.#live.add(live);
    const grace = setTimeout(() => {
      if (live.account === null) this.end(live);
    }, SIGN_IN_GRACE_MS);
    client.on('close', () => {
      clearTimeout(grace);
      this.#live.delete(live);
      for (const session of live.sessions) void session.close();
      live.sessions.clear();
    });
    let attempts = 0;
    client.on('authentication', (ctx: AuthContext) => {
      if (ctx.method !== 'none' && ++attempts > MAX_AUTH_ATTEMPTS) {
        this.end(live);
        return;
      }
      this.authenticate(live, ctx).catch((err: unknown) => {
        this.deps.log.warn({ err }, 'SFTP sign-in failed');
        ctx.reject(METHODS);
      });
    });
    client.on('ready', () => {
      clearTimeout(grace);
      client.on('session', (acceptSession) => {
        const session = acceptSession();
        session.on('sftp', (acceptSftp) => {
          const account = live.account;
          if (account === null || !this.#live.has(live)) return;
          const sftp = acceptSftp();
          const served = this.deps.serve(sftp, account);
          live.sessions.add(served);
          const done = () => {
            live.sessions.delete(served);
            void served.close();
          };
          sftp.on('close', done);
          // The client sent EOF (it is done): close our side too, or it waits for that forever.
          sftp.on('end', () => {
            done();
            sftp.end();
          });
        });
      });
    });
  }

  private async authenticate(live: Live, ctx: AuthContext): Promise<void> {
    const { auth } = this.deps;
    switch (ctx.method) {
      case 'password': {
        const account = await auth.password(live.ip, ctx.username, ctx.password);
        if (account === null) return ctx.reject(METHODS);
        live.account = account;
        return ctx.accept();
      }
      case 'publickey': {
        const answer = await auth.publicKey(live.ip, ctx.username, {
          algorithm: ctx.key.algo,
          blob: ctx.key.data,
          ...(ctx.signature !== undefined && ctx.blob !== undefined
            ? { signed: { data: ctx.blob, signature: ctx.signature, hashAlgo: ctx.hashAlgo } }
            : {}),
        });
        if (answer === null) return ctx.reject(METHODS);
        if (answer !== 'acceptable') live.account = answer;
        return ctx.accept();
      }
      case 'none':
      case 'keyboard-interactive':
      case 'hostbased':
        return ctx.reject(METHODS);
    }
  }
}
