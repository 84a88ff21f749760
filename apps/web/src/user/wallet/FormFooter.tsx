import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';

export interface FormFooterProps {
  /** The refusal to show above the button (kept until the next try), or null. */
  error: { title: ReactNode; description?: ReactNode } | null;
  submitting: boolean;
  /** The submit button refuses (the app is disconnected: nothing may be sent). */
  disabled?: boolean;
  label: string;
  /** Prefix of the test ids: `<id>-error`, `<id>-submit`. */
  testId: string;
}

/** The end of a money or identity form: the server's refusal, then the full-width submit button. */
export function FormFooter({ error, submitting, disabled = false, label, testId }: FormFooterProps) {
  return (
    <>
      {error && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          title={error.title}
          description={error.description}
          data-testid={`${testId}-error`}
        />
      )}
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={submitting}
        disabled={disabled}
        data-testid={`${testId}-submit`}
      >
        {label}
      </Button>
    </>
  );
}
