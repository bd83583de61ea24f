import { lookup, Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';

/**
 * Where webhooks may go (issue 28, item 7). In production mode a URL must use https and every
 * address its host resolves to must be public: no loopback, private, link-local, CGNAT, reserved
 * or metadata address, in IPv4 or IPv6 (mapped, NAT64, 6to4 and IPv4-compatible forms are judged by
 * the IPv4 address inside). The check runs at creation and before every attempt, and the attempt
 * connects to the address that was checked, so a name that resolves elsewhere a second later (DNS
 * rebinding) reaches nothing new.
 */
export interface TargetRules {
  production: boolean;
  /** WEBHOOK_ALLOW_PRIVATE: private, loopback, link-local and CGNAT addresses (never metadata). */
  allowPrivate: boolean;
  /** WEBHOOK_ALLOW_HTTP: plain http anywhere (local mode allows it to this machine regardless). */
  allowHttp: boolean;
  resolve: HostResolver;
}

export type HostResolver = (host: string) => Promise<{ address: string; family: 4 | 6 }[]>;

/** A URL cleared for one attempt: connect to `address`, name `url.hostname` (Host header, TLS SNI). */
export interface CheckedTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

export class TargetRefused extends Error {}

type AddressClass = 'public' | 'loopback' | 'private' | 'link-local' | 'cgnat' | 'metadata' | 'unusable';

const v4Bytes = (ip: string) => ip.split('.').map(Number);

/** The 16 bytes of an IPv6 address (with or without an IPv4 tail). */
function v6Bytes(ip: string): number[] {
  let text = ip.toLowerCase().replace(/%.*$/, '');
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (tail) {
    const [a, b, c, d] = v4Bytes(tail) as [number, number, number, number];
    text = `${text.slice(0, -tail.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const h = groups(head);
  const t = rest === undefined ? [] : groups(rest);
  const all = [...h, ...Array(8 - h.length - t.length).fill('0'), ...t];
  return all.flatMap((g) => {
    const n = Number.parseInt(g, 16);
    return [n >> 8, n & 0xff];
  });
}

const inV4 = (b: number[], net: string, bits: number) => {
  const n = v4Bytes(net);
  for (let i = 0; i < 4; i++) {
    const take = Math.max(0, Math.min(8, bits - i * 8));
    const mask = take === 0 ? 0 : (0xff << (8 - take)) & 0xff;
    if (((b[i] as number) & mask) !== ((n[i] as number) & mask)) return false;
  }
  return true;
};

const METADATA_V4 = ['169.254.169.254', '169.254.170.2', '100.100.100.200', '168.63.129.16'];

function classifyV4(b: number[]): AddressClass {
  const ip = b.join('.');
  if (METADATA_V4.includes(ip)) return 'metadata';
  if (inV4(b, '127.0.0.0', 8)) return 'loopback';
  if (inV4(b, '10.0.0.0', 8) || inV4(b, '172.16.0.0', 12) || inV4(b, '192.168.0.0', 16)) return 'private';
  if (inV4(b, '169.254.0.0', 16)) return 'link-local';
  if (inV4(b, '100.64.0.0', 10)) return 'cgnat';
  const unusable: [string, number][] = [
    ['0.0.0.0', 8],
    ['192.0.0.0', 24],
    ['192.0.2.0', 24],
    ['198.18.0.0', 15],
    ['198.51.100.0', 24],
    ['203.0.113.0', 24],
    ['224.0.0.0', 4],
    ['240.0.0.0', 4],
  ];
  return unusable.some(([net, bits]) => inV4(b, net, bits)) ? 'unusable' : 'public';
}

function classifyV6(b: number[]): AddressClass {
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible), 64:ff9b::a.b.c.d (NAT64): the IPv4 inside.
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return classifyV4(b.slice(12));
  if (zeros(0, 12)) {
    if (zeros(12, 15) && b[15] === 1) return 'loopback';
    if (zeros(12, 16)) return 'unusable';
    return classifyV4(b.slice(12));
  }
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12))
    return classifyV4(b.slice(12));
  if (b[0] === 0x20 && b[1] === 0x02) return classifyV4(b.slice(2, 6)); // 6to4
  if (
    b[0] === 0xfd &&
    b[1] === 0x00 &&
    b[2] === 0x0e &&
    b[3] === 0xc2 &&
    zeros(4, 14) &&
    b[14] === 0x02 &&
    b[15] === 0x54
  )
    return 'metadata'; // fd00:ec2::254
  const first = b[0] as number;
  if ((first & 0xfe) === 0xfc) return 'private'; // fc00::/7
  if (first === 0xfe && ((b[1] as number) & 0xc0) === 0x80) return 'link-local'; // fe80::/10
  if (first === 0xfe && ((b[1] as number) & 0xc0) === 0xc0) return 'private'; // fec0::/10
  if (first === 0xff) return 'unusable'; // multicast
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0x0d && b[3] === 0xb8) return 'unusable'; // documentation
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0 && b[3] === 0) return 'unusable'; // Teredo
  return 'public';
}

export function classifyAddress(ip: string): AddressClass {
  const family = isIP(ip);
  if (family === 4) return classifyV4(v4Bytes(ip));
  if (family === 6) return classifyV6(v6Bytes(ip));
  return 'unusable';
}

const DESCRIBE: Record<Exclude<AddressClass, 'public'>, string> = {
  loopback: 'a loopback address',
  private: 'a private address',
  'link-local': 'a link-local address',
  cgnat: 'a shared (CGNAT) address',
  metadata: 'a cloud metadata address',
  unusable: 'a reserved address',
};

/** The system's resolver, or the DNS servers of WEBHOOK_DNS_SERVERS; 5 s at most either way. */
export function hostResolver(servers?: readonly string[]): HostResolver {
  const resolver = servers ? new Resolver({ timeout: 2000, tries: 2 }) : null;
  resolver?.setServers([...servers!]);
  const look = async (host: string) => {
    if (!resolver) {
      const found = await lookup(host, { all: true, verbatim: true });
      return found.map((a) => ({ address: a.address, family: (a.family === 6 ? 6 : 4) as 4 | 6 }));
    }
    const [v4, v6] = await Promise.allSettled([resolver.resolve4(host), resolver.resolve6(host)]);
    return [
      ...(v4.status === 'fulfilled' ? v4.value.map((address) => ({ address, family: 4 as const })) : []),
      ...(v6.status === 'fulfilled' ? v6.value.map((address) => ({ address, family: 6 as const })) : []),
    ];
  };
  return (host) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), 5000);
    });
    return Promise.race([look(host), timeout]).finally(() => clearTimeout(timer));
  };
}

/** Checks a webhook URL against the rules and resolves it to the address an attempt connects to. */
export async function checkTarget(raw: string, rules: TargetRules): Promise<CheckedTarget> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new TargetRefused('must be an absolute http(s) URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TargetRefused('must use https');
  if (url.username || url.password) throw new TargetRefused('must not carry a user name or password');
  if (url.protocol === 'http:' && rules.production && !rules.allowHttp)
    throw new TargetRefused('must use https in production mode (WEBHOOK_ALLOW_HTTP=on allows http)');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: 4 | 6 }[];
  if (isIP(host) !== 0) addresses = [{ address: host, family: isIP(host) as 4 | 6 }];
  else {
    try {
      addresses = await rules.resolve(host);
    } catch (err) {
      throw new TargetRefused(`its host ${host} could not be resolved (${(err as Error).message})`);
    }
    if (addresses.length === 0) throw new TargetRefused(`its host ${host} has no address`);
  }
  const strict = rules.production && !rules.allowPrivate;
  for (const { address } of addresses) {
    const kind = classifyAddress(address);
    if (kind === 'public') continue;
    const always = kind === 'metadata' || kind === 'unusable';
    if (always || strict)
      throw new TargetRefused(
        `${isIP(host) !== 0 ? address : `${host} resolves to ${address}, which`} is ${DESCRIBE[kind]}${always ? '' : ' (WEBHOOK_ALLOW_PRIVATE=on allows it)'}`,
      );
  }
  if (url.protocol === 'http:' && !rules.allowHttp) {
    const loopbackOnly = addresses.every((a) => classifyAddress(a.address) === 'loopback');
    if (!loopbackOnly)
      throw new TargetRefused(
        'must use https (plain http is accepted to this machine only, or with WEBHOOK_ALLOW_HTTP=on)',
      );
  }
  const chosen = addresses[0] as { address: string; family: 4 | 6 };
  return { url, address: chosen.address, family: chosen.family };
}
