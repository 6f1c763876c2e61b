/**
 * Captchas live in the database (so any server process can check them): one use, five minutes.
 * The answer is compared case-insensitively; the row is deleted at the first attempt, right or wrong.
 */
import { randomBytes } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { CAPTCHA_TTL_MS } from '../../shared/constants.js';
import type { Db } from '../db/database.js';

export async function issueCaptcha(db: Db, now = Date.now()): Promise<{ key: string; svg: string }> {
  const { data, text } = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1iIlL', color: true, background: '#f4f6fb' });
  const key = randomBytes(16).toString('hex');
  await db.kysely.deleteFrom('captcha').where('expires_at', '<', now).execute();
  await db.kysely
    .insertInto('captcha')
    .values({ captcha_key: key, answer: text.toLowerCase(), created_at: now, expires_at: now + CAPTCHA_TTL_MS })
    .execute();
  return { key, svg: data };
}

export async function consumeCaptcha(db: Db, key: string, answer: string, now = Date.now()): Promise<boolean> {
  if (!key) return false;
  const row = await db.kysely
    .deleteFrom('captcha')
    .where('captcha_key', '=', key)
    .returning(['answer', 'expires_at'])
    .executeTakeFirst();
  return !!row && row.expires_at >= now && row.answer === answer.trim().toLowerCase();
}
