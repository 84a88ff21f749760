import { formatCount, formatNumber } from '@platform/domain';
import { type TableColumnsType, Tag } from 'antd';
import type { TFunction } from 'i18next';

export const numeric = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** A USDT amount of the level tables: 8,888 (the tiers and default levels are whole numbers). */
export const tableAmount = (value: string) => formatNumber(value, 2, { minDecimals: 0 });

/**
 * The columns the reward tier and salary level tables share: the level (a tag in `color` when
 * `marked`), then the charged direct and team counts it needs.
 */
export function levelColumns<T extends { level: number; direct: number; team: number }>(
  t: TFunction<'user'>,
  marked: (row: T) => boolean,
  color: string,
): TableColumnsType<T> {
  return [
    {
      title: t('team.levels.level'),
      key: 'level',
      render: (_, row) => (
        <Tag color={marked(row) ? color : 'default'} style={{ marginInlineEnd: 0 }}>
          L{row.level}
        </Tag>
      ),
    },
    {
      title: t('team.levels.direct'),
      key: 'direct',
      align: 'right',
      render: (_, row) => <span style={numeric}>{formatCount(row.direct)}</span>,
    },
    {
      title: t('team.levels.team'),
      key: 'team',
      align: 'right',
      render: (_, row) => <span style={numeric}>{formatCount(row.team)}</span>,
    },
  ];
}
