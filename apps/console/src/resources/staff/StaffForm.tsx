import { PHONE_PATTERN } from '@chaopin/contracts';
import { Alert, Checkbox, Form, Input, InputNumber, Modal, Radio, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { ConsoleIdentity } from '../../providers/identity.ts';
import { errorId, errorMessage } from '../../ui/filters.ts';
import { type RoleCatalogue, type StaffRow, saveStaff, storeName } from './api.ts';
import { defaultGrant, grantable, rolesFor, type StoreRole } from './grants.ts';

interface Values {
  phone: string;
  role: StoreRole;
  storeId?: number | null;
  permissions?: string[];
}

const PHONE = new RegExp(PHONE_PATTERN);
const FIELD_OF: Record<string, keyof Values> = {
  PHONE_INVALID: 'phone',
  USER_NOT_FOUND: 'phone',
  STAFF_SELF: 'phone',
  STAFF_EXISTS: 'phone',
  STAFF_EXISTS_IN_OTHER_STORE: 'phone',
  STAFF_ROLE_INVALID: 'role',
  STORE_NOT_FOUND: 'storeId',
  STAFF_STORE_REQUIRED: 'storeId',
  STAFF_PERMISSION_INVALID: 'permissions',
};

/** The operator's store pick, confirmed by the store's name (or that there is no such store). */
function StoreHint({ id }: { id: number | null | undefined }) {
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    setName(null);
    if (!id || id < 1) return;
    let live = true;
    const timer = setTimeout(() => {
      storeName(id).then(
        (n) => live && setName(n),
        () => live && setName(''),
      );
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [id]);
  if (name === null) return null;
  return name ? (
    <Typography.Text type="success">店铺：{name}</Typography.Text>
  ) : (
    <Typography.Text type="warning">未找到该店铺</Typography.Text>
  );
}

/**
 * 添加员工 / 调整员工: a registered phone, a role the user may give, the store (the operator picks
 * one; a store's own staff stay in it) and, for a 店员, what they may do — at most what the user holds.
 */
export function StaffForm(props: {
  me: ConsoleIdentity;
  catalogue: RoleCatalogue | undefined;
  /** undefined: closed; null: a new member; a row: changing that member. */
  editing: StaffRow | null | undefined;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const { me, editing } = props;
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const role = Form.useWatch('role', form);
  const storeId = Form.useWatch('storeId', form);
  const open = editing !== undefined;
  const operator = me.storeIds === null;
  const options = grantable(props.catalogue?.permissions ?? [], me);
  const roles = rolesFor(me);

  // The form is filled once per opening (the catalogue's options as they are then).
  // biome-ignore lint/correctness/useExhaustiveDependencies: options are derived from props each render
  useEffect(() => {
    if (!open) return;
    setFailure(null);
    form.setFieldsValue(
      editing
        ? {
            phone: '',
            role: editing.role === 'operator' ? 'staff' : editing.role,
            storeId: editing.storeId,
            permissions: editing.permissions,
          }
        : {
            phone: '',
            role: 'staff',
            storeId: operator ? null : me.storeId,
            permissions: defaultGrant(options),
          },
    );
  }, [open, editing, form, operator, me.storeId]);

  async function submit(values: Values) {
    const body = {
      // A change is by id: the list shows phones masked, and the member's account stays theirs.
      ...(editing ? {} : { phone: values.phone.trim() }),
      role: values.role,
      storeId: operator ? (values.storeId ?? null) : me.storeId,
      ...(values.role === 'staff' ? { permissions: values.permissions ?? [] } : {}),
      ...(editing ? { id: editing.id } : {}),
    };
    setBusy(true);
    setFailure(null);
    try {
      await saveStaff(body);
      props.onSaved(editing ? '员工已调整' : '员工已添加');
    } catch (error) {
      const field = FIELD_OF[errorId(error) ?? ''];
      if (field) form.setFields([{ name: field, errors: [errorMessage(error)] }]);
      else setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      title={editing ? `调整员工：${editing.nickname || editing.phone}` : '添加员工'}
      open={open}
      width={640}
      okText="保存"
      okButtonProps={{ loading: busy }}
      onCancel={props.onClose}
      onOk={() => form.submit()}
      afterClose={() => form.resetFields()}
      destroyOnHidden
    >
      {failure ? (
        <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} />
      ) : null}
      <Form<Values> form={form} layout="vertical" onFinish={submit}>
        {editing ? (
          <Form.Item label="手机号">
            <Input value={editing.phone} disabled />
          </Form.Item>
        ) : (
          <Form.Item
            name="phone"
            label="手机号"
            extra="须是已注册的用户手机号"
            rules={[
              { required: true, message: '请输入手机号' },
              { pattern: PHONE, message: '请输入正确的手机号' },
            ]}
          >
            <Input maxLength={11} placeholder="11位手机号" inputMode="numeric" />
          </Form.Item>
        )}
        <Form.Item name="role" label="角色" rules={[{ required: true, message: '请选择角色' }]}>
          <Radio.Group options={roles} />
        </Form.Item>
        {operator ? (
          <Form.Item
            name="storeId"
            label="店铺ID"
            extra={<StoreHint id={storeId} />}
            rules={[
              { required: true, message: '请输入店铺ID' },
              { type: 'integer', min: 1, message: '请输入正确的店铺ID' },
            ]}
          >
            <InputNumber min={1} precision={0} controls={false} style={{ width: 200 }} />
          </Form.Item>
        ) : (
          <Form.Item label="店铺">{me.storeName ?? me.storeId}</Form.Item>
        )}
        {role === 'staff' ? (
          <Form.Item name="permissions" label="店员权限" extra="只能授予你自己拥有的权限">
            <Checkbox.Group
              style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8 }}
              options={options.map((p) => ({ value: p.code, label: p.name }))}
            />
          </Form.Item>
        ) : role ? (
          <Typography.Paragraph type="secondary">
            {role === 'owner' ? '商家拥有本店全部权限。' : '客服可接待买家并查看订单。'}
          </Typography.Paragraph>
        ) : null}
      </Form>
    </Modal>
  );
}
