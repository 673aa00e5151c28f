import { theme as antTheme } from 'antd';
import { describe, expect, it } from 'vitest';
import { contrastRatio, THEME } from './theme.ts';

describe('theme', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#767676')).toBeCloseTo(4.54, 2);
  });

  it('gives every preset tag text that reads at 4.5:1 on its fill, in the same hue', () => {
    const palette: Record<string, unknown> = { ...antTheme.getDesignToken(THEME) };
    const tag: Record<string, unknown> = { ...THEME.components?.Tag };
    for (const color of ['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'lime', 'gold']) {
      const text = String(tag[`${color}7`] ?? palette[`${color}7`]);
      const shades = [7, 8, 9, 10].map((s) => String(palette[`${color}${s}`]));
      expect(shades, color).toContain(text);
      expect(contrastRatio(text, String(palette[`${color}1`])), color).toBeGreaterThanOrEqual(4.5);
    }
    // Presets antd already writes readably keep their shade.
    expect(tag.blue7).toBeUndefined();
    expect(tag.green7).toBe(palette.green8);
  });
});
