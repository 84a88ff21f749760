import { resetPassword } from '@platform/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { NewPasswordFields } from '../components/PasswordFields.tsx';
import { WithSupportContact } from '../components/SupportContact.tsx';
import { call } from '../lib/request.ts';
import { sessionStore } from '../lib/session.tsx';
import { AuthCard } from './AuthCard.tsx';
import { LOGIN_NOTICE_PARAM, PASSWORD_RESET_NOTICE } from './notices.ts';

/**
 * The reset link's page (`/reset-password?token=…`): a new password twice. The server spends the
 * link and signs every device out, so this one forgets its session too and opens 登录.
 */
export default function ResetPasswordPage() {
  const { t } = useTranslation('user');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const reset = useMutation({
    mutationFn: (password: string) => call(resetPassword, { body: { token, password } }),
    onSuccess: () => {
      sessionStore.clear();
      navigate(`/login?${LOGIN_NOTICE_PARAM}=${PASSWORD_RESET_NOTICE}`, { replace: true });
    },
  });

  if (!token) {
    return (
      <AuthCard title={t('auth.resetTitle')}>
        <Result
          status="warning"
          title={t('auth.resetLinkInvalid')}
          extra={<Link to="/forgot-password">{t('auth.requestAgain')}</Link>}
          data-testid="reset-no-token"
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.resetTitle')}>
      {reset.isError && (
        <Alert
          type="error"
          showIcon
          title={<WithSupportContact text={reset.error.message} />}
          action={<Link to="/forgot-password">{t('auth.requestAgain')}</Link>}
          style={{ marginBottom: 16 }}
          data-testid="reset-error"
        />
      )}
      <Form<{ newPassword: string; confirm: string }>
        layout="vertical"
        size="large"
        requiredMark={false}
        disabled={reset.isPending}
        onFinish={(values) => reset.mutate(values.newPassword)}
      >
        <NewPasswordFields />
        <Button type="primary" htmlType="submit" block size="large" loading={reset.isPending}>
          {t('auth.resetTitle')}
        </Button>
      </Form>
    </AuthCard>
  );
}
