import { describe, expect, it } from 'vitest';
import { canContent, canDeleteContent, canEditContent, CONTENT_TRANSITIONS, contentActionsFor } from './content.ts';

describe('content workflow', () => {
  it('allows each transition only from its states', () => {
    expect(CONTENT_TRANSITIONS.submit.from).toEqual([0, 5, 6]);
    expect([0, 1, 2, 3, 4, 5, 6].filter((s) => canContent('approve', s))).toEqual([1]);
    expect([0, 1, 2, 3, 4, 5, 6].filter((s) => canContent('reject', s))).toEqual([1]);
    expect([0, 1, 2, 3, 4, 5, 6].filter((s) => canContent('deactivate', s))).toEqual([2, 3]);
  });

  it('edits and deletes only while nobody reviews and nothing is published', () => {
    expect([0, 1, 2, 3, 4, 5, 6].filter(canEditContent)).toEqual([0, 5, 6]);
    expect([0, 1, 2, 3, 4, 5, 6].filter(canDeleteContent)).toEqual([0, 5, 6]);
  });

  it('offers the checker actions to others than the submitter only', () => {
    expect(contentActionsFor(1, { isSubmitter: false })).toEqual(['approve', 'reject']);
    expect(contentActionsFor(1, { isSubmitter: true })).toEqual([]);
    expect(contentActionsFor(0, { isSubmitter: true })).toEqual(['submit']);
    expect(contentActionsFor(3, { isSubmitter: false })).toEqual(['deactivate']);
    expect(contentActionsFor(4, { isSubmitter: false })).toEqual([]);
  });
});
