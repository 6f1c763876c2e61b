#!/usr/bin/env node
/**
 * Another program's view of 工会财务云: sign in, sign every call, post a balanced voucher and read the
 * trial balance of its month — with nothing but the documented API (the OpenAPI document at
 * /api/docs/json and the README's "Signing calls"), Node 20's fetch and node:crypto.
 *
 *   node examples/post-voucher.mjs --base-url http://localhost:8080 --login kuaiji --password Kuaiji@123 \
 *     --set 示范市第一机械厂工会 --year 2026 [--month 4] [--amount 1234.56] [--debit 101] [--credit 401]
 *
 * Every option may come from the environment instead: UFC_BASE_URL, UFC_LOGIN, UFC_PASSWORD, UFC_SET
 * (the ledger set's name or id), UFC_YEAR, UFC_MONTH (default: the set's current accounting month),
 * UFC_AMOUNT (yuan, at most two decimals; default 1234.56), UFC_DEBIT and UFC_CREDIT (subject codes,
 * default 101 库存现金 and 401 会费收入 of the union chart). The captcha: a program cannot read its image. Against a
 * server started with CAPTCHA=off none is asked; otherwise the image is saved to a file and its
 * answer read from the terminal.
 *
 * Amounts go and come as yuan. Exits 0 when the voucher was saved and the trial balance balances.
 */
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: Object.fromEntries(
    ['base-url', 'login', 'password', 'set', 'year', 'month', 'amount', 'debit', 'credit'].map((name) => [
      name,
      { type: 'string' },
    ]),
  ),
});
const option = (name, fallback) => {
  const value = args[name] ?? process.env[`UFC_${name.toUpperCase().replace('-', '_')}`] ?? fallback;
  if (value === undefined) throw new Error(`missing --${name} (or UFC_${name.toUpperCase().replace('-', '_')})`);
  return value;
};

/** Where the server is, and the session (token and signKey from logOn). */
let base = '';
let session = null;

/** authEncryptKey: HMAC-SHA256 (key: signKey) over method, path and the sorted parameters (README "Signing calls"). */
function sign(signKey, method, pathname, params, timestamp, nonce) {
  const pairs = { ...params, timestamp, nonce };
  delete pairs.authEncryptKey;
  const third = Object.keys(pairs)
    .filter((key) => pairs[key] !== undefined)
    .sort()
    .map((key) => `${key}=${typeof pairs[key] === 'string' ? pairs[key] : JSON.stringify(pairs[key])}`)
    .join('&');
  return createHmac('sha256', signKey).update(`${method}\n${pathname}\n${third}`).digest('hex');
}

/** One call: the query (GET) or JSON body (POST), signed once signed in; the envelope's data, or a thrown refusal. */
async function call(method, pathname, params = {}) {
  const url = new URL(pathname, base);
  let signed = params;
  let body;
  if (method === 'GET') {
    signed = {};
    for (const [key, value] of Object.entries(params)) {
      signed[key] = String(value);
      url.searchParams.set(key, signed[key]);
    }
  } else {
    body = JSON.stringify(params);
  }
  const headers = { 'content-type': 'application/json' };
  if (session) {
    const timestamp = String(Date.now());
    const nonce = randomBytes(16).toString('hex');
    Object.assign(headers, {
      token: session.token,
      timestamp,
      nonce,
      authEncryptKey: sign(session.signKey, method, url.pathname, signed, timestamp, nonce),
    });
  }
  const response = await fetch(url, { method, headers, body });
  const answer = await response.json();
  if (!answer.success) throw new Error(`${method} ${pathname}: ${answer.errorCode} ${answer.errorMsg}`);
  return answer.data;
}

/** The captcha's key and answer: none when the server has it off, else the image saved and its answer typed. */
async function captcha() {
  if (!(await call('GET', '/api/config')).captcha) return { captcha: '', captchaKey: '' };
  const response = await fetch(new URL('/api/auth/getValidateCode', base));
  const file = path.join(os.tmpdir(), 'ufc-captcha.svg');
  fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await terminal.question(`验证码图片: ${file}\n请输入验证码: `);
  terminal.close();
  return { captcha: answer.trim(), captchaKey: response.headers.get('x-captcha-key') ?? '' };
}

const yuan = (value) => Number(value).toFixed(2);

async function main() {
  base = option('base-url', 'http://localhost:8080');
  const year = Number(option('year'));
  const amount = option('amount', '1234.56');

  session = await call('POST', '/api/auth/logOn', {
    loginName: option('login'),
    password: option('password'),
    ...(await captcha()),
  });
  if (session.passwordExpired) throw new Error('the password must be changed first (POST /api/user/updatePassword)');

  const wanted = option('set');
  const sets = await call('GET', '/userCenter/api/ztInfo/elect');
  const set = sets.find((s) => s.name === wanted || String(s.id) === wanted);
  if (!set) throw new Error(`no ledger set ${wanted} for this user`);
  await call('POST', '/api/auth/setUserZtLevel', { ztId: set.id, year });
  console.log(`账套 ${set.name} ${year} 年`);

  // The month asked for, else the set's current accounting month (the first one not closed).
  const month = Number(option('month', String((await call('GET', '/account/api/certificate/sysInfo')).accountMonth)));
  const period = `${year}-${String(month).padStart(2, '0')}`;

  // The recommended date and category of a new voucher of the month.
  const blank = await call('GET', '/account/api/certificate/emptyCertificate', { year, month });
  const summary = '示例脚本：收会费';
  const voucher = await call('POST', '/account/api/certificate', {
    year,
    month,
    pzDate: blank.pzDate,
    certificateType: blank.certificateType,
    numberOfDocument: 0,
    certiDetails: [
      { summary, subjectCode: option('debit', '101'), debitAmount: amount, creditAmount: null },
      { summary, subjectCode: option('credit', '401'), debitAmount: null, creditAmount: amount },
    ],
  });
  console.log(
    `凭证 ${voucher.entry}-${String(voucher.pzNo).padStart(4, '0')} ${voucher.pzDate} 借 ${yuan(voucher.debitTotal)} 贷 ${yuan(voucher.creditTotal)}`,
  );

  const trial = await call('GET', '/account/api/report/trialBalance', { beginTime: period, endTime: period });
  console.log(`科目余额表 ${period}（元）`);
  for (const row of trial.rows.filter((r) => r.debitOccur !== 0 || r.creditOccur !== 0)) {
    console.log(`${row.code} ${row.codeName} 借方发生 ${yuan(row.debitOccur)} 贷方发生 ${yuan(row.creditOccur)}`);
  }
  const { financial } = trial;
  console.log(
    `合计 借方发生 ${yuan(financial.debitOccur)} 贷方发生 ${yuan(financial.creditOccur)} ${financial.balanced ? '平衡' : '不平衡'}`,
  );
  await call('POST', '/api/auth/logOut');
  if (!financial.balanced) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
