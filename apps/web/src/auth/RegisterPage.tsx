import { GiftOutlined, LockOutlined, MailOutlined, MobileOutlined, TeamOutlined } from '@ant-design/icons';
import { INVITE_QUERY_PARAM, PASSWORD_HINT, type RegisterBody, registerBody } from '@platform/contracts';
import type { FormRule } from 'antd';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
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

/**
 * An antd rule checking one field against the shared contract (same messages as the server). An
 * empty value is left to the `required` rule; a password of spaces is checked (the contract refuses it).
 */
function contractRule(field: 'email' | 'phone' | 'password'): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (typeof value !== 'string' || value === '' || (field !== 'password' && value.trim() === '')) return;
      const result = registerBody.shape[field].safeParse(value);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? '格式不正确');
    },
  };
}

/** The code of an invite link (`?invite=CODE`, also the older `?invite_code=`), as the server stores codes. */
export function inviteFromLink(params: URLSearchParams): string | undefined {
  const raw = params.get(INVITE_QUERY_PARAM) ?? params.get('invite_code');
  return raw?.trim().toUpperCase() || undefined;
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
  const invite = inviteFromLink(params);
  // An invite link's code is locked, so that the inviter gets the referral; 修改 unlocks it (a wrong code is refused).
  const [unlocked, setUnlocked] = useState(false);
  const locked = Boolean(invite) && !unlocked;
  if (signedInTarget) return <Navigate to={signedInTarget} replace />;

  const loginLink = redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login';
  return (
    <AuthCard title="注册">
      {invite && (
        <Alert
          type="info"
          showIcon
          icon={<GiftOutlined />}
          title="您正在通过好友的邀请注册"
          description={
            <span>
              邀请人邀请码：
              <Typography.Text strong data-testid="register-inviter-code">
                {invite}
              </Typography.Text>
            </span>
          }
          style={{ marginBottom: 16 }}
          data-testid="register-invite-banner"
        />
      )}
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
        size="large"
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
            // The password policy: the contract's rules and messages.
            contractRule('password'),
          ]}
          extra={PASSWORD_HINT}
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
        <Form.Item
          label={locked ? '邀请码' : '邀请码（选填）'}
          name="invite_code"
          extra={
            locked && (
              <span>
                来自邀请链接，已自动填写
                <Button
                  type="link"
                  size="small"
                  onClick={() => setUnlocked(true)}
                  data-testid="register-invite-edit"
                >
                  修改
                </Button>
              </span>
            )
          }
        >
          <Input
            prefix={<TeamOutlined />}
            suffix={locked ? <LockOutlined style={{ color: '#bfbfbf' }} /> : undefined}
            placeholder="邀请码"
            maxLength={32}
            readOnly={locked}
            style={locked ? { background: '#f5f5f5' } : undefined}
            data-testid="register-invite"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          注册
        </Button>
      </Form>
      <Typography.Paragraph style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
        已有账号？<Link to={loginLink}>立即登录</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}
