import { timingSafeEqual } from 'node:crypto';
import os from 'node:os';

/** The cookie the first visit (`/?token=`) sets, so the page's own requests carry the token. */
export const TOKEN_COOKIE = 'agent_token';

/** `host:port` as a Host header names it (IPv6 in brackets). */
export function hostHeader(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** Addresses only this machine reaches. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** The wildcard addresses: bound to one, the server listens on every interface. */
const EVERY_INTERFACE = new Set(['0.0.0.0', '::', '[::]']);

/**
 * The Host headers the server bound to `host` answers (any other name is a DNS rebinding or a
 * mistake): `host:port` itself, and bound to every interface (0.0.0.0, ::) each address of this
 * machine's interfaces. A name resolving to one of them is refused: its page could be anyone's.
 */
export function answeringHosts(host: string, port: number): Set<string> {
  if (!EVERY_INTERFACE.has(host)) return new Set([hostHeader(host, port)]);
  const addresses = Object.values(os.networkInterfaces())
    .flat()
    .filter((info) => info !== undefined)
    .filter((info) => host !== '0.0.0.0' || info.family === 'IPv4')
    .map((info) => info.address.replace(/%.*$/, ''));
  const names = ['localhost', urlHost(host), ...addresses];
  return new Set(names.map((address) => hostHeader(address, port)));
}

/** The host the printed URL names: bound to every interface, this machine's loopback. */
export function urlHost(host: string): string {
  if (!EVERY_INTERFACE.has(host)) return host;
  return host === '0.0.0.0' ? '127.0.0.1' : '::1';
}

export function sameToken(given: string | undefined, token: string): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The token a request carries: `Authorization: Bearer`, else the cookie. */
export function tokenOf(headers: Headers): string | undefined {
  const authorization = headers.get('authorization');
  const bearer = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer) return bearer;
  for (const part of (headers.get('cookie') ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === TOKEN_COOKIE) return value.join('=');
  }
  return undefined;
}

/** The Set-Cookie value that keeps the token for the page's later requests. */
export function tokenCookie(token: string): string {
  return `${TOKEN_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=/`;
}
