import { changePassword as changePasswordEndpoint, type PasswordBody } from '@platform/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LOGIN_NOTICE_PARAM, PASSWORD_CHANGED_NOTICE } from '../../auth/notices.ts';
import { PasswordChangeFields, type PasswordChangeValues } from '../../components/PasswordFields.tsx';
import { i18n } from '../../i18n/index.ts';
import { call } from '../../lib/request.ts';
import { refreshProfile } from '../../lib/session.tsx';
import { UserPage } from '../shell/UserPage.tsx';
import { AccountColumn } from './useMe.tsx';

type PasswordValues = PasswordChangeValues;

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
  return { message: reply.message || i18n.t('user:account.password.changed'), signedOut: !stillSignedIn };
}

/** 修改密码: old password, new password (the password policy) twice. */
export default function PasswordPage() {
  const { t } = useTranslation('user');
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
        <UserPage title={t('account.password.title')} back="/me" testId="password-page">
          <Card>
            <Result
              status="success"
              title={change.data.message}
              subTitle={t('account.password.stillSignedIn')}
              extra={
                <Button type="primary" onClick={() => navigate('/me')}>
                  {t('account.password.backToMe')}
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
      <UserPage title={t('account.password.title')} back="/me" testId="password-page">
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
            <PasswordChangeFields />
            <Button type="primary" htmlType="submit" block size="large" loading={change.isPending}>
              {t('account.password.submit')}
            </Button>
          </Form>
        </Card>
      </UserPage>
    </AccountColumn>
  );
}
