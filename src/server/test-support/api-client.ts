/** A small signed HTTP client for API tests and benchmarks, speaking the same contract as the browser. */
import { randomBytes } from 'node:crypto';
import { CAPTCHA_KEY_HEADER, Paths } from '../../shared/api/paths.js';
import type { LogOnResponse } from '../../shared/api/auth.js';
import type { Envelope } from '../../shared/envelope.js';
import { queryParams, sign } from '../../shared/signature.js';
import type { Db } from '../db/database.js';

export interface Answer<T = unknown> {
  status: number;
  body: Envelope<T>;
  headers: Headers;
}

export interface SignOptions {
  timestamp?: string;
  nonce?: string;
  signature?: string;
  omit?: ('token' | 'timestamp' | 'nonce' | 'authEncryptKey')[];
}

export class ApiClient {
  token = '';
  signKey = '';

  constructor(readonly baseUrl: string) {}

  /** The session headers for a call of `method` on `url`, signed over its method, path and parameters. */
  headers(method: string, url: URL, params: Record<string, unknown>, options: SignOptions = {}): Record<string, string> {
    const timestamp = options.timestamp ?? String(Date.now());
    const nonce = options.nonce ?? randomBytes(16).toString('hex');
    const all: Record<string, string> = {
      token: this.token,
      authorization: `Bearer ${this.token}`,
      timestamp,
      nonce,
      authEncryptKey: options.signature ?? sign(this.signKey, { method, path: url.pathname, params, timestamp, nonce }),
    };
    for (const key of options.omit ?? []) {
      delete all[key];
      if (key === 'token') delete all.authorization;
    }
    return this.token ? all : {};
  }

  async get<T = unknown>(path: string, params: Record<string, unknown> = {}, options: SignOptions = {}): Promise<Answer<T>> {
    const query = queryParams(params);
    const url = new URL(path, this.baseUrl);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const response = await fetch(url, { headers: this.headers('GET', url, query, options) });
    return { status: response.status, body: (await response.json()) as Envelope<T>, headers: response.headers };
  }

  async post<T = unknown>(path: string, body: Record<string, unknown> = {}, options: SignOptions = {}): Promise<Answer<T>> {
    const url = new URL(path, this.baseUrl);
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...this.headers('POST', url, body, options) },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Envelope<T>, headers: response.headers };
  }

  /**
   * A signed request sent exactly as given: query pairs (a key may repeat), and a body text of
   * any content type (which JSON.stringify may not be able to write, e.g. nested 20,000 deep).
   * It is signed over what the server reads: the query (a repeated key as the list of its
   * values) for GET and DELETE, otherwise `signed` (the body's fields). The answer's text is
   * kept whole, so a test can look at what is not an envelope.
   */
  async raw(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    request: { query?: [string, string][]; text?: string; contentType?: string; signed?: Record<string, unknown> } = {},
  ): Promise<{ status: number; text: string; headers: Headers }> {
    const url = new URL(path, this.baseUrl);
    const query: Record<string, string | string[]> = {};
    for (const [k, v] of request.query ?? []) {
      url.searchParams.append(k, v);
      const seen = query[k];
      query[k] = seen === undefined ? v : Array.isArray(seen) ? [...seen, v] : [seen, v];
    }
    const signed = method === 'GET' || method === 'DELETE' ? query : (request.signed ?? {});
    const headers: Record<string, string> = this.headers(method, url, signed, {});
    if (request.contentType !== undefined) headers['content-type'] = request.contentType;
    const response = await fetch(url, { method, headers, body: request.text });
    return { status: response.status, text: await response.text(), headers: response.headers };
  }

  async delete<T = unknown>(path: string, params: Record<string, unknown> = {}, options: SignOptions = {}): Promise<Answer<T>> {
    const query = queryParams(params);
    const url = new URL(path, this.baseUrl);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const response = await fetch(url, { method: 'DELETE', headers: this.headers('DELETE', url, query, options) });
    return { status: response.status, body: (await response.json()) as Envelope<T>, headers: response.headers };
  }

  /**
   * A signed GET whose answer is a file: the raw bytes and headers. A redirect is answered as it is,
   * not followed: the signature names the path, so the same headers are no good for another.
   */
  async download(
    path: string,
    params: Record<string, unknown> = {},
  ): Promise<{ status: number; headers: Headers; bytes: Uint8Array }> {
    const query = queryParams(params);
    const url = new URL(path, this.baseUrl);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const response = await fetch(url, { headers: this.headers('GET', url, query), redirect: 'manual' });
    return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
  }

  /** A signed POST whose answer is a file (POST-file calls such as ExportZtInfoListAsync): the raw bytes and headers. */
  async postForFile(
    path: string,
    body: Record<string, unknown> = {},
  ): Promise<{ status: number; headers: Headers; bytes: Uint8Array }> {
    const url = new URL(path, this.baseUrl);
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...this.headers('POST', url, body, {}) },
      body: JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
  }

  /** Multipart upload of one file (field `file`) and text fields; the signature covers no parameters. */
  async upload<T = unknown>(
    path: string,
    file: { name: string; content: Uint8Array },
    fields: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(file.content)]), file.name);
    const url = new URL(path, this.baseUrl);
    const response = await fetch(url, { method: 'POST', headers: this.headers('POST', url, {}), body: form });
    return { status: response.status, body: (await response.json()) as Envelope<T>, headers: response.headers };
  }

  /** Multipart upload of a prepared form (several files, fields in any order); the signature covers no parameters. */
  async uploadForm<T = unknown>(path: string, form: FormData): Promise<Answer<T>> {
    const url = new URL(path, this.baseUrl);
    const response = await fetch(url, { method: 'POST', headers: this.headers('POST', url, {}), body: form });
    return { status: response.status, body: (await response.json()) as Envelope<T>, headers: response.headers };
  }

  /** Fetches a captcha and reads its answer from the real database, as a person reads the image. */
  async captcha(db: Db): Promise<{ key: string; answer: string }> {
    const response = await fetch(new URL(Paths.getValidateCode, this.baseUrl));
    await response.text();
    const key = response.headers.get(CAPTCHA_KEY_HEADER) ?? '';
    const row = await db.kysely.selectFrom('captcha').select('answer').where('captcha_key', '=', key).executeTakeFirstOrThrow();
    return { key, answer: row.answer };
  }

  async logOn(db: Db | null, loginName: string, password: string): Promise<Answer<LogOnResponse>> {
    const captcha = db ? await this.captcha(db) : { key: '', answer: '' };
    const saved = this.token;
    this.token = '';
    const answer = await this.post<LogOnResponse>(Paths.logOn, {
      loginName,
      password,
      captcha: captcha.answer,
      captchaKey: captcha.key,
    });
    this.token = saved;
    if (answer.body.success) {
      this.token = answer.body.data.token;
      this.signKey = answer.body.data.signKey;
    }
    return answer;
  }

  /** Logs in and opens the named ledger set (by name) for the year. */
  async openSet(db: Db, loginName: string, password: string, setName: string, year = 2026): Promise<number> {
    const login = await this.logOn(db, loginName, password);
    if (!login.body.success) throw new Error(`login failed: ${login.body.errorMsg}`);
    const elect = await this.get<{ id: number; name: string }[]>(Paths.ztElect);
    const set = elect.body.data.find((z) => z.name === setName);
    if (!set) throw new Error(`${loginName} cannot open ${setName}`);
    const chosen = await this.post(Paths.setUserZtLevel, { ztId: set.id, year });
    if (!chosen.body.success) throw new Error(`setUserZtLevel failed: ${chosen.body.errorMsg}`);
    return set.id;
  }
}
