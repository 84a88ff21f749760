import { Button, Result } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';

export const ERROR_BOUNDARY_TITLE = '组件加载失败';
export const ERROR_BOUNDARY_TEXT = '抱歉，此组件遇到了问题。请尝试刷新页面或稍后再试。';

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

/** Catches a crashing (or failing lazy) component and offers 重试, which renders it again. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('组件错误', error, info.componentStack);
  }

  private readonly reset = () => {
    this.props.onReset?.();
    this.setState({ error: null });
  };

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <Result
        status="error"
        title={ERROR_BOUNDARY_TITLE}
        subTitle={this.props.description ?? ERROR_BOUNDARY_TEXT}
        extra={
          <Button type="primary" autoInsertSpace={false} onClick={this.reset}>
            重试
          </Button>
        }
      />
    );
  }
}
