import { PlusOutlined } from '@ant-design/icons';
import { STAFF_ROLES } from '@chaopin/contracts';
import { useTable } from '@refinedev/antd';
import { useCan, useGetIdentity, useInvalidate, useNotification } from '@refinedev/core';
import {
  Button,
  Flex,
  InputNumber,
  Popconfirm,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { allows, type ConsoleIdentity } from '../../providers/identity.ts';
import { filterValue } from '../../ui/filters.ts';
import { formatChinaTime } from '../../ui/format.ts';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { SearchBox } from '../../ui/SearchBox.tsx';
import { useLoad } from '../../ui/useLoad.ts';
import { useRowAction } from '../../ui/useRowAction.ts';
import { loadRoles, removeStaff, type StaffRow } from './api.ts';
import { canManage } from './grants.ts';
import { OperatorPanel } from './OperatorPanel.tsx';
import { StaffForm } from './StaffForm.tsx';

const ROLE_COLOR: Record<string, string> = { owner: 'gold', staff: 'blue', agent: 'cyan' };
const ROLE_FILTER = (['owner', 'staff', 'agent'] as const).map((value) => ({
  value,
  label: STAFF_ROLES[value],
}));

/**
 * 员工与角色: a store's 商家, 店员 and 客服 (the operator sees every store's), added and removed;
 * an operator also has the 平台运营 tab.
 */
export default function StaffList() {
  const { tableProps, filters, setFilters } = useTable<StaffRow>({
    resource: 'staff',
    syncWithLocation: true,
    pagination: { pageSize: 20 },
  });
  const { data: me } = useGetIdentity<ConsoleIdentity>();
  const { data: canWrite } = useCan({ resource: 'staff', action: 'edit' });
  const catalogue = useLoad(loadRoles);
  const { run, running } = useRowAction('staff');
  const invalidate = useInvalidate();
  const { open } = useNotification();
  const [editing, setEditing] = useState<StaffRow | null | undefined>(undefined);
  const names = new Map((catalogue.data?.permissions ?? []).map((p) => [p.code, p.name]));
  const operator = me?.storeIds === null;
  const storeFilter = filterValue(filters, 'storeId');
  const managesOperators = me ? allows(me.permissions, 'operator', 'write') : false;
  const [tab, setTab] = useState('staff');

  const staffTable = (
    <>
      <Flex justify="end" wrap gap={12} style={{ marginBottom: 16 }}>
        <Select
          allowClear
          placeholder="角色"
          style={{ width: 120 }}
          value={filterValue(filters, 'role')}
          options={ROLE_FILTER}
          onChange={(value?: string) =>
            setFilters([{ field: 'role', operator: 'eq', value: value || undefined }])
          }
        />
        {operator ? (
          <InputNumber
            placeholder="店铺ID"
            min={1}
            precision={0}
            controls={false}
            style={{ width: 120 }}
            defaultValue={storeFilter ? Number(storeFilter) : undefined}
            onChange={(value) =>
              setFilters([{ field: 'storeId', operator: 'eq', value: value ?? undefined }])
            }
          />
        ) : null}
        <SearchBox filters={filters} setFilters={setFilters} placeholder="搜索昵称或手机号" />
      </Flex>
      <Table<StaffRow> {...tableProps} rowKey="id" size="middle" scroll={{ x: 1100 }}>
        <Table.Column<StaffRow>
          title="员工"
          key="who"
          width={180}
          render={(_, row) => (
            <div>
              <Typography.Text>{row.nickname || '—'}</Typography.Text>
              <Typography.Text type="secondary" style={{ display: 'block' }}>
                {row.phone} · ID {row.userId}
              </Typography.Text>
            </div>
          )}
        />
        <Table.Column<StaffRow>
          title="角色"
          dataIndex="roleName"
          width={90}
          render={(text: string, row) => <Tag color={ROLE_COLOR[row.role]}>{text}</Tag>}
        />
        <Table.Column<StaffRow>
          title="店铺"
          key="store"
          width={180}
          render={(_, row) =>
            row.storeId === null ? '—' : `${row.storeName ?? ''} #${row.storeId}`
          }
        />
        <Table.Column<StaffRow>
          title="权限"
          dataIndex="permissions"
          render={(codes: string[]) => (
            <Tooltip title={codes.map((c) => names.get(c) ?? c).join('、')}>
              <Typography.Text ellipsis style={{ maxWidth: 320 }}>
                {codes.map((c) => names.get(c) ?? c).join('、') || '—'}
              </Typography.Text>
            </Tooltip>
          )}
        />
        <Table.Column<StaffRow>
          title="添加时间"
          dataIndex="createdAt"
          width={170}
          render={(at: string) => formatChinaTime(at)}
        />
        <Table.Column<StaffRow>
          title="操作"
          key="actions"
          fixed="right"
          width={130}
          render={(_, row) =>
            canWrite?.can && me && canManage(me, row) ? (
              <Space size={4}>
                <Button type="link" size="small" onClick={() => setEditing(row)}>
                  调整
                </Button>
                <Popconfirm
                  title={`移除${row.roleName}「${row.nickname || row.phone}」？其将无法再进入后台`}
                  okText="移除"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => run(String(row.id), '员工已移除', () => removeStaff(row.id))}
                >
                  <Button type="link" size="small" danger loading={running === String(row.id)}>
                    移除
                  </Button>
                </Popconfirm>
              </Space>
            ) : (
              <Typography.Text type="secondary">—</Typography.Text>
            )
          }
        />
      </Table>
    </>
  );

  return (
    <PageFrame
      resource={{ label: '员工与角色', section: 'system' }}
      extra={
        canWrite?.can && me && tab === 'staff' ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            添加员工
          </Button>
        ) : null
      }
    >
      {managesOperators ? (
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'staff', label: '店铺员工', children: staffTable },
            { key: 'operators', label: '平台运营', children: <OperatorPanel /> },
          ]}
        />
      ) : (
        staffTable
      )}
      {me ? (
        <StaffForm
          me={me}
          catalogue={catalogue.data}
          editing={editing}
          onClose={() => setEditing(undefined)}
          onSaved={async (message) => {
            setEditing(undefined);
            open?.({ type: 'success', message, key: 'staff-saved' });
            await invalidate({ resource: 'staff', invalidates: ['list'] });
          }}
        />
      ) : null}
    </PageFrame>
  );
}
