import { Button, Flex, Typography } from 'antd';
import { pageWindow, paginationRangeText } from './pagination.ts';

export interface PageButtonsProps {
  page: number;
  totalPages: number;
  /** At most this many numbered buttons (spec: 10 on deposits, 5 on users). */
  maxButtons: number;
  onChange: (page: number) => void;
  /** Prefix of the test ids: <prefix>-prev, <prefix>-next, <prefix>-page-<n>. */
  testIdPrefix: string;
  disabled?: boolean;
}

/** 上一页, a window of numbered page buttons, 下一页. */
export function PageButtons({
  page,
  totalPages,
  maxButtons,
  onChange,
  testIdPrefix,
  disabled,
}: PageButtonsProps) {
  if (totalPages <= 1) return null;
  return (
    <Flex gap={4} wrap align="center" data-testid={`${testIdPrefix}-pagination`}>
      <Button
        size="small"
        disabled={disabled || page <= 1}
        onClick={() => onChange(page - 1)}
        data-testid={`${testIdPrefix}-prev`}
      >
        上一页
      </Button>
      {pageWindow(page, totalPages, maxButtons).map((n) => (
        <Button
          key={n}
          size="small"
          type={n === page ? 'primary' : 'default'}
          disabled={disabled}
          onClick={() => n !== page && onChange(n)}
          data-testid={`${testIdPrefix}-page-${n}`}
          aria-current={n === page ? 'page' : undefined}
        >
          {n}
        </Button>
      ))}
      <Button
        size="small"
        disabled={disabled || page >= totalPages}
        onClick={() => onChange(page + 1)}
        data-testid={`${testIdPrefix}-next`}
      >
        下一页
      </Button>
      <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
        第 {page} / {totalPages} 页
      </Typography.Text>
    </Flex>
  );
}

export interface PagedListFooterProps extends Omit<PageButtonsProps, 'totalPages' | 'maxButtons'> {
  /** The list reply's pagination; nothing is shown until it has arrived. */
  pagination: { page: number; limit: number; total: number; totalPages: number } | undefined;
  maxButtons?: number;
}

/** Under a list: 显示第 x 到 y 条，共 n 条记录 (<prefix>-range-text) and the page buttons. */
export function PagedListFooter({ pagination, maxButtons = 10, ...buttons }: PagedListFooterProps) {
  if (!pagination) return null;
  return (
    <Flex justify="space-between" align="center" wrap gap={8} style={{ marginTop: 16 }}>
      <Typography.Text type="secondary" data-testid={`${buttons.testIdPrefix}-range-text`}>
        {paginationRangeText(pagination.page, pagination.limit, pagination.total)}
      </Typography.Text>
      <PageButtons {...buttons} totalPages={pagination.totalPages} maxButtons={maxButtons} />
    </Flex>
  );
}
