import type { FastifyRequest } from "fastify";

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/**
 * Whether a request comes from this machine itself and not through a proxy: the connection's own address
 * and the client address are loopback, and no proxy header names anyone else. A reverse proxy on the same
 * machine connects from 127.0.0.1 too, but says whom it forwards for.
 */
export function fromLoopback(request: FastifyRequest): boolean {
  const socketAddress = request.raw.socket?.remoteAddress ?? "";
  if (!LOOPBACK.test(socketAddress) || !LOOPBACK.test(request.ip)) return false;
  return request.headers["x-forwarded-for"] === undefined && request.headers.forwarded === undefined && request.headers["x-real-ip"] === undefined;
}
