import { describe, expect, it } from 'vitest';
import { isPlainClick } from './nav.ts';

const click = { defaultPrevented: false, button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false };

describe('in-app links', () => {
  it('navigates in the app on a plain left click', () => {
    expect(isPlainClick(click)).toBe(true);
  });

  it('leaves new tabs, windows, downloads and handled clicks to the browser', () => {
    expect(isPlainClick({ ...click, button: 1 })).toBe(false);
    expect(isPlainClick({ ...click, metaKey: true })).toBe(false);
    expect(isPlainClick({ ...click, ctrlKey: true })).toBe(false);
    expect(isPlainClick({ ...click, shiftKey: true })).toBe(false);
    expect(isPlainClick({ ...click, altKey: true })).toBe(false);
    expect(isPlainClick({ ...click, defaultPrevented: true })).toBe(false);
  });
});
