import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, isAllowedAddress, MAX_URL_LENGTH } from './url-policy';

const PROD = { allowLoopbackHttp: false };
const DEV = { allowLoopbackHttp: true };

describe('isAllowedAddress', () => {
  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.215.14',
    '172.15.255.255', // just below 172.16/12
    '172.32.0.1', // just above it
    '100.63.255.255', // just below CGNAT
    '100.128.0.1', // just above it
    '2606:4700:4700::1111',
    '2a00:1450:4001:82a::200e',
  ])('allows the public unicast address %s', (ip) => {
    expect(isAllowedAddress(ip, PROD)).toBe(true);
    expect(isAllowedAddress(ip, DEV)).toBe(true);
  });

  it.each([
    ['10.0.0.1', 'private 10/8'],
    ['10.255.255.255', 'private 10/8'],
    ['172.16.0.1', 'private 172.16/12'],
    ['172.31.255.254', 'private 172.16/12'],
    ['192.168.1.1', 'private 192.168/16'],
    ['169.254.169.254', 'link-local, cloud metadata'],
    ['169.254.0.1', 'link-local'],
    ['100.64.0.1', 'CGNAT'],
    ['100.100.100.200', 'CGNAT, a cloud metadata service'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'this network 0/8'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.0.1', 'IETF protocol assignments'],
    ['192.0.2.1', 'documentation TEST-NET-1'],
    ['198.51.100.7', 'documentation TEST-NET-2'],
    ['203.0.113.9', 'documentation TEST-NET-3'],
    ['198.18.0.1', 'benchmarking'],
    ['192.88.99.1', '6to4 relay anycast'],
    ['::', 'IPv6 unspecified'],
    ['fe80::1', 'IPv6 link-local'],
    ['fe80::1%eth0', 'IPv6 link-local with a zone'],
    ['fc00::1', 'unique-local'],
    ['fd00:ec2::254', 'unique-local, EC2 metadata over IPv6'],
    ['ff02::1', 'IPv6 multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:8.8.8.8', 'IPv4-mapped, even of a public address'],
    ['::ffff:0:8.8.8.8', 'IPv4-translated'],
    ['::127.0.0.1', 'IPv4-compatible (deprecated)'],
    ['64:ff9b::7f00:1', 'NAT64'],
    ['64:ff9b:1::a00:1', 'local-use NAT64'],
    ['2002:7f00:1::1', '6to4'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation (RFC 9637)'],
    ['2001:2::1', 'benchmarking'],
    ['100::1', 'discard'],
    ['fec0::1', 'deprecated site-local'],
    ['4000::1', 'outside global unicast 2000::/3'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'IPv6 loopback'],
  ])('refuses %s (%s) in production', (ip) => {
    expect(isAllowedAddress(ip, PROD)).toBe(false);
  });

  it.each(['127.0.0.1', '127.0.0.2', '::1'])('allows loopback %s only under the dev policy', (ip) => {
    expect(isAllowedAddress(ip, DEV)).toBe(true);
  });

  it.each(['10.0.0.1', '169.254.169.254', '::ffff:127.0.0.1', 'fd00::1', '0.0.0.0'])(
    'still refuses %s under the dev policy',
    (ip) => {
      expect(isAllowedAddress(ip, DEV)).toBe(false);
    },
  );

  it.each(['', 'localhost', '2130706433', '0x7f.1', '127.1', '0177.0.0.1', '[::1]', '8.8.8.8/32', ' 8.8.8.8'])(
    'refuses %j, which is not a plain IP address',
    (ip) => {
      expect(isAllowedAddress(ip, DEV)).toBe(false);
    },
  );
});

describe('checkWebhookUrl', () => {
  it('accepts an https URL with a name, port, path and query', () => {
    const check = checkWebhookUrl('https://Hooks.Example.com:8443/in/turns?x=1', PROD);
    expect(check.ok && check.url.href).toBe('https://hooks.example.com:8443/in/turns?x=1');
  });

  it.each(['https://localhost.example.com/', 'https://mylocalhost.com/', 'https://localhost-hooks.example.com/'])(
    'accepts %s: a name that only looks like localhost',
    (url) => {
      expect(checkWebhookUrl(url, PROD).ok).toBe(true);
    },
  );

  it('accepts a public literal address', () => {
    expect(checkWebhookUrl('https://8.8.8.8/', PROD).ok).toBe(true);
    expect(checkWebhookUrl('https://[2606:4700:4700::1111]/', PROD).ok).toBe(true);
  });

  it.each([
    ['not a url', 'webhook/url-invalid'],
    ['/relative/path', 'webhook/url-invalid'],
    ['https://', 'webhook/url-invalid'],
    ['https://[fe80::1%25eth0]/', 'webhook/url-invalid'],
    ['https://user:secret@hooks.example.com/', 'webhook/url-invalid'],
    ['https://user@hooks.example.com/', 'webhook/url-invalid'],
    [`https://hooks.example.com/${'a'.repeat(MAX_URL_LENGTH)}`, 'webhook/url-invalid'],
    ['http://hooks.example.com/', 'webhook/url-not-https'],
    ['http://127.0.0.1/', 'webhook/url-not-https'],
    ['ftp://hooks.example.com/', 'webhook/url-not-https'],
    ['file:///etc/passwd', 'webhook/url-not-https'],
    ['gopher://127.0.0.1:25/', 'webhook/url-not-https'],
    ['ws://hooks.example.com/', 'webhook/url-not-https'],
    ['https://127.0.0.1/', 'webhook/url-not-allowed'],
    ['https://2130706433/', 'webhook/url-not-allowed'],
    ['https://0x7f.1/', 'webhook/url-not-allowed'],
    ['https://0177.0.0.1/', 'webhook/url-not-allowed'],
    ['https://127.1/', 'webhook/url-not-allowed'],
    ['https://0/', 'webhook/url-not-allowed'],
    ['https://[::1]/', 'webhook/url-not-allowed'],
    ['https://[::ffff:127.0.0.1]/', 'webhook/url-not-allowed'],
    ['https://169.254.169.254/latest/meta-data/', 'webhook/url-not-allowed'],
    ['https://[fd00:ec2::254]/', 'webhook/url-not-allowed'],
    ['https://localhost/hook', 'webhook/url-not-allowed'],
    ['https://LOCALHOST:8443/', 'webhook/url-not-allowed'],
    ['https://localhost./', 'webhook/url-not-allowed'],
    ['https://api.localhost/', 'webhook/url-not-allowed'],
  ])('refuses %s in production: %s', (url, code) => {
    const check = checkWebhookUrl(url, PROD);
    expect(check.ok ? 'ok' : check.code).toBe(code);
  });

  it('takes a URL of exactly the longest length the contract allows (2048), and not one character more', () => {
    const base = 'https://hooks.example.com/';
    // openapi.yaml's `maxLength: 2048` for an endpoint's url: the figure clients were told.
    const CONTRACT_MAX = 2048;
    expect(MAX_URL_LENGTH).toBe(CONTRACT_MAX);
    expect(checkWebhookUrl(base + 'a'.repeat(CONTRACT_MAX - base.length), PROD).ok).toBe(true);
    expect(checkWebhookUrl(base + 'a'.repeat(CONTRACT_MAX - base.length + 1), PROD).ok).toBe(false);
  });

  it.each(['http://127.0.0.1:3000/hook', 'http://localhost:3000/hook', 'http://[::1]/', 'http://127.1/'])(
    'lets plain http go to loopback %s under the dev policy',
    (url) => {
      expect(checkWebhookUrl(url, DEV).ok).toBe(true);
    },
  );

  it.each([
    ['http://hooks.example.com/', 'webhook/url-not-https'],
    ['http://10.0.0.1/', 'webhook/url-not-https'],
    ['http://[::ffff:127.0.0.1]/', 'webhook/url-not-https'],
    ['http://localhost.example.com/', 'webhook/url-not-https'],
    ['https://10.0.0.1/', 'webhook/url-not-allowed'],
    ['https://169.254.169.254/', 'webhook/url-not-allowed'],
  ])('still refuses %s under the dev policy: %s', (url, code) => {
    const check = checkWebhookUrl(url, DEV);
    expect(check.ok ? 'ok' : check.code).toBe(code);
  });
});
