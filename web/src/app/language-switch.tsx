import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage, useLang } from '../lib/i18n.ts';

/** EN / ID, remembered in localStorage. */
export function LanguageSwitch({ size = 'middle' }: { size?: 'small' | 'middle' }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Segmented
      size={size}
      value={lang}
      onChange={(value) => setLanguage(value)}
      aria-label={t('nav.language')}
      data-testid="language-switch"
      options={LANGUAGES.map((value) => ({ value, label: <span title={t(`lang.${value}`)}>{value.toUpperCase()}</span> }))}
    />
  );
}
