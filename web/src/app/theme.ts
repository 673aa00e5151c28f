import { theme as antTheme, type ThemeConfig } from 'antd';
import { BRAND_COLOR } from './brand.ts';

/** antd's preset colours, the names a `Tag` takes as `color` (the contract's status tables and tag palette use them). */
const PRESET_COLORS = ['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'lime', 'gold'] as const;
type PresetColor = (typeof PRESET_COLORS)[number];
type Shade = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10;
type PaletteToken = `${PresetColor}${Shade}`;

/** WCAG's contrast ratio of two `#rrggbb` colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * A preset tag writes shade 7 of its palette on shade 1, which is 3.2–4.0:1 for green, orange, gold, cyan, lime,
 * yellow and volcano. Each preset keeps its fill and border and takes, as its text, the first shade from 7 on that
 * reads at 4.5:1 on that fill. Scoped to `Tag` so that other uses of the palette keep antd's shades.
 */
export function accessibleTagText(palette: Record<PaletteToken, string>): Partial<Record<PaletteToken, string>> {
  const text: Partial<Record<PaletteToken, string>> = {};
  for (const color of PRESET_COLORS) {
    const fill = palette[`${color}1`];
    const shade = ([7, 8, 9, 10] as const).find((s) => contrastRatio(palette[`${color}${s}`], fill) >= 4.5) ?? 10;
    if (shade !== 7) text[`${color}7`] = palette[`${color}${shade}`];
  }
  return text;
}

const TOKEN: ThemeConfig['token'] = {
  colorPrimary: BRAND_COLOR,
  colorLink: BRAND_COLOR,
  colorSuccess: '#2e9e5b',
  // WCAG 2.2 AA in the theme, not per screen: secondary and descriptive text at 4.5:1 or more on white and on the
  // page background (antd's defaults, black at 45%, give 3.4:1), placeholders readable too.
  colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
  colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
  colorTextDescription: 'rgba(0, 0, 0, 0.6)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
  // Red text (danger buttons, errors) at 4.5:1 on white; antd's #ff4d4f gives 3.3:1.
  colorError: '#cf1322',
  // Green text (a figure up on the period before) at 4.5:1 on white too; the brand's success green gives 3.4:1.
  colorSuccessText: '#1d7844',
  borderRadius: 8,
  fontFamily: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
};

export const THEME: ThemeConfig = {
  algorithm: antTheme.defaultAlgorithm,
  token: TOKEN,
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#0f2e1d', triggerBg: '#0b2416', bodyBg: '#f5f7f6', headerPadding: '0 20px' },
    Menu: {
      darkItemBg: '#0f2e1d',
      darkSubMenuItemBg: '#0b2416',
      darkItemSelectedBg: BRAND_COLOR,
      darkGroupTitleColor: 'rgba(255,255,255,0.72)',
    },
    // A screen's one h1 is its title, at the size antd gives an h3.
    Typography: { fontSizeHeading1: 24, lineHeightHeading1: 1.3333 },
    Tag: accessibleTagText(antTheme.getDesignToken({ algorithm: antTheme.defaultAlgorithm, token: TOKEN })),
  },
};

/** Without motion for people who ask their system for less (and for the e2e browser, which asks too). */
export const STILL_THEME: ThemeConfig = { ...THEME, token: { ...THEME.token, motion: false } };
