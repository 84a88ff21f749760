import { Tooltip, Typography } from 'antd';
import { shortenHash } from '../../../lib/blockExplorer.ts';

/** An address shortened in the table with the full value on hover and a copy button. */
export function ShortAddress({ value }: { value: string | null }) {
  if (!value) return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Tooltip title={value}>
      <Typography.Text copyable={{ text: value }}>{shortenHash(value, 6)}</Typography.Text>
    </Tooltip>
  );
}
