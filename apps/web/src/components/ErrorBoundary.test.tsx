import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { LazyPage } from './lazyPage.tsx';
import { RouteBoundary } from './RouteBoundary.tsx';

let shouldThrow = true;
function Fragile() {
  if (shouldThrow) throw new Error('boom');
  return <div>recovered</div>;
}

describe('ErrorBoundary', () => {
  it('shows 组件加载失败 with the default text, and 重试 renders the children again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    shouldThrow = true;
    render(
      <ErrorBoundary>
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByText('组件加载失败')).toBeTruthy();
    expect(screen.getByText('抱歉，此组件遇到了问题。请尝试刷新页面或稍后再试。')).toBeTruthy();
    shouldThrow = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(screen.getByText('recovered')).toBeTruthy();
    expect(screen.queryByText('组件加载失败')).toBeNull();
  });

  it('takes a custom text', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    shouldThrow = true;
    render(
      <ErrorBoundary description="图表出错了">
        <Fragile />
      </ErrorBoundary>,
    );
    expect(screen.getByText('图表出错了')).toBeTruthy();
  });

  it('retries a lazy screen whose download failed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let online = false;
    const load = vi.fn(() =>
      online
        ? Promise.resolve({ default: () => <div>loaded screen</div> })
        : Promise.reject(new Error('chunk failed')),
    );
    render(
      <RouteBoundary>
        <LazyPage load={load} />
      </RouteBoundary>,
    );
    expect(await screen.findByText('组件加载失败')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
    online = true;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('loaded screen')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
