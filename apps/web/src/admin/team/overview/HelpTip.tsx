import { QuestionCircleOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';

/** A small question mark that explains a figure on hover or focus (the definition is also its accessible name). */
export function HelpTip({ text, testId }: { text: string; testId?: string }) {
  return (
    <Tooltip title={text}>
      <QuestionCircleOutlined
        tabIndex={0}
        aria-label={text}
        data-testid={testId}
        style={{ color: 'rgba(0, 0, 0, 0.45)', fontSize: 12, cursor: 'help' }}
      />
    </Tooltip>
  );
}
