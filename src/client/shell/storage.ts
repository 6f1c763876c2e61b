/**
 * Session storage for the zustand stores. The user state lives in sessionStorage (spec doc 1
 * section 3) so a reload keeps the session but a new browser tab starts signed out. Outside a
 * browser (unit tests) a memory storage stands in.
 */
import { createJSONStorage } from 'zustand/middleware';

const memory = new Map<string, string>();
const memoryStorage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
  getItem: (key) => memory.get(key) ?? null,
  setItem: (key, value) => void memory.set(key, value),
  removeItem: (key) => void memory.delete(key),
};

export function sessionStore() {
  return createJSONStorage(() => (typeof sessionStorage !== 'undefined' ? sessionStorage : memoryStorage));
}
