import { isIP, Socket } from 'node:net';
import { isLoopbackAddress } from './url-policy';

/** What {@link installFirewall} saw. */
export interface Firewall {
  /** Client sockets (plain and TLS) that started connecting since the last reset. */
  opened: number;
  /** Non-loopback addresses a socket was about to connect to (each cut before it connected). */
  outbound: string[];
  reset(): void;
  uninstall(): void;
}

/**
 * A test's egress firewall: every client socket of this process, plain or TLS, is counted, and one about to
 * connect anywhere but loopback is destroyed first, its address recorded — so a test can show where a
 * connection would have gone without this machine ever calling out. It wraps `net.Socket#connect` (which
 * TLS sockets use too) for as long as it is installed.
 */
export function installFirewall(): Firewall {
  const original = Socket.prototype.connect;
  const state: Firewall = {
    opened: 0,
    outbound: [],
    reset() {
      state.opened = 0;
      state.outbound = [];
    },
    uninstall() {
      Socket.prototype.connect = original;
    },
  };
  const block = (socket: Socket, address: string) => {
    state.outbound.push(address);
    socket.destroy();
  };
  Socket.prototype.connect = function connect(this: Socket, ...args: unknown[]) {
    state.opened += 1;
    const target = args[0] as { host?: unknown } | undefined;
    const host = typeof target === 'object' && target !== null ? target.host : undefined;
    if (typeof host === 'string' && isIP(host) !== 0 && !isLoopbackAddress(host)) {
      // A literal address is connected to without a lookup: refuse it here.
      process.nextTick(() => block(this, host));
      return this;
    }
    // A name's lookup (even a synchronous one) emits 'lookup' before the connect; destroying there stops it.
    this.on('lookup', (error: Error | null, address: string) => {
      if (error === null && !isLoopbackAddress(address)) block(this, address);
    });
    return (original as (...a: unknown[]) => Socket).apply(this, args);
  } as typeof Socket.prototype.connect;
  return state;
}
