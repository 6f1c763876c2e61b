import { describe, expect, it } from 'vitest';
import { passwordChangeProblem } from './password-rules.js';

describe('change-password checks', () => {
  it('applies the shared rule: 8–32 characters with three classes, without the login name', () => {
    expect(passwordChangeProblem('old', 'Ab1!', 'Ab1!')).toBe('密码长度应为8-32位');
    expect(passwordChangeProblem('old', `Aa1${'x'.repeat(30)}`, '')).toBe('密码长度应为8-32位');
    expect(passwordChangeProblem('old', 'abcdefgh1', 'abcdefgh1')).toBe('密码须包含大写字母、小写字母、数字、符号中的至少三类');
    expect(passwordChangeProblem('old', 'Kuaiji@2026', 'Kuaiji@2026', 'kuaiji')).toBe('密码不能包含登录名');
    expect(passwordChangeProblem('old', 'abcdefg1!', 'abcdefg1!')).toBeNull();
    expect(passwordChangeProblem('old', 'Abcdefgh1', 'Abcdefgh1')).toBeNull();
  });

  it('checks the old password, sameness and confirmation', () => {
    expect(passwordChangeProblem('', 'Abcdefgh1', 'Abcdefgh1')).toBe('请输入原密码');
    expect(passwordChangeProblem('old', '', '')).toBe('请输入新密码');
    expect(passwordChangeProblem('Abcdefgh1', 'Abcdefgh1', 'Abcdefgh1')).toBe('新密码不能与原密码相同');
    expect(passwordChangeProblem('old', 'Abcdefgh1', 'Abcdefgh2')).toBe('两次输入的新密码不一致');
  });
});
