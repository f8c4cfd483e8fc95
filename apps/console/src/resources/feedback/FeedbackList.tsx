import { useTable } from '@refinedev/antd';
import { useCan, useInvalidate, useNotification } from '@refinedev/core';
import { Button, Flex, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ClampedText, TagWithNote, TimePair, UserCell } from '../../ui/cells.tsx';
import { FilterSelect } from '../../ui/FilterSelect.tsx';
import { FilterTabs } from '../../ui/FilterTabs.tsx';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { SearchBox } from '../../ui/SearchBox.tsx';
import { Thumbnails } from '../../ui/Thumbnails.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import { type FeedbackRow, type FeedbackStatus, loadDictionary } from './api.ts';
import { HandleDialog } from './HandleDialog.tsx';

const TABS = [
  { value: 'all', label: '全部' },
  { value: 'new', label: '待处理' },
  { value: 'processing', label: '处理中' },
  { value: 'resolved', label: '已解决' },
] as const satisfies readonly { value: FeedbackStatus | 'all'; label: string }[];

const STATUS: Record<FeedbackStatus, { text: string; color: string }> = {
  new: { text: '待处理', color: 'orange' },
  processing: { text: '处理中', color: 'blue' },
  resolved: { text: '已解决', color: 'green' },
};

/** 意见反馈: what users wrote in 意见反馈, by status and type; each answered in a dialog. */
export default function FeedbackList() {
  const { tableProps, filters, setFilters } = useTable<FeedbackRow>({
    resource: 'feedback',
    syncWithLocation: true,
    pagination: { pageSize: 20 },
  });
  const { data: canWrite } = useCan({ resource: 'feedback', action: 'edit' });
  const types = useLoad(() => loadDictionary('feedback_type'));
  const invalidate = useInvalidate();
  const { open } = useNotification();
  const [handling, setHandling] = useState<FeedbackRow | null>(null);

  return (
    <PageFrame resource={{ label: '意见反馈', section: 'content' }}>
      <Flex justify="space-between" align="start" wrap gap={12}>
        <FilterTabs field="status" tabs={TABS} filters={filters} setFilters={setFilters} />
        <Space>
          <FilterSelect
            field="type"
            placeholder="反馈类型"
            options={types.data?.items ?? []}
            filters={filters}
            setFilters={setFilters}
          />
          <SearchBox filters={filters} setFilters={setFilters} placeholder="搜索内容、昵称或电话" />
        </Space>
      </Flex>
      <Table<FeedbackRow> {...tableProps} rowKey="id" size="middle" scroll={{ x: 1200 }}>
        <Table.Column<FeedbackRow>
          title="用户"
          key="user"
          width={140}
          render={(_, row) => <UserCell nickname={row.nickname} userId={row.userId} />}
        />
        <Table.Column<FeedbackRow>
          title="类型"
          dataIndex="typeText"
          width={110}
          render={(text: string) => <Tag>{text}</Tag>}
        />
        <Table.Column<FeedbackRow>
          title="反馈内容"
          dataIndex="content"
          width={320}
          render={(text: string) => <ClampedText text={text} rows={3} />}
        />
        <Table.Column<FeedbackRow>
          title="图片"
          dataIndex="images"
          width={150}
          render={(images: string[]) => <Thumbnails images={images} />}
        />
        <Table.Column<FeedbackRow>
          title="联系电话"
          dataIndex="phone"
          width={130}
          render={(phone: string) => phone || '—'}
        />
        <Table.Column<FeedbackRow>
          title="状态 / 回复"
          key="status"
          width={240}
          render={(_, row) => (
            <TagWithNote
              tag={STATUS[row.status].text}
              color={STATUS[row.status].color}
              note={row.reply}
            />
          )}
        />
        <Table.Column<FeedbackRow>
          title="提交 / 处理时间"
          key="times"
          width={170}
          render={(_, row) => <TimePair first={row.createdAt} second={row.handledAt} />}
        />
        <Table.Column<FeedbackRow>
          title="操作"
          key="actions"
          fixed="right"
          width={90}
          render={(_, row) =>
            canWrite?.can ? (
              <Button type="link" size="small" onClick={() => setHandling(row)}>
                {row.status === 'resolved' ? '修改回复' : '处理'}
              </Button>
            ) : (
              <Typography.Text type="secondary">—</Typography.Text>
            )
          }
        />
      </Table>
      <HandleDialog
        row={handling}
        onClose={() => setHandling(null)}
        onDone={async () => {
          setHandling(null);
          open?.({ type: 'success', message: '反馈已处理', key: 'feedback-handled' });
          await invalidate({ resource: 'feedback', invalidates: ['list'] });
        }}
      />
    </PageFrame>
  );
}
