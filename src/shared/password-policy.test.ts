import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password-policy.js';

describe('password rule', () => {
  it('accepts 8-32 characters of three classes, not containing the login name', () => {
    expect(passwordProblem('Kuaiji@123')).toBeNull();
    expect(passwordProblem('Short@1')).toBe('密码长度应为8-32位');
    expect(passwordProblem('alllowercase1')).toBe('密码须包含大写字母、小写字母、数字、符号中的至少三类');
    expect(passwordProblem('Kuaiji@2026', 'kuaiji')).toBe('密码不能包含登录名');
  });
});
