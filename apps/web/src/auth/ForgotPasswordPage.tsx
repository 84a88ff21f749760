import { MailOutlined } from '@ant-design/icons';
import { forgotPassword } from '@platform/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { WithSupportContact } from '../components/SupportContact.tsx';
import { call } from '../lib/request.ts';
import { AuthCard } from './AuthCard.tsx';

/**
 * 忘记密码: the e-mail to send a reset link to. The server answers alike whether or not the
 * address has an account (it reveals none), and the page shows that answer as it is.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation('user');
  const send = useMutation({
    mutationFn: (email: string) => call(forgotPassword, { body: { email } }).then((r) => r.message),
  });

  if (send.isSuccess) {
    return (
      <AuthCard title={t('auth.forgotTitle')}>
        <Result
          status="success"
          title={t('auth.checkMail')}
          subTitle={send.data}
          extra={<Link to="/login">{t('auth.backToLogin')}</Link>}
          data-testid="forgot-sent"
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.forgotTitle')}>
      <Typography.Paragraph type="secondary">{t('auth.forgotIntro')}</Typography.Paragraph>
      {send.isError && (
        <Alert
          type="error"
          showIcon
          title={<WithSupportContact text={send.error.message} />}
          style={{ marginBottom: 16 }}
          data-testid="forgot-error"
        />
      )}
      <Form<{ email: string }>
        layout="vertical"
        size="large"
        requiredMark={false}
        disabled={send.isPending}
        onFinish={(values) => send.mutate(values.email.trim())}
      >
        <Form.Item
          label={t('auth.email')}
          name="email"
          rules={[
            { required: true, whitespace: true, message: t('auth.emailRequired') },
            { type: 'email', message: t('auth.emailInvalid') },
          ]}
        >
          <Input
            prefix={<MailOutlined />}
            autoComplete="email"
            placeholder={t('auth.email')}
            data-testid="forgot-email"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={send.isPending}>
          {t('auth.sendResetLink')}
        </Button>
      </Form>
      <Typography.Paragraph style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
        {t('auth.remembered')}
        <Link to="/login">{t('auth.backToLogin')}</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}
