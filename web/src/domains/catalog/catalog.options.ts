import { categoryRow, parentCategoriesApi, subCategoriesApi } from '@portal/contract';
import { remoteOptions } from '../../ui/options.ts';

/** Parent categories for filters and the sub category form: the whole (small) table. */
export const parentCategoryOptions = remoteOptions('parent-category', parentCategoriesApi.list, categoryRow.pick({ id: true, name: true }), (c) => ({ value: c.id, label: c.name }), {
  query: { is_all: 'true', sort_by: 'position', sort_dir: 'asc' },
});

/** Sub categories with their parent's name, searched on the server. */
export const subCategoryOptions = remoteOptions(
  'sub-category',
  subCategoriesApi.list,
  categoryRow.pick({ id: true, name: true, parent_name: true }),
  (c) => ({ value: c.id, label: c.parent_name ? `${c.parent_name} › ${c.name}` : c.name }),
  { query: { is_all: 'true', sort_by: 'name', sort_dir: 'asc' } },
);
