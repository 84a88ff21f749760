import { Button, Result } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  children: ReactNode;
  /** Replaces the default text. */
  description?: ReactNode;
  /** Called when 重试 is pressed, before the children render again. */
  onReset?: () => void;
}

interface State {
  error: Error | null;
}

/** What a caught crash shows: 组件加载失败, the text and 重试 (a function, so it follows the language). */
function CrashView({ description, onRetry }: { description?: ReactNode; onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Result
      status="error"
      title={t('components.boundaryTitle')}
      subTitle={description ?? t('components.boundaryText')}
      extra={
        <Button type="primary" autoInsertSpace={false} onClick={onRetry}>
          {t('retry')}
        </Button>
      }
    />
  );
}

/** Catches a crashing (or failing lazy) component and offers 重试, which renders it again. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('component error', error, info.componentStack);
  }

  private readonly reset = () => {
    this.props.onReset?.();
    this.setState({ error: null });
  };

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return <CrashView description={this.props.description} onRetry={this.reset} />;
  }
}
