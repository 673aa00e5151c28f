import { describe, expect, it } from 'vitest';
import { changePercent, changeText, changeType, formatFigure, formatFigureShort } from './FigureCard.tsx';

describe('figure card texts', () => {
  it('write a figure in full and in short, by its kind', () => {
    expect(formatFigure(1_500_000, 'rupiah', 'en')).toBe('Rp 1.500.000');
    expect(formatFigure(12_345, 'count', 'en')).toBe('12.345');
    expect(formatFigure(2.3, 'decimal', 'en')).toBe('2.3');
    expect(formatFigure(2.3, 'decimal', 'id')).toBe('2,3');
    expect(formatFigure(61.1, 'percent', 'en')).toBe('61.1%');
    expect(formatFigureShort(1_234_000, 'rupiah', 'en')).toBe('Rp 1.2M');
    expect(formatFigureShort(12_345, 'count', 'en')).toBe('12.3K');
    expect(formatFigureShort(1_234_000, 'rupiah', 'id')).toBe('Rp 1,2M');
  });

  it('say the change against the period before, and its colour', () => {
    expect(changeText(1_350_000, 1_200_000, 'rupiah', 'vs previous period', 'en')).toBe('+12.5% vs previous period (Rp 1.2M)');
    expect(changePercent(97, 100, 'id')).toBe('-3,0%');
    expect(changePercent(172_238, 172_240, 'en')).toBe('0.0%');
    expect(changePercent(5, 0, 'en')).toBe('–');
    expect([changeType(2, 1), changeType(1, 2), changeType(1, 1), changeType(1, 0)]).toEqual(['success', 'danger', 'secondary', 'secondary']);
  });
});
