import { useQuery } from '@tanstack/react-query';
import { ErrorBlock } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import { PageLoading } from '../../../ui/PageLoading.tsx';
import { storeLicenseQuery } from '../api.ts';
import '../productDetail.css';

/** The store's business licence, an image the server generates for it. */
export default function StoreLicensePage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const license = useQuery({ ...storeLicenseQuery(id), enabled: valid });

  if (!valid || license.isError) {
    return <ErrorBlock status="empty" title="店铺不存在" description="去看看其他店铺吧" />;
  }
  if (!license.data) return <PageLoading />;
  const l = license.data;

  return (
    <div className="store-license">
      <img className="store-license__image" src={l.image} alt={`${l.companyName} 营业执照`} />
      <p className="store-license__code">统一社会信用代码：{l.creditCode}</p>
    </div>
  );
}
