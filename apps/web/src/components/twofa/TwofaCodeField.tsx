import { TWOFA_MESSAGES } from '@platform/contracts';
import { Form, Input, type InputRef } from 'antd';
import type { Rule } from 'antd/es/form';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { contractText, i18n } from '../../i18n/index.ts';
import { normaliseCode } from '../../lib/twofa.ts';

/** The rules of a code field: 6 digits from the app, or (with `recovery`) one of the recovery codes. */
export function codeRules(recovery = false): Rule[] {
  if (recovery) {
    return [
      {
        validator: (_, value: string | undefined) => {
          const code = normaliseCode(value);
          if (!code) return Promise.reject(new Error(i18n.t('common:twofa.recoveryRequired')));
          return /^[0-9A-Za-z-]{1,32}$/.test(code)
            ? Promise.resolve()
            : Promise.reject(new Error(contractText(TWOFA_MESSAGES.wrong)));
        },
      },
    ];
  }
  return [
    {
      validator: (_, value: string | undefined) => {
        const code = normaliseCode(value);
        if (!code) return Promise.reject(new Error(contractText(TWOFA_MESSAGES.required)));
        return /^\d{6}$/.test(code)
          ? Promise.resolve()
          : Promise.reject(new Error(i18n.t('common:twofa.sixDigits')));
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
  label,
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
  const { t } = useTranslation('common');
  return (
    <Form.Item
      name={name}
      label={label ?? t('twofa.code')}
      rules={codeRules(recovery)}
      extra={extra}
      validateFirst
    >
      {recovery ? (
        <Input
          ref={inputRef}
          autoFocus={autoFocus}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={40}
          placeholder={t('twofa.recoveryCode')}
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
          placeholder={t('twofa.sixDigitsPlaceholder')}
          style={{ fontFamily: 'monospace', fontSize: 18 }}
          data-testid={testId}
        />
      )}
    </Form.Item>
  );
}
