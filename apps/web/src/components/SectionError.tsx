import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

export interface SectionErrorProps {
  title: string;
  reason?: string;
  onRetry: () => void;
  retrying?: boolean;
  testId: string;
}

/** A section that could not load: the message and a retry, while the rest of the screen keeps working. */
export function SectionError({ title, reason, onRetry, retrying, testId }: SectionErrorProps) {
  const { t } = useTranslation('common');
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      description={reason && reason !== title ? reason : undefined}
      action={
        <Button size="small" onClick={onRetry} loading={retrying} data-testid={`${testId}-retry`}>
          {t('retry')}
        </Button>
      }
      data-testid={testId}
    />
  );
}
