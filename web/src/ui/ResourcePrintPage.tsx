import type { ReactNode } from 'react';
import { ResourcePrintHeader } from './ResourcePrintHeader.tsx';
import { ResourcePrintTable } from './ResourcePrintTable.tsx';
import type { ResourceView } from './resource.ts';

/** A list laid out for paper (a print preview): its print header with the filters in words, its totals, its first rows. */
export function ResourcePrintPage<Row extends { id: number | string }, Detail extends Row>({ view, title, above }: { view: ResourceView<Row, Detail>; title: string; above?: ReactNode }) {
  return (
    <>
      <ResourcePrintHeader view={view} title={title} />
      {above}
      <ResourcePrintTable view={view} />
    </>
  );
}
