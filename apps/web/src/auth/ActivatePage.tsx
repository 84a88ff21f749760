import { LockOutlined } from '@ant-design/icons';
import {
  ADMIN_ACTIVATION_TEXTS,
  completeAdminActivation,
  PASSWORD_HINT,
  startAdminActivation,
} from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, Spin, Typography } from 'antd';
import { useMemo, useState } from 'react';
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
  return (
    <Form<PasswordValues>
      layout="vertical"
      size="large"
      requiredMark={false}
      onFinish={(values) => onDone(values.password)}
      data-testid="activate-password-step"
    >
      <Typography.Paragraph>
        设置您自己的登录密码，然后绑定两步验证。完成后才能登录后台；创建您账户的超级管理员不知道这个密码。
      </Typography.Paragraph>
      <Form.Item
        name="password"
        label="设置密码"
        rules={[{ required: true, message: '请输入密码' }, passwordPolicyRule]}
        extra={PASSWORD_HINT}
      >
        <Input.Password
          prefix={<LockOutlined />}
          autoComplete="new-password"
          data-testid="activate-password"
        />
      </Form.Item>
      <Form.Item
        name="confirm"
        label="确认密码"
        dependencies={['password']}
        rules={[
          { required: true, message: '请再次输入密码' },
          ({ getFieldValue }) => ({
            validator: async (_, v?: string) =>
              !v || v === getFieldValue('password')
                ? undefined
                : Promise.reject(new Error('两次输入的密码不一致')),
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
        下一步：绑定两步验证
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
  const text = errorMessage(error, ADMIN_ACTIVATION_TEXTS.invalid);
  if (text === ADMIN_ACTIVATION_TEXTS.awaitingApproval)
    return (
      <Alert
        type="info"
        showIcon
        title="等待另一位超级管理员批准"
        description={`${text}。请在批准生效后再打开此链接。`}
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
    <AuthCard title="激活管理员账户">
      {!token ? (
        <Alert type="error" showIcon title={ADMIN_ACTIVATION_TEXTS.invalid} data-testid="activate-no-token" />
      ) : link.isPending ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin tip="正在检查激活链接" data-testid="activate-checking">
            <div style={{ width: 1, height: 40 }} />
          </Spin>
        </Flex>
      ) : link.isError ? (
        <LinkRefused error={link.error} />
      ) : calls ? (
        <Flex vertical gap={12}>
          {email && (
            <Typography.Text type="secondary" data-testid="activate-email">
              账户：{email}
            </Typography.Text>
          )}
          <TwofaEnrolment
            account={email}
            calls={calls}
            finishLabel="完成，去登录"
            onCancel={() => setPassword(null)}
            onFinished={() => navigate('/login?redirect=/admin')}
          />
        </Flex>
      ) : (
        <Flex vertical gap={12}>
          <Typography.Text type="secondary" data-testid="activate-email">
            账户：{link.data.email}
          </Typography.Text>
          <PasswordStep onDone={setPassword} />
        </Flex>
      )}
    </AuthCard>
  );
}
