/** Pinyin initials of subject names for the picker filter, memoised (names repeat across sets and years). */
import { pinyin } from 'pinyin-pro';

const cache = new Map<string, string>();
const CACHE_LIMIT = 20_000;

export function pinyinInitials(name: string): string {
  const hit = cache.get(name);
  if (hit !== undefined) return hit;
  const initials = pinyin(name, { pattern: 'first', toneType: 'none', type: 'array', nonZh: 'consecutive' })
    .join('')
    .toLowerCase()
    .replace(/[^0-9a-z]/g, '');
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(name, initials);
  return initials;
}
