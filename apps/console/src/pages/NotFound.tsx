import { Button } from 'antd';
import { Link } from 'react-router';
import { Notice } from '../ui/Notice.tsx';

export default function NotFound() {
  return (
    <Notice
      title="页面不存在"
      detail="该页面不存在，或你没有访问它的权限。"
      extra={
        <Link to="/">
          <Button type="primary">返回首页</Button>
        </Link>
      }
    />
  );
}
