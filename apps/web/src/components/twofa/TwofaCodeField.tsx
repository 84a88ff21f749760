import { TWOFA_MESSAGES } from '@platform/contracts';
import { Form, Input, type InputRef } from 'antd';
import type { Rule } from 'antd/es/form';
import type { Ref } from 'react';
import { normaliseCode } from '../../lib/twofa.ts';

export const SIX_DIGITS_MESSAGE = '请输入6位数字验证码';
export const RECOVERY_CODE_MESSAGE = '请输入恢复码';

/** The rules of a code field: 6 digits from the app, or (with `recovery`) one of the recovery codes. */
export function codeRules(recovery = false): Rule[] {
  if (recovery) {
    return [
      {
        validator: (_, value: string | undefined) => {
          const code = normaliseCode(value);
          if (!code) return Promise.reject(new Error(RECOVERY_CODE_MESSAGE));
          return /^[0-9A-Za-z-]{1,32}$/.test(code)
            ? Promise.resolve()
            : Promise.reject(new Error(TWOFA_MESSAGES.wrong));
        },
      },
    ];
  }
  return [
    {
      validator: (_, value: string | undefined) => {
        const code = normaliseCode(value);
        if (!code) return Promise.reject(new Error(TWOFA_MESSAGES.required));
        return /^\d{6}$/.test(code) ? Promise.resolve() : Promise.reject(new Error(SIX_DIGITS_MESSAGE));
      },
    },
  ];
}

/**
 * A Form.Item for the second factor: a large, spaced, numeric input the phone fills from the
 * authenticator (one-time-code), or a plain text input for a recovery code.
 */
export function TwofaCodeField({
  name,
  label = '两步验证码',
  recovery = false,
  testId,
  extra,
  inputRef,
  autoFocus,
}: {
  name: string;
  label?: string;
  recovery?: boolean;
  testId: string;
  extra?: string;
  inputRef?: Ref<InputRef>;
  autoFocus?: boolean;
}) {
  return (
    <Form.Item name={name} label={label} rules={codeRules(recovery)} extra={extra} validateFirst>
      {recovery ? (
        <Input
          ref={inputRef}
          autoFocus={autoFocus}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={40}
          placeholder="恢复码"
          style={{ fontFamily: 'monospace' }}
          data-testid={testId}
        />
      ) : (
        <Input
          ref={inputRef}
          autoFocus={autoFocus}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          placeholder="6位数字验证码"
          style={{ fontFamily: 'monospace', fontSize: 18 }}
          data-testid={testId}
        />
      )}
    </Form.Item>
  );
}
