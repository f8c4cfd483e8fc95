import { DatePicker, Form, Input, Modal, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { ImageUpload } from '../../ui/ImageUpload.tsx';
import type { DecorItem } from './api.ts';
import { type DecorKindSpec, LINK_PATTERN } from './kinds.ts';

type Values = Record<string, unknown> & {
  enabled?: boolean;
  audience?: 'all' | 'new';
  window?: [Dayjs, Dayjs];
};

function initialOf(spec: DecorKindSpec, item: DecorItem | null): Values {
  if (!item) {
    return spec.kind === 'popup'
      ? { enabled: true, audience: 'all', window: [dayjs(), dayjs().add(7, 'day')] }
      : { enabled: true };
  }
  const values: Values = { ...item };
  if ('startsAt' in item) values.window = [dayjs(item.startsAt), dayjs(item.endsAt)];
  return values;
}

/** The save body of the form's values (the popup's window as two times). */
function bodyOf(spec: DecorKindSpec, v: Values, id?: number): Record<string, unknown> {
  const body: Record<string, unknown> = { enabled: v.enabled ?? true };
  if (id !== undefined) body.id = id;
  for (const f of spec.fields) {
    const value = v[f.name];
    body[f.name] = typeof value === 'string' ? value.trim() : (value ?? '');
  }
  if (spec.kind === 'popup' && v.window) {
    body.audience = v.audience ?? 'all';
    body.startsAt = v.window[0].toISOString();
    body.endsAt = v.window[1].toISOString();
  }
  return body;
}

/** 新建 / 编辑 one banner, menu entry, activity button or popup. */
export function DecorForm(props: {
  spec: DecorKindSpec;
  item: DecorItem | null;
  busy: boolean;
  onCancel: () => void;
  onSave: (body: Record<string, unknown>) => void;
}) {
  const [form] = Form.useForm<Values>();
  const { spec, item } = props;
  return (
    <Modal
      open
      title={`${item ? '编辑' : '新建'}${spec.label}`}
      okText="保存"
      confirmLoading={props.busy}
      onCancel={props.onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initialOf(spec, item)}
        onFinish={(v) => props.onSave(bodyOf(spec, v, item?.id))}
      >
        {spec.fields.map((f) => (
          <Form.Item
            key={f.name}
            label={f.label}
            name={f.name}
            rules={[
              ...(f.required
                ? [{ required: true, whitespace: true, message: `请填写${f.label}` }]
                : []),
              ...(f.max ? [{ max: f.max, message: `${f.label}不能超过${f.max}个字` }] : []),
              ...(f.kind === 'link'
                ? [{ pattern: LINK_PATTERN, message: '链接须以 / 或 http(s):// 开头' }]
                : []),
            ]}
          >
            {f.kind === 'image' ? (
              <ImageUpload label={f.label} size={120} />
            ) : (
              <Input maxLength={f.max} placeholder={f.placeholder} />
            )}
          </Form.Item>
        ))}
        {spec.kind === 'popup' ? (
          <>
            <Form.Item label="展示给" name="audience">
              <Select
                options={[
                  { value: 'all', label: '所有人' },
                  { value: 'new', label: '新人（从未下单支付过）' },
                ]}
              />
            </Form.Item>
            <Form.Item
              label="生效时间"
              name="window"
              rules={[
                { required: true, message: '请选择生效时间' },
                {
                  validator: (_, w?: [Dayjs, Dayjs]) =>
                    !w || w[1].isAfter(w[0])
                      ? Promise.resolve()
                      : Promise.reject(new Error('结束时间须晚于开始时间')),
                },
              ]}
            >
              <DatePicker.RangePicker showTime format="YYYY-MM-DD HH:mm" />
            </Form.Item>
          </>
        ) : null}
        <Form.Item label="启用" name="enabled" valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
