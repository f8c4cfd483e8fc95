import { USER_BAN_REASON_MAX } from '@chaopin/contracts';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../ui/filters.ts';
import { banUser } from './api.ts';

/** 封禁: a reason is required (1-200 characters, as the API); the user's sessions end at once. */
export function BanDialog(props: {
  userId: number | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Modal
      title="封禁用户"
      open={props.userId !== null}
      okText="封禁"
      okButtonProps={{ danger: true, loading: saving }}
      onCancel={props.onClose}
      afterClose={() => {
        form.resetFields();
        setError(null);
      }}
      onOk={async () => {
        let reason: string;
        try {
          ({ reason } = await form.validateFields());
        } catch {
          return; // the form shows what is missing
        }
        setSaving(true);
        try {
          await banUser({ id: props.userId ?? 0, reason: reason.trim() });
          props.onDone();
        } catch (e) {
          setError(errorMessage(e));
        } finally {
          setSaving(false);
        }
      }}
    >
      <Form form={form} layout="vertical">
        <Form.Item
          name="reason"
          label="封禁原因"
          validateStatus={error ? 'error' : undefined}
          help={error ?? undefined}
          extra="封禁后该用户所有设备立即下线，且无法再登录"
          rules={[
            { required: true, whitespace: true, message: '请填写封禁原因（1-200字）' },
            { max: USER_BAN_REASON_MAX, message: '请填写封禁原因（1-200字）' },
          ]}
        >
          <Input.TextArea rows={3} maxLength={USER_BAN_REASON_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
