/**
 * An initial password the system makes up when the administrator leaves it blank on a reset:
 * 12 characters from every class of the password rule (shared/password-policy.ts), without the
 * look-alikes (0/O, 1/l/I) a person misreads when it is read out or copied by hand.
 */
import { randomInt } from 'node:crypto';
import { passwordProblem } from '../../shared/password-policy.js';

const CLASSES = ['abcdefghijkmnpqrstuvwxyz', 'ABCDEFGHJKLMNPQRSTUVWXYZ', '23456789', '@#%*+=?'] as const;

function pick(chars: string): string {
  return chars[randomInt(chars.length)] ?? '';
}

export function makeInitialPassword(loginName: string): string {
  for (;;) {
    const chars = CLASSES.map(pick);
    const all = CLASSES.join('');
    while (chars.length < 12) chars.push(pick(all));
    for (let i = chars.length - 1; i > 0; i--) {
      const j = randomInt(i + 1);
      [chars[i], chars[j]] = [chars[j] ?? '', chars[i] ?? ''];
    }
    const password = chars.join('');
    if (!passwordProblem(password, loginName)) return password;
  }
}
