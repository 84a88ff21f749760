import { verifyEmail } from '@platform/contracts';
import { useMutation } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { call } from '../lib/request.ts';
import { refreshProfile, sessionStore } from '../lib/session.tsx';
import { AuthCard } from './AuthCard.tsx';

/** The verification link's page (`/verify-email?token=…`): verifies on opening and says how it went. */
export default function VerifyEmailPage() {
  const { t } = useTranslation('user');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const verify = useMutation({
    mutationFn: () => call(verifyEmail, { body: { token } }).then((r) => r.message),
    // A signed-in user's 安全中心 shows the new state at once.
    onSuccess: () => {
      if (sessionStore.get().token) void refreshProfile().catch(() => undefined);
    },
  });
  const { mutate } = verify;
  useEffect(() => {
    if (token) mutate();
  }, [token, mutate]);

  const failed = !token || verify.isError;
  return (
    <AuthCard title={t('auth.verifyTitle')}>
      {verify.isSuccess && (
        <Result
          status="success"
          title={verify.data}
          extra={
            <Button type="primary" onClick={() => navigate('/me/security')}>
              {t('auth.goToSecurity')}
            </Button>
          }
          data-testid="verify-done"
        />
      )}
      {failed && (
        <Result
          status="warning"
          title={verify.error?.message ?? t('auth.verifyLinkInvalid')}
          subTitle={t('auth.resendHint')}
          extra={<Button onClick={() => navigate('/me/security')}>{t('auth.goToSecurity')}</Button>}
          data-testid="verify-failed"
        />
      )}
      {!verify.isSuccess && !failed && <Spin style={{ display: 'block', margin: '24px auto' }} />}
    </AuthCard>
  );
}
