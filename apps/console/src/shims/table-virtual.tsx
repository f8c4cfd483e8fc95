import { type ComponentProps, lazy, Suspense } from 'react';

/**
 * antd Table's `virtual` mode (rc-table's VirtualTable over rc-virtual-list, ~8 KB gz), loaded
 * the first time a table asks for it: vite.config.ts points Table's import here, so tables that
 * render every row of their page do not carry it.
 */
const VirtualTable = lazy(() => import('antd/es/table/RcTable/VirtualTable'));

export default function LazyVirtualTable(props: ComponentProps<typeof VirtualTable>) {
  return (
    <Suspense fallback={null}>
      <VirtualTable {...props} />
    </Suspense>
  );
}
