import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { WithSupportContact } from '../components/SupportContact.tsx';
import { TwofaCodeField } from '../components/twofa/TwofaCodeField.tsx';
import { i18n } from '../i18n/index.ts';
import { ApiError } from '../lib/request.ts';
import { LOGIN_INCOMPLETE_MESSAGE } from '../lib/session.tsx';
import { isTwofaChallenge, normaliseCode, twofaErrorText } from '../lib/twofa.ts';
import { AuthCard } from './AuthCard.tsx';
import { LOGIN_NOTICE_PARAM, loginNotice } from './notices.ts';
import { useAuthForm } from './useAuthForm.ts';

interface Credentials {
  account: string;
  password: string;
}

interface LoginValues extends Credentials {
  /** The second factor, on the second step only. */
  totp?: string;
}

/** 登录失败 with the server's message when it gave one; 登录失败，请重试 for anything unexpected. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message || i18n.t('user:auth.loginFailed');
  if (error instanceof Error && error.message === LOGIN_INCOMPLETE_MESSAGE) {
    return i18n.t('user:auth.loginIncomplete');
  }
  return i18n.t('user:auth.loginFailedRetry');
}

/**
 * The second step of a login to an account with 2FA: the code of the authenticator app, or one of
 * the recovery codes. The e-mail and password of the first step stay in memory only.
 */
function CodeStep({
  account,
  form,
  submitting,
  onSubmit,
  onBack,
}: {
  account: string;
  form: ReturnType<typeof Form.useForm<{ totp: string }>>[0];
  submitting: boolean;
  onSubmit: (totp: string) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation(['user', 'common']);
  const [recovery, setRecovery] = useState(false);
  const switchMode = () => {
    setRecovery((value) => !value);
    form.resetFields();
  };
  return (
    <Form<{ totp: string }>
      form={form}
      layout="vertical"
      size="large"
      requiredMark={false}
      disabled={submitting}
      onFinish={(values) => onSubmit(normaliseCode(values.totp))}
      data-testid="login-twofa-step"
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 16 }}>
        {recovery ? t('auth.twofaRecoveryPrompt') : t('auth.twofaCodePrompt')}
        <br />
        <Typography.Text strong style={{ overflowWrap: 'anywhere' }} data-testid="login-twofa-account">
          {account}
        </Typography.Text>
      </Typography.Paragraph>
      <TwofaCodeField
        key={recovery ? 'recovery' : 'code'}
        name="totp"
        label={recovery ? t('auth.recoveryCode') : t('auth.twofaCode')}
        recovery={recovery}
        autoFocus
        testId="login-totp"
      />
      <Button
        type="primary"
        htmlType="submit"
        block
        size="large"
        loading={submitting}
        data-testid="login-totp-submit"
      >
        {t('auth.verifyAndLogin')}
      </Button>
      <Flex justify="space-between" style={{ marginTop: 12 }}>
        <Button
          type="link"
          size="small"
          style={{ paddingInline: 0 }}
          onClick={onBack}
          data-testid="login-twofa-back"
        >
          {t('common:back')}
        </Button>
        <Button
          type="link"
          size="small"
          style={{ paddingInline: 0 }}
          onClick={switchMode}
          data-testid="login-twofa-mode"
        >
          {recovery ? t('auth.useCode') : t('auth.useRecoveryCode')}
        </Button>
      </Flex>
    </Form>
  );
}

export default function LoginPage() {
  const { t } = useTranslation(['user', 'common']);
  // Set when the server asked for the second factor: the second step is shown.
  const [challenge, setChallenge] = useState<Credentials | null>(null);
  // The account of a step 2 left with 返回 fills step 1 again (the password is asked anew).
  const [lastAccount, setLastAccount] = useState<string>();
  const [codeForm] = Form.useForm<{ totp: string }>();
  const { params, redirect, error, submitting, submit, signedInTarget } = useAuthForm(
    async (values: LoginValues, session) => {
      try {
        return await session.login(values.account, values.password, values.totp);
      } catch (caught) {
        if (isTwofaChallenge(caught)) {
          if (values.totp) codeForm.setFields([{ name: 'totp', errors: [twofaErrorText(caught)] }]);
          else setChallenge({ account: values.account, password: values.password });
        }
        throw caught;
      }
    },
    // A refused or missing code is shown by the second step itself.
    (caught) => (isTwofaChallenge(caught) ? null : loginErrorMessage(caught)),
  );
  if (signedInTarget) return <Navigate to={signedInTarget} replace />;

  const registerLink = redirect ? `/register?redirect=${encodeURIComponent(redirect)}` : '/register';
  const notice = loginNotice(params.get(LOGIN_NOTICE_PARAM));
  const errorAlert = error && (
    <Alert
      type="error"
      showIcon
      title={<WithSupportContact text={error} />}
      style={{ marginBottom: 16 }}
      data-testid="login-error"
    />
  );

  if (challenge) {
    return (
      <AuthCard title={t('auth.twofaTitle')}>
        {errorAlert}
        <CodeStep
          account={challenge.account}
          form={codeForm}
          submitting={submitting}
          onSubmit={(totp) => void submit({ ...challenge, totp })}
          onBack={() => {
            setLastAccount(challenge.account);
            setChallenge(null);
          }}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.login')}>
      {notice && !error && (
        <Alert type="info" showIcon title={notice} style={{ marginBottom: 16 }} data-testid="login-notice" />
      )}
      {errorAlert}
      <Form<LoginValues>
        layout="vertical"
        size="large"
        onFinish={(values) => void submit({ account: values.account, password: values.password })}
        requiredMark={false}
        disabled={submitting}
        initialValues={{ account: lastAccount }}
      >
        <Form.Item
          label={t('auth.account')}
          name="account"
          rules={[{ required: true, whitespace: true, message: t('auth.accountRequired') }]}
        >
          <Input prefix={<UserOutlined />} autoComplete="username" placeholder={t('auth.account')} />
        </Form.Item>
        <Form.Item
          label={t('auth.password')}
          name="password"
          rules={[{ required: true, message: t('auth.passwordRequired') }]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            autoComplete="current-password"
            placeholder={t('auth.password')}
          />
        </Form.Item>
        <Flex justify="flex-end" style={{ marginTop: -16, marginBottom: 16 }}>
          <Link to="/forgot-password" data-testid="forgot-password-link">
            {t('auth.forgotLink')}
          </Link>
        </Flex>
        <Button type="primary" htmlType="submit" block size="large" loading={submitting}>
          {t('auth.login')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
        {t('auth.noAccount')}
        <Link to={registerLink}>{t('auth.registerNow')}</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}
