import { LockOutlined, MailOutlined, SafetyOutlined, WalletOutlined } from '@ant-design/icons';
import { resendEmailVerification, TWOFA_PASSWORD_MESSAGES } from '@platform/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Input, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLoading } from '../../components/PageLoading.tsx';
import { TwofaCodeField } from '../../components/twofa/TwofaCodeField.tsx';
import { TwofaEnrolment } from '../../components/twofa/TwofaEnrolment.tsx';
import { contractText } from '../../i18n/index.ts';
import { call, errorMessage } from '../../lib/request.ts';
import { disableTwofa, isPasswordRefusal, normaliseCode, twofaErrorText } from '../../lib/twofa.ts';
import { UserPage } from '../shell/UserPage.tsx';
import { LoginsCard } from './LoginsCard.tsx';
import { SessionsCard } from './SessionsCard.tsx';
import { AccountColumn, ME_KEY, RefreshError, useMe } from './useMe.tsx';
import { WithdrawalHold } from './WithdrawalHold.tsx';

type Mode = 'view' | 'enrol' | 'disable';

/** Turning 2FA off: a current code (or a recovery code) proves it is the owner. */
function DisableForm({ onDone, onCancel }: { onDone: () => Promise<void>; onCancel: () => void }) {
  const { t } = useTranslation(['user', 'common']);
  const [form] = Form.useForm<{ code: string; password: string }>();
  const [recovery, setRecovery] = useState(false);
  const disable = useMutation({
    mutationFn: (values: { code: string; password: string }) => disableTwofa(values.code, values.password),
    onSuccess: () => onDone(),
    onError: (error) =>
      isPasswordRefusal(error)
        ? form.setFields([
            { name: 'password', errors: [errorMessage(error, t('account.security.twofa.wrongPassword'))] },
          ])
        : form.setFields([{ name: 'code', errors: [twofaErrorText(error)] }]),
  });
  return (
    <Form<{ code: string; password: string }>
      form={form}
      layout="vertical"
      requiredMark={false}
      disabled={disable.isPending}
      onFinish={(values) => disable.mutate({ code: normaliseCode(values.code), password: values.password })}
      data-testid="twofa-disable-form"
    >
      <Typography.Paragraph type="secondary">
        {t('account.security.twofa.disableWarning')}
      </Typography.Paragraph>
      <Form.Item
        name="password"
        label={t('common:twofa.loginPassword')}
        rules={[{ required: true, message: contractText(TWOFA_PASSWORD_MESSAGES.required) }]}
      >
        <Input.Password autoComplete="current-password" data-testid="twofa-disable-password" />
      </Form.Item>
      <TwofaCodeField
        key={recovery ? 'recovery' : 'code'}
        name="code"
        label={recovery ? t('common:twofa.recoveryCode') : t('common:twofa.code')}
        recovery={recovery}
        autoFocus
        testId="twofa-disable-code"
      />
      <Flex gap={8} wrap>
        <Button
          danger
          type="primary"
          htmlType="submit"
          loading={disable.isPending}
          data-testid="twofa-disable-submit"
        >
          {t('account.security.twofa.confirmDisable')}
        </Button>
        <Button onClick={onCancel}>{t('common:cancel')}</Button>
        <Button
          type="link"
          style={{ marginInlineStart: 'auto', paddingInline: 0 }}
          onClick={() => {
            setRecovery((value) => !value);
            form.resetFields();
          }}
          data-testid="twofa-disable-mode"
        >
          {recovery ? t('account.security.twofa.useCode') : t('account.security.twofa.useRecovery')}
        </Button>
      </Flex>
    </Form>
  );
}

/**
 * 邮箱验证 (issue 33): whether the e-mail was verified through its link, and 重新发送 until it is
 * (the server allows one mail a minute and says so).
 */
export function EmailCard({ email, verified }: { email: string; verified: boolean }) {
  const { t } = useTranslation('user');
  const { message } = App.useApp();
  const resend = useMutation({
    mutationFn: () => call(resendEmailVerification).then((r) => r.message),
    onSuccess: (text) => message.success(text),
    onError: (error) => message.error(errorMessage(error, t('account.security.email.resendFailed'))),
  });
  return (
    <Card data-testid="email-card">
      <Flex gap={12} align="flex-start">
        <MailOutlined style={{ fontSize: 24, color: '#1677ff', marginTop: 2 }} />
        <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Flex align="center" gap={8} wrap>
            <Typography.Text strong style={{ fontSize: 16 }}>
              {t('account.security.email.title')}
            </Typography.Text>
            <Tag color={verified ? 'green' : 'orange'} data-testid="email-state">
              {verified ? t('account.security.email.verified') : t('account.security.email.unverified')}
            </Tag>
          </Flex>
          {/* The address breaks where it must; the English sentence around it keeps its words whole. */}
          <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
            {verified ? email : t('account.security.email.sent', { email })}
          </Typography.Text>
        </Flex>
        {!verified && (
          <Button
            style={{ alignSelf: 'center' }}
            loading={resend.isPending}
            onClick={() => resend.mutate()}
            data-testid="email-resend"
          >
            {t('account.security.email.resend')}
          </Button>
        )}
      </Flex>
    </Card>
  );
}

/** A part of security kept on its own screen: what it is, and the button that opens it. */
function LinkCard(props: {
  icon: ReactNode;
  title: string;
  text: string;
  label: string;
  to: string;
  testId: string;
}) {
  const navigate = useNavigate();
  return (
    <Card>
      <Flex gap={12} align="flex-start">
        <span style={{ fontSize: 24, color: '#1677ff', marginTop: 2 }}>{props.icon}</span>
        <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Typography.Text strong style={{ fontSize: 16 }}>
            {props.title}
          </Typography.Text>
          <Typography.Text type="secondary">{props.text}</Typography.Text>
        </Flex>
        <Button style={{ alignSelf: 'center' }} onClick={() => navigate(props.to)} data-testid={props.testId}>
          {props.label}
        </Button>
      </Flex>
    </Card>
  );
}

/**
 * 安全中心: 2FA (on: QR code, code, recovery codes; off: a code), the password, the signed-in
 * devices with a way to sign each out, and the recent logins.
 */
export default function SecurityPage() {
  const { t } = useTranslation('user');
  const { query, user } = useMe();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>('view');
  if (!user) return <PageLoading />;

  // The profile query's own fetch refreshes the session copy too: one GET /auth/me.
  const refresh = () => queryClient.refetchQueries({ queryKey: ME_KEY });
  const changed = async (text: string) => {
    await refresh();
    setMode('view');
    message.success(text);
  };
  const enabled = user.twofa_enabled;

  return (
    <AccountColumn>
      <UserPage title={t('account.security.title')} back="/me" testId="security-page">
        <RefreshError query={query} />
        <WithdrawalHold until={user.withdrawals_held_until} />
        <EmailCard email={user.email} verified={user.email_verified} />
        <Card>
          <Flex gap={12} align="flex-start">
            <SafetyOutlined style={{ fontSize: 24, color: '#1677ff', marginTop: 2 }} />
            <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
              <Flex align="center" gap={8} wrap>
                <Typography.Text strong style={{ fontSize: 16 }}>
                  {t('account.security.twofa.title')}
                </Typography.Text>
                <Tag color={enabled ? 'green' : 'default'} data-testid="twofa-state">
                  {enabled ? t('account.security.twofa.on') : t('account.security.twofa.off')}
                </Tag>
              </Flex>
              <Typography.Text type="secondary">{t('account.security.twofa.explained')}</Typography.Text>
              {mode === 'view' && (
                <div style={{ marginTop: 8 }}>
                  {enabled ? (
                    <Button danger onClick={() => setMode('disable')} data-testid="twofa-disable">
                      {t('account.security.twofa.disable')}
                    </Button>
                  ) : (
                    <Button type="primary" onClick={() => setMode('enrol')} data-testid="twofa-enable">
                      {t('account.security.twofa.enable')}
                    </Button>
                  )}
                </div>
              )}
            </Flex>
          </Flex>
        </Card>
        {mode === 'enrol' && (
          <Card>
            <TwofaEnrolment
              account={user.email}
              finishLabel={t('account.security.twofa.finish')}
              onEnabled={() => void refresh()}
              onFinished={() => changed(t('account.security.twofa.enabled'))}
              onCancel={() => setMode('view')}
            />
          </Card>
        )}
        {mode === 'disable' && enabled && (
          <Card>
            <DisableForm
              onDone={() => changed(t('account.security.twofa.disabled'))}
              onCancel={() => setMode('view')}
            />
          </Card>
        )}
        {/* 登录密码: changed on its own screen (修改密码), which keeps this device signed in. */}
        <LinkCard
          icon={<LockOutlined />}
          title={t('account.security.password.title')}
          text={t('account.security.password.text')}
          label={t('account.security.password.link')}
          to="/me/password"
          testId="security-password-link"
        />
        <LinkCard
          icon={<WalletOutlined />}
          title={t('account.security.addressBook.title')}
          text={t('account.security.addressBook.text')}
          label={t('account.security.addressBook.link')}
          to="/me/addresses"
          testId="security-address-book-link"
        />
        <SessionsCard />
        <LoginsCard />
      </UserPage>
    </AccountColumn>
  );
}
