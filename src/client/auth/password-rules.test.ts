import { describe, expect, it } from 'vitest';
import { PASSWORD_RULE_MESSAGE, passwordChangeProblem, passwordClasses } from './password-rules.js';

describe('password rules', () => {
  it('counts character classes', () => {
    expect(passwordClasses('abc')).toBe(1);
    expect(passwordClasses('Abc1')).toBe(3);
    expect(passwordClasses('Abc1!')).toBe(4);
  });

  it('asks for 8–32 characters with three classes', () => {
    expect(passwordChangeProblem('old', 'Ab1!', 'Ab1!')).toBe(PASSWORD_RULE_MESSAGE);
    expect(passwordChangeProblem('old', 'abcdefgh1', 'abcdefgh1')).toBe(PASSWORD_RULE_MESSAGE);
    expect(passwordChangeProblem('old', `Aa1${'x'.repeat(30)}`, '')).toBe(PASSWORD_RULE_MESSAGE);
    expect(passwordChangeProblem('old', 'abcdefg1!', 'abcdefg1!')).toBeNull();
    expect(passwordChangeProblem('old', 'Abcdefgh1', 'Abcdefgh1')).toBeNull();
  });

  it('checks the old password, sameness and confirmation', () => {
    expect(passwordChangeProblem('', 'Abcdefgh1', 'Abcdefgh1')).toBe('请输入原密码');
    expect(passwordChangeProblem('Abcdefgh1', 'Abcdefgh1', 'Abcdefgh1')).toBe('新密码不能与原密码相同');
    expect(passwordChangeProblem('old', 'Abcdefgh1', 'Abcdefgh2')).toBe('两次输入的新密码不一致');
  });
});
