import { describe, expect, it } from 'vitest';
import { newPassword } from './auth.ts';
import { PASSWORD_MESSAGES, passwordProblem } from './password-policy.ts';

describe('password policy (issue 33)', () => {
  it('refuses short, letter-only, digit-only and common passwords with Chinese messages', () => {
    expect(passwordProblem('123456')).toBe(PASSWORD_MESSAGES.tooShort);
    expect(passwordProblem('a1b2c3')).toBe(PASSWORD_MESSAGES.tooShort);
    expect(passwordProblem('12345678')).toBe(PASSWORD_MESSAGES.lettersAndDigits);
    expect(passwordProblem('abcdefgh')).toBe(PASSWORD_MESSAGES.lettersAndDigits);
    expect(passwordProblem('        ')).toBe(PASSWORD_MESSAGES.allSpaces);
    expect(passwordProblem('password1')).toBe(PASSWORD_MESSAGES.common);
    expect(passwordProblem('Password1')).toBe(PASSWORD_MESSAGES.common);
    expect(passwordProblem('secret123')).toBe(PASSWORD_MESSAGES.common);
    expect(passwordProblem('pa$$w0rd')).toBe(PASSWORD_MESSAGES.common);
    expect(passwordProblem(`a1${'x'.repeat(127)}`)).toBe(PASSWORD_MESSAGES.tooLong);
  });

  it('accepts 8+ characters with letters and digits that are not common, the demo password among them', () => {
    expect(passwordProblem('demo123456')).toBeNull();
    expect(passwordProblem('Tr4de-safe')).toBeNull();
    expect(passwordProblem('交易密码abc9')).toBeNull();
  });

  it('is the rule of the contracts a new password goes through', () => {
    expect(newPassword.safeParse('demo123456').success).toBe(true);
    const refused = newPassword.safeParse('123456');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(PASSWORD_MESSAGES.tooShort);
    expect(newPassword.safeParse('password1').error?.issues[0]?.message).toBe(PASSWORD_MESSAGES.common);
  });
});
