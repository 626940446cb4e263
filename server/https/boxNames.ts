import { isIP } from 'node:net';
import os from 'node:os';

/** Every name and address a device may open the shop by: the server certificate names them all. */
export interface BoxNames {
  dns: string[];
  ips: string[];
}

/**
 * This computer's names and addresses: localhost, its host name and `<name>.local` (what
 * tablets find it by over mDNS), every address of its network cards, and the extra names
 * from HTTPS_NAMES (a name the shop's router gives it, a fixed address). Sorted, so two
 * starts on the same network compare equal.
 */
export function boxNames(extra: readonly string[] = []): BoxNames {
  const dns = new Set(['localhost']);
  const ips = new Set(['127.0.0.1', '::1']);
  const host = os.hostname().toLowerCase();
  if (host) {
    dns.add(host);
    dns.add(`${host.split('.')[0]}.local`);
  }
  for (const card of Object.values(os.networkInterfaces()).flat()) {
    if (card && !card.internal) ips.add(card.address.toLowerCase());
  }
  for (const name of extra) (isIP(name) ? ips : dns).add(name.toLowerCase());
  return { dns: [...dns].sort(), ips: [...ips].sort() };
}
