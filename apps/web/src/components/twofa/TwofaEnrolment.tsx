import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { TWOFA_PASSWORD_MESSAGES } from '@platform/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contractText } from '../../i18n/index.ts';
import { errorMessage } from '../../lib/request.ts';
import {
  enableTwofa,
  groupSecret,
  isPasswordRefusal,
  normaliseCode,
  recoveryCodesText,
  startTwofaSetup,
  twofaErrorText,
} from '../../lib/twofa.ts';
import { QrCode } from '../QrCode.tsx';
import { TwofaCodeField } from './TwofaCodeField.tsx';

/** One setup per mounted enrolment: a new secret replaces the last one on the server. */
const SETUP_KEY = ['auth', '2fa', 'setup'] as const;

function StepLabel({ step, title }: { step: number; title: string }) {
  const { t } = useTranslation('common');
  return (
    <Flex vertical gap={2}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('twofa.step', { step })}
      </Typography.Text>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
    </Flex>
  );
}

/** The two calls of an enrolment: the signed-in account's own by default, an activation link's on its page. */
export interface EnrolmentCalls {
  setup: () => Promise<{ secret: string; otpauth_url: string }>;
  enable: (code: string) => Promise<{ recovery_codes: string[] }>;
}
/** The signed-in account's own enrolment: both calls carry its login password (issue 32). */
const ownAccountCalls = (password: string): EnrolmentCalls => ({
  setup: () => startTwofaSetup(password),
  enable: (code) => enableTwofa(code, password),
});

/** Step 0 of the account's own enrolment: the login password, which setup and enable both need. */
function PasswordStep({
  onPassword,
  onCancel,
}: {
  onPassword: (password: string) => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('common');
  return (
    <Form<{ password: string }>
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => onPassword(values.password)}
      data-testid="twofa-password-step"
    >
      <Typography.Paragraph type="secondary">{t('twofa.passwordIntro')}</Typography.Paragraph>
      <Form.Item
        name="password"
        label={t('twofa.loginPassword')}
        rules={[{ required: true, message: contractText(TWOFA_PASSWORD_MESSAGES.required) }]}
      >
        <Input.Password autoFocus autoComplete="current-password" data-testid="twofa-password" />
      </Form.Item>
      <Flex gap={8}>
        <Button type="primary" htmlType="submit" data-testid="twofa-password-submit">
          {t('twofa.next')}
        </Button>
        {onCancel && <Button onClick={onCancel}>{t('cancel')}</Button>}
      </Flex>
    </Form>
  );
}

/** Step 1: the QR code and the secret for the authenticator app, then a code to prove it has them. */
function ScanStep({
  onEnabled,
  onCancel,
  onWrongPassword,
  calls,
}: {
  onEnabled: (codes: string[]) => void;
  onCancel?: () => void;
  /** The account's own enrolment: back to the password step after a refused password. */
  onWrongPassword?: () => void;
  calls: EnrolmentCalls;
}) {
  const { t } = useTranslation('common');
  const [form] = Form.useForm<{ code: string }>();
  const setup = useQuery({
    queryKey: SETUP_KEY,
    queryFn: calls.setup,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
  const enable = useMutation({
    mutationFn: (code: string) => calls.enable(code),
    onSuccess: (data) => onEnabled(data.recovery_codes),
    onError: (error) => form.setFields([{ name: 'code', errors: [twofaErrorText(error)] }]),
  });

  if (setup.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('twofa.setupFailed')}
        description={errorMessage(setup.error, t('twofa.tryLater'))}
        action={
          onWrongPassword && isPasswordRefusal(setup.error) ? (
            <Button size="small" onClick={onWrongPassword} data-testid="twofa-password-again">
              {t('twofa.passwordAgain')}
            </Button>
          ) : (
            <Button size="small" loading={setup.isFetching} onClick={() => void setup.refetch()}>
              {t('retry')}
            </Button>
          )
        }
        data-testid="twofa-setup-error"
      />
    );
  }

  return (
    <Flex vertical gap={16} data-testid="twofa-scan-step">
      <StepLabel step={1} title={t('twofa.scanTitle')} />
      <Typography.Paragraph style={{ margin: 0 }}>{t('twofa.scanIntro')}</Typography.Paragraph>
      <Flex justify="center">
        <QrCode text={setup.data?.otpauth_url} alt={t('twofa.qrAlt')} testId="twofa-qr" size={176} />
      </Flex>
      <Flex
        vertical
        gap={4}
        style={{ padding: '8px 12px', background: 'var(--app-accent-bg)', borderRadius: 8 }}
      >
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {t('twofa.manualKey')}
        </Typography.Text>
        {setup.data ? (
          <Typography.Text
            strong
            copyable={{ text: setup.data.secret, tooltips: [t('twofa.copyKey'), t('twofa.copied')] }}
            style={{ fontFamily: 'monospace', fontSize: 15, overflowWrap: 'anywhere' }}
            data-testid="twofa-secret"
          >
            {groupSecret(setup.data.secret)}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('twofa.generating')}</Typography.Text>
        )}
      </Flex>
      <Form<{ code: string }>
        form={form}
        layout="vertical"
        requiredMark={false}
        disabled={!setup.data || enable.isPending}
        onFinish={(values) => enable.mutate(normaliseCode(values.code))}
        style={{ marginBottom: 0 }}
      >
        <TwofaCodeField name="code" label={t('twofa.enterAppCode')} testId="twofa-enable-code" />
        <Button
          type="primary"
          htmlType="submit"
          block
          size="large"
          loading={enable.isPending}
          data-testid="twofa-enable-submit"
        >
          {t('twofa.verifyAndEnable')}
        </Button>
        {onCancel && (
          <Button
            block
            type="text"
            style={{ marginTop: 8 }}
            onClick={onCancel}
            data-testid="twofa-enrol-cancel"
          >
            {t('cancel')}
          </Button>
        )}
      </Form>
    </Flex>
  );
}

/** Saves the codes as a .txt file (the browser's download; a phone keeps it in its files). */
function download(text: string, filename: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Step 2: the recovery codes, shown once; the way on only after "saved them" is ticked. */
function CodesStep({
  codes,
  account,
  finishLabel,
  onFinish,
}: {
  codes: string[];
  account: string;
  finishLabel: string;
  onFinish: () => Promise<void> | void;
}) {
  const { t } = useTranslation('common');
  const [saved, setSaved] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const text = recoveryCodesText(codes, account);
  return (
    <Flex vertical gap={16} data-testid="twofa-codes-step">
      <StepLabel step={2} title={t('twofa.codesTitle')} />
      <Alert type="warning" showIcon title={t('twofa.codesOnce')} description={t('twofa.codesExplained')} />
      <div
        data-testid="twofa-recovery-codes"
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
          gap: '8px 12px',
          padding: 12,
          background: 'var(--app-subtle)',
          border: '1px solid var(--app-divider)',
          borderRadius: 8,
        }}
      >
        {codes.map((code) => (
          <Typography.Text
            key={code}
            style={{ fontFamily: 'monospace', fontSize: 15, textAlign: 'center' }}
            data-testid="twofa-recovery-code"
          >
            {code}
          </Typography.Text>
        ))}
      </div>
      <Flex gap={8} wrap>
        <Typography.Text
          copyable={{
            text: codes.join('\n'),
            icon: [
              <span key="copy" className="twofa-copy-all">
                <CopyOutlined /> {t('twofa.copyAll')}
              </span>,
              <span key="copied">{t('twofa.copied')}</span>,
            ],
            tooltips: false,
          }}
          data-testid="twofa-codes-copy"
        />
        <Button
          size="small"
          icon={<DownloadOutlined />}
          onClick={() => download(text, 'recovery-codes.txt')}
          data-testid="twofa-codes-download"
        >
          {t('twofa.download')}
        </Button>
      </Flex>
      <Checkbox checked={saved} onChange={(e) => setSaved(e.target.checked)} data-testid="twofa-codes-saved">
        {t('twofa.saved')}
      </Checkbox>
      <Button
        type="primary"
        size="large"
        block
        disabled={!saved}
        loading={finishing}
        onClick={async () => {
          setFinishing(true);
          try {
            await onFinish();
          } finally {
            setFinishing(false);
          }
        }}
        data-testid="twofa-finish"
      >
        {finishLabel}
      </Button>
    </Flex>
  );
}

/**
 * Turning 2FA on, for the user app's 安全中心 and the back office's enrolment screen alike:
 * POST /auth/2fa/setup (QR code, secret), /enable with a code, then the 10 recovery codes.
 * `onFinished` runs after the operator confirms the codes are saved (refresh the profile there).
 */
export function TwofaEnrolment({
  account,
  finishLabel,
  onFinished,
  onCancel,
  onEnabled,
  calls,
}: {
  /** The account's e-mail, written at the top of the downloaded codes. */
  account: string;
  finishLabel: string;
  onFinished: () => Promise<void> | void;
  /** Offered before 2FA is on (nothing is enabled until the code is verified). */
  onCancel?: () => void;
  /** 2FA is on from the moment the code is accepted, while the codes are still on screen. */
  onEnabled?: () => void;
  /** Whose enrolment: the signed-in account's (default: asks its password first) or an activation link's. */
  calls?: EnrolmentCalls;
}) {
  const [codes, setCodes] = useState<string[] | null>(null);
  const [password, setPassword] = useState<string | null>(null);
  const enabled = (next: string[]) => {
    setCodes(next);
    onEnabled?.();
  };
  if (codes)
    return <CodesStep codes={codes} account={account} finishLabel={finishLabel} onFinish={onFinished} />;
  if (calls) return <ScanStep onEnabled={enabled} onCancel={onCancel} calls={calls} />;
  if (password === null) return <PasswordStep onPassword={setPassword} onCancel={onCancel} />;
  return (
    <ScanStep
      onEnabled={enabled}
      onCancel={onCancel}
      onWrongPassword={() => setPassword(null)}
      calls={ownAccountCalls(password)}
    />
  );
}
