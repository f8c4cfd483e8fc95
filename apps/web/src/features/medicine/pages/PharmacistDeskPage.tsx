import { type DeskVisit, VISIT_GENDER_TEXT } from '@chaopin/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { ExclamationCircleOutline, FileOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../core/format.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { ListStates } from '../../../ui/ListStates.tsx';
import { deskQuery, pharmacistChatPath } from '../api.ts';
import '../medicine.css';

/**
 * 药师工作台: the requests waiting for the signed-in pharmacist, each with a chat to the patient.
 * Prescribing stays with the operator's console; an account that is no pharmacist is told so.
 */
export default function PharmacistDeskPage() {
  const query = useQuery(deskQuery());
  const desk = query.data;
  if (desk && !desk.pharmacist) {
    return (
      <div className="med-page" data-testid="pharmacist-desk">
        <EmptyState
          icon={<FileOutline />}
          title="仅药师可用"
          description="药师工作台只对平台认证的药师账号开放"
        />
      </div>
    );
  }
  const list = desk?.list ?? [];
  return (
    <div className="med-page" data-testid="pharmacist-desk">
      <div className="med-notice">待接诊 {desk?.total ?? 0} 单 · 请通过聊天与患者沟通用药情况</div>
      <ListStates
        query={query}
        isEmpty={list.length === 0}
        errorIcon={<ExclamationCircleOutline />}
        empty={<EmptyState icon={<FileOutline />} title="暂无待接诊的复诊申请" />}
      >
        <div className="med-list">
          {list.map((v) => (
            <DeskCard key={v.id} visit={v} />
          ))}
        </div>
      </ListStates>
    </div>
  );
}

function DeskCard({ visit: v }: { visit: DeskVisit }) {
  const navigate = useNavigate();
  return (
    <div className="med-visit" data-testid="desk-visit">
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
      {v.drugs && (
        <div className="med-visit__row">
          <span>所需药品</span>
          <span className="med-ellipsis">{v.drugs}</span>
        </div>
      )}
      <div className="med-visit__row">
        <span>提交时间</span>
        <span>{formatDateTime(v.createdAt)}</span>
      </div>
      <Button
        block
        size="small"
        shape="rounded"
        color="primary"
        fill="outline"
        className="med-desk__chat"
        data-testid="desk-chat"
        onClick={() => navigate(pharmacistChatPath(v.chatUserId))}
      >
        联系患者
      </Button>
    </div>
  );
}
