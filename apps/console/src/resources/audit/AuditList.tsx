import type { ApiData } from '@chaopin/core/api';
import { useTable } from '@refinedev/antd';
import type { CrudFilter } from '@refinedev/core';
import {
  Button,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { chinaWallToIso, isoToChinaWall } from '../../ui/chinaTime.ts';
import { filterValue } from '../../ui/filters.ts';
import { formatChinaTime } from '../../ui/format.ts';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { ACTION_LABELS, type DiffRow, diffRows, RESOURCE_LABELS } from './diff.ts';

type AuditRow = ApiData<'admin/audit/list'>['list'][number];

interface Query {
  actorId?: number | null;
  resource?: string;
  resourceId?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

const ROLE_TEXT: Record<string, string> = {
  operator: '平台运营',
  owner: '商家',
  staff: '店员',
  agent: '客服',
};

/** What one write changed, field by field: before → after. */
function DiffTable({ row }: { row: AuditRow }) {
  return (
    <Table<DiffRow>
      dataSource={diffRows(row.diff)}
      rowKey="field"
      size="small"
      pagination={false}
      style={{ maxWidth: 960 }}
    >
      <Table.Column<DiffRow>
        title="字段"
        key="label"
        width={180}
        render={(_, d) => <Typography.Text title={d.field}>{d.label}</Typography.Text>}
      />
      <Table.Column<DiffRow>
        title="修改前"
        dataIndex="before"
        render={(text: string) => (
          <Typography.Text
            type="secondary"
            style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
          >
            {text}
          </Typography.Text>
        )}
      />
      <Table.Column<DiffRow> title="" key="arrow" width={32} render={() => '→'} />
      <Table.Column<DiffRow>
        title="修改后"
        dataIndex="after"
        render={(text: string) => (
          <Typography.Text style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {text}
          </Typography.Text>
        )}
      />
    </Table>
  );
}

/** The audit log's filters as the list's query: empty ones dropped, the range in China time. */
function toFilters(q: Query): CrudFilter[] {
  const [from, to] = q.range ?? [null, null];
  return [
    { field: 'actorId', operator: 'eq', value: q.actorId ?? undefined },
    { field: 'resource', operator: 'eq', value: q.resource || undefined },
    { field: 'resourceId', operator: 'eq', value: q.resourceId?.trim() || undefined },
    { field: 'from', operator: 'eq', value: from ? chinaWallToIso(from) : undefined },
    { field: 'to', operator: 'eq', value: to ? chinaWallToIso(to) : undefined },
  ];
}

/** 操作日志: every console write (who, when, what, from where), each row showing what changed. */
export default function AuditList() {
  const { tableProps, filters, setFilters } = useTable<AuditRow>({
    resource: 'audit',
    syncWithLocation: true,
    pagination: { pageSize: 20 },
  });
  const [form] = Form.useForm<Query>();
  const from = filterValue(filters, 'from');
  const to = filterValue(filters, 'to');
  const actorId = filterValue(filters, 'actorId');
  const initial: Query = {
    actorId: actorId ? Number(actorId) : null,
    resource: filterValue(filters, 'resource'),
    resourceId: filterValue(filters, 'resourceId'),
    range: from || to ? [from ? isoToChinaWall(from) : null, to ? isoToChinaWall(to) : null] : null,
  };

  return (
    <PageFrame resource={{ label: '操作日志', section: 'system' }}>
      <Form<Query>
        form={form}
        layout="inline"
        initialValues={initial}
        onFinish={(q) => setFilters(toFilters(q))}
        style={{ marginBottom: 16, rowGap: 12 }}
      >
        <Form.Item
          name="actorId"
          label="操作人ID"
          rules={[{ type: 'integer', min: 1, message: '请输入正确的ID' }]}
        >
          <InputNumber min={1} precision={0} controls={false} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="resource" label="对象">
          <Select
            allowClear
            style={{ width: 140 }}
            placeholder="全部"
            options={Object.entries(RESOURCE_LABELS).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
        <Form.Item name="resourceId" label="对象ID" rules={[{ max: 64, message: '最多64个字符' }]}>
          <Input allowClear maxLength={64} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item
          name="range"
          label="时间（北京时间）"
          rules={[
            {
              validator: async (_, range: Query['range']) => {
                const [a, b] = range ?? [null, null];
                if (a && b && !a.isBefore(b)) throw new Error('开始时间须早于结束时间');
              },
            },
          ]}
        >
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            allowEmpty={[true, true]}
            style={{ width: 340 }}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              查询
            </Button>
            <Button
              onClick={() => {
                form.setFieldsValue({
                  actorId: undefined,
                  resource: undefined,
                  resourceId: undefined,
                  range: undefined,
                });
                setFilters(toFilters({}));
              }}
            >
              重置
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<AuditRow>
        {...tableProps}
        rowKey="id"
        size="middle"
        scroll={{ x: 1100 }}
        expandable={{
          expandedRowRender: (row) => <DiffTable row={row} />,
          rowExpandable: (row) => Object.keys(row.diff).length > 0,
        }}
      >
        <Table.Column<AuditRow>
          title="时间"
          dataIndex="at"
          width={170}
          render={(at: string) => formatChinaTime(at)}
        />
        <Table.Column<AuditRow>
          title="操作人"
          key="actor"
          width={200}
          render={(_, row) => (
            <div>
              <Typography.Text>{row.actorName || '—'}</Typography.Text>{' '}
              <Tag>{ROLE_TEXT[row.actorRole] ?? row.actorRole}</Tag>
              <Typography.Text type="secondary" style={{ display: 'block' }}>
                ID {row.actorId}
              </Typography.Text>
            </div>
          )}
        />
        <Table.Column<AuditRow>
          title="对象"
          key="resource"
          render={(_, row) => (
            <span>
              {RESOURCE_LABELS[row.resource] ?? row.resource}{' '}
              <Typography.Text type="secondary">#{row.resourceId}</Typography.Text>
            </span>
          )}
        />
        <Table.Column<AuditRow>
          title="动作"
          dataIndex="action"
          width={110}
          render={(action: string) => <Tag color="blue">{ACTION_LABELS[action] ?? action}</Tag>}
        />
        <Table.Column<AuditRow>
          title="改动"
          key="fields"
          render={(_, row) => {
            const rows = diffRows(row.diff);
            return rows.length ? (
              <Typography.Text type="secondary" ellipsis style={{ maxWidth: 280 }}>
                {rows.map((d) => d.label).join('、')}
              </Typography.Text>
            ) : (
              '—'
            );
          }}
        />
        <Table.Column<AuditRow>
          title="店铺"
          dataIndex="storeId"
          width={90}
          render={(id: number | null) => (id === null ? '平台' : id)}
        />
        <Table.Column<AuditRow> title="IP" dataIndex="ip" width={140} />
      </Table>
    </PageFrame>
  );
}
