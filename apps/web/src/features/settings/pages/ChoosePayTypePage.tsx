import { useQuery } from '@tanstack/react-query';
import { List, NoticeBar } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../core/format.ts';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { payPasswordQuery } from '../../../ui/payPassword/payPasswordQuery.ts';
import '../settings.css';

/** 支付密码: set or change it, or reset it by SMS when forgotten or locked. */
export default function ChoosePayTypePage() {
  const navigate = useNavigate();
  const { data } = useQuery(payPasswordQuery());
  if (!data) return <PageLoading />;

  return (
    <div className="form-page">
      {data.locked && (
        <NoticeBar
          color="alert"
          wrap
          content={`支付密码错误次数过多，已锁定${
            data.lockedUntil ? `至 ${formatDateTime(data.lockedUntil)}` : ''
          }，可通过短信验证码重置`}
        />
      )}
      <List>
        <List.Item
          extra={data.isSet ? '已设置' : '未设置'}
          onClick={() => navigate(PATHS.setPayPassword)}
        >
          {data.isSet ? '修改支付密码' : '设置支付密码'}
        </List.Item>
        {data.isSet && (
          <List.Item onClick={() => navigate(PATHS.resetPayPassword)}>忘记支付密码</List.Item>
        )}
      </List>
      <p className="form-hint">支付密码用于余额支付、提现等操作，请勿告诉他人。</p>
    </div>
  );
}
