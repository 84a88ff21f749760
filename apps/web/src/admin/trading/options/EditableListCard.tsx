import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Table, type TableColumnsType, Typography } from 'antd';
import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A card holding one editable list of the option configuration (windows, levels): a title with
 * the count, an add button that stops at the contract's maximum, a hint, and the rows' table.
 */
export function EditableListCard<Row extends { key: string | number }>(props: {
  icon: ReactNode;
  title: string;
  rows: Row[];
  columns: TableColumnsType<Row>;
  max: number;
  addLabel: string;
  onAdd: () => void;
  hint: ReactNode;
  emptyText: string;
  /** Prefix of the test ids: `<id>-add`, `<id>-row-<i>`, `<id>s-empty`, `option-<id>s-card`. */
  testId: string;
}) {
  const { t } = useTranslation('admin');
  const { rows, max, testId } = props;
  const full = rows.length >= max;
  return (
    <Card
      size="small"
      title={
        <Flex gap={8} align="center">
          {props.icon}
          {props.title}
          <Typography.Text type="secondary" style={{ fontWeight: 'normal', fontSize: 12 }}>
            {t('trading.options.count', { n: rows.length })}
          </Typography.Text>
        </Flex>
      }
      extra={
        <Button
          icon={<PlusOutlined />}
          onClick={props.onAdd}
          disabled={full}
          title={
            full
              ? t('trading.options.maxReached', { what: props.title.replace(/\s*[（(].*[）)]$/, ''), max })
              : undefined
          }
          data-testid={`${testId}-add`}
        >
          {props.addLabel}
        </Button>
      }
      data-testid={`option-${testId}s-card`}
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12, fontSize: 12 }}>
        {props.hint}
      </Typography.Paragraph>
      <Table<Row>
        rowKey="key"
        size="small"
        columns={props.columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        onRow={(_, index) => ({ 'data-testid': `${testId}-row-${index}` }) as HTMLAttributes<HTMLElement>}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={<span data-testid={`${testId}s-empty`}>{props.emptyText}</span>}
            />
          ),
        }}
      />
    </Card>
  );
}
