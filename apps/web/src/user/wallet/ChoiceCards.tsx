import { CheckCircleFilled } from '@ant-design/icons';
import { Flex, Typography } from 'antd';

export interface Choice<K extends string | number> {
  key: K;
  title: string;
  note?: string;
}

/**
 * A row of large selectable cards (two a row on a phone): the deposit channel or the withdrawal
 * method. Buttons with aria-pressed, so a screen reader and the tests read the choice.
 */
export function ChoiceCards<K extends string | number>({
  choices,
  value,
  onChange,
  testId,
}: {
  choices: Choice<K>[];
  value: K | undefined;
  onChange: (key: K) => void;
  testId: string;
}) {
  return (
    <div
      style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 8 }}
      data-testid={testId}
    >
      {choices.map((choice) => {
        const selected = choice.key === value;
        return (
          <button
            key={choice.key}
            type="button"
            aria-pressed={selected}
            onClick={() => onChange(choice.key)}
            data-testid={`${testId}-${choice.key}`}
            style={{
              position: 'relative',
              textAlign: 'left',
              padding: '10px 12px',
              minHeight: 56,
              borderRadius: 8,
              cursor: 'pointer',
              background: selected ? '#e6f4ff' : '#fff',
              border: `1px solid ${selected ? '#1677ff' : '#d9d9d9'}`,
            }}
          >
            <Flex vertical gap={2} style={{ paddingRight: 16 }}>
              <Typography.Text strong ellipsis>
                {choice.title}
              </Typography.Text>
              {choice.note && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
                  {choice.note}
                </Typography.Text>
              )}
            </Flex>
            {selected && (
              <CheckCircleFilled style={{ position: 'absolute', top: 8, right: 8, color: '#1677ff' }} />
            )}
          </button>
        );
      })}
    </div>
  );
}
