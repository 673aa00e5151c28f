import { lazy, Suspense } from 'react';
import type { ResultProps } from 'antd';

const AntResult = lazy(async () => ({ default: (await import('antd/es/result')).default }));

/**
 * antd's Result (an outcome with its picture: done, forbidden, not found, failed), loaded when one is first shown: its
 * 403, 404 and 500 illustrations weigh about 9 KB compressed that an ordinary list or form never shows.
 */
export function Result(props: ResultProps) {
  return (
    <Suspense fallback={null}>
      <AntResult {...props} />
    </Suspense>
  );
}
