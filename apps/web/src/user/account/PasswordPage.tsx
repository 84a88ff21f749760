import { LockOutlined } from '@ant-design/icons';
import {
  changePassword as changePasswordEndpoint,
  MIN_PASSWORD_LENGTH,
  type PasswordBody,
} from '@platform/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Result } from 'antd';
import { useNavigate } from 'react-router';
import { LOGIN_NOTICE_PARAM, PASSWORD_CHANGED_NOTICE } from '../../auth/notices.ts';
import { call } from '../../lib/request.ts';
import { refreshProfile } from '../../lib/session.tsx';
import { UserPage } from '../shell/UserPage.tsx';
import { AccountColumn } from './useMe.tsx';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

export const PASSWORD_CHANGED_MESSAGE = '密码修改成功';

/**
 * Changes the password. The server keeps this device's session and signs every other device out
 * (its reply says so). Should this session have been revoked as well, the profile check after the
 * change finds out, and the user is sent to log in with the new password instead of meeting a
 * failure on the next screen.
 */
async function changePassword(values: PasswordValues): Promise<{ message: string; signedOut: boolean }> {
  const body: PasswordBody = { oldPassword: values.oldPassword, newPassword: values.newPassword };
  const reply = await call(changePasswordEndpoint, { body });
  const stillSignedIn = await refreshProfile().then(
    (user) => user !== null,
    () => true, // offline: nothing says the session ended
  );
  return { message: reply.message || PASSWORD_CHANGED_MESSAGE, signedOut: !stillSignedIn };
}

/** 修改密码: old password, new password (at least 6) twice. */
export default function PasswordPage() {
  const navigate = useNavigate();
  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: (result) => {
      if (result.signedOut)
        navigate(`/login?${LOGIN_NOTICE_PARAM}=${PASSWORD_CHANGED_NOTICE}`, { replace: true });
    },
  });

  if (change.isSuccess && !change.data.signedOut) {
    return (
      <AccountColumn>
        <UserPage title="修改密码" back="/me" testId="password-page">
          <Card>
            <Result
              status="success"
              title={change.data.message}
              subTitle="当前设备保持登录，下次登录请使用新密码。"
              extra={
                <Button type="primary" onClick={() => navigate('/me')}>
                  返回我的
                </Button>
              }
              data-testid="password-success"
            />
          </Card>
        </UserPage>
      </AccountColumn>
    );
  }

  return (
    <AccountColumn>
      <UserPage title="修改密码" back="/me" testId="password-page">
        <Card>
          {change.isError && (
            <Alert
              type="error"
              showIcon
              title={change.error.message}
              style={{ marginBottom: 16 }}
              data-testid="password-error"
            />
          )}
          <Form<PasswordValues>
            layout="vertical"
            requiredMark={false}
            onFinish={(values) => change.mutate(values)}
            disabled={change.isPending}
          >
            <Form.Item
              label="原密码"
              name="oldPassword"
              rules={[{ required: true, message: '请输入原密码' }]}
            >
              <Input.Password
                prefix={<LockOutlined />}
                autoComplete="current-password"
                data-testid="old-password"
              />
            </Form.Item>
            <Form.Item
              label="新密码"
              name="newPassword"
              dependencies={['oldPassword']}
              hasFeedback
              rules={[
                { required: true, message: '请输入新密码' },
                { min: MIN_PASSWORD_LENGTH, message: `密码至少${MIN_PASSWORD_LENGTH}位` },
                { max: 128, message: '密码不能超过128位' },
                ({ getFieldValue }) => ({
                  validator: async (_rule, value: unknown) => {
                    if (value && value === getFieldValue('oldPassword'))
                      throw new Error('新密码不能与原密码相同');
                  },
                }),
              ]}
            >
              <Input.Password
                prefix={<LockOutlined />}
                autoComplete="new-password"
                data-testid="new-password"
              />
            </Form.Item>
            <Form.Item
              label="确认新密码"
              name="confirm"
              dependencies={['newPassword']}
              hasFeedback
              rules={[
                { required: true, message: '请再次输入新密码' },
                ({ getFieldValue }) => ({
                  validator: async (_rule, value: unknown) => {
                    if (value && value !== getFieldValue('newPassword'))
                      throw new Error('两次输入的密码不一致');
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
            <Button type="primary" htmlType="submit" block size="large" loading={change.isPending}>
              确认修改
            </Button>
          </Form>
        </Card>
      </UserPage>
    </AccountColumn>
  );
}
