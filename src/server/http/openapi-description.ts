/**
 * The prose of the OpenAPI document (its info.description, Markdown): what every call shares and
 * no route's schema says — the envelope and the HTTP statuses, the conventions on the wire, the
 * sign-in flow, the signature with a worked example, and the error catalogue.
 *
 * Facts are taken from where they are kept, not copied: paths from Paths, the error codes from
 * src/shared/error-codes.ts (openapi-error-catalogue.ts), the signature of the worked example
 * computed by src/shared/signature.ts. The conventions repeat, in prose, what the building blocks
 * of src/shared/api/schemas/common.ts declare; each field's schema says it again.
 */
import { CAPTCHA_KEY_HEADER, MODULE_BASES, Paths, REQUEST_ID_HEADER } from '../../shared/api/paths.js';
import { canonicalString, requestPath, sign, SIGNATURE_MAX_SKEW_MS, type SignedCall } from '../../shared/signature.js';
import { errorCatalogueMarkdown } from './openapi-error-catalogue.js';

/**
 * The worked example of the README's "Signing calls": its inputs. The canonical string and the
 * signature are computed from them (and a test checks both against the README).
 */
export const SIGNING_EXAMPLE = {
  signKey: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
  method: 'GET',
  url: '/account/api/subject?ztId=2&year=2026',
  timestamp: '1795240800000',
  nonce: '9f86d081884c7d65',
} as const;

/** The example as the signature sees it. */
export function signingExampleCall(): SignedCall {
  const url = new URL(SIGNING_EXAMPLE.url, 'http://localhost');
  return {
    method: SIGNING_EXAMPLE.method,
    path: requestPath(SIGNING_EXAMPLE.url),
    params: Object.fromEntries(url.searchParams),
    timestamp: SIGNING_EXAMPLE.timestamp,
    nonce: SIGNING_EXAMPLE.nonce,
  };
}

const minutes = (ms: number) => ms / 60_000;
const bases = MODULE_BASES.filter((b) => b !== '')
  .map((b) => `\`${b}\``)
  .join(', ');

function overview(): string {
  return `Every call of 工会财务云 (union finance cloud), generated from the schemas the server validates with:
what a call is given (path, query, body) and what it answers. Calls live under the spec's module bases: the root
(\`/api/…\`) and ${bases} (\`/account/api/…\` and so on). GET and DELETE take their parameters in the query (one value
per key; a list comma-joined), POST takes a JSON body. The client's own common parameters (\`originUrl\`, \`version\`,
\`timestamp\`) are accepted and not needed.

Each operation carries \`x-access\` (public, password, session, zt, admin: see *Access and rights*) and \`x-right\`
(the page or button of the menu catalogue it needs).`;
}

function envelope(): string {
  return `## The envelope, and what a refusal looks like

Every JSON answer is one envelope:

\`\`\`json
{ "success": true, "message": "操作成功", "data": { }, "errorCode": null, "errorMsg": null }
\`\`\`

- **success**: \`true\` when the call did what it was asked; then \`errorCode\` and \`errorMsg\` are \`null\` and
  \`data\` is the call's answer (a list answers \`{ "currentPageItems": [...], "totalItemCount": n }\` where it pages).
- **A business refusal answers HTTP 200** with \`success: false\`, \`errorCode\` from the catalogue below and
  \`errorMsg\` (= \`message\`) in Chinese: the call changed nothing. Check \`success\`, not the HTTP status.
- **A malformed request answers HTTP 400 with errorCode 4000**: a body that is no JSON or nested deeper than 64, a
  query parameter sent twice, a parameter of the wrong type or outside its rule. \`errorMsg\` names the field and the
  rule, e.g. \`请求参数有误: 参数year：年份须为四位数字\`. Nothing ran.
- **A failed validation answers HTTP 400 with errorCode 4003**: \`data\` is the list of messages
  \`[{ "message": "…", "rowId": 2, "fieldId": "debitAmount" }]\` (row and field where known, e.g. a voucher line).
- An unknown API path answers HTTP 404 with errorCode 404; an unexpected failure HTTP 500 with errorCode 500 and no
  internals. Every answer carries \`${REQUEST_ID_HEADER}\` (send your own, 8–64 letters, digits, \`-\` or \`_\`, to find
  a call in the server's log).
- Downloads (workbooks, PDFs, backups) answer the file's bytes; their refusals are the envelope, as JSON.

Only the success answer is declared as each operation's 200 answer; the refusals are the \`Refusal\` schema.`;
}

function conventions(): string {
  return `## Conventions on the wire

- **Amounts are yuan with at most two decimals.** A request sends a number (\`1234.5\`) or a numeric string
  (\`"1234.50"\`); an answer sends a number, the exact two-decimal yuan. More decimals are refused (400, 4000,
  \`金额最多两位小数\`), never rounded. Inside, the server keeps integer fen. Request amounts carry \`x-yuan\`;
  every amount's description says 元.
- **Directions**: \`1\` 借 (debit), \`2\` 贷 (credit); \`0\` 平 where a balance is zero. A balance is positive in its
  subject's direction.
- **Periods**: a year is four digits, a month 1–12, a period \`yyyy-MM\`, a date \`yyyy-MM-dd\`.
- **Ids**: records are named by their \`id\` (a string); a voucher is changed by \`id\` and the \`revision\` last seen
  (4012 when someone changed it since).
- **Ledger set**: every ledger call works on the set chosen with \`setUserZtLevel\`; naming another (\`ztId\` in
  query or body, or in the path) is refused with 4005.
- \`x-message\` on a field is the Chinese rule a refused value is told.`;
}

function signIn(): string {
  return `## Signing in

1. \`GET ${Paths.getValidateCode}\`: the captcha image (SVG); its key is in the \`${CAPTCHA_KEY_HEADER}\` header. A
   server started with \`CAPTCHA=off\` (for automation; \`GET ${Paths.config}\` answers \`captcha: false\`) needs none.
2. \`POST ${Paths.logOn}\` with \`{ "loginName", "password", "captcha", "captchaKey" }\` answers \`token\` and
   \`signKey\` (64 hex characters: the key of every signature in this session), and \`passwordExpired\`: when true,
   only \`${Paths.updatePassword}\`, \`${Paths.getInfo}\` and \`${Paths.logOut}\` are allowed until the password is
   changed (4022).
3. \`GET ${Paths.ztElect}\` lists the ledger sets the user may open, with their years.
4. \`POST ${Paths.setUserZtLevel}\` with \`{ "ztId", "year" }\` fixes the session's ledger set and year; the ledger
   calls (\`x-access: zt\`) work on it.
5. \`POST ${Paths.logOut}\` ends the session. A session also ends when unused for a while, at its lifetime, or when
   the same account signs in elsewhere (4007): give a program an account of its own.`;
}

function signing(): string {
  const call = signingExampleCall();
  const lines = canonicalString(call).split('\n');
  const signature = sign(SIGNING_EXAMPLE.signKey, call);
  return `## Signing calls

Every call except the public ones (\`x-access: public\`: the captcha, \`logOn\`, \`${Paths.config}\`) sends four
headers (the security schemes of this document):

- \`token\`: the session token (also accepted as \`Authorization: Bearer <token>\`);
- \`timestamp\`: milliseconds since the epoch; refused (4021) when more than ${minutes(SIGNATURE_MAX_SKEW_MS)} minutes
  off the server's clock;
- \`nonce\`: 8–64 random characters, never used twice (4021);
- \`authEncryptKey\`: lower-case hex HMAC-SHA256, keyed with the UTF-8 bytes of \`signKey\`, over the canonical string.

The canonical string is three lines joined by \`\\n\` (no newline at the end):

1. the HTTP method in upper case;
2. the path as it goes on the wire, without the query, module base included and percent-encoded as sent (what
   \`new URL(url).pathname\` writes);
3. the parameters — the query for GET and DELETE (the strings sent), the top-level body fields for POST — without
   undefined values and without keys named \`timestamp\`, \`nonce\` or \`authEncryptKey\`, plus \`timestamp\` and
   \`nonce\` from the headers; each written \`key=value\` (a string as it is, anything else \`JSON.stringify\`-ed),
   sorted by key (code-unit order) and joined with \`&\`.

A signature is good for one method on one path: a captured GET is refused (4020) as a DELETE or on another path.

**Worked example.** \`signKey\` = \`${SIGNING_EXAMPLE.signKey}\`, \`${SIGNING_EXAMPLE.method} ${SIGNING_EXAMPLE.url}\`,
\`timestamp: ${SIGNING_EXAMPLE.timestamp}\`, \`nonce: ${SIGNING_EXAMPLE.nonce}\`. The canonical string:

\`\`\`
${lines.join('\n')}
\`\`\`

and \`authEncryptKey\` = \`${signature}\`, as openssl computes it:

\`\`\`sh
printf '${lines[0] ?? ''}\\n${lines[1] ?? ''}\\n%s' '${lines[2] ?? ''}' \\
  | openssl dgst -sha256 -hmac ${SIGNING_EXAMPLE.signKey}
\`\`\`

In Node:

\`\`\`js
const pairs = { ...params, timestamp, nonce };
const third = Object.keys(pairs).filter((k) => pairs[k] !== undefined).sort()
  .map((k) => \`\${k}=\${typeof pairs[k] === 'string' ? pairs[k] : JSON.stringify(pairs[k])}\`).join('&');
const authEncryptKey = createHmac('sha256', signKey).update(\`\${method}\\n\${path}\\n\${third}\`).digest('hex');
\`\`\`

(\`params\` without any own \`timestamp\`, \`nonce\` or \`authEncryptKey\` field.)`;
}

function access(): string {
  return `## Access and rights

\`x-access\` says who may call: \`public\` anyone; \`password\` a signed session, even one that must change its password
first; \`session\` a signed session; \`zt\` a signed session that has chosen a ledger set and year (enabled, unexpired,
granted); \`admin\` an administrator. \`x-right\` names what the user's role must hold beyond that: \`none\`, any of
\`pages\` (a read) or any of \`buttons\` (a write), as the menus and buttons of the product show them. Without it the
call is refused with 4005 before it runs.`;
}

function thisDocument(): string {
  return `## This document

\`GET ${Paths.apiDocsJson}\` (a signed administrator's call) answers it as JSON; \`${Paths.apiDocs}\` shows it in a
browser, opened from the product's API文档 entry (which first calls \`POST ${Paths.apiDocsSession}\` for a short-lived
cookie). The calls cannot be tried from the page: they must be signed.`;
}

/** The whole description, Markdown. */
export function apiDescription(): string {
  return [overview(), envelope(), conventions(), signIn(), signing(), access(), errorCatalogueMarkdown(), thisDocument()].join(
    '\n\n',
  );
}
