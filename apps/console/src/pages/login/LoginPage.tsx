import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { type PasswordLoginBody, PHONE_REGEX } from '@chaopin/contracts';
import { useLogin } from '@refinedev/core';
import { Alert, Button, Form, Input, Typography, theme } from 'antd';
import { Brand } from '../../layout/Brand.tsx';

/** 账号登录: the operator's and merchants' phone and password (SMS login is the shop app's). */
export default function LoginPage() {
  const { token } = theme.useToken();
  const { mutate: login, isPending, data } = useLogin<PasswordLoginBody>();
  const failure = data && !data.success ? data.error?.message : undefined;

  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: `radial-gradient(1200px 600px at 15% 10%, ${token.colorPrimaryBg}, transparent), ${token.colorBgLayout}`,
      }}
    >
      <main
        style={{
          width: 400,
          padding: 32,
          borderRadius: token.borderRadiusLG,
          background: token.colorBgContainer,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        <div style={{ marginBottom: 24 }}>
          <Brand collapsed={false} />
        </div>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          账号登录
        </Typography.Title>
        <Typography.Paragraph type="secondary">供平台运营、商家与客服人员使用</Typography.Paragraph>
        {failure ? (
          <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} />
        ) : null}
        <Form<PasswordLoginBody>
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => login({ phone: values.phone.trim(), password: values.password })}
        >
          <Form.Item
            name="phone"
            label="手机号"
            rules={[
              { required: true, message: '请输入手机号' },
              { pattern: PHONE_REGEX, message: '请输入正确的手机号' },
            ]}
          >
            <Input
              size="large"
              prefix={<MobileOutlined />}
              placeholder="请输入手机号"
              maxLength={11}
              inputMode="numeric"
              autoComplete="username"
            />
          </Form.Item>
          <Form.Item
            name="password"
            label="密码"
            rules={[{ required: true, message: '请输入密码' }]}
          >
            <Input.Password
              size="large"
              prefix={<LockOutlined />}
              placeholder="请输入密码"
              autoComplete="current-password"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" size="large" block loading={isPending}>
            登录
          </Button>
        </Form>
      </main>
    </div>
  );
}
