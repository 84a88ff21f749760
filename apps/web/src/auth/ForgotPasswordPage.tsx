import { MailOutlined } from '@ant-design/icons';
import { forgotPassword } from '@platform/contracts';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Result, Typography } from 'antd';
import { Link } from 'react-router';
import { WithSupportContact } from '../components/SupportContact.tsx';
import { call } from '../lib/request.ts';
import { AuthCard } from './AuthCard.tsx';

/**
 * 忘记密码: the e-mail to send a reset link to. The server answers alike whether or not the
 * address has an account (it reveals none), and the page shows that answer as it is.
 */
export default function ForgotPasswordPage() {
  const send = useMutation({
    mutationFn: (email: string) => call(forgotPassword, { body: { email } }).then((r) => r.message),
  });

  if (send.isSuccess) {
    return (
      <AuthCard title="忘记密码">
        <Result
          status="success"
          title="请查收邮件"
          subTitle={send.data}
          extra={<Link to="/login">返回登录</Link>}
          data-testid="forgot-sent"
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="忘记密码">
      <Typography.Paragraph type="secondary">
        输入注册时使用的邮箱，我们会发送一个重置密码的链接，15分钟内有效。
      </Typography.Paragraph>
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
          label="邮箱"
          name="email"
          rules={[
            { required: true, whitespace: true, message: '请输入邮箱' },
            { type: 'email', message: '邮箱格式不正确' },
          ]}
        >
          <Input
            prefix={<MailOutlined />}
            autoComplete="email"
            placeholder="邮箱"
            data-testid="forgot-email"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={send.isPending}>
          发送重置链接
        </Button>
      </Form>
      <Typography.Paragraph style={{ textAlign: 'center', marginTop: 16, marginBottom: 0 }}>
        想起来了？<Link to="/login">返回登录</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}
