import { RECOVERY_MESSAGES, resetPassword } from '@platform/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Result } from 'antd';
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
      <AuthCard title="重置密码">
        <Result
          status="warning"
          title={RECOVERY_MESSAGES.resetLinkInvalid}
          extra={<Link to="/forgot-password">重新申请</Link>}
          data-testid="reset-no-token"
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="重置密码">
      {reset.isError && (
        <Alert
          type="error"
          showIcon
          title={<WithSupportContact text={reset.error.message} />}
          action={<Link to="/forgot-password">重新申请</Link>}
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
          重置密码
        </Button>
      </Form>
    </AuthCard>
  );
}
