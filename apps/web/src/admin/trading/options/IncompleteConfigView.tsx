import { OPTION_CONFIG_SECTION_LABELS, type OptionConfigSection } from '@platform/contracts';
import { Button, Card, Flex, Result, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A section the contracts name (its label is in admin:trading.options.section), else undefined. */
const sectionOf = (key: string): OptionConfigSection | undefined =>
  Object.hasOwn(OPTION_CONFIG_SECTION_LABELS, key) ? (key as OptionConfigSection) : undefined;

/** Spec 001 §5: the stored config lacks sections; the server's message, then what is missing. */
export function IncompleteConfigView(props: {
  message: string;
  missing: readonly string[];
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation(['admin', 'common']);
  return (
    <Card data-testid="option-incomplete">
      <Result
        status="warning"
        title={<span data-testid="option-incomplete-message">{props.message}</span>}
        subTitle={
          <Flex justify="center" align="center" gap={8} wrap data-testid="option-incomplete-missing">
            <Typography.Text type="secondary">{t('trading.options.missingPrefix')}:</Typography.Text>
            {props.missing.map((key) => {
              const section = sectionOf(key);
              return (
                <Tag key={key} color="warning" style={{ marginInlineEnd: 0 }}>
                  {section
                    ? t('trading.options.sectionWithKey', {
                        label: t(`trading.options.section.${section}`),
                        key,
                      })
                    : key}
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
            {t('common:retry')}
          </Button>
        }
      />
    </Card>
  );
}
