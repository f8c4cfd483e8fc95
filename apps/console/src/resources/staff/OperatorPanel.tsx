import { PlusOutlined } from '@ant-design/icons';
import { PHONE_PATTERN } from '@chaopin/contracts';
import { useNotification } from '@refinedev/core';
import { Alert, Button, Flex, Form, Input, Modal, Popconfirm, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { errorId, errorMessage } from '../../ui/filters.ts';
import { useLoad } from '../../ui/useLoad.ts';
import { addOperator, loadOperators, type OperatorRow, removeOperator } from './api.ts';

const PHONE = new RegExp(PHONE_PATTERN);
/** The errors that belong to the phone field; any other is shown above the form. */
const PHONE_ERRORS = new Set([
  'PHONE_INVALID',
  'USER_NOT_FOUND',
  'OPERATOR_EXISTS',
  'OPERATOR_IS_STAFF',
]);
const PAGE_SIZE = 20;

/** 添加平台运营: a registered phone (not a store's member). */
function AddOperatorDialog(props: { open: boolean; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<{ phone: string }>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit({ phone }: { phone: string }) {
    setBusy(true);
    setFailure(null);
    try {
      await addOperator(phone.trim());
      props.onSaved();
    } catch (error) {
      if (PHONE_ERRORS.has(errorId(error) ?? ''))
        form.setFields([{ name: 'phone', errors: [errorMessage(error)] }]);
      else setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      title="添加平台运营"
      open={props.open}
      okText="添加"
      okButtonProps={{ loading: busy }}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      afterClose={() => {
        form.resetFields();
        setFailure(null);
      }}
      destroyOnHidden
    >
      {failure ? (
        <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} />
      ) : null}
      <Typography.Paragraph type="secondary">
        平台运营拥有后台全部权限（所有店铺、用户、财务与设置），请只授予可信的人。
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="phone"
          label="手机号"
          extra="须是已注册的用户手机号，且不是店铺员工"
          rules={[
            { required: true, message: '请输入手机号' },
            { pattern: PHONE, message: '请输入正确的手机号' },
          ]}
        >
          <Input maxLength={11} placeholder="11位手机号" inputMode="numeric" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * 平台运营: the platform's operators, added by phone and removed (never oneself — the server also
 * keeps the last one). Shown to operators only (operator.write).
 */
export function OperatorPanel() {
  const [page, setPage] = useState(1);
  const operators = useLoad(() => loadOperators(page, PAGE_SIZE), String(page));
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<number | null>(null);
  const { open } = useNotification();

  async function remove(row: OperatorRow) {
    setRemoving(row.userId);
    try {
      await removeOperator(row.userId);
      open?.({ type: 'success', message: '已移除平台运营', key: 'operator-removed' });
    } catch (error) {
      open?.({ type: 'error', message: '操作失败', description: errorMessage(error) });
    } finally {
      setRemoving(null);
      await operators.reload();
    }
  }

  return (
    <div>
      <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">
          平台运营可管理所有店铺与后台设置；至少保留一名，不能移除自己。
        </Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          添加平台运营
        </Button>
      </Flex>
      {operators.error ? (
        <Alert type="error" showIcon message={operators.error} style={{ marginBottom: 16 }} />
      ) : null}
      <Table<OperatorRow>
        rowKey="userId"
        size="middle"
        loading={operators.loading}
        dataSource={operators.data?.list ?? []}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: operators.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
      >
        <Table.Column<OperatorRow>
          title="平台运营"
          key="who"
          render={(_, row) => (
            <div>
              <Typography.Text>{row.nickname || '—'}</Typography.Text>
              {row.self ? <Tag style={{ marginInlineStart: 8 }}>我</Tag> : null}
              <Typography.Text type="secondary" style={{ display: 'block' }}>
                {row.phone} · ID {row.userId}
              </Typography.Text>
            </div>
          )}
        />
        <Table.Column<OperatorRow>
          title="操作"
          key="actions"
          width={120}
          render={(_, row) =>
            row.self ? (
              <Typography.Text type="secondary">—</Typography.Text>
            ) : (
              <Popconfirm
                title={`移除平台运营「${row.nickname || row.phone}」？其将无法再进入后台`}
                okText="移除"
                okButtonProps={{ danger: true }}
                onConfirm={() => remove(row)}
              >
                <Button type="link" size="small" danger loading={removing === row.userId}>
                  移除
                </Button>
              </Popconfirm>
            )
          }
        />
      </Table>
      <AddOperatorDialog
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={async () => {
          setAdding(false);
          open?.({ type: 'success', message: '已添加平台运营', key: 'operator-added' });
          await operators.reload();
        }}
      />
    </div>
  );
}
