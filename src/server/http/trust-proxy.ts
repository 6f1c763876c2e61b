/**
 * TRUST_PROXY: which hops in front of the server may say who the client is (X-Forwarded-For).
 * The client's address decides the per-address sign-in limit and is kept with each session, so
 * only the deployment's own proxies may be believed, never what the client writes itself:
 *   off (default)       the address of the connection; X-Forwarded-For is ignored
 *   a number n          n proxies stand in front (1: one nginx); the client is the address the
 *                       outermost of them saw, whatever the client put further left
 *   addresses           the proxies' addresses or networks, comma-separated (10.0.0.5,
 *                       10.1.0.0/16, ::1), or loopback, linklocal, uniquelocal; the client is
 *                       the first address from the right that is not one of them
 * The former `on` believed the leftmost X-Forwarded-For, i.e. the client's own word: it is
 * refused at start with a message saying what to write instead.
 */
import net from 'node:net';

/** The setting: nobody, a number of hops, or the proxies' addresses and networks. */
export type TrustProxy = false | { hops: number } | { proxies: string[] };

const NAMED = new Set(['loopback', 'linklocal', 'uniquelocal']);
const OFF = new Set(['', 'off', 'false', 'no', '0']);

function isAddressOrNetwork(entry: string): boolean {
  if (NAMED.has(entry)) return true;
  const [address = '', mask, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length > 0) return false;
  if (mask === undefined) return true;
  if (/^\d{1,3}$/.test(mask)) return Number(mask) <= (family === 4 ? 32 : 128);
  return family === 4 && net.isIPv4(mask);
}

export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (OFF.has(text.toLowerCase())) return false;
  if (['on', 'true', 'yes'].includes(text.toLowerCase())) {
    throw new Error(
      'TRUST_PROXY=on 已不再支持（它会相信客户端自己填写的 X-Forwarded-For）：' +
        '请写反向代理的层数（如 TRUST_PROXY=1），或代理的地址（如 TRUST_PROXY=10.0.0.5,10.1.0.0/16）',
    );
  }
  if (/^\d+$/.test(text)) return { hops: Number(text) };
  const entries = text.split(',').map((e) => e.trim());
  const bad = entries.filter((e) => !isAddressOrNetwork(e));
  if (bad.length > 0) {
    throw new Error(`TRUST_PROXY 无法识别：${bad.join(', ')}（应为代理层数，或以逗号分隔的 IP 地址/网段）`);
  }
  return { proxies: entries };
}

/**
 * Fastify's trustProxy option. A hop count becomes a function of the hop (Fastify itself no
 * longer takes a bare number): hop 0 is the connection, hop 1 the rightmost X-Forwarded-For, and
 * the first hop not trusted is the client.
 */
export function trustProxyOption(setting: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (!setting) return false;
  if ('hops' in setting) {
    const { hops } = setting;
    return hops > 0 ? (_address, hop) => hop < hops : false;
  }
  return setting.proxies;
}
