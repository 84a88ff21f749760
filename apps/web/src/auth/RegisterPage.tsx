import { GiftOutlined, LockOutlined, MailOutlined, MobileOutlined, TeamOutlined } from '@ant-design/icons';
import { INVITE_QUERY_PARAM, type RegisterBody, registerBody } from '@platform/contracts';
import type { FormRule } from 'antd';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { i18n } from '../i18n/index.ts';
import { ApiError } from '../lib/request.ts';
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
  return i18n.t('user:auth.registerFailed');
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
      if (!result.success)
        throw new Error(result.error.issues[0]?.message ?? i18n.t('user:auth.invalidFormat'));
    },
  };
}

/** The code of an invite link (`?invite=CODE`, also the older `?invite_code=`), as the server stores codes. */
export function inviteFromLink(params: URLSearchParams): string | undefined {
  const raw = params.get(INVITE_QUERY_PARAM) ?? params.get('invite_code');
  return raw?.trim().toUpperCase() || undefined;
}

export default function RegisterPage() {
  const { t } = useTranslation(['user', 'common']);
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
    <AuthCard title={t('auth.register')}>
      {invite && (
        <Alert
          type="info"
          showIcon
          icon={<GiftOutlined />}
          title={t('auth.invitedTitle')}
          description={
            <span>
              {t('auth.inviterCode')}
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
          label={t('auth.email')}
          name="email"
          rules={[
            { required: true, whitespace: true, message: t('auth.emailRequired') },
            contractRule('email'),
          ]}
        >
          <Input prefix={<MailOutlined />} autoComplete="email" placeholder={t('auth.email')} />
        </Form.Item>
        <Form.Item label={t('auth.phoneOptional')} name="phone" rules={[contractRule('phone')]}>
          <Input prefix={<MobileOutlined />} autoComplete="tel" placeholder={t('auth.phone')} />
        </Form.Item>
        <Form.Item
          label={t('auth.password')}
          name="password"
          rules={[
            { required: true, message: t('auth.passwordRequired') },
            // The password policy: the contract's rules and messages.
            contractRule('password'),
          ]}
          extra={t('common:password.hint')}
          hasFeedback
        >
          <Input.Password
            prefix={<LockOutlined />}
            autoComplete="new-password"
            placeholder={t('auth.password')}
          />
        </Form.Item>
        <Form.Item
          label={t('auth.confirmPassword')}
          name="confirm"
          dependencies={['password']}
          hasFeedback
          rules={[
            { required: true, message: t('auth.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: async (_rule, value: unknown) => {
                if (!value || getFieldValue('password') === value) return;
                throw new Error(t('common:password.differ'));
              },
            }),
          ]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            autoComplete="new-password"
            placeholder={t('auth.confirmPassword')}
          />
        </Form.Item>
        <Form.Item
          label={locked ? t('auth.inviteCode') : t('auth.inviteCodeOptional')}
          name="invite_code"
          extra={
            locked && (
              <span>
                {t('auth.inviteFromLink')}
                <Button
                  type="link"
                  size="small"
                  onClick={() => setUnlocked(true)}
                  data-testid="register-invite-edit"
                >
                  {t('auth.edit')}
                </Button>
              </span>
            )
          }
        >
          <Input
            prefix={<TeamOutlined />}
            suffix={locked ? <LockOutlined style={{ color: '#bfbfbf' }} /> : undefined}
            placeholder={t('auth.inviteCode')}
            maxLength={32}
            readOnly={locked}
            style={locked ? { background: '#f5f5f5' } : undefined}
            data-testid="register-invite"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          {t('auth.register')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
        {t('auth.haveAccount')}
        <Link to={loginLink}>{t('auth.loginNow')}</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}
