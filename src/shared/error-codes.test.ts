import { describe, expect, it } from 'vitest';
import { ErrorCode, ErrorCodes, errorInfo, reactionFor } from './error-codes.js';

describe('error-code catalogue', () => {
  it('has unique codes', () => {
    const codes = Object.values(ErrorCodes).map((e) => e.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('maps the codes of spec section 8 to their client reactions', () => {
    for (const code of [4020, 4021, 4001, 4002, 4006, 4011, 4012, 4014, 4015]) expect(reactionFor(code)).toBe('confirm');
    expect(reactionFor(4003)).toBe('list');
    expect(reactionFor(4004)).toBe('logout');
    expect(reactionFor(4005)).toBe('home');
    for (const code of [4007, 4010, 4013]) expect(reactionFor(code)).toBe('logout-silent');
    expect(reactionFor(4019)).toBe('key');
    expect(reactionFor(9999)).toBe('confirm');
  });

  it('answers validation and bad requests with HTTP 400, unknown paths with 404', () => {
    expect(errorInfo(ErrorCode.ValidationFailed)?.http).toBe(400);
    expect(errorInfo(ErrorCode.BadRequest)?.http).toBe(400);
    expect(errorInfo(ErrorCode.TokenInvalid)?.http).toBe(200);
    expect(errorInfo(404)?.http).toBe(404);
  });
});
