import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendWebhook } from './send';
import { installFirewall, type Firewall } from './firewall.testing';
import { startReceiver, tableLookup, type Receiver } from './receiver.testing';
import type { FailureReason } from './outcome';

const PROD = { allowLoopbackHttp: false };
const DEV = { allowLoopbackHttp: true };
const BODY = '{"type":"turn.started"}';

// Two receivers that would be hit if any hostile URL got through: loopback v4 and v6. Every TCP connection
// they accept is counted, whether or not an HTTP request follows (an https client on a plain port, say).
let v4: Receiver;
let v6: Receiver;

// Every client socket this process opens is counted; one to anywhere but loopback is cut before it connects
// (this machine must never call out), and the address it was going to is recorded.
let sockets: Firewall;

beforeAll(async () => {
  sockets = installFirewall();
  [v4, v6] = await Promise.all([startReceiver(), startReceiver(undefined, { host: '::1' })]);
});
afterAll(async () => {
  sockets.uninstall();
  await Promise.all([v4.close(), v6.close()]);
});
beforeEach(() => sockets.reset());

const reached = () => v4.connections + v6.connections + v4.requests.length + v6.requests.length;

// A hostile DNS: names that resolve to places a webhook must never go.
const hostileDns = () =>
  tableLookup({
    'loopback.hooks.test': ['127.0.0.1'],
    'loopback6.hooks.test': ['::1'],
    'metadata.hooks.test': ['169.254.169.254'],
    'metadata6.hooks.test': ['fd00:ec2::254'],
    'private.hooks.test': ['10.1.2.3'],
    'private172.hooks.test': ['172.20.0.5'],
    'home.hooks.test': ['192.168.1.10'],
    'cgnat.hooks.test': ['100.100.100.200'],
    'mapped.hooks.test': ['::ffff:127.0.0.1'],
    'nat64.hooks.test': ['64:ff9b::a9fe:a9fe'],
    'unspecified.hooks.test': ['0.0.0.0'],
    'linklocal6.hooks.test': ['fe80::1'],
    'mixed.hooks.test': ['8.8.8.8', '127.0.0.1'],
    'mixed6.hooks.test': ['2606:4700:4700::1111', 'fd12:3456::1'],
    'public.hooks.test': ['8.8.8.8'],
  });

// Each URL is hostile under the production policy; {P} is the v4 receiver's port, {P6} the v6 one's.
const HOSTILE: ReadonlyArray<readonly [url: string, reason: FailureReason, what: string]> = [
  ['https://127.0.0.1:{P}/', 'url', 'loopback'],
  ['https://127.0.0.2:{P}/', 'url', 'loopback, not .1'],
  ['https://2130706433:{P}/', 'url', 'loopback as one decimal number'],
  ['https://0x7f000001:{P}/', 'url', 'loopback as one hex number'],
  ['https://0x7f.1:{P}/', 'url', 'loopback, hex and short'],
  ['https://0177.0.0.1:{P}/', 'url', 'loopback in octal'],
  ['https://127.1:{P}/', 'url', 'loopback, short form'],
  ['https://127.0.1:{P}/', 'url', 'loopback, three parts'],
  ['https://0:{P}/', 'url', '0 (0.0.0.0, which Linux connects to itself)'],
  ['https://0.0.0.0:{P}/', 'url', 'unspecified'],
  ['https://[::1]:{P6}/', 'url', 'IPv6 loopback'],
  ['https://[0:0:0:0:0:0:0:1]:{P6}/', 'url', 'IPv6 loopback, long form'],
  ['https://[::]:{P6}/', 'url', 'IPv6 unspecified'],
  ['https://[::ffff:127.0.0.1]:{P}/', 'url', 'IPv4-mapped loopback'],
  ['https://[::ffff:7f00:1]:{P}/', 'url', 'IPv4-mapped loopback, hex'],
  ['https://[64:ff9b::7f00:1]:{P}/', 'url', 'NAT64 of loopback'],
  ['https://[2002:7f00:1::1]:{P}/', 'url', '6to4 of loopback'],
  ['https://10.0.0.1/', 'url', 'private 10/8'],
  ['https://172.16.0.1/', 'url', 'private 172.16/12'],
  ['https://192.168.0.1/', 'url', 'private 192.168/16'],
  ['https://169.254.169.254/latest/meta-data/', 'url', 'cloud metadata (link-local)'],
  ['https://[fd00:ec2::254]/latest/meta-data/', 'url', 'EC2 metadata over IPv6 (unique-local)'],
  ['https://100.100.100.200/latest/meta-data/', 'url', 'metadata in CGNAT space'],
  ['https://100.64.0.1/', 'url', 'CGNAT'],
  ['https://[fe80::1]/', 'url', 'IPv6 link-local'],
  ['https://224.0.0.1/', 'url', 'multicast'],
  ['https://255.255.255.255/', 'url', 'broadcast'],
  ['https://loopback.hooks.test:{P}/', 'address-not-allowed', 'a name for 127.0.0.1'],
  ['https://loopback6.hooks.test:{P6}/', 'address-not-allowed', 'a name for ::1'],
  ['https://metadata.hooks.test/latest/meta-data/', 'address-not-allowed', 'a name for 169.254.169.254'],
  ['https://metadata6.hooks.test/', 'address-not-allowed', 'a name for fd00:ec2::254'],
  ['https://private.hooks.test/', 'address-not-allowed', 'a name for 10.1.2.3'],
  ['https://private172.hooks.test/', 'address-not-allowed', 'a name for 172.20.0.5'],
  ['https://home.hooks.test/', 'address-not-allowed', 'a name for 192.168.1.10'],
  ['https://cgnat.hooks.test/', 'address-not-allowed', 'a name for 100.100.100.200'],
  ['https://mapped.hooks.test:{P}/', 'address-not-allowed', 'a name for ::ffff:127.0.0.1'],
  ['https://nat64.hooks.test/', 'address-not-allowed', 'a name for NAT64 of the metadata address'],
  ['https://unspecified.hooks.test:{P}/', 'address-not-allowed', 'a name for 0.0.0.0'],
  ['https://linklocal6.hooks.test/', 'address-not-allowed', 'a name for fe80::1'],
  ['https://mixed.hooks.test:{P}/', 'address-not-allowed', 'a name with a public and a loopback address'],
  ['https://mixed6.hooks.test/', 'address-not-allowed', 'a name with a public and a unique-local address'],
  ['https://localhost:{P}/', 'url', 'localhost, loopback by definition: refused before any lookup'],
  ['https://api.localhost:{P}/', 'url', 'a name under localhost (RFC 6761)'],
  ['http://public.hooks.test:{P}/', 'url', 'plain http to a public name'],
  ['http://127.0.0.1:{P}/', 'url', 'plain http to loopback in production'],
  ['https://user:pass@public.hooks.test/', 'url', 'userinfo'],
  ['https://public.hooks.test@127.0.0.1:{P}/', 'url', 'userinfo that looks like the host'],
  ['gopher://127.0.0.1:{P}/', 'url', 'another scheme'],
  ['file:///etc/passwd', 'url', 'a file URL'],
];

const withPorts = (url: string) => url.replace('{P6}', String(v6.port)).replace('{P}', String(v4.port));

describe('SSRF: hostile URLs under the production policy', () => {
  it.each(HOSTILE)('%s is refused (%s): %s', async (template, reason, what) => {
    const dns = hostileDns();
    const outcome = await sendWebhook(withPorts(template), {}, BODY, { policy: PROD, lookup: dns.lookup });
    expect(outcome, what).toMatchObject({ kind: 'failed', reason, status: null });
    expect(sockets.opened, 'client sockets opened').toBe(0);
    expect(reached(), 'connections and requests the receivers got').toBe(0);
    // A URL refused on its face is never even looked up; a name is refused for what it resolved to, so
    // it was looked up (once) and refused after that.
    const host = new URL(withPorts(template)).hostname;
    expect(dns.calls, 'names looked up').toEqual(reason === 'url' ? [] : [host]);
  });

  it('pins the connection to the checked address: a rebinding DNS (public, then loopback) never reaches loopback', async () => {
    let answers = 0;
    const dns = tableLookup({ 'rebind.hooks.test': () => (answers++ === 0 ? ['8.8.8.8'] : ['127.0.0.1']) });
    const outcome = await sendWebhook(`https://rebind.hooks.test:${v4.port}/`, {}, BODY, {
      policy: PROD,
      lookup: dns.lookup,
      timeoutMs: 2_000,
    });
    // The one connection attempt went to the address that was checked (and the test's firewall cut it).
    expect(dns.calls).toEqual(['rebind.hooks.test']);
    expect(sockets.outbound).toEqual(['8.8.8.8']);
    expect(outcome).toMatchObject({ kind: 'failed', reason: 'connect' });
    expect(reached()).toBe(0);
  });

  it('counted the table: at least 30 hostile URLs, none reached', () => {
    expect(HOSTILE.length).toBeGreaterThanOrEqual(30);
    expect(reached()).toBe(0);
  });
});

describe('SSRF: redirects from an allowed receiver (dev policy) to hostile targets are not followed', () => {
  const TARGETS: ReadonlyArray<readonly [status: number, location: () => string]> = [
    [302, () => v4.url('/after-redirect')],
    [307, () => 'http://169.254.169.254/latest/meta-data/iam/security-credentials/'],
    [308, () => v6.url('/after-redirect')],
    [301, () => 'https://10.0.0.1/'],
    [303, () => `http://localhost:${v4.port}/after-redirect`],
    [302, () => `http://[::ffff:127.0.0.1]:${v4.port}/`],
  ];

  it.each(TARGETS)('%d to a hostile Location: the target gets 0 requests', async (status, location) => {
    const before = reached();
    const first = await startReceiver((_req, res) => res.writeHead(status, { location: location() }).end());
    try {
      const outcome = await sendWebhook(first.url(), {}, BODY, { policy: DEV });
      expect(outcome).toMatchObject({ kind: 'failed', reason: 'redirect', status });
      expect(first.requests).toHaveLength(1);
      expect(sockets.opened).toBe(1);
      expect(reached() - before).toBe(0);
    } finally {
      await first.close();
    }
  });
});

describe('the dev policy (npm start, tests)', () => {
  it('lets plain http reach a receiver on 127.0.0.1', async () => {
    const before = v4.requests.length;
    const outcome = await sendWebhook(v4.url('/dev'), {}, BODY, { policy: DEV });
    expect(outcome).toMatchObject({ kind: 'delivered', status: 204 });
    expect(v4.requests.length - before).toBe(1);
    v4.requests.splice(0);
    v4.connections = 0;
  });

  it.each([
    ['https://10.0.0.1/', 'url'],
    ['https://169.254.169.254/latest/meta-data/', 'url'],
    ['https://[fd00:ec2::254]/', 'url'],
    ['http://10.0.0.1/', 'url'],
    ['http://public.hooks.test/', 'url'],
    ['https://private.hooks.test/', 'address-not-allowed'],
    ['https://metadata.hooks.test/', 'address-not-allowed'],
    ['https://mapped.hooks.test/', 'address-not-allowed'],
  ] as const)('still refuses %s (%s)', async (url, reason) => {
    const outcome = await sendWebhook(url, {}, BODY, { policy: DEV, lookup: hostileDns().lookup });
    expect(outcome).toMatchObject({ kind: 'failed', reason });
    expect(sockets.opened).toBe(0);
    expect(reached()).toBe(0);
  });

  it('refuses plain http to localhost when the name resolves anywhere but loopback', async () => {
    const dns = tableLookup({ localhost: ['127.0.0.1', '10.0.0.7'] });
    const outcome = await sendWebhook(`http://localhost:${v4.port}/`, {}, BODY, { policy: DEV, lookup: dns.lookup });
    expect(outcome).toMatchObject({ kind: 'failed', reason: 'address-not-allowed' });
    expect(reached()).toBe(0);
  });
});
