/**
 * The error catalogue as the OpenAPI document tells it to other programs: every code of
 * src/shared/error-codes.ts with its HTTP status, what it means and what a program should do. The
 * codes, statuses and meanings come from that file; what to do follows from how the product's own
 * client reacts to the code, said more precisely where a program can do something particular.
 */
import { ErrorCodes, type ClientReaction, type ErrorCodeInfo, type ErrorName } from '../../shared/error-codes.js';

/** What to do, by the product client's reaction to the code. */
const BY_REACTION: Record<ClientReaction, string> = {
  confirm: 'Nothing changed. Show or log errorMsg; correct the request or the data before trying again.',
  list: 'Nothing changed. Each entry of data is a message (rowId and fieldId name the row and field where known): correct them and send again.',
  logout: 'The session is over: sign in again (logOn, setUserZtLevel) and repeat the call.',
  home: "Not allowed to this user, call or ledger set: do not retry. Ask an administrator for the right, or work in the session's ledger set.",
  'logout-silent': 'The session has been ended and cannot go on: sign in again; if refused again, ask an administrator.',
  close: 'Follow the period close through (the close page of the product).',
  key: 'The hardware key is missing or not the bound one: only a user at a machine with the key can go on.',
};

/** Where a program can do something more particular than the client's reaction says. */
const BY_CODE: Partial<Record<ErrorName, string>> = {
  BadRequest: 'Fix the request: errorMsg names the field and the rule (参数year：年份须为四位数字). Never retry it unchanged.',
  LoginFailed: 'Check the login name and password. Failures count towards the lock (4006).',
  CaptchaInvalid: 'Fetch a new captcha (getValidateCode) and log on again with its key and answer.',
  LoginLocked: 'Wait for the cool-down (LOGIN_LOCK_SECONDS after the last failure, 15 minutes by default) before trying again.',
  TokenInvalid:
    'Missing, unknown, logged out, idle or past its lifetime: sign in again (logOn, setUserZtLevel) and repeat the call.',
  SessionReplaced: 'The same account signed in elsewhere (one session per account): give each program an account of its own.',
  AccountDisabled: 'The account is disabled and its sessions are ended: ask an administrator.',
  Conflict: 'Read the record again (its current revision) and decide on what is there now before repeating the change.',
  LedgerSetExpired: 'The ledger set is disabled or past its expiry: choose another (setUserZtLevel) or ask an administrator.',
  PeriodClosed: 'The month is closed: write to an open month, or have it reopened (反结账) first.',
  NotFound: "The id names nothing in the session's ledger set: read the list again.",
  BackupRotationNeeded: 'Repeat with rotate: true once it is agreed that the oldest backup (named in data) goes.',
  SignatureInvalid:
    "Rebuild the canonical string: method, the path as sent with its module base, the parameters exactly as sent; sign with this session's signKey.",
  ReplayRefused: 'Use the current time (check the clock) and a fresh nonce for every call, then repeat.',
  PasswordChangeRequired: 'Change the password (POST /api/user/updatePassword) before any other call.',
  NotFoundPath: 'Check the path and its module base (/account/api/…, /userCenter/api/…).',
  ServerError: 'Retry later; give the answer x-request-id to the administrator, who finds the cause in the log.',
};

export interface CatalogueEntry extends ErrorCodeInfo {
  name: ErrorName;
  /** What a program should do. */
  advice: string;
}

export function errorCatalogue(): CatalogueEntry[] {
  return (Object.entries(ErrorCodes) as [ErrorName, ErrorCodeInfo][]).map(([name, info]) => ({
    ...info,
    name,
    advice: BY_CODE[name] ?? BY_REACTION[info.reaction],
  }));
}

const cell = (text: string) => text.replaceAll('|', '\\|');

export function errorCatalogueMarkdown(): string {
  const rows = errorCatalogue().map(
    (e) => `| ${e.code} | ${e.name} | ${e.http} | ${cell(e.meaning)} (默认消息 ${cell(e.message)}) | ${cell(e.advice)} |`,
  );
  return `## Error codes

\`errorCode\` of a refusal (\`success: false\`); \`errorMsg\` may say more than the default message. React to the code,
never to the text.

| errorCode | name | HTTP | meaning | what to do |
| --- | --- | --- | --- | --- |
${rows.join('\n')}`;
}

/** The errorCode field of a refusal, every code with its meaning (components.schemas.ErrorCode). */
export function errorCodeSchema(): object {
  return {
    type: 'integer',
    description: 'the code of a refusal (see Error codes)',
    oneOf: errorCatalogue().map((e) => ({ const: e.code, title: e.name, description: `${e.meaning}. ${e.advice}` })),
  };
}
