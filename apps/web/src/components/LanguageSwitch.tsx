import { GlobalOutlined } from '@ant-design/icons';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '@platform/contracts';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n/index.ts';
import { switchLanguage } from '../lib/language.ts';

/**
 * 语言 / Language: the login page's, 我的's and the back office header's switch. Each language is
 * named in its own words (LANGUAGE_NAMES); a choice is shown at once, kept on the device and, signed
 * in, saved to the profile (lib/language.ts).
 */
export function LanguageSwitch({ variant = 'borderless' }: { variant?: 'borderless' | 'outlined' }) {
  const { t } = useTranslation();
  return (
    <Select<Language>
      value={currentLanguage()}
      variant={variant}
      prefix={<GlobalOutlined />}
      aria-label={t('language')}
      popupMatchSelectWidth={false}
      options={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
      onChange={(language) => void switchLanguage(language)}
      data-testid="language-switch"
    />
  );
}
