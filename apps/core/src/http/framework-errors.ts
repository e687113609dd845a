import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ClientError } from '@hearth/protocol';
import { CoreError } from '../errors.ts';

/**
 * Longest path parameter the router accepts. A file path travels as one base64url segment (4 chars
 * per 3 bytes), and the sandbox takes paths up to Linux's PATH_MAX (4096 bytes → 5462 chars); the
 * router's default (100) refused anything past ~75 bytes. Node refuses a request line over its
 * header limit (16 KiB) before routing anyway, so this only lifts the router's own cut.
 */
export const MAX_PARAM_LENGTH = 16 * 1024;

/**
 * Failures Fastify answers before any route or error handler runs (a URL that is not valid
 * percent-encoding, a parameter over MAX_PARAM_LENGTH): the envelope, like every other answer.
 */
export function frameworkErrorOf(error: FastifyError): CoreError {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return new CoreError('BadRequest', ['Invalid URL', 'The URL is not valid percent-encoding']);
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new CoreError('BadRequest', ['Invalid URL', 'A path segment is too long'], 414);
    default:
      return new CoreError('Internal', ['The request could not be routed']);
  }
}

export function sendFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const err = frameworkErrorOf(error);
  void reply
    .code(err.status)
    .header('content-type', 'application/json; charset=utf-8')
    .send(JSON.stringify(err.toClientError()));
}

/** Node's parser failures (before Fastify sees a request) as status + envelope. */
function clientErrorOf(err: NodeJS.ErrnoException): { status: number; body: ClientError } {
  if (err.code === 'HPE_HEADER_OVERFLOW')
    return {
      status: 431,
      body: { kind: 'BadRequest', causes: ['Request headers are too large'] },
    };
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, body: { kind: 'BadRequest', causes: ['The request took too long'] } };
  return { status: 400, body: { kind: 'BadRequest', causes: ['Malformed HTTP request'] } };
}

/**
 * Fastify's `clientErrorHandler`: a request Node could not parse (headers or URL over 16 KiB,
 * garbage on the socket, a slow request) gets the envelope on the raw socket, then the socket
 * closes, as Node itself would.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, body } = clientErrorOf(err);
  const text = JSON.stringify(body);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? 'Error'}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(text)}\r\n` +
        'Connection: close\r\n\r\n' +
        text,
    );
  }
  socket.destroy(err);
}
