import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  checkWebhookUrl,
  isPublicAddress,
  pinnedLookup,
  resolveForDelivery,
  type PinnedAddress,
} from '../../src/automation/webhook-address.js';
import { DomainError } from '../../src/platform/errors.js';

const refusal = (url: string, allowed: string[] = []) => {
  try {
    checkWebhookUrl(url, allowed);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return {
      code: (error as DomainError).code,
      field: (error as DomainError).detail.field,
      message: (error as Error).message,
    };
  }
  throw new Error('accepted');
};

/** A resolver that answers what a hostile DNS would. */
const answering =
  (...addresses: string[]) =>
  async (): Promise<PinnedAddress[]> =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('the public-address check', () => {
  it.each([
    ['93.184.215.14', true],
    ['2606:2800:21f:cb07:6820:80da:af6b:8b2c', true],
    ['127.0.0.1', false],
    ['127.255.0.9', false],
    ['10.0.0.1', false],
    ['172.16.0.1', false],
    ['172.31.255.254', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false], // the cloud's metadata service
    ['0.0.0.0', false],
    ['0.1.2.3', false],
    ['100.64.0.1', false],
    ['192.0.2.1', false],
    ['198.18.0.1', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['::1', false],
    ['::', false],
    ['fc00::1', false],
    ['fd12:3456::1', false],
    ['fe80::1', false],
    ['::ffff:127.0.0.1', false], // IPv4-mapped loopback
    ['::ffff:10.0.0.1', false],
    ['64:ff9b::a00:1', false], // NAT64 of 10.0.0.1
    ['2002:7f00:1::', false], // 6to4 of 127.0.0.1
    ['ff02::1', false],
    ['not an address', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('a webhook URL as it is saved', () => {
  it('keeps an https URL naming a host, without its fragment', () => {
    expect(checkWebhookUrl(' https://hooks.example.com/in?x=1#frag ', []).href).toBe(
      'https://hooks.example.com/in?x=1',
    );
  });

  it.each([
    ['http://hooks.example.com/in', /https URL/],
    ['ftp://hooks.example.com/in', /https URL/],
    ['https://127.0.0.1/in', /not an IP address/],
    ['https://[::1]/in', /not an IP address/],
    ['https://169.254.169.254/latest/meta-data', /not an IP address/],
    ['https://2130706433/in', /not an IP address/], // 127.0.0.1 as one number: URL parsing makes it a literal
    ['https://user:pw@hooks.example.com/', /user name or password/],
    ['hooks.example.com/in', /absolute https URL/],
    ['', /absolute https URL/],
    [`https://hooks.example.com/${'a'.repeat(2001)}`, /absolute https URL/],
  ])('refuses %s as BAD_USER_INPUT on url', (url, message) => {
    const refused = refusal(url);
    expect(refused).toMatchObject({ code: 'BAD_USER_INPUT', field: 'url' });
    expect(refused.message).toMatch(message);
  });

  it('lets a host WEBHOOK_ALLOWED_HOSTS names be plain http, an IP literal included', () => {
    expect(checkWebhookUrl('http://127.0.0.1:8080/hook', ['127.0.0.1']).href).toBe('http://127.0.0.1:8080/hook');
    expect(checkWebhookUrl('http://receiver.internal/hook', ['receiver.internal']).host).toBe('receiver.internal');
    expect(refusal('http://127.0.0.1:8080/hook', ['receiver.internal']).message).toMatch(/https URL/);
  });
});

describe('resolving a webhook host at delivery', () => {
  const url = new URL('https://hooks.example.com/in');

  it('pins the first of the public addresses the host resolves to', async () => {
    await expect(resolveForDelivery(url, [], answering('93.184.215.14', '93.184.215.15'))).resolves.toEqual({
      address: '93.184.215.14',
      family: 4,
    });
  });

  it.each([
    [['127.0.0.1']],
    [['10.1.2.3']],
    [['172.20.0.5']],
    [['192.168.0.10']],
    [['169.254.169.254']],
    [['::1']],
    [['fd00::5']],
    [['fe80::1']],
    [['0.0.0.0']],
    [['100.100.100.200']],
    // One private address among public ones refuses the host: which one a connection would take is not ours to know.
    [['93.184.215.14', '10.0.0.1']],
  ])('refuses a host that resolves to %j (DNS rebinding included)', async (addresses) => {
    await expect(resolveForDelivery(url, [], answering(...addresses))).rejects.toThrow(/not a public address/);
  });

  it('lets an allowed host resolve anywhere, loopback included', async () => {
    await expect(
      resolveForDelivery(new URL('http://localhost:1/'), ['localhost'], answering('127.0.0.1')),
    ).resolves.toEqual({
      address: '127.0.0.1',
      family: 4,
    });
  });

  it('connects to the pinned address whatever the name resolves to by then', async () => {
    const server = createServer((socket) => socket.end('pinned'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const { connect } = await import('node:net');
      const text = await new Promise<string>((resolve, reject) => {
        // The name does not exist at all: only the pinned lookup can place it.
        const socket = connect({
          host: 'nowhere.invalid',
          port,
          lookup: pinnedLookup({ address: '127.0.0.1', family: 4 }),
        });
        let got = '';
        socket.on('data', (d) => (got += String(d)));
        socket.on('end', () => resolve(got));
        socket.on('error', reject);
      });
      expect(text).toBe('pinned');
    } finally {
      server.close();
    }
  });
});
