import {
  VISIT_GENDER_TEXT,
  type Visit,
  type VisitDetail,
  type VisitStatus,
} from '@chaopin/contracts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog, DotLoading, Tabs } from 'antd-mobile';
import { ExclamationCircleOutline, FileOutline } from 'antd-mobile-icons';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../core/api/client.ts';
import { formatDateTime, maskPhone } from '../../../core/format.ts';
import { encodeLines } from '../../../core/sku.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { DEFAULT_AVATAR, Img } from '../../../ui/Img.tsx';
import { InfiniteFooter, nextPageOrThrow } from '../../../ui/InfiniteFooter.tsx';
import { ListStates } from '../../../ui/ListStates.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { ThumbGrid } from '../../../ui/ThumbGrid.tsx';
import { showToast } from '../../../ui/toast.ts';
import { medicineApi, medicineKeys, pharmacistChatPath, visitQuery, visitsQuery } from '../api.ts';
import '../medicine.css';

const TABS: { key: VisitStatus | 'all'; title: string }[] = [
  { key: 'all', title: '全部' },
  { key: 'submitted', title: '待接诊' },
  { key: 'prescribed', title: '已开方' },
  { key: 'rejected', title: '已驳回' },
  { key: 'cancelled', title: '已取消' },
];

/** preInfo (处方信息): with ?id= one request and its prescription, else my requests. */
export default function PrescriptionPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return Number.isInteger(id) && id > 0 ? <VisitView id={id} /> : <VisitList />;
}

function VisitList() {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('status');
  const tab = TABS.find((t) => t.key === wanted)?.key ?? 'all';
  return (
    <div className="med-page">
      <div className="med-tabs">
        <Tabs activeKey={tab} onChange={(key) => setParams({ status: key }, { replace: true })}>
          {TABS.map((t) => (
            <Tabs.Tab key={t.key} title={t.title} />
          ))}
        </Tabs>
      </div>
      <VisitFeed key={tab} tab={tab} />
    </div>
  );
}

function VisitFeed({ tab }: { tab: VisitStatus | 'all' }) {
  const navigate = useNavigate();
  const query = useInfiniteQuery(visitsQuery(tab));
  const visits = query.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <ListStates
      query={query}
      isEmpty={visits.length === 0}
      errorIcon={<ExclamationCircleOutline />}
      empty={
        <EmptyState
          icon={<FileOutline />}
          title="暂无复诊记录"
          description="线下确诊后可在线复诊开药"
        >
          <Button
            color="primary"
            shape="rounded"
            size="small"
            onClick={() => navigate(PATHS.starYaoOfficer)}
          >
            去找药师
          </Button>
        </EmptyState>
      }
    >
      <div className="med-list">
        {visits.map((v) => (
          <VisitCard key={v.id} visit={v} />
        ))}
        <InfiniteFooter
          loadMore={() => nextPageOrThrow(query.fetchNextPage)}
          hasMore={query.hasNextPage}
        />
      </div>
    </ListStates>
  );
}

function VisitCard({ visit: v }: { visit: Visit }) {
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="med-visit"
      data-testid="visit-card"
      onClick={() => navigate(`${PATHS.preInfo}?id=${v.id}`)}
    >
      <div className="med-visit__head">
        <span>申请单号 {v.visitNo}</span>
        <span className={`med-state is-${v.status}`}>{v.statusText}</span>
      </div>
      <div className="med-visit__row">
        <span>就诊人</span>
        <span>
          {v.patientName} {VISIT_GENDER_TEXT[v.gender]} {v.age}岁
        </span>
      </div>
      <div className="med-visit__row">
        <span>确诊疾病</span>
        <span className="med-ellipsis">{v.diagnosis}</span>
      </div>
      <div className="med-visit__row">
        <span>接诊药师</span>
        <span>
          {v.pharmacist.name} {v.pharmacist.title}
        </span>
      </div>
      <div className="med-visit__row">
        <span>提交时间</span>
        <span>{formatDateTime(v.createdAt)}</span>
      </div>
    </button>
  );
}

const STATE_HINT: Record<VisitStatus, string> = {
  submitted: '药师将尽快为您接诊，请留意消息通知',
  prescribed: '药师已为您开具处方，请在有效期内购药',
  rejected: '药师未能为您开方，可根据驳回原因修改后重新申请',
  cancelled: '您已取消本次复诊申请',
};

function VisitView({ id }: { id: number }) {
  const query = useQuery(visitQuery(id));
  if (query.isPending) {
    return (
      <div className="feed-footer">
        <DotLoading color="primary" />
      </div>
    );
  }
  if (query.isError) {
    const gone = isApiError(query.error) && query.error.code === 404;
    return (
      <EmptyState
        icon={<FileOutline />}
        title={gone ? '复诊申请不存在' : '加载失败'}
        description={gone ? '可在“我的复诊”中查看全部申请' : '点击重试'}
        onClick={gone ? undefined : () => query.refetch()}
      >
        {gone && <MyVisitsButton />}
      </EmptyState>
    );
  }
  return <VisitDetailView visit={query.data} />;
}

function MyVisitsButton() {
  const navigate = useNavigate();
  return (
    <Button
      color="primary"
      shape="rounded"
      size="small"
      onClick={() => navigate(PATHS.preInfo, { replace: true })}
    >
      我的复诊
    </Button>
  );
}

function VisitDetailView({ visit: v }: { visit: VisitDetail }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => medicineApi.cancel(v.id),
    onSuccess: (next) => {
      queryClient.setQueryData(medicineKeys.visit(v.id), next);
      void queryClient.invalidateQueries({ queryKey: medicineKeys.allVisits });
      showToast('已取消');
    },
    onError: (error) => showToast(isApiError(error) ? error.msg : '操作失败，请稍后重试'),
  });
  const rx = v.prescription;
  // The confirm page of 立即购买, with the prescribed SKUs and quantities (the server finds the
  // prescription that covers them; lines written before drugs were SKUs cannot be bought here).
  const buyable = (rx?.drugs ?? []).flatMap((d) =>
    d.skuId ? [{ skuId: d.skuId, quantity: d.quantity }] : [],
  );
  return (
    <div className="med-page med-detail">
      <section className={`med-banner is-${v.status}`} data-testid="visit-status">
        <strong>{v.statusText}</strong>
        <span>{STATE_HINT[v.status]}</span>
      </section>

      {v.status === 'rejected' && v.rejectReason && (
        <section className="card med-section">
          <h3>驳回原因</h3>
          <p className="med-text">{v.rejectReason}</p>
        </section>
      )}

      {rx && (
        <section className="card med-rx" data-testid="prescription">
          <div className="med-rx__title">
            <span>电子处方笺</span>
            {rx.used ? (
              <span className="med-rx__used" data-testid="rx-used">
                已购药
              </span>
            ) : rx.expired ? (
              <span className="med-rx__expired">已过期</span>
            ) : (
              <span className="med-rx__valid">有效</span>
            )}
          </div>
          <div className="med-rx__meta">
            <span>处方编号 {rx.rxNo}</span>
            <span>
              {v.patientName} {VISIT_GENDER_TEXT[v.gender]} {v.age}岁
            </span>
          </div>
          <div className="med-rx__meta">
            <span>临床诊断：{v.diagnosis}</span>
          </div>
          <div className="med-rx__rp">Rp.</div>
          <ol className="med-rx__drugs">
            {rx.drugs.map((d, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a prescription's lines never reorder
              <li key={i}>
                <div className="med-rx__drug">
                  <strong>{d.name}</strong>
                  <span>{d.spec}</span>
                  <span>×{d.quantity}</span>
                </div>
                <div className="med-rx__usage">用法用量：{d.usage}</div>
              </li>
            ))}
          </ol>
          {rx.advice && <div className="med-rx__advice">医嘱：{rx.advice}</div>}
          <div className="med-rx__foot">
            <span>
              药师：{rx.pharmacistName}（{rx.pharmacistTitle}）
            </span>
            <span>开具时间：{formatDateTime(rx.issuedAt)}</span>
            <span>有效期至：{formatDateTime(rx.validUntil)}</span>
          </div>
        </section>
      )}

      <section className="card med-section">
        <h3>接诊药师</h3>
        <div className="med-doctor">
          <Img src={v.pharmacist.avatar} fallback={DEFAULT_AVATAR} alt="" />
          <div>
            <strong>{v.pharmacist.name}</strong>{' '}
            <span className="med-tag">{v.pharmacist.title}</span>
            <div className="med-card__hospital">{v.pharmacist.hospital}</div>
          </div>
        </div>
      </section>

      <section className="card med-section">
        <h3>复诊信息</h3>
        <Row label="申请单号" value={v.visitNo} />
        <Row label="就诊人" value={`${v.patientName} ${VISIT_GENDER_TEXT[v.gender]} ${v.age}岁`} />
        <Row label="手机号" value={maskPhone(v.phone)} />
        <Row label="确诊疾病" value={v.diagnosis} />
        {v.drugs && <Row label="所需药品" value={v.drugs} />}
        {v.description && <Row label="病情描述" value={v.description} />}
        <Row label="提交时间" value={formatDateTime(v.createdAt)} />
        {v.closedAt && <Row label="处理时间" value={formatDateTime(v.closedAt)} />}
        <ThumbGrid className="med-images" images={v.images} />
      </section>

      <div className="med-bar">
        {v.status === 'submitted' && (
          <Button
            shape="rounded"
            loading={cancel.isPending}
            onClick={async () => {
              if (await Dialog.confirm({ content: '确定取消本次复诊申请吗？' })) cancel.mutate();
            }}
          >
            取消申请
          </Button>
        )}
        {rx && !rx.used && !rx.expired && buyable.length > 0 && (
          <Button
            color="danger"
            shape="rounded"
            data-testid="rx-buy"
            onClick={() => navigate(`${PATHS.writeOrder}?items=${encodeLines(buyable)}`)}
          >
            去购药
          </Button>
        )}
        {(v.status === 'rejected' || v.status === 'cancelled' || (rx?.expired && !rx.used)) && (
          <Button
            shape="rounded"
            onClick={() => navigate(`${PATHS.writeVisit}?pharmacistId=${v.pharmacist.id}`)}
          >
            重新申请
          </Button>
        )}
        <Button
          color="primary"
          shape="rounded"
          data-testid="visit-chat"
          onClick={() => navigate(pharmacistChatPath(v.pharmacist.chatUserId))}
        >
          再次咨询
        </Button>
      </div>
    </div>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="med-kv">
      <span>{label}</span>
      <span>{value}</span>
    </div>
  );
}
