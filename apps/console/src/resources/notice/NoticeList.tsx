import { PlusOutlined } from '@ant-design/icons';
import { useTable } from '@refinedev/antd';
import { useCan, useInvalidate, useNotification } from '@refinedev/core';
import { Button, Flex, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { FilterTabs } from '../../ui/FilterTabs.tsx';
import { formatChinaTime } from '../../ui/format.ts';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { SearchBox } from '../../ui/SearchBox.tsx';
import { useRowAction } from '../../ui/useRowAction.ts';
import { type NoticeRow, type NoticeState, withdrawNotice } from './api.ts';
import { NoticeForm } from './NoticeForm.tsx';

const TABS = [
  { value: 'all', label: '全部' },
  { value: 'scheduled', label: '定时' },
  { value: 'published', label: '已发布' },
  { value: 'withdrawn', label: '已撤回' },
] as const satisfies readonly { value: NoticeState | 'all'; label: string }[];

const STATE: Record<NoticeState, { text: string; color: string }> = {
  scheduled: { text: '定时', color: 'gold' },
  published: { text: '已发布', color: 'green' },
  withdrawn: { text: '已撤回', color: 'default' },
};

/** 公告: system notices in the shopper app's 消息, published now or at a set time, withdrawn. */
export default function NoticeList() {
  const { tableProps, filters, setFilters } = useTable<NoticeRow>({
    resource: 'notice',
    syncWithLocation: true,
    pagination: { pageSize: 20 },
  });
  const { data: canWrite } = useCan({ resource: 'notice', action: 'edit' });
  const { run, running } = useRowAction('notice');
  const invalidate = useInvalidate();
  const { open } = useNotification();
  const [editing, setEditing] = useState<NoticeRow | null | undefined>(undefined);

  return (
    <PageFrame
      resource={{ label: '公告', section: 'content' }}
      extra={
        canWrite?.can ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            发布公告
          </Button>
        ) : null
      }
    >
      <Flex justify="space-between" align="start" wrap gap={12}>
        <FilterTabs field="state" tabs={TABS} filters={filters} setFilters={setFilters} />
        <SearchBox filters={filters} setFilters={setFilters} placeholder="搜索标题或内容" />
      </Flex>
      <Table<NoticeRow> {...tableProps} rowKey="id" size="middle" scroll={{ x: 1100 }}>
        <Table.Column<NoticeRow>
          title="标题 / 内容"
          key="title"
          width={360}
          render={(_, row) => (
            <div>
              <Typography.Text strong>{row.title}</Typography.Text>
              <Typography.Paragraph
                type="secondary"
                ellipsis={{ rows: 2, tooltip: row.content }}
                style={{ margin: 0 }}
              >
                {row.content}
              </Typography.Paragraph>
            </div>
          )}
        />
        <Table.Column<NoticeRow>
          title="对象"
          dataIndex="userId"
          width={120}
          render={(id: number | null) => (id === null ? '全部用户' : `用户 ${id}`)}
        />
        <Table.Column<NoticeRow>
          title="站内链接"
          dataIndex="link"
          render={(link: string) =>
            link ? (
              <Typography.Text code>{link}</Typography.Text>
            ) : (
              <Typography.Text type="secondary">—</Typography.Text>
            )
          }
        />
        <Table.Column<NoticeRow>
          title="状态"
          dataIndex="state"
          width={90}
          render={(state: NoticeState) => <Tag color={STATE[state].color}>{STATE[state].text}</Tag>}
        />
        <Table.Column<NoticeRow>
          title="发布时间"
          key="publishAt"
          width={180}
          render={(_, row) => (
            <div>
              {formatChinaTime(row.publishAt)}
              {row.withdrawnAt ? (
                <Typography.Text type="secondary" style={{ display: 'block' }}>
                  撤回于 {formatChinaTime(row.withdrawnAt)}
                </Typography.Text>
              ) : null}
            </div>
          )}
        />
        <Table.Column<NoticeRow> title="阅读数" dataIndex="reads" align="right" width={90} />
        <Table.Column<NoticeRow>
          title="操作"
          key="actions"
          fixed="right"
          width={140}
          render={(_, row) =>
            canWrite?.can && row.state !== 'withdrawn' ? (
              <Space size={4}>
                {row.state === 'scheduled' ? (
                  <Button type="link" size="small" onClick={() => setEditing(row)}>
                    编辑
                  </Button>
                ) : null}
                <Popconfirm
                  title={
                    row.state === 'scheduled'
                      ? '撤回这条定时公告？它将不再发布'
                      : '撤回这条公告？用户将不再看到它'
                  }
                  okText="撤回"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => run(String(row.id), '公告已撤回', () => withdrawNotice(row.id))}
                >
                  <Button type="link" size="small" danger loading={running === String(row.id)}>
                    撤回
                  </Button>
                </Popconfirm>
              </Space>
            ) : (
              <Typography.Text type="secondary">—</Typography.Text>
            )
          }
        />
      </Table>
      <NoticeForm
        editing={editing}
        onClose={() => setEditing(undefined)}
        onSaved={async (message) => {
          setEditing(undefined);
          open?.({ type: 'success', message, key: 'notice-saved' });
          await invalidate({ resource: 'notice', invalidates: ['list'] });
        }}
      />
    </PageFrame>
  );
}
