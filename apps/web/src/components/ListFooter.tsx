import { DEFAULT_PAGE_SIZE, type Pagination as PageInfo } from '@platform/contracts';
import { formatCount } from '@platform/domain';
import { Flex, Pagination, Typography } from 'antd';

export interface ListFooterProps {
  pagination: PageInfo | undefined;
  page: number;
  /** What a row is called in the total: 条记录, 条订单. */
  noun: string;
  onChange: (page: number) => void;
  /** Prefix of the test ids: `<id>-page-text`, `<id>-pagination`. */
  testId: string;
}

/** 第 x 页，共 y 页（n 条…） and, past one page, the page buttons of a 20-row list. */
export function ListFooter({ pagination, page, noun, onChange, testId }: ListFooterProps) {
  const totalPages = pagination?.totalPages ?? 0;
  return (
    <Flex justify="space-between" align="center" wrap gap={8} style={{ marginTop: 16 }}>
      <Typography.Text type="secondary" data-testid={`${testId}-page-text`}>
        {pagination
          ? `第 ${totalPages === 0 ? 0 : page} 页，共 ${totalPages} 页（${formatCount(pagination.total)} ${noun}）`
          : ''}
      </Typography.Text>
      {pagination && pagination.total > DEFAULT_PAGE_SIZE && (
        <Pagination
          current={page}
          pageSize={DEFAULT_PAGE_SIZE}
          total={pagination.total}
          showSizeChanger={false}
          showLessItems
          onChange={onChange}
          data-testid={`${testId}-pagination`}
        />
      )}
    </Flex>
  );
}
