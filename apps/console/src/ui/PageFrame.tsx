import { Breadcrumb, Flex, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { SECTIONS } from '../resources/sections.ts';
import type { ConsoleResource } from '../resources/types.ts';

/**
 * A resource page's frame: 订单 / 售后 breadcrumb, title and actions, the content on a card.
 * (refine's List would bring @ant-design/pro-layout's PageHeader, ~20 KB gz, for the same.)
 */
export function PageFrame(props: {
  resource: Pick<ConsoleResource, 'label' | 'section'>;
  title?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  const section = SECTIONS.find((s) => s.key === props.resource.section);
  return (
    <div>
      <Breadcrumb
        style={{ marginBottom: token.marginXS }}
        items={[
          ...(section && !section.flat ? [{ title: section.label }] : []),
          { title: props.resource.label },
        ]}
      />
      <Flex justify="space-between" align="center" style={{ marginBottom: token.margin }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {props.title ?? props.resource.label}
        </Typography.Title>
        {props.extra}
      </Flex>
      {/* A card's look without antd's Card, which brings Tabs and Skeleton (~15 KB gz). */}
      <section
        style={{
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          padding: token.paddingLG,
        }}
      >
        {props.children}
      </section>
    </div>
  );
}
