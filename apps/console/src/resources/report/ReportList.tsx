import { useTable } from '@refinedev/antd';
import { useCan, useInvalidate, useNotification } from '@refinedev/core';
import { Button, Flex, Table, Typography } from 'antd';
import { useState } from 'react';
import { TagWithNote, TimePair, UserCell } from '../../ui/cells.tsx';
import { FilterSelect } from '../../ui/FilterSelect.tsx';
import { FilterTabs } from '../../ui/FilterTabs.tsx';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { Thumbnails } from '../../ui/Thumbnails.tsx';
import type { ReportRow, ReportStatus } from './api.ts';
import { DecideDialog } from './DecideDialog.tsx';
import { shopperLink, TARGET_TYPES, targetLabel } from './target.ts';

const TABS = [
  { value: 'all', label: '全部' },
  { value: 'pending', label: '待处理' },
  { value: 'valid', label: '成立' },
  { value: 'invalid', label: '不成立' },
] as const satisfies readonly { value: ReportStatus | 'all'; label: string }[];

const STATUS: Record<ReportStatus, { text: string; color: string }> = {
  pending: { text: '待处理', color: 'orange' },
  valid: { text: '成立', color: 'red' },
  invalid: { text: '不成立', color: 'default' },
};

function Target({ row }: { row: ReportRow }) {
  const link = shopperLink(row.targetType, row.targetId);
  const text = `${targetLabel(row.targetType)} #${row.targetId}`;
  return link ? (
    <Typography.Link href={link} target="_blank" rel="noreferrer">
      {text}
    </Typography.Link>
  ) : (
    <Typography.Text>{text}</Typography.Text>
  );
}

/** 举报: what users reported (goods, stores, live rooms, users); each pending one decided once. */
export default function ReportList() {
  const { tableProps, filters, setFilters } = useTable<ReportRow>({
    resource: 'report',
    syncWithLocation: true,
    pagination: { pageSize: 20 },
  });
  const { data: canWrite } = useCan({ resource: 'report', action: 'edit' });
  const invalidate = useInvalidate();
  const { open } = useNotification();
  const [deciding, setDeciding] = useState<ReportRow | null>(null);

  return (
    <PageFrame resource={{ label: '举报', section: 'content' }}>
      <Flex justify="space-between" align="start" wrap gap={12}>
        <FilterTabs field="status" tabs={TABS} filters={filters} setFilters={setFilters} />
        <FilterSelect
          field="targetType"
          placeholder="举报对象类型"
          options={TARGET_TYPES}
          filters={filters}
          setFilters={setFilters}
        />
      </Flex>
      <Table<ReportRow> {...tableProps} rowKey="id" size="middle" scroll={{ x: 1200 }}>
        <Table.Column<ReportRow>
          title="举报人"
          key="user"
          width={130}
          render={(_, row) => <UserCell nickname={row.nickname} userId={row.userId} />}
        />
        <Table.Column<ReportRow>
          title="举报对象"
          key="target"
          width={140}
          render={(_, row) => <Target row={row} />}
        />
        <Table.Column<ReportRow>
          title="原因 / 描述"
          key="reason"
          width={300}
          render={(_, row) => <TagWithNote tag={row.reason} note={row.description} />}
        />
        <Table.Column<ReportRow>
          title="图片"
          dataIndex="images"
          width={150}
          render={(images: string[]) => <Thumbnails images={images} />}
        />
        <Table.Column<ReportRow>
          title="状态 / 处理说明"
          key="status"
          width={240}
          render={(_, row) => (
            <TagWithNote
              tag={STATUS[row.status].text}
              color={STATUS[row.status].color}
              note={row.result}
            />
          )}
        />
        <Table.Column<ReportRow>
          title="举报 / 处理时间"
          key="times"
          width={170}
          render={(_, row) => <TimePair first={row.createdAt} second={row.handledAt} />}
        />
        <Table.Column<ReportRow>
          title="操作"
          key="actions"
          fixed="right"
          width={90}
          render={(_, row) =>
            canWrite?.can && row.status === 'pending' ? (
              <Button type="link" size="small" onClick={() => setDeciding(row)}>
                处理
              </Button>
            ) : (
              <Typography.Text type="secondary">—</Typography.Text>
            )
          }
        />
      </Table>
      <DecideDialog
        row={deciding}
        onClose={() => setDeciding(null)}
        onDone={async () => {
          setDeciding(null);
          open?.({ type: 'success', message: '举报已处理', key: 'report-handled' });
          await invalidate({ resource: 'report', invalidates: ['list'] });
        }}
      />
    </PageFrame>
  );
}
