import { type ButtonProps, Input, Modal, Typography } from 'antd';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface ReasonPromptOptions {
  /** The dialog's title (e.g. the confirmation question). */
  title: ReactNode;
  /** The question above the input; default 请输入拒绝原因: */
  label?: ReactNode;
  okText?: string;
  placeholder?: string;
  /** A red OK button (for rejections). */
  danger?: boolean;
}

interface OpenPrompt extends ReasonPromptOptions {
  resolve: (reason: string | null) => void;
}

/** A data-testid for props objects (antd's ButtonProps has no index signature for data-* keys). */
const testId = (id: string): ButtonProps => ({ 'data-testid': id }) as ButtonProps;

/**
 * The browser prompt() of the spec as an antd modal with an input (test ids reason-input, reason-ok).
 * `prompt()` resolves with the trimmed reason, or null when the operator cancels: the caller then
 * does nothing. A reason is required (the server refuses a rejection without one): OK with nothing
 * typed keeps the dialog open and says so (reason-error) instead of closing silently. Render
 * `element` once in the page.
 */
export function useReasonPrompt(): {
  prompt: (options: ReasonPromptOptions) => Promise<string | null>;
  element: ReactNode;
} {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState<OpenPrompt | null>(null);
  const [value, setValue] = useState('');
  const [empty, setEmpty] = useState(false);
  const current = useRef<OpenPrompt | null>(null);

  const prompt = useCallback(
    (options: ReasonPromptOptions) =>
      new Promise<string | null>((resolve) => {
        current.current?.resolve(null);
        const next = { ...options, resolve };
        current.current = next;
        setValue('');
        setEmpty(false);
        setOpen(next);
      }),
    [],
  );

  const finish = (reason: string | null) => {
    const pending = current.current;
    current.current = null;
    setOpen(null);
    pending?.resolve(reason);
  };

  const confirm = () => {
    const trimmed = value.trim();
    if (trimmed === '') setEmpty(true);
    else finish(trimmed);
  };
  // What OK with nothing typed says: the default question's 请输入拒绝原因, or 请输入原因 under a question of the caller's.
  const emptyMessage = open?.label ? t('components.reasonRequired') : t('components.rejectReasonRequired');

  const element = (
    <Modal
      open={open !== null}
      title={open?.title}
      okText={open?.okText ?? t('components.ok')}
      cancelText={t('cancel')}
      onOk={confirm}
      onCancel={() => finish(null)}
      okButtonProps={{ danger: open?.danger, ...testId('reason-ok') }}
      cancelButtonProps={testId('reason-cancel')}
      destroyOnHidden
    >
      <Typography.Paragraph style={{ marginBottom: 8 }}>
        {open?.label ?? t('components.rejectReasonLabel')}
      </Typography.Paragraph>
      <Input.TextArea
        data-testid="reason-input"
        autoFocus
        rows={3}
        maxLength={500}
        value={value}
        status={empty ? 'error' : undefined}
        placeholder={open?.placeholder}
        onChange={(event) => {
          setValue(event.target.value);
          setEmpty(false);
        }}
      />
      {empty && (
        <Typography.Text type="danger" role="alert" data-testid="reason-error">
          {emptyMessage}
        </Typography.Text>
      )}
    </Modal>
  );
  return { prompt, element };
}
