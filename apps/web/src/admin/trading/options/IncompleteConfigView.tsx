import { OPTION_CONFIG_SECTION_LABELS, OPTION_TEXTS, type OptionConfigSection } from '@platform/contracts';
import { Button, Card, Flex, Result, Tag, Typography } from 'antd';

const labelOf = (key: string): string | undefined =>
  Object.hasOwn(OPTION_CONFIG_SECTION_LABELS, key)
    ? OPTION_CONFIG_SECTION_LABELS[key as OptionConfigSection]
    : undefined;

/** Spec 001 §5: the stored config lacks sections; the server's message, then what is missing. */
export function IncompleteConfigView(props: {
  message: string;
  missing: readonly string[];
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <Card data-testid="option-incomplete">
      <Result
        status="warning"
        title={<span data-testid="option-incomplete-message">{props.message}</span>}
        subTitle={
          <Flex justify="center" align="center" gap={8} wrap data-testid="option-incomplete-missing">
            <Typography.Text type="secondary">{OPTION_TEXTS.missingPrefix}:</Typography.Text>
            {props.missing.map((key) => {
              const label = labelOf(key);
              return (
                <Tag key={key} color="warning" style={{ marginInlineEnd: 0 }}>
                  {label ? `${label}（${key}）` : key}
                </Tag>
              );
            })}
          </Flex>
        }
        extra={
          <Button
            type="primary"
            onClick={props.onRetry}
            loading={props.retrying}
            data-testid="load-error-retry"
          >
            重试
          </Button>
        }
      />
    </Card>
  );
}
