import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { Link, Navigate } from 'react-router';
import { ApiError } from '../lib/request.ts';
import { LOGIN_INCOMPLETE_MESSAGE } from '../lib/session.tsx';
import { AuthCard } from './AuthCard.tsx';
import { LOGIN_NOTICE_PARAM, loginNotice } from './notices.ts';
import { useAuthForm } from './useAuthForm.ts';

interface LoginValues {
  account: string;
  password: string;
}

/** 登录失败 with the server's message when it gave one; 登录失败，请重试 for anything unexpected. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message || '登录失败';
  if (error instanceof Error && error.message === LOGIN_INCOMPLETE_MESSAGE) return LOGIN_INCOMPLETE_MESSAGE;
  return '登录失败，请重试';
}

export default function LoginPage() {
  const { params, redirect, error, submitting, submit, signedInTarget } = useAuthForm(
    (values: LoginValues, session) => session.login(values.account, values.password),
    loginErrorMessage,
  );
  if (signedInTarget) return <Navigate to={signedInTarget} replace />;

  const registerLink = redirect ? `/register?redirect=${encodeURIComponent(redirect)}` : '/register';
  const notice = loginNotice(params.get(LOGIN_NOTICE_PARAM));
  return (
    <AuthCard title="登录">
      {notice && !error && (
        <Alert type="info" showIcon title={notice} style={{ marginBottom: 16 }} data-testid="login-notice" />
      )}
      {error && (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-testid="login-error" />
      )}
      <Form<LoginValues>
        layout="vertical"
        size="large"
        onFinish={submit}
        requiredMark={false}
        disabled={submitting}
      >
        <Form.Item
          label="邮箱或手机号"
          name="account"
          rules={[{ required: true, whitespace: true, message: '请输入邮箱或手机号' }]}
        >
          <Input prefix={<UserOutlined />} autoComplete="username" placeholder="邮箱或手机号" />
        </Form.Item>
        <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" placeholder="密码" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          登录
        </Button>
      </Form>
      <Typography.Paragraph style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
        还没有账号？<Link to={registerLink}>立即注册</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}
