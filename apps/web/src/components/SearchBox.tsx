import { SearchOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface SearchBoxProps {
  /** The search that is applied now. */
  value: string;
  /** Called with the trimmed text on Enter, on the button, and with '' when the text is cleared. */
  onSearch: (value: string) => void;
  placeholder?: string;
  width?: number;
  size?: 'small' | 'middle' | 'large';
  /** Put on the <input> itself (so that browser tests can type into it); the button gets <id>-submit. */
  testId: string;
}

/**
 * An input with a search button: applies on Enter or click, not on every key. The text follows the
 * applied value when that changes from outside (the back button, a link).
 */
export function SearchBox({ value, onSearch, placeholder, width = 280, size, testId }: SearchBoxProps) {
  const { t } = useTranslation('common');
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <Space.Compact size={size} style={{ width }}>
      <Input
        allowClear
        value={text}
        placeholder={placeholder}
        onChange={(event) => {
          setText(event.target.value);
          if (event.target.value === '' && value !== '') onSearch('');
        }}
        onPressEnter={() => onSearch(text.trim())}
        data-testid={testId}
      />
      <Button
        icon={<SearchOutlined />}
        onClick={() => onSearch(text.trim())}
        data-testid={`${testId}-submit`}
        aria-label={t('components.searchLabel')}
      />
    </Space.Compact>
  );
}
