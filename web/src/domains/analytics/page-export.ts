import { useEffect, useSyncExternalStore } from 'react';

/*
 * Whether the open screen offers its export to the user: the share dialog offers "include the export" only then. An
 * export button of a screen marks itself while it is shown.
 */
let shown = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Marks the screen as offering its export while `on` and the calling component is shown. */
export function useMarkPageExport(on: boolean): void {
  useEffect(() => {
    if (!on) return;
    shown += 1;
    emit();
    return () => {
      shown -= 1;
      emit();
    };
  }, [on]);
}

/** The open screen offers its export. */
export function usePageHasExport(): boolean {
  return useSyncExternalStore(subscribe, () => shown > 0);
}
