import { LockOutlined, MailOutlined, MobileOutlined, TeamOutlined } from '@ant-design/icons';
import { MIN_PASSWORD_LENGTH, type RegisterBody, registerBody } from '@platform/contracts';
import type { FormRule } from 'antd';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { Link, Navigate } from 'react-router';
import { ApiError } from '../lib/request.ts';
import { REGISTER_FAILED_MESSAGE } from '../lib/session.tsx';
import { AuthCard } from './AuthCard.tsx';
import { useAuthForm } from './useAuthForm.ts';

interface RegisterValues {
  email: string;
  phone?: string;
  password: string;
  confirm: string;
  invite_code?: string;
}

export function registerErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.message) return error.message;
  return REGISTER_FAILED_MESSAGE;
}

/** An antd rule checking one field against the shared contract (same messages as the server). */
function contractRule(field: 'email' | 'phone'): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (typeof value !== 'string' || value.trim() === '') return;
      const result = registerBody.shape[field].safeParse(value);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? '格式不正确');
    },
  };
}

export default function RegisterPage() {
  const { params, redirect, error, submitting, submit, signedInTarget } = useAuthForm(
    (values: RegisterValues, session) => {
      const body: RegisterBody = {
        email: values.email.trim(),
        password: values.password,
        phone: values.phone?.trim() || undefined,
        invite_code: values.invite_code?.trim() || undefined,
      };
      return session.register(body);
    },
    registerErrorMessage,
  );
  const invite = params.get('invite') ?? params.get('invite_code') ?? undefined;
  if (signedInTarget) return <Navigate to={signedInTarget} replace />;

  const loginLink = redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login';
  return (
    <AuthCard title="注册">
      {error && (
        <Alert
          type="error"
          showIcon
          title={error}
          style={{ marginBottom: 16 }}
          data-testid="register-error"
        />
      )}
      <Form<RegisterValues>
        layout="vertical"
        onFinish={submit}
        disabled={submitting}
        initialValues={{ invite_code: invite }}
      >
        <Form.Item
          label="邮箱"
          name="email"
          rules={[{ required: true, whitespace: true, message: '请输入邮箱' }, contractRule('email')]}
        >
          <Input prefix={<MailOutlined />} autoComplete="email" placeholder="邮箱" />
        </Form.Item>
        <Form.Item label="手机号（选填）" name="phone" rules={[contractRule('phone')]}>
          <Input prefix={<MobileOutlined />} autoComplete="tel" placeholder="手机号" />
        </Form.Item>
        <Form.Item
          label="密码"
          name="password"
          rules={[
            { required: true, message: '请输入密码' },
            { min: MIN_PASSWORD_LENGTH, message: `密码至少${MIN_PASSWORD_LENGTH}位` },
          ]}
          hasFeedback
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" placeholder="密码" />
        </Form.Item>
        <Form.Item
          label="确认密码"
          name="confirm"
          dependencies={['password']}
          hasFeedback
          rules={[
            { required: true, message: '请确认密码' },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: unknown) => {
                if (!value || getFieldValue('password') === value) return;
                throw new Error('两次输入的密码不一致');
              },
            }),
          ]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="new-password" placeholder="确认密码" />
        </Form.Item>
        <Form.Item label="邀请码（选填）" name="invite_code">
          <Input prefix={<TeamOutlined />} placeholder="邀请码" maxLength={32} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          注册
        </Button>
      </Form>
      <Typography.Paragraph style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
        已有账号？<Link to={loginLink}>立即登录</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}
