import { LockOutlined, MailOutlined, SafetyOutlined, WalletOutlined } from '@ant-design/icons';
import { resendEmailVerification } from '@platform/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Input, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageLoading } from '../../components/PageLoading.tsx';
import { TwofaCodeField } from '../../components/twofa/TwofaCodeField.tsx';
import { TwofaEnrolment } from '../../components/twofa/TwofaEnrolment.tsx';
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
  const [form] = Form.useForm<{ code: string; password: string }>();
  const [recovery, setRecovery] = useState(false);
  const disable = useMutation({
    mutationFn: (values: { code: string; password: string }) => disableTwofa(values.code, values.password),
    onSuccess: () => onDone(),
    onError: (error) =>
      isPasswordRefusal(error)
        ? form.setFields([{ name: 'password', errors: [errorMessage(error, '登录密码错误')] }])
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
        关闭后，登录和提现将不再需要两步验证码，账户安全性会降低；关闭后 24 小时内不能提现。
      </Typography.Paragraph>
      <Form.Item name="password" label="登录密码" rules={[{ required: true, message: '请输入登录密码' }]}>
        <Input.Password autoComplete="current-password" data-testid="twofa-disable-password" />
      </Form.Item>
      <TwofaCodeField
        key={recovery ? 'recovery' : 'code'}
        name="code"
        label={recovery ? '恢复码' : '两步验证码'}
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
          确认关闭
        </Button>
        <Button onClick={onCancel}>取消</Button>
        <Button
          type="link"
          style={{ marginInlineStart: 'auto', paddingInline: 0 }}
          onClick={() => {
            setRecovery((value) => !value);
            form.resetFields();
          }}
          data-testid="twofa-disable-mode"
        >
          {recovery ? '使用验证码' : '使用恢复码'}
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
  const { message } = App.useApp();
  const resend = useMutation({
    mutationFn: () => call(resendEmailVerification).then((r) => r.message),
    onSuccess: (text) => message.success(text),
    onError: (error) => message.error(errorMessage(error, '发送失败，请稍后再试')),
  });
  return (
    <Card data-testid="email-card">
      <Flex gap={12} align="flex-start">
        <MailOutlined style={{ fontSize: 24, color: '#1677ff', marginTop: 2 }} />
        <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Flex align="center" gap={8} wrap>
            <Typography.Text strong style={{ fontSize: 16 }}>
              邮箱验证
            </Typography.Text>
            <Tag color={verified ? 'green' : 'orange'} data-testid="email-state">
              {verified ? '已验证' : '未验证'}
            </Tag>
          </Flex>
          <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
            {verified ? email : `验证邮件已发送至 ${email}，请点击邮件中的链接完成验证。`}
          </Typography.Text>
        </Flex>
        {!verified && (
          <Button
            style={{ alignSelf: 'center' }}
            loading={resend.isPending}
            onClick={() => resend.mutate()}
            data-testid="email-resend"
          >
            重新发送
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
      <UserPage title="安全中心" back="/me" testId="security-page">
        <RefreshError query={query} />
        <WithdrawalHold until={user.withdrawals_held_until} />
        <EmailCard email={user.email} verified={user.email_verified} />
        <Card>
          <Flex gap={12} align="flex-start">
            <SafetyOutlined style={{ fontSize: 24, color: '#1677ff', marginTop: 2 }} />
            <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
              <Flex align="center" gap={8} wrap>
                <Typography.Text strong style={{ fontSize: 16 }}>
                  两步验证
                </Typography.Text>
                <Tag color={enabled ? 'green' : 'default'} data-testid="twofa-state">
                  {enabled ? '已开启' : '未开启'}
                </Tag>
              </Flex>
              <Typography.Text type="secondary">
                开启后，登录和提现时除密码外还需输入身份验证器应用生成的6位验证码。
              </Typography.Text>
              {mode === 'view' && (
                <div style={{ marginTop: 8 }}>
                  {enabled ? (
                    <Button danger onClick={() => setMode('disable')} data-testid="twofa-disable">
                      关闭两步验证
                    </Button>
                  ) : (
                    <Button type="primary" onClick={() => setMode('enrol')} data-testid="twofa-enable">
                      开启两步验证
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
              finishLabel="完成"
              onEnabled={() => void refresh()}
              onFinished={() => changed('两步验证已开启')}
              onCancel={() => setMode('view')}
            />
          </Card>
        )}
        {mode === 'disable' && enabled && (
          <Card>
            <DisableForm onDone={() => changed('两步验证已关闭')} onCancel={() => setMode('view')} />
          </Card>
        )}
        {/* 登录密码: changed on its own screen (修改密码), which keeps this device signed in. */}
        <LinkCard
          icon={<LockOutlined />}
          title="登录密码"
          text="修改后，其他设备将全部退出登录。"
          label="修改密码"
          to="/me/password"
          testId="security-password-link"
        />
        <LinkCard
          icon={<WalletOutlined />}
          title="地址簿与提现白名单"
          text="保存常用提现地址；开启白名单后只能提现到地址簿中的地址。"
          label="管理"
          to="/me/addresses"
          testId="security-address-book-link"
        />
        <SessionsCard />
        <LoginsCard />
      </UserPage>
    </AccountColumn>
  );
}
