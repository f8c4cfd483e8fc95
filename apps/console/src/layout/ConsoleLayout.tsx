import { Grid, Layout } from 'antd';
import type { ReactNode } from 'react';
import { Header } from './Header.tsx';
import { Sider } from './Sider.tsx';

/** The signed-in console's frame: the sider, the top bar and the page (refine's ThemedLayout's). */
export function ConsoleLayout({ children }: { children: ReactNode }) {
  const breakpoint = Grid.useBreakpoint();
  const wide = breakpoint.sm ?? true;
  return (
    <Layout style={{ minHeight: '100vh' }} hasSider>
      <Sider />
      <Layout>
        <Header />
        <Layout.Content>
          <div style={{ minHeight: 360, padding: wide ? 24 : 12 }}>{children}</div>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
