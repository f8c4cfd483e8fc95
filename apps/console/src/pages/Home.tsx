import { useGetIdentity } from '@refinedev/core';
import { Spin } from 'antd';
import { Navigate } from 'react-router';
import type { ConsoleIdentity } from '../providers/identity.ts';
import { firstReadable } from '../resources/registry.ts';
import { Notice } from '../ui/Notice.tsx';

/** `#/`: the first page in menu order the signed-in user may read. */
export default function Home() {
  const { data: me, isLoading } = useGetIdentity<ConsoleIdentity>();
  if (isLoading || !me) return <Spin style={{ display: 'block', margin: '120px auto' }} />;
  const first = firstReadable(me.permissions);
  if (first) return <Navigate to={first} replace />;
  return (
    <Notice
      title="暂无可用的功能"
      detail={`${me.roleName}账号尚未分配任何后台权限，请联系店铺管理员或平台运营开通。`}
    />
  );
}
