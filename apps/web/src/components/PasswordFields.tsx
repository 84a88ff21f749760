import { LockOutlined } from '@ant-design/icons';
import { PASSWORD_HINT, passwordProblem } from '@platform/contracts';
import type { FormRule } from 'antd';
import { Form, Input } from 'antd';

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
  label = '新密码',
  confirmLabel = '确认新密码',
  differentFrom,
}: NewPasswordFieldsProps) {
  return (
    <>
      <Form.Item
        label={label}
        name={name}
        dependencies={differentFrom ? [differentFrom] : []}
        hasFeedback
        extra={PASSWORD_HINT}
        rules={[
          { required: true, message: `请输入${label}` },
          passwordPolicyRule,
          ({ getFieldValue }) => ({
            validator: async (_rule, value: unknown) => {
              if (differentFrom && value && value === getFieldValue(differentFrom))
                throw new Error('新密码不能与原密码相同');
            },
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" data-testid="new-password" />
      </Form.Item>
      <Form.Item
        label={confirmLabel}
        name="confirm"
        dependencies={[name]}
        hasFeedback
        rules={[
          { required: true, message: `请再次输入${label}` },
          ({ getFieldValue }) => ({
            validator: async (_rule, value: unknown) => {
              if (value && value !== getFieldValue(name)) throw new Error('两次输入的密码不一致');
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
  return (
    <>
      <Form.Item label="原密码" name="oldPassword" rules={[{ required: true, message: '请输入原密码' }]}>
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
