import { type ComponentProps, lazy, Suspense } from 'react';

/**
 * antd Table's filter dropdown imports Tree for columns with `filterMode: 'tree'` only; every
 * table would bring rc-tree into the first list page. vite.config.ts points that one import here:
 * the tree loads when such a filter is first opened.
 */
const Tree = lazy(() => import('antd/es/tree'));

export default function FilterTree(props: ComponentProps<typeof Tree>) {
  return (
    <Suspense fallback={null}>
      <Tree {...props} />
    </Suspense>
  );
}
