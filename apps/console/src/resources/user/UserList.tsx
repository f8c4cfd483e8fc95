import { getDefaultSortOrder, useTable } from '@refinedev/antd';
import { Avatar, Button, DatePicker, Flex, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { FilterSelect } from '../../ui/FilterSelect.tsx';
import { filterValue } from '../../ui/filters.ts';
import { formatChinaTime } from '../../ui/format.ts';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { SearchBox } from '../../ui/SearchBox.tsx';
import type { UserRow } from './api.ts';
import { UserDrawer } from './UserDrawer.tsx';

const STATUS = [
  { value: 'normal', label: '正常' },
  { value: 'banned', label: '已封禁' },
];
const TEST = [
  { value: 'true', label: '测试账号' },
  { value: 'false', label: '非测试账号' },
];

/** 用户: every account, searched by phone, id or nickname; a row opens the user's drawer. */
export default function UserList() {
  const { tableProps, filters, setFilters, sorters } = useTable<UserRow>({
    resource: 'user',
    syncWithLocation: true,
    pagination: { pageSize: 20 },
    sorters: { initial: [{ field: 'id', order: 'desc' }] },
  });
  const [viewing, setViewing] = useState<number | null>(null);
  const from = filterValue(filters, 'registeredFrom');
  const to = filterValue(filters, 'registeredTo');

  return (
    <PageFrame resource={{ label: '用户', section: 'users' }}>
      <Flex justify="end" wrap gap={12} style={{ marginBottom: 16 }}>
        <FilterSelect
          field="status"
          placeholder="状态"
          width={110}
          options={STATUS}
          filters={filters}
          setFilters={setFilters}
        />
        <FilterSelect
          field="test"
          placeholder="测试账号"
          width={130}
          options={TEST}
          filters={filters}
          setFilters={setFilters}
        />
        <DatePicker.RangePicker
          placeholder={['注册开始日', '注册结束日']}
          value={from && to ? [dayjs(from), dayjs(to)] : null}
          onChange={(days) =>
            setFilters([
              { field: 'registeredFrom', operator: 'eq', value: days?.[0]?.format('YYYY-MM-DD') },
              { field: 'registeredTo', operator: 'eq', value: days?.[1]?.format('YYYY-MM-DD') },
            ])
          }
        />
        <SearchBox filters={filters} setFilters={setFilters} placeholder="手机号、用户ID或昵称" />
      </Flex>
      <Table<UserRow> {...tableProps} rowKey="id" size="middle" scroll={{ x: 1000 }}>
        <Table.Column<UserRow>
          title="用户ID"
          dataIndex="id"
          width={100}
          sorter
          defaultSortOrder={getDefaultSortOrder('id', sorters)}
        />
        <Table.Column<UserRow>
          title="用户"
          key="user"
          render={(_, row) => (
            <Flex align="center" gap={8}>
              <Avatar src={row.avatar} size={32} />
              <span>
                <Typography.Text>{row.nickname}</Typography.Text>
                {row.isTest ? (
                  <Tag color="purple" style={{ marginLeft: 8 }}>
                    测试
                  </Tag>
                ) : null}
              </span>
            </Flex>
          )}
        />
        <Table.Column<UserRow> title="手机号" dataIndex="phone" width={140} />
        <Table.Column<UserRow>
          title="状态"
          dataIndex="status"
          width={100}
          render={(status: UserRow['status']) =>
            status === 'banned' ? <Tag color="red">已封禁</Tag> : <Tag color="green">正常</Tag>
          }
        />
        <Table.Column<UserRow>
          title="实名"
          dataIndex="realNameVerified"
          width={90}
          render={(done: boolean) => (done ? <Tag color="blue">已实名</Tag> : '未实名')}
        />
        <Table.Column<UserRow>
          title="注册时间"
          dataIndex="createdAt"
          width={180}
          sorter
          defaultSortOrder={getDefaultSortOrder('createdAt', sorters)}
          render={(at: string) => formatChinaTime(at)}
        />
        <Table.Column<UserRow>
          title="操作"
          key="actions"
          fixed="right"
          width={90}
          render={(_, row) => (
            <Button type="link" size="small" onClick={() => setViewing(row.id)}>
              详情
            </Button>
          )}
        />
      </Table>
      <UserDrawer userId={viewing} onClose={() => setViewing(null)} />
    </PageFrame>
  );
}
