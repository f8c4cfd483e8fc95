import { Tabs } from 'antd';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { DecorTab } from './DecorTab.tsx';
import { DECOR_KINDS } from './kinds.ts';

/** 首页装修: the app home's banners, menu, activity buttons and popup (operator). */
export default function DecorPage() {
  return (
    <PageFrame resource={{ label: '首页装修', section: 'goods' }}>
      <Tabs
        destroyOnHidden
        items={DECOR_KINDS.map((spec) => ({
          key: spec.kind,
          label: spec.label,
          children: <DecorTab spec={spec} />,
        }))}
      />
    </PageFrame>
  );
}
