import os from 'node:os';

/** `host:port` as a Host header names it (IPv6 in brackets). */
export function hostHeader(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** Addresses only this machine reaches. */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || isLoopbackAddress(host);
}

/** A loopback IP literal: no DNS answer can make one name another machine. */
function isLoopbackAddress(host: string): boolean {
  return host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** The wildcard addresses: bound to one, the server listens on every interface. */
const EVERY_INTERFACE = new Set(['0.0.0.0', '::']);

/** The host the printed URL names: bound to every interface, this machine's loopback. */
export function urlHost(host: string): string {
  if (!EVERY_INTERFACE.has(host)) return host;
  return host === '0.0.0.0' ? '127.0.0.1' : '::1';
}

/**
 * Which Host headers the server bound to `host:port` answers; any other name is refused, so a
 * page elsewhere cannot reach it through a name that resolves here (DNS rebinding): the bound
 * address itself; bound to every interface (0.0.0.0, ::), each address of this machine's
 * interfaces; and bound to the loopback or every interface, a loopback IP at any port, as an SSH
 * tunnel's local end names it (`ssh -L 8080:127.0.0.1:PORT`). Only IP literals pass, which no
 * DNS answer can rebind, and the `names` the person allowed (a proxy's: `tailscale serve` passes
 * on MACHINE.TAILNET.ts.net), with any port or none.
 */
export function hostCheck(
  host: string,
  port: number,
  names: readonly string[] = [],
): (header: string | undefined) => boolean {
  const exact = new Set([hostHeader(host, port)]);
  const allowed = new Set(names.map((name) => name.toLowerCase()));
  if (EVERY_INTERFACE.has(host)) {
    for (const info of Object.values(os.networkInterfaces()).flat()) {
      if (info && (host === '::' || info.family === 'IPv4')) {
        exact.add(hostHeader(info.address.replace(/%.*$/, ''), port));
      }
    }
  }
  const tunnels = EVERY_INTERFACE.has(host) || isLoopback(host);
  return (header) => {
    if (header === undefined) return false;
    if (exact.has(header)) return true;
    const named = header.toLowerCase();
    if (allowed.has(named) || allowed.has(named.replace(/:\d{1,5}$/, ''))) return true;
    return tunnels && isLoopbackAddress(hostnameOf(header));
  };
}

/** The name in a Host header with a port: `[::1]:8080` -> `::1`. */
function hostnameOf(header: string): string {
  const match = /^(?:\[([^\]]+)\]|([^:[\]]+)):\d{1,5}$/.exec(header);
  return (match?.[1] ?? match?.[2] ?? '').toLowerCase();
}
