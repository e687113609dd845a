import net from 'node:net';

/** Opens a TCP connection (half-open allowed, Nagle off) or rejects after `timeoutMs`. */
export function connectTcp(
  host: string,
  port: number,
  timeoutMs: number,
  track: (socket: net.Socket) => void,
): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port, allowHalfOpen: true, noDelay: true });
    track(socket);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`Connecting to ${host}:${port} timed out`));
    }, timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.off('error', onError);
      resolve(socket);
    });
    const onError = (err: Error) => {
      clearTimeout(timer);
      socket.destroy();
      reject(err);
    };
    socket.once('error', onError);
  });
}

/**
 * Reads exactly `n` bytes in paused mode, leaving anything after them in the socket's buffer for
 * whoever reads next (the player may send right after the tunnel server's answer).
 */
export function readExactly(socket: net.Socket, n: number, timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const finish = (err: Error | null, value?: Buffer) => {
      clearTimeout(timer);
      socket.off('readable', tryRead);
      socket.off('end', onEnd);
      socket.off('error', onError);
      socket.off('close', onEnd);
      if (err) reject(err);
      else resolve(value ?? Buffer.alloc(0));
    };
    const tryRead = () => {
      const chunk = socket.read(n) as Buffer | null;
      if (chunk === null) return;
      // At the end of the stream read(n) hands back whatever is left, even if short.
      if (chunk.length < n) finish(new Error('The tunnel server sent a short claim answer'));
      else finish(null, chunk);
    };
    const onEnd = () =>
      finish(new Error('The tunnel server closed the connection during the claim'));
    const onError = (err: Error) => finish(err);
    const timer = setTimeout(
      () => finish(new Error('The tunnel server did not confirm the claim in time')),
      timeoutMs,
    );
    socket.on('readable', tryRead);
    socket.once('end', onEnd);
    socket.once('close', onEnd);
    socket.once('error', onError);
    tryRead();
  });
}

/** Writes `data` and waits until it has been handed to the kernel, or rejects after `timeoutMs`. */
export function writeAll(socket: net.Socket, data: Buffer, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off('error', onError);
      reject(new Error('Sending the claim to the tunnel server timed out'));
    }, timeoutMs);
    const onError = (err: Error) => {
      clearTimeout(timer);
      reject(err);
    };
    socket.once('error', onError);
    socket.write(data, (err) => {
      clearTimeout(timer);
      socket.off('error', onError);
      if (err) reject(err);
      else resolve();
    });
  });
}
