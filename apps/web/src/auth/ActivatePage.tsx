import { LockOutlined } from '@ant-design/icons';
import { ADMIN_ACTIVATION_TEXTS, completeAdminActivation, startAdminActivation } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { passwordPolicyRule } from '../components/PasswordFields.tsx';
import { type EnrolmentCalls, TwofaEnrolment } from '../components/twofa/TwofaEnrolment.tsx';
import { call, errorMessage } from '../lib/request.ts';
import { AuthCard } from './AuthCard.tsx';

interface PasswordValues {
  password: string;
  confirm: string;
}

/** POST /api/auth/activation/start and /complete: the link's token is the only credential. */
function activationCalls(token: string, password: string, onEmail: (email: string) => void): EnrolmentCalls {
  return {
    setup: async () => {
      const { data } = await call(startAdminActivation, { body: { token } });
      onEmail(data.email);
      return data;
    },
    enable: (code) => call(completeAdminActivation, { body: { token, password, code } }).then((r) => r.data),
  };
}

/** Step 0: the admin's own password (the rules of registration). Nothing is sent until the code. */
function PasswordStep({ onDone }: { onDone: (password: string) => void }) {
  const { t } = useTranslation(['user', 'common']);
  return (
    <Form<PasswordValues>
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={(values) => onDone(values.password)}
      data-testid="activate-password-step"
    >
      <Typography.Paragraph>{t('activate.intro')}</Typography.Paragraph>
      <Form.Item
        name="password"
        label={t('activate.setPassword')}
        rules={[{ required: true, message: t('auth.passwordRequired') }, passwordPolicyRule]}
        extra={t('common:password.hint')}
      >
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="new-password"
          data-testid="activate-password"
        />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('auth.confirmPassword')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('activate.confirmAgain') },
          ({ getFieldValue }) => ({
            validator: async (_, v?: string) =>
              !v || v === getFieldValue('password')
                ? undefined
                : Promise.reject(new Error(t('common:password.differ'))),
          }),
        ]}
      >
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="new-password"
          data-testid="activate-confirm"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block data-testid="activate-password-next">
        {t('activate.next')}
      </Button>
    </Form>
  );
}

/**
 * Why a link cannot be used, before anything is typed: still waiting for a second super admin's
 * approval (the account change it belongs to has not taken effect, issue 32) reads as a notice,
 * anything else (unknown, used, expired, turned down) as an error with the server's text.
 */
function LinkRefused({ error }: { error: unknown }) {
  const { t } = useTranslation('user');
  const text = errorMessage(error, t('activate.linkInvalid'));
  if (text === ADMIN_ACTIVATION_TEXTS.awaitingApproval)
    return (
      <Alert
        type="info"
        showIcon
        title={t('activate.awaitingTitle')}
        description={t('activate.awaitingDescription', { reason: text })}
        data-testid="activate-awaiting"
      />
    );
  return <Alert type="error" showIcon title={text} data-testid="activate-link-error" />;
}

/**
 * 激活管理员账户 (issue 32): the page a one-time activation link opens, outside the admin shell and
 * without a session. It first asks the server whether the link can be used (the same start call the
 * enrolment makes); then the admin sets their own password and enrols 2FA (the same enrolment as
 * 安全中心's); the last step sends password and code together and the link is spent.
 */
export default function ActivatePage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { t } = useTranslation('user');
  const [password, setPassword] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const link = useQuery({
    queryKey: ['auth', 'activation', token],
    queryFn: ({ signal }) => call(startAdminActivation, { body: { token }, signal }).then((r) => r.data),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  const calls = useMemo(
    () => (password === null ? null : activationCalls(token, password, setEmail)),
    [token, password],
  );

  return (
    <AuthCard title={t('activate.title')}>
      {!token ? (
        <Alert type="error" showIcon title={t('activate.linkInvalid')} data-testid="activate-no-token" />
      ) : link.isPending ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin tip={t('activate.checking')} data-testid="activate-checking">
            <div style={{ width: 1, height: 40 }} />
          </Spin>
        </Flex>
      ) : link.isError ? (
        <LinkRefused error={link.error} />
      ) : calls ? (
        <Flex vertical gap={12}>
          {email && (
            <Typography.Text type="secondary" data-testid="activate-email">
              {t('activate.account', { email })}
            </Typography.Text>
          )}
          <TwofaEnrolment
            account={email}
            calls={calls}
            finishLabel={t('activate.finish')}
            onCancel={() => setPassword(null)}
            onFinished={() => navigate('/login?redirect=/admin')}
          />
        </Flex>
      ) : (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary" data-testid="activate-email">
            {t('activate.account', { email: link.data.email })}
          </Typography.Text>
          <PasswordStep onDone={setPassword} />
        </Flex>
      )}
    </AuthCard>
  );
}
