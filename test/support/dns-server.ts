import { createSocket } from 'node:dgram';
import { isIP } from 'node:net';

/**
 * A DNS server on 127.0.0.1 answering A and AAAA questions from `records` (a name to its
 * addresses; change it to move a name), NXDOMAIN for anything else. The service reaches it through
 * its WEBHOOK_DNS_SERVERS setting, as it would a deployment's resolver.
 */
export async function startDnsServer(records: Map<string, string[]>) {
  const socket = createSocket('udp4');
  socket.on('message', (query, peer) => {
    let offset = 12;
    const labels: string[] = [];
    while (offset < query.length && query[offset] !== 0) {
      const len = query[offset] as number;
      labels.push(query.subarray(offset + 1, offset + 1 + len).toString('ascii'));
      offset += len + 1;
    }
    const questionEnd = offset + 5;
    const type = query.readUInt16BE(offset + 1);
    const name = labels.join('.').toLowerCase();
    const known = records.get(name);
    const wanted = (known ?? []).filter(
      (a) => isIP(a) === (type === 28 ? 6 : 4) && (type === 1 || type === 28),
    );
    const answers = wanted.map((address) => {
      const rdata =
        isIP(address) === 4
          ? Buffer.from(address.split('.').map(Number))
          : Buffer.from(expandV6(address), 'hex');
      const rr = Buffer.alloc(12);
      rr.writeUInt16BE(0xc00c, 0);
      rr.writeUInt16BE(type, 2);
      rr.writeUInt16BE(1, 4);
      rr.writeUInt32BE(1, 6);
      rr.writeUInt16BE(rdata.length, 10);
      return Buffer.concat([rr, rdata]);
    });
    const header = Buffer.alloc(12);
    query.copy(header, 0, 0, 2);
    header.writeUInt16BE(known ? 0x8180 : 0x8183, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    socket.send(
      Buffer.concat([header, query.subarray(12, questionEnd), ...answers]),
      peer.port,
      peer.address,
    );
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

function expandV6(ip: string): string {
  const [head = '', tail = ''] = ip.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...h, ...Array(8 - h.length - t.length).fill('0'), ...t] : h;
  return groups.map((g) => g.padStart(4, '0')).join('');
}
