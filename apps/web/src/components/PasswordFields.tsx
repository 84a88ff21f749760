import { LockOutlined } from '@ant-design/icons';
import { passwordProblem } from '@platform/contracts';
import type { FormRule } from 'antd';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The password policy (packages/contracts password-policy.ts) as a form rule: the server's words,
 * before anything is sent. An empty value is left to the `required` rule.
 */
export const passwordPolicyRule: FormRule = {
  validator: async (_rule, value: unknown) => {
    const problem = typeof value === 'string' && value !== '' ? passwordProblem(value) : null;
    if (problem) throw new Error(problem);
  },
};

interface NewPasswordFieldsProps {
  /** The form field of the new password; the confirmation is `confirm`. */
  name?: string;
  label?: string;
  confirmLabel?: string;
  /** A field the new password must differ from (the current password of a change). */
  differentFrom?: string;
}

/**
 * A new password and its confirmation, under the password policy with its hint: registration's
 * rules for every form that sets a password (change, reset, the back office's 修改密码).
 */
export function NewPasswordFields({
  name = 'newPassword',
  label: givenLabel,
  confirmLabel,
  differentFrom,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const label = givenLabel ?? t('password.newPassword');
  return (
    <>
      <Form.Item
        label={label}
        name={name}
        dependencies={differentFrom ? [differentFrom] : []}
        hasFeedback
        extra={t('password.hint')}
        rules={[
          { required: true, message: t('password.required', { field: label }) },
          passwordPolicyRule,
          ({ getFieldValue }) => ({
            validator: async (_rule, value: unknown) => {
              if (differentFrom && value && value === getFieldValue(differentFrom))
                throw new Error(t('password.sameAsOld'));
            },
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid="new-password" />
      </Form.Item>
      <Form.Item
        label={confirmLabel ?? t('password.confirmNewPassword')}
        name="confirm"
        dependencies={[name]}
        hasFeedback
        rules={[
          { required: true, message: t('password.enterAgain', { field: label }) },
          ({ getFieldValue }) => ({
            validator: async (_rule, value: unknown) => {
              if (value && value !== getFieldValue(name)) throw new Error(t('password.differ'));
            },
          }),
        ]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="new-password"
          data-testid="confirm-password"
        />
      </Form.Item>
    </>
  );
}

/** What PasswordChangeFields collect. */
export interface PasswordChangeValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/** 修改密码's fields: the current password, then a new one (not the same) twice. */
export function PasswordChangeFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        label={t('password.oldPassword')}
        name="oldPassword"
        rules={[{ required: true, message: t('password.oldPasswordRequired') }]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="current-password"
          data-testid="old-password"
        />
      </Form.Item>
      <NewPasswordFields differentFrom="oldPassword" />
    </>
  );
}
