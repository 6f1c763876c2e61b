import type { AppUser } from '../db/schema.js';

/** True for an initial or reset password, or when periodic expiry is on and the password is older than allowed. */
export function passwordExpired(user: AppUser, expiryDays: number, now = Date.now()): boolean {
  if (user.must_change_password) return true;
  return expiryDays > 0 && now - user.password_changed_at > expiryDays * 86_400_000;
}
