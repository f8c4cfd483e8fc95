import { Typography, theme } from 'antd';
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
  /** The content lays out its own cards (the dashboard's tiles): no card around it. */
  bare?: boolean;
}) {
  const { token } = theme.useToken();
  const section = SECTIONS.find((s) => s.key === props.resource.section);
  return (
    <div>
      {/* antd Breadcrumb's look (its Dropdown items and Flex are more than two labels need). */}
      <nav
        aria-label="breadcrumb"
        style={{ marginBottom: token.marginXS, lineHeight: token.lineHeight }}
      >
        {section && !section.flat ? (
          <>
            <span style={{ color: token.colorTextDescription }}>{section.label}</span>
            <span
              aria-hidden
              style={{ color: token.colorTextDescription, marginInline: token.marginXS }}
            >
              /
            </span>
          </>
        ) : null}
        <span style={{ color: token.colorText }}>{props.resource.label}</span>
      </nav>
      <div
        style={{
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          marginBottom: token.margin,
        }}
      >
        <Typography.Title level={4} style={{ margin: 0 }}>
          {props.title ?? props.resource.label}
        </Typography.Title>
        {props.extra}
      </div>
      {/* A card's look without antd's Card, which brings Tabs and Skeleton (~15 KB gz). */}
      {props.bare ? (
        props.children
      ) : (
        <section
          style={{
            background: token.colorBgContainer,
            borderRadius: token.borderRadiusLG,
            padding: token.paddingLG,
          }}
        >
          {props.children}
        </section>
      )}
    </div>
  );
}
