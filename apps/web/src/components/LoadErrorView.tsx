import { Button, Card, Result } from 'antd';

export interface LoadErrorViewProps {
  /** The spec's message, e.g. 获取提现列表失败. */
  title: string;
  /** The server's or network's reason, shown under the title when it says something more. */
  reason?: string;
  onRetry: () => void;
  retrying?: boolean;
}

/** A list that could not load: replaces the page with the message and a retry button. */
export function LoadErrorView({ title, reason, onRetry, retrying }: LoadErrorViewProps) {
  return (
    <Card data-testid="load-error">
      <Result
        status="error"
        title={title}
        subTitle={reason && reason !== title ? reason : undefined}
        extra={
          <Button type="primary" onClick={onRetry} loading={retrying} data-testid="load-error-retry">
            重试
          </Button>
        }
      />
    </Card>
  );
}
