import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage, useLang } from '../lib/i18n.ts';

/** EN / ID, remembered in localStorage: two toggle buttons (antd's Segmented would add 3 KB to the sign-in page). */
export function LanguageSwitch({ size = 'middle' }: { size?: 'small' | 'middle' }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Space.Compact role="group" aria-label={t('nav.language')} data-testid="language-switch">
      {LANGUAGES.map((value) => (
        <Button
          key={value}
          size={size}
          type={value === lang ? 'primary' : 'default'}
          aria-pressed={value === lang}
          title={t(`lang.${value}`)}
          onClick={() => setLanguage(value)}
        >
          {value.toUpperCase()}
        </Button>
      ))}
    </Space.Compact>
  );
}
